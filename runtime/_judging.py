"""Judging a recorded run: read it from the log, append verdicts under a judge id.

No containers and no agents: everything a judge needs is in the log (the
task snapshot in ``TrialStarted``, the trace, hard-check results, the
evidence snapshot).  Verdicts go to ``<run>.judge.<judge_id>``:
``JudgingStarted``, then per trial one atomic batch of ``VerdictRendered`` and
``FidelityAssessed`` events (``ModelCalled`` events of an LLM judge before
it), and ``JudgingFinished``.

* Judging a finished trial is the duty of whatever process finds it
  unjudged in the log (``LiveJudge``): the run coordinator after each trial
  and at the end, ``resume``, workers, ``realcli wait``; ``report`` warns.
  A trial's latest try is judged once (``judge_trial`` is one such call);
  a retried trial (a new ``TrialStarted``) is judged again.
* ``rejudge`` judges a whole finished run.  A judge id that already exists
  is only accepted for the *same* judge configuration (kind, model, rule
  set / prompt version), and then completes it: trials without verdicts
  (new, or re-run since they were judged) are judged, the rest are kept.
* ``finish_judging`` appends ``JudgingFinished`` with the stream's totals,
  only once every finished, scored COLLAB trial has verdicts.

Appends use optimistic concurrency: a batch is appended at the version the
writer last saw; on a conflict (another process judging concurrently) the
version is re-read and the same batch (same event ids) appended again.
"""

from __future__ import annotations

import heapq
import re
from collections.abc import Sequence
from contextlib import AsyncExitStack, aclosing
from dataclasses import dataclass, field
from typing import Literal

import anyio

from realcli import ConfigError, ConflictError, LogUnavailableError, NotFoundError, find_error
from realcli import events as ev
from realcli.eventlog import EventLog
from realcli.models import ModelEndpoint
from realcli.projections import DONT_KNOW_ANSWER as DONT_KNOW
from realcli.projections import (
    RULES_VERSION,
    CatalogView,
    FidelityVerdict,
    ItemVerdict,
    RunFacts,
    TrialFacts,
    audit_fidelity,
    evolve,
    judge_trial_rules,
    scenarios_of,
    trial_status,
)
from realcli.runtime._judge_llm import PROMPT_VERSION, LlmJudge

__all__ = [
    "JudgeKind",
    "JudgeStream",
    "JudgeSummary",
    "LiveJudge",
    "finish_judging",
    "is_judged",
    "judge_trial",
    "load_run",
    "read_trial",
    "rejudge",
    "select_judge",
    "unjudged_trials",
]

JudgeKind = Literal["rules", "llm"]
_CONFLICT_RETRIES = 20


@dataclass
class JudgeSummary:
    """What one judging call did."""

    run_id: str
    judge_id: str
    kind: JudgeKind
    completed_existing: bool = False  # the judge id existed (same config) and was completed
    trials_judged: list[str] = field(default_factory=list)
    trials_skipped: dict[str, str] = field(default_factory=dict)  # trial -> why not judged
    verdicts: dict[str, int] = field(default_factory=dict)  # verdict -> items
    fidelity_failures: int = 0
    notes: list[str] = field(default_factory=list)

    @property
    def items(self) -> int:
        return sum(self.verdicts.values())

    def count(self, verdicts: Sequence[ItemVerdict], fidelity: Sequence[FidelityVerdict]) -> None:
        for v in verdicts:
            self.verdicts[v.verdict] = self.verdicts.get(v.verdict, 0) + 1
        self.fidelity_failures += sum(f.verdict == "fail" for f in fidelity)


# ---------------------------------------------------------------- reading


async def require_run(log: EventLog, run_id: str) -> None:
    """``NotFoundError`` naming the known runs if ``run_id`` is not in ``log``."""
    ev.check_token(run_id, "run id")
    known = await log.runs()
    if run_id not in known:
        hint = f"known runs: {', '.join(known[-5:])}" if known else "the log has no runs yet"
        raise NotFoundError(f"run {run_id!r} is not in {log.url} ({hint})")


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


