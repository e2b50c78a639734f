"""The report's bytes are pinned: every committed fixture log and a few synthetic runs, byte for byte.

The ``.json`` and ``.md`` files in ``tests/fixtures/reports/`` were written
by the report as it was before it became typed (``report()`` returned nested
dicts): the typed report renders exactly those bytes (keys, order, numbers).
The ``.html`` files are the section-by-section page that replaced the
hand-made one.  A deliberate change to a rendering rewrites them:
``.venv/bin/python -m tests.test_report_golden`` (then read the diff).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

import msgspec
import pytest

from realcli import events as ev
from realcli.projections import (
    RunFacts,
    compare_judges,
    fold,
    render_compare_markdown,
    render_html,
    render_json,
    render_markdown,
    report,
)
from tests._trials import RunRecorder, rotation_script, sample_run, task_spec
from tests.test_report import with_rules_verdicts

FIXTURES = Path(__file__).parent / "fixtures"
GOLDEN = FIXTURES / "reports"


def archive_facts(path: Path) -> RunFacts:
    """A committed archive folded as a log would hand its events back (positions in file order)."""
    lines = path.read_bytes().splitlines()
    run_id = msgspec.json.decode(lines[0])["run"]
    records = []
    for position, line in enumerate(lines[1:], start=1):
        row = msgspec.json.decode(line)
        if "stream" in row:
            event = ev.decode(msgspec.json.encode(row["event"]))
            records.append(ev.RecordedEvent(position, row["stream"], row["version"], event))
    return fold(run_id, records)


def rich_run() -> RunRecorder:
    """``sample_run`` plus what it lacks: agent failures, a network hint, steps and metrics, a trial that
    never started, one that never finished, a cancelled one, model usage and a simulator-fidelity failure."""
    rec = sample_run("rich")
    script = rotation_script()
    offline = rec.trial(task_spec("offline", category="software-engineering"), "exec").start()
    offline.run("pip install rich", exit_code=1, stderr="Could not resolve host: pypi.org")
    offline.turn()
    offline.model_call(tokens_in=1200, tokens_out=80, cost=0.0123)
    offline.finish(reward=0.0, checks=[("test_a", "failed"), ("test_b", "passed")])
    budget = rec.trial(task_spec("rotate", category="system-administration", script=script), "exec", 2).start()
    budget.run("ls /app/logs")
    budget.turn()
    budget.finish(reward=0.0, reason="turn_budget", detail="600 turns | no | end")
    steps = rec.trial(task_spec("archive", category="data-processing", script=script), "collab", 2).start()
    steps.say("Which old logs must I keep?", question=True)
    steps.slice("s1")
    steps.model_call("user", tokens_in=300, tokens_out=40, cost=None)
    steps.run("gzip /app/logs/app-2024-01-01.log")
    steps.turn()
    steps.say("Done.", claims_done=True)
    steps.yield_(claims_done=True)
    for index, (name, reward) in enumerate((("compress", 1.0), ("verify", 0.5))):
        steps._add(steps.sup, ev.StepFinished, trial_id=steps.trial_id, index=index, name=name, reward=reward)
    steps.finish(reward=0.5)
    steps._add(
        steps.sup,
        ev.StepsScored,
        trial_id=steps.trial_id,
        strategy="mean",
        reward=0.75,
        metrics={"accuracy": 0.875, "speed": 1 / 3},
        steps_run=2,
        steps_total=2,
    )
    cancelled = rec.trial(task_spec("offline", category="software-engineering"), "collab").start()
    cancelled.finish(reward=None, reason="cancelled", verify=False, detail="stopped by the user")
    rec.trial(task_spec("late", category="security"), "exec").start().run("sleep 100", finished=False)
    rec.scheduled("ghost-exec-1", "ghost", "exec", 1)
    with_rules_verdicts(rec)
    rec.judge(
        "rules",
        ev.FidelityAssessed(
            judge_id="rules",
            trial_id="rotate-collab-1",
            criterion="timing",
            verdict="fail",
            rationale="probe p1 fired before its trigger held",
            affected_dimensions=["S", "OR"],
            **rec.stamp(),
        ),
        ev.ModelCalled(call_id="j1", purpose="judge", provider="openai", model="judge-m", status=200,
                       tokens_in=900, tokens_out=60, latency_sec=1.25, cost_usd=0.004, **rec.stamp()),
    )  # fmt: skip
    return rec


def strict_copy(rec: RunRecorder) -> RunRecorder:
    """A second judge, ``strict``: the rules judge's events with its first pass turned into a fail."""
    flipped = False
    for stream, event in list(rec.pairs):
        if not stream.endswith(".judge.rules"):
            continue
        changes: dict[str, object] = rec.stamp()
        if hasattr(event, "judge_id"):
            changes["judge_id"] = "strict"
        if isinstance(event, ev.VerdictRendered) and event.verdict == "pass" and not flipped:
            changes |= {"verdict": "fail", "rationale": "the strict judge wants the constraint said aloud"}
            flipped = True
        rec.judge("strict", msgspec.structs.replace(event, **changes))  # type: ignore[type-var]
    return rec


