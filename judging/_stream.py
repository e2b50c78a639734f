"""Writing a judge stream (``<run>.judge.<judge_id>``): batches under optimistic concurrency, and their events."""

from __future__ import annotations

from collections.abc import Sequence

from realcli import events as ev
from realcli._errors import ConfigError, ConflictError
from realcli.eventlog import EventLog
from realcli.judging._llm import PROMPT_VERSION
from realcli.judging._read import judging_started
from realcli.models import ModelEndpoint
from realcli.projections import RULES_VERSION, FidelityVerdict, ItemVerdict

__all__ = [
    "CONFLICT_RETRIES",
    "JudgeStream",
    "describe_judge",
    "llm_started",
    "rules_started",
    "same_config",
    "verdict_events",
]

CONFLICT_RETRIES = 20


class JudgeStream:
    """The writer of one judge stream, with optimistic concurrency."""

    def __init__(self, log: EventLog, run_id: str, judge_id: str) -> None:
        self.log = log
        self.judge_id = ev.check_token(judge_id, "judge id")
        self.stream = ev.judge_stream(run_id, judge_id)
        self.version: int | None = None

    async def append(self, *events: ev.Event) -> None:
        """Append ``events`` as one batch at the stream's end, re-reading the version on conflicts."""
        for _ in range(CONFLICT_RETRIES):
            if self.version is None:
                self.version = await self.log.stream_version(self.stream)
            try:
                result = await self.log.append(self.stream, list(events), expected_version=self.version)
            except ConflictError:
                self.version = None
                continue
            self.version = result.last_version
            return
        raise ConflictError(self.stream, self.version or 0, await self.log.stream_version(self.stream))

    async def record(self, call: ev.ModelCalled) -> None:
        """A model client's ``on_call``: every judge model call is an event in the judge stream."""
        await self.append(call)

    async def start(self, started: ev.JudgingStarted) -> ev.JudgingStarted:
        """Append ``started`` if the stream is new; return the stream's ``JudgingStarted`` either way."""
        existing = await judging_started(self.log, self.stream)
        if existing is not None:
            return existing
        try:
            result = await self.log.append(self.stream, [started], expected_version=0)
            self.version = result.last_version
            return started
        except ConflictError:  # another process started it first: use theirs
            self.version = None
            found = await judging_started(self.log, self.stream)
            if found is None:
                raise ConfigError(
                    f"judge stream {self.stream!r} does not start with JudgingStarted: pick another --judge-id"
                ) from None
            return found


def verdict_events(
    judge_id: str, verdicts: Sequence[ItemVerdict], fidelity: Sequence[FidelityVerdict]
) -> list[ev.Event]:
    """The events a judge appends for one trial's verdicts: a ``VerdictRendered`` per item, a ``FidelityAssessed`` per
    criterion."""
    out: list[ev.Event] = [
        ev.VerdictRendered(
            judge_id=judge_id,
            trial_id=v.trial_id,
            scenario=v.scenario,
            template=v.template,
            item_id=v.item_id,
            verdict=v.verdict,
            rationale=v.rationale,
            evidence=list(v.evidence),
        )
        for v in verdicts
    ]
    out += [
        ev.FidelityAssessed(
            judge_id=judge_id,
            trial_id=f.trial_id,
            criterion=f.criterion,
            verdict=f.verdict,
            rationale=f.rationale,
            affected_dimensions=list(f.affected_dimensions),
        )
        for f in fidelity
    ]
    return out


def rules_started(judge_id: str) -> ev.JudgingStarted:
    """The ``JudgingStarted`` of a rules judge, with the ruleset's version."""
    return ev.JudgingStarted(judge_id=judge_id, kind="rules", params={"ruleset": RULES_VERSION})


def llm_started(judge_id: str, endpoint: ModelEndpoint, structured: bool) -> ev.JudgingStarted:
    """The ``JudgingStarted`` of an LLM judge: its model, endpoint (without a key), prompt version and whether it asks
    for structured output."""
    params = {**endpoint.describe(), "prompt": PROMPT_VERSION} | ({"structured": "true"} if structured else {})
    return ev.JudgingStarted(judge_id=judge_id, kind="llm", model=endpoint.model, params=params)


def same_config(a: ev.JudgingStarted, b: ev.JudgingStarted) -> bool:
    """Whether two judges were started with the same kind, model and parameters (so one may
    complete the other's work)."""
    return (a.kind, a.model, dict(a.params)) == (b.kind, b.model, dict(b.params))


def describe_judge(started: ev.JudgingStarted) -> str:
    """A judge's configuration in one line (kind, model, ruleset or prompt version)."""
    model = f", model {started.model}" if started.model else ""
    params = ", ".join(f"{k}={v}" for k, v in sorted(started.params.items()) if k in ("ruleset", "prompt"))
    return f"{started.kind}{model}{', ' + params if params else ''}"
