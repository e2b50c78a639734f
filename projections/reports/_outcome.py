"""The report's ``outcome``: R per mode, how scored trials ended, and the trials kept out of R."""

from __future__ import annotations

from collections.abc import Sequence

from realcli.projections.facts import RunFacts, TrialFacts, network_hint, processes_hint
from realcli.projections.reports._base import ByMode, ReportPart, count_by, num
from realcli.projections.scores import ModeOutcome, TrialOutcome

__all__ = [
    "AgentFailure",
    "Excluded",
    "ExcludedTrial",
    "Hint",
    "ModeResult",
    "Outcome",
    "TamperedTrial",
    "Tampering",
    "outcome_part",
]


class ModeResult(ReportPart, frozen=True, kw_only=True):
    """R of one mode with what it rests on."""

    R: float | None
    tasks: int  # with a scored attempt
    trials: int  # scored
    passed_trials: int
    reward_mean: float | None
    per_attempt: dict[str, float | None]  # "1" -> R over the tasks scored at attempt 1


class AgentFailure(ReportPart, frozen=True, kw_only=True):
    """A scored trial the agent ended by a failure or a budget (scored from the state it left)."""

    trial: str
    task: str
    mode: str
    cause: str
    V: int | None
    detail: str


class ExcludedTrial(ReportPart, frozen=True, kw_only=True):
    """One trial left out of the scores, its status, end reason and cause."""

    trial: str
    task: str
    mode: str
    attempt: int
    status: str
    end_reason: str
    cause: str
    detail: str


class Excluded(ReportPart, frozen=True, kw_only=True):
    """Trials not scored (infrastructure, cancelled, no reward, unfinished): reported apart, never as zeros."""

    count: int
    by_status: dict[str, int]
    by_cause: dict[str, int]
    trials: list[ExcludedTrial]


class Tampering(ReportPart, frozen=True, kw_only=True):
    """One of the agent's changes to what the verifier runs with (``VerifierPrepared.tampering``)."""

    path: str
    change: str
    rule: str
    detail: str


class TamperedTrial(ReportPart, frozen=True, kw_only=True):
    """A trial whose verifier did not run because the agent tampered with it (V = 0), with the evidence."""

    trial: str
    task: str
    mode: str
    findings: list[Tampering]
    findings_total: int
    discarded: list[str]  # what the agent left in /tests and /logs/verifier
    forged: dict[str, str]  # reward files among them -> their content (cut)


class Hint(ReportPart, frozen=True, kw_only=True):
    """Why a trial may have failed for a reason that is not the agent's (e.g. no network)."""

    trial: str
    task: str
    mode: str
    hint: str


class Outcome(ReportPart, frozen=True, kw_only=True):
    """The report's task outcome: R and trials per mode, scored trials by cause, agent failures, excluded and tampered
    trials, and hints."""

    k: int | None  # attempts per task and mode the run declared
    exec: ModeResult
    collab: ModeResult
    scored_by_cause: dict[str, int]
    agent_failures: list[AgentFailure]
    excluded: Excluded
    hints: list[Hint]
    tampered: list[TamperedTrial]

    def by_mode(self) -> ByMode[ModeResult]:
        """The two modes' results as one ``ByMode``."""
        return ByMode(exec=self.exec, collab=self.collab)


def _mode_result(outcome: ModeOutcome) -> ModeResult:
    return ModeResult(
        R=num(outcome.r),
        tasks=outcome.tasks,
        trials=outcome.trials,
        passed_trials=outcome.passed_trials,
        reward_mean=num(outcome.reward_mean),
        per_attempt={str(a): num(r) for a, r in sorted(outcome.per_attempt.items())},
    )


def _excluded(excluded: Sequence[TrialOutcome]) -> Excluded:
    return Excluded(
        count=len(excluded),
        by_status=count_by(o.status for o in excluded),
        by_cause=count_by(o.cause or "running" for o in excluded),
        trials=[
            ExcludedTrial(
                trial=o.trial_id,
                task=o.task_id,
                mode=o.mode,
                attempt=o.attempt,
                status=o.status,
                end_reason=o.end_reason,
                cause=o.cause,
                detail=o.detail,
            )
            for o in excluded
        ],
    )


def outcome_part(facts: RunFacts, outcomes: Sequence[TrialOutcome], ex: ModeOutcome, co: ModeOutcome) -> Outcome:
    """The ``outcome`` of a run from its trial outcomes and per-mode R."""
    scored = [o for o in outcomes if o.status == "scored"]
    return Outcome(
        k=facts.started.attempts if facts.started is not None else None,
        exec=_mode_result(ex),
        collab=_mode_result(co),
        # Scored trials by how they ended: the agent's own failures count in R (usually as 0).
        scored_by_cause=count_by(o.cause for o in scored),
        agent_failures=[
            AgentFailure(trial=o.trial_id, task=o.task_id, mode=o.mode, cause=o.cause, V=o.v, detail=o.detail)
            for o in scored
            if o.cause not in ("agent_done", "")
        ],
        excluded=_excluded([o for o in outcomes if o.status != "scored"]),
        hints=[
            Hint(trial=o.trial_id, task=o.task_id, mode=o.mode, hint=hint)
            for o in outcomes
            for hint in _hints(facts.trials[o.trial_id])
        ],
        tampered=[
            _tampered(facts.trials[o.trial_id])
            for o in outcomes
            if (prepared := facts.trials[o.trial_id].prepared) is not None and prepared.tampering
        ],
    )


def _hints(trial: TrialFacts) -> list[str]:
    return [hint for hint in (network_hint(trial), processes_hint(trial)) if hint is not None]


def _tampered(trial: TrialFacts) -> TamperedTrial:
    prepared = trial.prepared
    assert prepared is not None
    return TamperedTrial(
        trial=trial.trial_id,
        task=trial.task_id,
        mode=trial.mode,
        findings=[Tampering(path=f.path, change=f.change, rule=f.rule, detail=f.detail) for f in prepared.tampering],
        findings_total=prepared.tampering_total,
        discarded=[c.path for c in prepared.discarded],
        forged={f.path: f.content[:200] for f in prepared.forged},
    )
