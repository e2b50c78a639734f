"""Reading a recorded run: folded facts, one trial, the judge a report uses.

Reads are checked against the streams' versions taken before them (a run
still being written may only grow): a short read is retried once, then
refused, so a report never rests on part of a stream.
"""

from __future__ import annotations

import heapq
from collections.abc import Sequence
from contextlib import aclosing

from realcli import events as ev
from realcli._errors import ConfigError, LogUnavailableError, NotFoundError
from realcli.eventlog import EventLog
from realcli.projections import RunFacts, TrialFacts, evolve

__all__ = [
    "fold_trial",
    "judging_started",
    "load_run",
    "read_stream",
    "read_trial",
    "require_run",
    "run_started",
    "select_judge",
    "trial_records",
]


async def require_run(log: EventLog, run_id: str) -> None:
    """``NotFoundError`` naming the known runs if ``run_id`` is not in ``log``."""
    ev.check_token(run_id, "run id")
    known = await log.runs()
    if run_id not in known:
        raise ev.unknown_run(run_id, log.url, known)


async def load_run(log: EventLog, run_id: str, *, keep_trace: bool = False) -> RunFacts:
    """Fold every event of a run: one streaming pass over ``read_all``; memory holds facts, not events.

    The pass is checked against the streams' versions taken before it (a run
    still being written may only grow), and a short read is retried once,
    then refused: a report never rests on part of a stream.
    """
    await require_run(log, run_id)
    for _ in (1, 2):
        expected = {info.name: info.version for info in await log.streams(run_id)}
        facts, seen = await _fold_run(log, run_id, keep_trace)
        short = sorted(s for s, v in expected.items() if seen.get(s, 0) < v)
        if not short:
            return facts
    raise LogUnavailableError(
        f"{log.url} returned only part of run {run_id!r} (e.g. stream {short[0]!r}: {seen.get(short[0], 0)} of "
        f"{expected[short[0]]} events) twice: check the log service and try again"
    )


async def _fold_run(log: EventLog, run_id: str, keep_trace: bool) -> tuple[RunFacts, dict[str, int]]:
    facts = RunFacts(run_id, keep_trace=keep_trace)
    seen: dict[str, int] = {}
    async with aclosing(log.read_all(0, run_id)) as records:  # type: ignore[type-var]
        async for rec in records:
            evolve(facts, rec)
            seen[rec.stream] = rec.version
    return facts, seen


async def read_stream(log: EventLog, stream: str) -> list[ev.RecordedEvent]:
    """A whole stream, checked against its version taken first (retried once if short)."""
    for _ in (1, 2):
        version = await log.stream_version(stream)
        records = [rec async for rec in log.read(stream)]
        if len(records) >= version:
            return records
    raise LogUnavailableError(
        f"{log.url} returned {len(records)} of {version} events of stream {stream!r} "
        "twice: check the log service and try again"
    )


async def read_trial(log: EventLog, run_id: str, trial_id: str) -> TrialFacts:
    """One trial folded with its trace (its latest try), read stream by stream.

    The four actor streams are merged in log order (by position, which is
    only compared, never reported), so the cost is the trial's own size.
    """
    return fold_trial(run_id, trial_id, await trial_records(log, run_id, trial_id))


async def trial_records(log: EventLog, run_id: str, trial_id: str) -> list[ev.RecordedEvent]:
    """Every event of one trial, its actors' streams merged in log order."""
    streams = [await read_stream(log, ev.trial_stream(run_id, trial_id, actor)) for actor in ev.ACTORS]
    return list(heapq.merge(*streams, key=lambda r: r.position))


def fold_trial(run_id: str, trial_id: str, records: Sequence[ev.RecordedEvent]) -> TrialFacts:
    """The facts of one trial folded from its records; raises ``NotFoundError`` when the trial never started."""
    facts = RunFacts(run_id, keep_trace=True)
    for rec in records:
        evolve(facts, rec)
    trial = facts.trials.get(trial_id)
    if trial is None:
        raise NotFoundError(f"trial {trial_id!r} of run {run_id!r} has no TrialStarted in the log")
    return trial


async def _first_event(log: EventLog, stream: str) -> ev.DecodedEvent | None:
    """A stream's first event (None for an empty stream), checked like ``_read_stream``."""
    for _ in (1, 2):
        version = await log.stream_version(stream)
        if version == 0:
            return None
        async with aclosing(log.read(stream)) as records:  # type: ignore[type-var]
            async for rec in records:
                return rec.event
    raise LogUnavailableError(
        f"{log.url} returned nothing of stream {stream!r} ({version} events) twice: check the log service and try again"
    )


async def run_started(log: EventLog, run_id: str) -> ev.RunStarted | None:
    """The run's ``RunStarted``, or None when its stream does not begin with one."""
    first = await _first_event(log, ev.run_stream(run_id))
    return first if isinstance(first, ev.RunStarted) else None


async def judging_started(log: EventLog, stream: str) -> ev.JudgingStarted | None:
    """The judge stream's ``JudgingStarted``, or None when it does not begin with one."""
    first = await _first_event(log, stream)
    return first if isinstance(first, ev.JudgingStarted) else None


def select_judge(facts: RunFacts, requested: str | None) -> str | None:
    """The judge a report uses: ``requested`` (which must exist), else ``rules``, else the only one.

    None when the run has no judge at all; ``ConfigError`` when several exist
    and none was asked for.
    """
    known = sorted(facts.judges)
    if requested is not None:
        ev.check_token(requested, "judge id")
        if requested not in facts.judges:
            hint = f"known judges: {', '.join(known)}" if known else "the run has no judge yet: run `realcli rejudge`"
            raise NotFoundError(f"run {facts.run_id!r} has no judge {requested!r} ({hint})")
        return requested
    if not known:
        return None
    if "rules" in facts.judges:
        return "rules"
    if len(known) == 1:
        return known[0]
    raise ConfigError(f"run {facts.run_id!r} has several judges ({', '.join(known)}): pick one with --judge")