def complete(rec: RunRecorder) -> RunRecorder:
    """The rules judge's verdicts plus passes for U and TC templates: every dimension has a score, so S does."""
    for trial in ("archive-collab-1", "rotate-collab-1"):
        for scenario, template in (("x1", "1.1.a"), ("x2", "4.4.a")):
            verdict = ev.VerdictRendered(judge_id="rules", trial_id=trial, scenario=scenario, template=template,
                                         item_id=f"{scenario}.c1", verdict="pass", **rec.stamp())  # fmt: skip
            rec.judge("rules", verdict)
    return rec


def headless(rec: RunRecorder) -> RunRecorder:
    """The run without its ``RunStarted`` and its judges without ``JudgingStarted`` (a log cut at the head)."""
    rec.pairs = [(s, e) for s, e in rec.pairs if not isinstance(e, ev.RunStarted | ev.JudgingStarted)]
    return rec


def _synthetic(rec: Callable[[], RunRecorder]) -> Callable[[], RunFacts]:
    def facts() -> RunFacts:
        run = rec()
        return fold(run.run_id, run.records())

    return facts


# name -> (facts, judge id, threshold)
CASES: dict[str, tuple[Callable[[], RunFacts], str | None, float]] = {
    **{
        f"{path.stem}.{judge or 'nojudge'}": (lambda path=path: archive_facts(path), judge, 0.75)
        for path in sorted((FIXTURES / "logs").glob("*.jsonl"))
        for judge in ("rules", None)
    },
    "sample.rules": (_synthetic(lambda: with_rules_verdicts(sample_run())), "rules", 0.75),
    "sample.rules-0.5": (_synthetic(lambda: with_rules_verdicts(sample_run())), "rules", 0.5),
    "sample.nojudge": (_synthetic(sample_run), None, 0.75),
    "sample-nocatalog.nojudge": (_synthetic(lambda: sample_run(catalog=False)), None, 0.75),
    "complete.rules": (_synthetic(lambda: complete(with_rules_verdicts(sample_run()))), "rules", 0.75),
    "headless.rules": (_synthetic(lambda: headless(with_rules_verdicts(sample_run()))), "rules", 0.75),
    "rich.rules": (_synthetic(rich_run), "rules", 0.75),
    "rich.strict": (_synthetic(lambda: strict_copy(rich_run())), "strict", 0.75),
}
COMPARES: dict[str, tuple[Callable[[], RunFacts], str, str]] = {
    "rich.compare": (_synthetic(lambda: strict_copy(rich_run())), "rules", "strict"),
}


def outputs(name: str) -> dict[str, str]:
    """What the golden files of case ``name`` hold, by suffix."""
    if name in COMPARES:
        facts, first, second = COMPARES[name]
        data = compare_judges(facts(), first, second)
        return {"json": render_json(data), "md": render_compare_markdown(data)}
    make, judge, threshold = CASES[name]
    data = report(make(), judge_id=judge, threshold=threshold)
    return {"json": render_json(data), "md": render_markdown(data), "html": render_html(data)}


@pytest.mark.parametrize("name", [*CASES, *COMPARES])
def test_the_report_renders_the_golden_bytes(name: str) -> None:
    for suffix, text in outputs(name).items():
        golden = GOLDEN / f"{name}.{suffix}"
        assert text.encode() == golden.read_bytes(), f"{golden.name} differs"


def test_every_fixture_log_has_golden_reports() -> None:
    logs = {p.stem for p in (FIXTURES / "logs").glob("*.jsonl")}
    assert logs
    assert logs <= {name.split(".")[0] for name in CASES}


def write_golden() -> None:
    """Rewrite every golden file from the current renderers."""
    GOLDEN.mkdir(parents=True, exist_ok=True)
    for name in [*CASES, *COMPARES]:
        for suffix, text in outputs(name).items():
            (GOLDEN / f"{name}.{suffix}").write_bytes(text.encode())
            print(f"wrote {name}.{suffix}", file=sys.stderr)


if __name__ == "__main__":
    write_golden()