async def _read_stream(log: EventLog, stream: str) -> list[ev.RecordedEvent]:
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
    return _fold_trial(run_id, trial_id, await _trial_records(log, run_id, trial_id))


async def _trial_records(log: EventLog, run_id: str, trial_id: str) -> list[ev.RecordedEvent]:
    streams = [await _read_stream(log, ev.trial_stream(run_id, trial_id, actor)) for actor in ev.ACTORS]
    return list(heapq.merge(*streams, key=lambda r: r.position))


def _fold_trial(run_id: str, trial_id: str, records: Sequence[ev.RecordedEvent]) -> TrialFacts:
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


async def _run_started(log: EventLog, run_id: str) -> ev.RunStarted | None:
    first = await _first_event(log, ev.run_stream(run_id))
    return first if isinstance(first, ev.RunStarted) else None


async def _judging_started(log: EventLog, stream: str) -> ev.JudgingStarted | None:
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


# ---------------------------------------------------------------- writing


class JudgeStream:
    """The writer of one judge stream, with optimistic concurrency."""

    def __init__(self, log: EventLog, run_id: str, judge_id: str) -> None:
        self.log = log
        self.judge_id = ev.check_token(judge_id, "judge id")
        self.stream = ev.judge_stream(run_id, judge_id)
        self.version: int | None = None

    async def append(self, *events: ev.Event) -> None:
        """Append ``events`` as one batch at the stream's end, re-reading the version on conflicts."""
        for _ in range(_CONFLICT_RETRIES):
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
        existing = await _judging_started(self.log, self.stream)
        if existing is not None:
            return existing
        try:
            result = await self.log.append(self.stream, [started], expected_version=0)
            self.version = result.last_version
            return started
        except ConflictError:  # another process started it first: use theirs
            self.version = None
            found = await _judging_started(self.log, self.stream)
            if found is None:
                raise ConfigError(
                    f"judge stream {self.stream!r} does not start with JudgingStarted: pick another --judge-id"
                ) from None
            return found


def _verdict_events(
    judge_id: str, verdicts: Sequence[ItemVerdict], fidelity: Sequence[FidelityVerdict]
) -> list[ev.Event]:
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


def _rules_started(judge_id: str) -> ev.JudgingStarted:
    return ev.JudgingStarted(judge_id=judge_id, kind="rules", params={"ruleset": RULES_VERSION})


def _llm_started(judge_id: str, endpoint: ModelEndpoint, structured: bool) -> ev.JudgingStarted:
    params = {**endpoint.describe(), "prompt": PROMPT_VERSION} | ({"structured": "true"} if structured else {})
    return ev.JudgingStarted(judge_id=judge_id, kind="llm", model=endpoint.model, params=params)


def _same_config(a: ev.JudgingStarted, b: ev.JudgingStarted) -> bool:
    return (a.kind, a.model, dict(a.params)) == (b.kind, b.model, dict(b.params))


def _describe(started: ev.JudgingStarted) -> str:
    model = f", model {started.model}" if started.model else ""
    params = ", ".join(f"{k}={v}" for k, v in sorted(started.params.items()) if k in ("ruleset", "prompt"))
    return f"{started.kind}{model}{', ' + params if params else ''}"


# ---------------------------------------------------------------- judging one trial


def _skip_reason(trial: TrialFacts) -> str | None:
    if trial.mode != "collab":
        return "EXEC trial (collaboration is scored in COLLAB trials only)"
    status = trial_status(trial)
    if status != "scored":
        return f"not scored ({status})"
    return None


def _dont_know() -> tuple[str, ...]:
    return (DONT_KNOW,)


def _rules_verdicts(
    trial: TrialFacts, catalog: ev.CatalogInfo | None
) -> tuple[list[ItemVerdict], list[FidelityVerdict]]:
    view = CatalogView(catalog)
    verdicts = judge_trial_rules(trial, view.passive_checks)
    fidelity = audit_fidelity(trial, view.dimension, dont_know=_dont_know())
    return verdicts, fidelity


