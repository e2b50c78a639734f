"""Harbor's reward protocol: what a verifier leaves in ``/logs/verifier``, and a multi-step trial's reward.

* ``reward.txt``: its first line is the reward (a number); the rest is ignored.
* ``reward.json``: a flat object of numeric metrics (or one bare number).  All
  metrics are recorded; the reward V is the ``reward`` key, else the only
  metric, else the metric the run chose (``realcli run --metric NAME``).
* ``ctrf.json`` (optional): per-test results, recorded as detail; the reward decides.

``reward.txt`` wins when both exist (its number is the reward; the JSON's
metrics are still recorded).  A missing or unusable reward is an error that
says what was actually wrong, never a 0.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Final

import msgspec

from realcli import events as ev

__all__ = [
    "REWARD_FILE_BYTES",
    "RewardResult",
    "aggregate_steps",
    "checks_of",
    "meets_minimum",
    "parse_rewards",
    "step_scores",
]

REWARD_FILE_BYTES: Final = 1 << 20  # a reward file is a few bytes; anything near this is not one
_SHOWN: Final = 60


@dataclass(frozen=True)
class RewardResult:
    """The reward (None when unusable, with ``error`` saying why) and every metric the verifier wrote.

    ``configuration``: the reward is missing because of the run's choice of
    metric (``--metric``), not because of what the verifier found.
    """

    reward: float | None
    metrics: dict[str, float] = field(default_factory=dict)
    error: str | None = None
    configuration: bool = False


def _number(value: object) -> float | None:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    return float(value) if math.isfinite(value) else None


def _show(data: bytes) -> str:
    text = data.decode("utf-8", "replace")
    return repr(text if len(text) <= _SHOWN else text[: _SHOWN - 3] + "...")


def _from_txt(data: bytes) -> tuple[float | None, str | None]:
    lines = data.decode("utf-8", "replace").splitlines()
    first = lines[0].strip() if lines else ""
    if not first:
        return None, "/logs/verifier/reward.txt is empty (expected a number on its first line)"
    try:
        value = float(first)
    except ValueError:
        return None, f"/logs/verifier/reward.txt: its first line {_show(first.encode())} is not a number"
    if not math.isfinite(value):
        return None, f"/logs/verifier/reward.txt: its first line {first!r} is not a finite number"
    return value, None


def _metrics_of(data: bytes, truncated: bool) -> tuple[dict[str, float], float | None, str | None]:
    """(metrics, a bare number, error) of reward.json."""
    if truncated:
        return {}, None, f"/logs/verifier/reward.json is over {REWARD_FILE_BYTES >> 20} MiB (expected a flat object)"
    try:
        raw = msgspec.json.decode(data)
    except msgspec.DecodeError as e:
        return {}, None, f"/logs/verifier/reward.json is not valid JSON ({e}): {_show(data)}"
    if (bare := _number(raw)) is not None:
        return {}, bare, None
    if not isinstance(raw, dict):
        return {}, None, f"/logs/verifier/reward.json is a JSON {type(raw).__name__}, not an object of numeric metrics"
    metrics: dict[str, float] = {}
    for key, value in raw.items():
        number = _number(value)
        if number is None:
            shown = msgspec.json.encode(value).decode()[:_SHOWN]
            return {}, None, f"/logs/verifier/reward.json: metric {key!r} is {shown}, not a finite number"
        metrics[str(key)] = number
    if not metrics:
        return {}, None, "/logs/verifier/reward.json is an empty object (expected numeric metrics, e.g. 'reward')"
    return metrics, None, None


def _choose(metrics: dict[str, float], metric: str | None) -> tuple[float | None, str | None]:
    if "reward" in metrics:
        return metrics["reward"], None
    if metric is not None:
        if metric in metrics:
            return metrics[metric], None
        return None, (
            f"/logs/verifier/reward.json has no metric {metric!r} (--metric or [verifier] metric); "
            f"it has {', '.join(metrics)}"
        )
    if len(metrics) == 1:
        return next(iter(metrics.values())), None
    names = ", ".join(sorted(metrics))
    return None, (
        f"/logs/verifier/reward.json has several metrics ({names}) and no 'reward': "
        "choose the one that decides V with --metric NAME (run, resume, validate, profile, worker) "
        "or the task's [verifier] metric"
    )


def parse_rewards(
    txt: bytes | None,
    json: bytes | None,
    *,
    json_truncated: bool = False,
    metric: str | None = None,
    present: str = "",
) -> RewardResult:
    """The reward from the two reward files' contents (None: the file does not exist).

    ``present`` lists what ``/logs/verifier`` holds, for the message when
    neither file is there.
    """
    metrics: dict[str, float] = {}
    json_error: str | None = None
    bare: float | None = None
    if json is not None:
        metrics, bare, json_error = _metrics_of(json, json_truncated)
    if txt is not None:
        reward, error = _from_txt(txt)
        return RewardResult(reward, metrics, error)
    if json is None:
        where = f"it holds: {present}" if present else "it is empty"
        return RewardResult(None, {}, f"the verifier wrote neither /logs/verifier/reward.txt nor reward.json ({where})")
    if json_error is not None:
        return RewardResult(None, {}, json_error)
    if bare is not None:
        return RewardResult(bare, {"reward": bare})
    reward, error = _choose(metrics, metric)
    # A metric that is not there, or several and none chosen: what the run asked for, not what the agent did.
    return RewardResult(reward, metrics, error, configuration=reward is None)


def step_scores(verified: ev.VerifierFinished) -> dict[str, float]:
    """A step's result as Harbor keys it: its metrics, with ``reward`` the step's V."""
    scores = dict(verified.metrics)
    if verified.reward is not None:
        scores["reward"] = verified.reward
    return scores


def meets_minimum(scores: dict[str, float], minimum: float | dict[str, float] | None) -> bool:
    """Harbor's ``min_reward``: a number bounds ``reward``; a table bounds each metric it names."""
    if minimum is None:
        return True
    if isinstance(minimum, dict):
        return all(scores.get(key, 0.0) >= bound for key, bound in minimum.items())
    return scores.get("reward", 0.0) >= minimum


def aggregate_steps(results: list[dict[str, float]], strategy: str) -> dict[str, float]:
    """Harbor's multi-step reward: ``final`` is the last step's; ``mean`` is per key over the steps run (missing: 0)."""
    if not results:
        return {}
    if strategy == "final":
        return dict(results[-1])
    keys = sorted({key for result in results for key in result})
    return {key: sum(result.get(key, 0.0) for result in results) / len(results) for key in keys}


class _CtrfTest(msgspec.Struct):
    name: str = ""
    status: str = "other"
    message: str | None = None
    trace: str | None = None


class _CtrfResults(msgspec.Struct):
    tests: list[_CtrfTest] = msgspec.field(default_factory=list)


class _Ctrf(msgspec.Struct):
    results: _CtrfResults = msgspec.field(default_factory=_CtrfResults)


def checks_of(raw: bytes | None) -> list[ev.CheckResult]:
    """The per-test results of a CTRF report the verifier wrote (none when it wrote none, or no usable one)."""
    if raw is None:
        return []
    try:
        report = msgspec.json.decode(raw, type=_Ctrf)
    except (msgspec.DecodeError, msgspec.ValidationError):
        return []  # per-test results are optional detail; the reward decides
    return [
        ev.CheckResult(name=t.name, status=t.status, message=(t.message or t.trace or "")[:2000])
        for t in report.results.tests
    ]
