"""Judging a run while it runs: each finished trial judged once, by whichever process finds it.

``LiveJudge`` keeps an index of the judge stream and appends each trial's
batch at the version it has seen, so two processes judging the same trial
cannot both append it; ``finish_judging`` closes the stream's totals once
every finished, scored COLLAB trial has verdicts.
"""

from __future__ import annotations

import anyio

from realcli import events as ev
from realcli._errors import ConfigError, ConflictError
from realcli.eventlog import EventLog
from realcli.judging._read import fold_trial, load_run, read_stream, run_started, trial_records
from realcli.judging._stream import CONFLICT_RETRIES, JudgeStream, rules_started, verdict_events
from realcli.judging._summary import JudgeSummary
from realcli.projections import (
    CatalogView,
    FidelityVerdict,
    ItemVerdict,
    RunFacts,
    TrialFacts,
    audit_fidelity,
    judge_trial_rules,
    trial_status,
)

__all__ = [
    "LiveJudge",
    "dont_know",
    "finish_judging",
    "is_judged",
    "judge_trial",
    "rules_verdicts",
    "skip_reason",
    "unjudged_trials",
]


def skip_reason(trial: TrialFacts) -> str | None:
    """Why a trial is not judged for collaboration (an EXEC trial, or one not scored), or None when it is judged."""
    if trial.mode != "collab":
        return "EXEC trial (collaboration is scored in COLLAB trials only)"
    status = trial_status(trial)
    if status != "scored":
        return f"not scored ({status})"
    return None


def dont_know() -> tuple[str, ...]:
    """The replies that say the user does not know (what the fidelity audit accepts as not inventing facts)."""
    return (ev.DONT_KNOW,)


def rules_verdicts(
    trial: TrialFacts, catalog: ev.CatalogInfo | None
) -> tuple[list[ItemVerdict], list[FidelityVerdict]]:
    """The rules judge's item verdicts and fidelity verdicts of one trial."""
    view = CatalogView(catalog)
    verdicts = judge_trial_rules(trial, view.passive_checks)
    fidelity = audit_fidelity(trial, view.dimension, dont_know=dont_know())
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
        if skip_reason(trial) is None and not is_judged(facts, judge_id, trial_id)
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
        records = await trial_records(self.log, self.run_id, trial_id)
        trial = fold_trial(self.run_id, trial_id, records)
        reason = skip_reason(trial)
        if reason is not None:
            summary.trials_skipped[trial_id] = reason
            return summary
        try_started = max(r.position for r in records if isinstance(r.event, ev.TrialStarted))
        if not self._run_read:
            run = await run_started(self.log, self.run_id)
            self._catalog, self._run_read = (run.catalog if run is not None else None), True
        verdicts, fidelity = rules_verdicts(trial, self._catalog)
        events = verdict_events(self.judge_id, verdicts, fidelity)
        async with self._lock:
            if self._version < 0:
                await self._refresh()
            for _ in range(CONFLICT_RETRIES):
                if self._judged.get(trial_id, -1) > try_started:
                    summary.trials_skipped[trial_id] = "already judged under this judge id"
                    return summary
                batch = events if self._version else [rules_started(self.judge_id), *events]
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
    for rec in await read_stream(log, stream):
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