def is_judged(facts: RunFacts, judge_id: str, trial_id: str) -> bool:
    """Whether ``judge_id`` judged the latest try of ``trial_id`` (any verdict or assessment of it)."""
    judge = facts.judges.get(judge_id)
    return judge is not None and (bool(judge.verdicts.get(trial_id)) or bool(judge.fidelity.get(trial_id)))


def unjudged_trials(facts: RunFacts, judge_id: str) -> list[str]:
    """The finished, scored COLLAB trials (latest try) that ``judge_id`` has not judged, sorted."""
    return [
        trial_id
        for trial_id, trial in sorted(facts.trials.items())
        if _skip_reason(trial) is None and not is_judged(facts, judge_id, trial_id)
    ]


class LiveJudge:
    """The rules judge of a run while it runs: each finished trial judged once, by whichever process finds it.

    The run coordinator, ``resume``, workers and ``realcli wait`` all judge
    with one: after a trial (``judge``), and for whatever a crash left
    unjudged (``catch_up``).  It keeps an index of the judge stream (which
    trial's latest verdict sits where) and appends each batch at the version
    the index has seen, so two processes judging the same trial cannot both
    append it: the loser's append conflicts, it re-reads the stream, finds
    the trial judged and leaves it.
    """

    def __init__(self, log: EventLog, run_id: str, judge_id: str = "rules") -> None:
        self.log = log
        self.run_id = run_id
        self.judge_id = ev.check_token(judge_id, "judge id")
        self.stream = ev.judge_stream(run_id, judge_id)
        self._version = -1  # judge stream events folded into the index (-1: not read yet)
        self._judged: dict[str, int] = {}  # trial -> position of its last verdict or assessment
        self._lock = anyio.Lock()
        self._catalog: ev.CatalogInfo | None = None
        self._run_read = False

    async def judge(self, trial_id: str) -> JudgeSummary:
        """Judge the latest try of ``trial_id`` unless it is judged already (or not judgeable: see the summary)."""
        summary = JudgeSummary(self.run_id, self.judge_id, "rules")
        records = await _trial_records(self.log, self.run_id, trial_id)
        trial = _fold_trial(self.run_id, trial_id, records)
        reason = _skip_reason(trial)
        if reason is not None:
            summary.trials_skipped[trial_id] = reason
            return summary
        try_started = max(r.position for r in records if isinstance(r.event, ev.TrialStarted))
        if not self._run_read:
            run = await _run_started(self.log, self.run_id)
            self._catalog, self._run_read = (run.catalog if run is not None else None), True
        verdicts, fidelity = _rules_verdicts(trial, self._catalog)
        events = _verdict_events(self.judge_id, verdicts, fidelity)
        async with self._lock:
            if self._version < 0:
                await self._refresh()
            for _ in range(_CONFLICT_RETRIES):
                if self._judged.get(trial_id, -1) > try_started:
                    summary.trials_skipped[trial_id] = "already judged under this judge id"
                    return summary
                batch = events if self._version else [_rules_started(self.judge_id), *events]
                try:
                    result = await self.log.append(self.stream, batch, expected_version=self._version)
                except ConflictError:
                    await self._refresh()  # someone else judged meanwhile: see what
                    continue
                self._version = result.last_version
                self._judged[trial_id] = result.last_position
                summary.trials_judged.append(trial_id)
                summary.count(verdicts, fidelity)
                return summary
        raise ConflictError(self.stream, self._version, await self.log.stream_version(self.stream))

    async def catch_up(self) -> JudgeSummary:
        """Judge every finished, scored COLLAB trial of the run whose latest try has no verdicts yet."""
        summary = JudgeSummary(self.run_id, self.judge_id, "rules")
        for trial_id in unjudged_trials(await load_run(self.log, self.run_id), self.judge_id):
            one = await self.judge(trial_id)
            summary.trials_judged += one.trials_judged
            summary.trials_skipped.update(one.trials_skipped)
            for verdict, n in one.verdicts.items():
                summary.verdicts[verdict] = summary.verdicts.get(verdict, 0) + n
            summary.fidelity_failures += one.fidelity_failures
        return summary

    async def finish(self) -> bool:
        """``catch_up``, then ``finish_judging``; whether ``JudgingFinished`` now closes the stream's totals."""
        await self.catch_up()
        return await finish_judging(self.log, self.run_id, self.judge_id)

    async def _refresh(self) -> None:
        first = max(self._version, 0) + 1
        async for rec in self.log.read(self.stream, from_version=first):
            event = rec.event
            if rec.version == 1 and isinstance(event, ev.JudgingStarted) and event.kind != "rules":
                raise ConfigError(
                    f"judge {self.judge_id!r} of run {self.run_id!r} is a {event.kind} judge, not rules: "
                    "judge under another judge id"
                )
            if isinstance(event, ev.VerdictRendered | ev.FidelityAssessed):
                self._judged[event.trial_id] = rec.position
            self._version = rec.version
        self._version = max(self._version, 0)


