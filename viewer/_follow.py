"""Following the log: one fold per run, kept current by the log's ``subscribe``.

The viewer reads the whole log once (``read_all``), then follows it
(``subscribe`` from the next position), folding every event into
``realcli.projections``' compact ``RunFacts`` (memory O(trials + verdicts),
never O(events)) and into a few positions per trial (``TrialMarks``), so a
trial page reads only the events it shows.

Scores are ``projections.report`` over those facts, computed in a worker
thread while the fold waits (the facts are not copied), cached per run,
judge and threshold until the run changes.  A report comes *quick* (no
bootstrap intervals: the bootstrap is most of the cost of a big run) or
*full*; live pages show quick ones while a big run moves and full ones once
it is quiet (``_server``).  Pages that update live wait on
``wait_change``: a broadcast of "the fold moved on", never a queue, so a
slow or idle client holds no buffer.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable
from contextlib import aclosing
from dataclasses import dataclass, field
from functools import partial
from typing import Any, TypeVar

import anyio
from anyio.abc import TaskStatus

from realcli import events as ev
from realcli.eventlog import EventLog
from realcli.projections import BOOTSTRAP_RESAMPLES, HEADLINE_METRICS, Report, RunFacts, evolve, report

__all__ = ["LogState", "RunState", "Scored", "TrialMarks"]

T = TypeVar("T")
Json = dict[str, Any]
_REPORTS_KEPT = 6  # whole reports (tens of MiB for a 10,000-trial run); the runs page keeps headlines only
CHEAP_SECONDS = 0.5
"""A full report that took less than this is always computed full (small runs never wait for intervals)."""
_CHEAP_TRIALS = 1000  # before a run's first full report: guess from its size


@dataclass(slots=True)
class TrialMarks:
    """Where one trial's facts sit in the log, so its page reads only what it shows.

    Positions order a trial's events; versions find one event in its own
    stream (an indexed lookup, where a scope read may scan the run).
    """

    started: int = -1  # position of the current try's TrialStarted
    started_at: tuple[str, int] = ("", 0)  # ... and its stream and version
    evidence_at: tuple[str, int] = ("", 0)  # the current try's EvidenceSnapshotted (version 0: none yet)
    head: int = -1  # position of the trial's latest event
    events: int = 0


@dataclass(slots=True)
class RunState:
    """One run as the viewer follows it: the projection facts plus positions."""

    facts: RunFacts
    head: int = -1  # position of the run's latest event
    last_at: float = 0.0  # wall clock of its latest event (``at``, stamped by the writer)
    open: bool = True  # no RunFinished since the run started or was resumed
    marks: dict[str, TrialMarks] = field(default_factory=dict)
    # (judge id, trial id) -> [first, last] positions of each verdict batch of that trial.
    verdicts: dict[tuple[str, str], list[list[int]]] = field(default_factory=dict)
    _judged: dict[str, str] = field(default_factory=dict)  # judge id -> trial of its latest verdict

    def apply(self, rec: ev.RecordedEvent) -> None:
        """Fold one event of this run."""
        evolve(self.facts, rec)
        self.head = rec.position
        event = rec.event
        self.last_at = max(self.last_at, event.at)
        kind, ident = self.facts.locate(rec.stream)
        if kind == "trial":
            self._trial(ident, rec, event)
        elif kind == "judge":
            self._judge(ident, rec.position, event)
        elif kind == "run":
            if isinstance(event, ev.RunFinished):
                self.open = False
            elif isinstance(event, ev.RunStarted | ev.RunResumed):
                self.open = True

    def _trial(self, trial_id: str, rec: ev.RecordedEvent, event: ev.DecodedEvent) -> None:
        marks = self.marks.get(trial_id)
        if marks is None:
            marks = self.marks[trial_id] = TrialMarks()
        marks.head = rec.position
        marks.events += 1
        if isinstance(event, ev.TrialStarted):
            marks.started, marks.started_at, marks.evidence_at = rec.position, (rec.stream, rec.version), ("", 0)
        elif isinstance(event, ev.EvidenceSnapshotted):
            marks.evidence_at = (rec.stream, rec.version)

    def _judge(self, judge_id: str, position: int, event: ev.DecodedEvent) -> None:
        if not isinstance(event, ev.VerdictRendered | ev.FidelityAssessed):
            self._judged.pop(judge_id, None)
            return
        # A judge appends one trial's verdicts and audits as one batch: consecutive
        # events of its stream.  Keep each batch's position range.
        key = (judge_id, event.trial_id)
        ranges = self.verdicts.setdefault(key, [])
        if self._judged.get(judge_id) == event.trial_id and ranges:
            ranges[-1][1] = position
        else:
            started = self.marks[event.trial_id].started if event.trial_id in self.marks else -1
            ranges[:] = [r for r in ranges if r[0] > started]  # batches of an earlier try never count again
            ranges.append([position, position])
        self._judged[judge_id] = event.trial_id

    def verdict_ranges(self, judge_id: str, trial_id: str) -> list[tuple[int, int]]:
        """Position ranges of the judge's verdict batches for the trial's current try."""
        marks = self.marks.get(trial_id)
        started = marks.started if marks is not None else -1
        return [(a, b) for a, b in self.verdicts.get((judge_id, trial_id), []) if a > started]


@dataclass(frozen=True, slots=True)
class Scored:
    """A report of one run as of ``events`` folded events (the run's ``head`` position then)."""

    events: int
    head: int
    data: Report
    seconds: float  # what computing it took: live pages refresh no more often than a few times that
    full: bool  # with bootstrap intervals


class LogState:
    """Every run of a log, folded and followed live.  Run ``follow`` in a task group."""

    def __init__(self, log: EventLog) -> None:
        self.log = log
        self.runs: dict[str, RunState] = {}
        self.position = -1  # last folded position
        self.ready = anyio.Event()
        self._changed = anyio.Event()
        self._busy: anyio.Event | None = None  # set while a worker thread reads the facts
        self._compute = anyio.Lock()
        self._reports: OrderedDict[tuple[str, str | None, float, bool], Scored] = OrderedDict()
        self._full_cost: dict[str, float] = {}  # run -> seconds its latest full report took
        # The runs page's share of each report: a few numbers per run, kept for every run.
        self._headlines: dict[tuple[str, str | None, float, bool], tuple[int, Json]] = {}

    async def follow(self, *, task_status: TaskStatus[None] = anyio.TASK_STATUS_IGNORED) -> None:
        """Fold the log as it is, report readiness, then follow it forever."""
        async with aclosing(self.log.read_all(0)) as records:  # type: ignore[type-var]
            async for rec in records:
                await self._apply(rec)
        self.ready.set()
        task_status.started()
        async with aclosing(self.log.subscribe(self.position + 1)) as records:  # type: ignore[type-var]
            async for rec in records:
                await self._apply(rec)
                self._changed.set()
                self._changed = anyio.Event()

    async def _apply(self, rec: ev.RecordedEvent) -> None:
        if self._busy is not None:  # a report is reading these facts in a thread
            await self._busy.wait()
        run_id = rec.run_id
        run = self.runs.get(run_id)
        if run is None:
            run = self.runs[run_id] = RunState(RunFacts(run_id))
        run.apply(rec)
        self.position = rec.position

    # ------------------------------------------------------------ reading

    def run(self, run_id: str) -> RunState:
        """The followed run, or ``NotFoundError`` naming some known runs."""
        run = self.runs.get(run_id)
        if run is None:
            raise ev.unknown_run(run_id, self.log.url, sorted(self.runs))
        return run

    def head(self, run_id: str | None) -> int:
        """The latest folded position of a run (of the whole log for None)."""
        if run_id is None:
            return self.position
        run = self.runs.get(run_id)
        return run.head if run is not None else -1

    async def wait_change(self, run_id: str | None, after: int) -> int:
        """Wait until the fold holds an event of ``run_id`` (any run for None) past ``after``; its head."""
        while (head := self.head(run_id)) <= after:
            await self._changed.wait()
        return head

    def full_is_cheap(self, run_id: str) -> bool:
        """Whether a full report of the run costs little enough to never show a quick one."""
        cost = self._full_cost.get(run_id)
        if cost is None:
            return len(self.run(run_id).facts.trials) <= _CHEAP_TRIALS
        return cost < CHEAP_SECONDS

    async def report(
        self, run_id: str, judge_id: str | None, threshold: float, *, full: bool = True, stale_ok: bool = False
    ) -> Scored:
        """The run's report under a judge and threshold, recomputed only if the run changed since.

        ``full=False`` accepts a report without bootstrap intervals (a fresh full one still wins).
        ``stale_ok``: while another report is being computed, an older cached one will do
        (a page that follows the run live gets the fresh one from its feed).
        """
        run = self.run(run_id)
        key = (run_id, judge_id, threshold)
        kinds = (True,) if full else (True, False)
        if stale_ok and self._compute.locked():
            cached = [s for kind in kinds if (s := self._reports.get((*key, kind))) is not None]
            if cached:
                return max(cached, key=lambda s: s.events)
        async with self._compute:
            for kind in kinds:
                hit = self._reports.get((*key, kind))
                if hit is not None and hit.events == run.facts.events:
                    self._reports.move_to_end((*key, kind))
                    return hit
            events, head, started = run.facts.events, run.head, time.perf_counter()
            resamples = BOOTSTRAP_RESAMPLES if full else 0
            compute = partial(report, run.facts, judge_id=judge_id, threshold=threshold, resamples=resamples)
            data = await self._in_thread(compute)
            scored = Scored(events, head, data, time.perf_counter() - started, full)
            if full:
                self._full_cost[run_id] = scored.seconds
            self._reports[(*key, full)] = scored
            while len(self._reports) > _REPORTS_KEPT:
                self._reports.popitem(last=False)
            self._headlines[(*key, full)] = (events, _headline(scored))
            return scored

    async def headline(self, run_id: str, judge_id: str | None, threshold: float, *, full: bool) -> Json:
        """R_EXEC, R_COLLAB, S_COLLAB, J_COLLAB (value and interval) and whether intervals were computed."""
        events = self.run(run_id).facts.events
        for kind in (True,) if full else (True, False):
            hit = self._headlines.get((run_id, judge_id, threshold, kind))
            if hit is not None and hit[0] == events:
                return hit[1]
        return _headline(await self.report(run_id, judge_id, threshold, full=full))

    async def compute(self, fn: Callable[[], T]) -> T:
        """Run ``fn`` (which reads the facts) in a worker thread while the fold waits."""
        async with self._compute:
            return await self._in_thread(fn)

    async def _in_thread(self, fn: Callable[[], T]) -> T:
        self._busy = anyio.Event()
        try:
            return await anyio.to_thread.run_sync(fn)
        finally:
            busy, self._busy = self._busy, None
            busy.set()


def _headline(scored: Scored) -> Json:
    data = scored.data
    out: Json = {name: {"value": data.metric(name), "ci": data.interval(name)} for name in HEADLINE_METRICS}
    out["intervals"] = scored.full
    return out