async def judge_trial(log: EventLog, run_id: str, trial_id: str, judge_id: str = "rules") -> JudgeSummary:
    """Rules-judge one finished trial's latest try, unless it was judged already (``LiveJudge.judge``).

    Starts ``<run>.judge.<judge_id>`` with ``JudgingStarted`` if it is new.
    EXEC trials and trials that are not scored (infrastructure error,
    cancelled, no reward, unfinished) get no verdicts; the summary says why.
    Safe to call concurrently, from any process: a try is judged once.
    """
    return await LiveJudge(log, run_id, judge_id).judge(trial_id)


async def finish_judging(log: EventLog, run_id: str, judge_id: str = "rules") -> bool:
    """Append ``JudgingFinished`` with the judge stream's totals, once every scored trial is judged.

    Nothing is appended while a finished, scored COLLAB trial has no verdicts
    of this judge (``unjudged_trials``), for a judge stream that does not
    exist, or for one that already ends with a ``JudgingFinished`` carrying
    the same totals.  Returns whether the stream now ends with one.
    """
    facts = await load_run(log, run_id)
    if judge_id not in facts.judges or unjudged_trials(facts, judge_id):
        return False
    stream = ev.judge_stream(run_id, judge_id)
    trials: set[str] = set()
    items: set[tuple[str, str, str]] = set()
    last: ev.DecodedEvent | None = None
    for rec in await _read_stream(log, stream):
        last = rec.event
        if isinstance(rec.event, ev.VerdictRendered):
            trials.add(rec.event.trial_id)
            items.add((rec.event.trial_id, rec.event.scenario, rec.event.item_id))
    if last is None:
        return False
    if isinstance(last, ev.JudgingFinished) and (last.trials, last.items) == (len(trials), len(items)):
        return True
    await JudgeStream(log, run_id, judge_id).append(
        ev.JudgingFinished(judge_id=judge_id, trials=len(trials), items=len(items))
    )
    return True


# ---------------------------------------------------------------- re-judging a run


def default_judge_id(kind: JudgeKind, endpoint: ModelEndpoint | None) -> str:
    """``rules``, or ``llm-<model>`` with the model name made stream-safe."""
    if kind == "rules" or endpoint is None:
        return "rules"
    return "llm-" + re.sub(r"[^A-Za-z0-9_-]+", "-", endpoint.model).strip("-")


async def rejudge(
    log: EventLog,
    run_id: str,
    *,
    judge: JudgeKind,
    judge_id: str | None = None,
    endpoint: ModelEndpoint | None = None,
    max_parse_retries: int = 2,
    concurrency: int = 8,
    structured: bool = False,
) -> JudgeSummary:
    """Judge every finished COLLAB trial of a recorded run under ``judge_id`` and append the verdicts.

    ``judge="llm"`` needs ``endpoint`` (an OpenAI-compatible model) and judges
    up to ``concurrency`` trials at once (the rules judge goes one by one, so
    its stream is in trial order); ``structured`` constrains its answers to the
    verdicts' JSON Schema (for small models).  See the module doc for how an
    existing judge id is treated.
    """
    if judge not in ("rules", "llm"):
        raise ConfigError(f"--judge {judge!r}: expected rules or llm")
    if judge == "llm" and endpoint is None:
        raise ConfigError("the llm judge needs a model: pass --model (and --base-url) or set REALCLI_JUDGE_MODEL")
    jid = ev.check_token(judge_id or default_judge_id(judge, endpoint), "judge id")
    facts = await load_run(log, run_id)
    catalog = facts.started.catalog if facts.started is not None else None
    candidates = {tid: _skip_reason(t) for tid, t in sorted(facts.trials.items())}
    if not any(reason is None for reason in candidates.values()):
        raise NotFoundError(
            f"run {run_id!r} has no finished, scored COLLAB trial to judge ({len(facts.trials)} trial(s) in the log)"
        )
    wanted = _llm_started(jid, endpoint, structured) if endpoint is not None and judge == "llm" else _rules_started(jid)
    summary = JudgeSummary(run_id, jid, judge)
    existing = facts.judges.get(jid)
    writer = JudgeStream(log, run_id, jid)
    if existing is not None:
        if existing.started is None or not _same_config(existing.started, wanted):
            have = _describe(existing.started) if existing.started is not None else "no JudgingStarted"
            raise ConfigError(
                f"judge id {jid!r} already exists for run {run_id!r} ({have}); pass a new --judge-id to keep both"
            )
        summary.completed_existing = True
    else:
        await writer.start(wanted)
    done = set(existing.verdicts) | set(existing.fidelity) if existing is not None else set()
    todo = []
    for trial_id, reason in candidates.items():
        if reason is None and trial_id in done:
            reason = "already judged under this judge id"
        if reason is not None:
            summary.trials_skipped[trial_id] = reason
        else:
            todo.append(trial_id)
    async with AsyncExitStack() as stack:
        llm = None
        if endpoint is not None and judge == "llm":
            llm = await stack.enter_async_context(
                LlmJudge(endpoint, max_parse_retries=max_parse_retries, structured=structured)
            )
        limiter = anyio.CapacityLimiter(max(1, concurrency) if llm is not None else 1)

        async def one(trial_id: str) -> None:
            async with limiter:
                await _judge_one(log, run_id, trial_id, catalog, writer, llm, summary)

        try:
            async with anyio.create_task_group() as tg:
                for trial_id in todo:
                    tg.start_soon(one, trial_id)
        except BaseExceptionGroup as group:
            # One failing trial (an unreachable model) cancels the rest: report it as the one-line
            # error it is; judged trials are in the log, and the same judge id completes the rest.
            first = find_error(group)
            if first is None:
                raise
            raise first from None
    summary.trials_judged.sort()
    summary.notes.sort()
    await finish_judging(log, run_id, jid)
    return summary


async def _judge_one(
    log: EventLog,
    run_id: str,
    trial_id: str,
    catalog: ev.CatalogInfo | None,
    writer: JudgeStream,
    llm: LlmJudge | None,
    summary: JudgeSummary,
) -> None:
    trial = await read_trial(log, run_id, trial_id)
    if llm is None:
        verdicts, fidelity = _rules_verdicts(trial, catalog)
    else:
        view = CatalogView(catalog)
        verdicts, notes = await llm.judge(trial, scenarios_of(trial, view.passive_checks), writer.record)
        changed = await llm.paraphrases(trial, writer.record)
        fidelity = audit_fidelity(
            trial, view.dimension, dont_know=_dont_know(), model_findings={"script_intent": changed}
        )
        summary.notes += [f"{trial_id}: {n}" for n in notes]
    events = _verdict_events(writer.judge_id, verdicts, fidelity)
    if events:
        await writer.append(*events)
    summary.trials_judged.append(trial_id)
    summary.count(verdicts, fidelity)
