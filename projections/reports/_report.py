"""The report: every score and statistic of a run as one typed value (frozen msgspec Structs).

Deterministic: everything is sorted, floats are rounded to 6 decimals, and
nothing depends on log positions, the clock or the process.  Its JSON
(``render_json``) is documented in docs/report-json.md; each Struct's fields
are that document's keys, in the order the JSON object has them.
"""

from __future__ import annotations

from typing import Final

from msgspec import UNSET, UnsetType

from realcli import events as ev
from realcli.projections.facts import JudgeFacts, RunFacts
from realcli.projections.reports._base import ReportPart, num
from realcli.projections.reports._collab import (
    Collaboration,
    FailedInstance,
    TemplateResult,
    collaboration_part,
    coverage,
    failed_instances,
    product,
    templates_part,
)
from realcli.projections.reports._fidelity import Fidelity, fidelity_part
from realcli.projections.reports._outcome import Outcome, outcome_part
from realcli.projections.reports._stats import Statistics, statistics_part
from realcli.projections.reports._trajectory import CategoryResult, Trajectory, categories_part, trajectory_part
from realcli.projections.reports._trials import TrialRow, trial_rows
from realcli.projections.reports._usage import UsageSummary, usage_part
from realcli.projections.scores import (
    BOOTSTRAP_RESAMPLES,
    BOOTSTRAP_SEED,
    DEFAULT_THRESHOLD,
    CatalogView,
    aggregate,
    build_instances,
    mode_outcome,
    pairs,
    trial_outcomes,
)

__all__ = [
    "HEADLINE_METRICS",
    "LOW_COVERAGE",
    "REPORT_SCHEMA",
    "AgentRef",
    "JudgeInfo",
    "Report",
    "RunInfo",
    "UserSimRef",
    "report",
]

REPORT_SCHEMA: Final = "realcli.report/1"
HEADLINE_METRICS: Final = ("R_EXEC", "R_COLLAB", "S_COLLAB", "J_COLLAB")
LOW_COVERAGE: Final = 0.5
"""An S resting on fewer than this share of the applicable items is marked in every rendering."""
_PAPER_NAMES = {
    "U": "Understandability",
    "S": "Steerability",
    "OR": "Observation and Recovery",
    "TC": "Trust Calibration",
    "SR": "Safety and Risk awareness",
}


class AgentRef(ReportPart, frozen=True, kw_only=True):
    """The agent of a run, as the report names it."""

    name: str
    version: str
    model: str | None


class UserSimRef(ReportPart, frozen=True, kw_only=True):
    """The user simulator of a run, as the report names it."""

    kind: str
    model: str | None


class TimeoutFactors(ReportPart, frozen=True, kw_only=True):
    """What a run multiplied its tasks' timeouts by, per kind (a report shows it only when one is not 1)."""

    agent: float
    verifier: float
    environment_build: float


class RunInfo(ReportPart, frozen=True, kw_only=True):
    """The run as its ``RunStarted`` declared it; a run without one (``recorded`` false) has only the first three."""

    run_id: str
    recorded: bool
    status: str  # the RunFinished status, or "incomplete"
    mode: str | UnsetType = UNSET
    agent: AgentRef | UnsetType = UNSET
    user_sim: UserSimRef | UnsetType | None = UNSET
    attempts: int | UnsetType = UNSET
    tasks: int | UnsetType = UNSET
    catalog_version: str | UnsetType | None = UNSET
    realcli_version: str | UnsetType = UNSET
    resumed: int | UnsetType = UNSET
    events: int | UnsetType = UNSET
    unknown_events: int | UnsetType = UNSET
    trials_scheduled: int | UnsetType = UNSET
    trials_started: int | UnsetType = UNSET
    trials_not_started: list[str] | UnsetType = UNSET
    timeouts: TimeoutFactors | UnsetType = UNSET  # set when the run scaled a timeout (--timeout-multiplier)


class JudgeInfo(ReportPart, frozen=True, kw_only=True):
    """The judge whose verdicts the report uses."""

    id: str
    kind: str | None
    model: str | None
    params: dict[str, str]
    finished: bool  # a JudgingFinished exists
    trials: int
    items: int


class Report(ReportPart, frozen=True, kw_only=True):
    """Every score of a run (docs/report-json.md)."""

    schema: str = REPORT_SCHEMA
    run: RunInfo
    judge: JudgeInfo | None
    judges_available: list[str]
    threshold: float
    R_EXEC: float | None
    R_COLLAB: float | None
    S_COLLAB: float | None
    S_COLLAB_coverage: float | None  # decided / applicable items of the judge's instances: what S rests on
    S_COLLAB_unjudged_trials: int
    J_COLLAB: float | None
    dimensions: dict[str, float | None]
    dimension_names: dict[str, str]
    sub_dimensions: dict[str, float | None]
    templates: dict[str, TemplateResult]
    outcome: Outcome
    collaboration: Collaboration
    failed_instances: list[FailedInstance]
    trajectory: Trajectory
    statistics: Statistics
    fidelity: Fidelity
    categories: dict[str, CategoryResult]
    usage: UsageSummary
    trials: list[TrialRow]

    def metric(self, name: str) -> float | None:
        """A headline metric by name (one of ``HEADLINE_METRICS``)."""
        if name not in HEADLINE_METRICS:
            raise KeyError(f"{name!r} is not a headline metric ({', '.join(HEADLINE_METRICS)})")
        value: float | None = getattr(self, name)
        return value

    def interval(self, name: str) -> tuple[float, float] | None:
        """The bootstrap interval of a headline metric, None when none was computed."""
        return self.statistics.bootstrap.intervals.get(name)


def _run_info(facts: RunFacts) -> RunInfo:
    started = facts.started
    status = facts.finished.status if facts.finished is not None else "incomplete"
    if started is None:
        return RunInfo(run_id=facts.run_id, recorded=False, status=status)
    return RunInfo(
        run_id=facts.run_id,
        recorded=True,
        status=status,
        mode=started.mode,
        agent=AgentRef(name=started.agent.name, version=started.agent.version, model=started.agent.model),
        user_sim=None if (sim := started.user_sim) is None else UserSimRef(kind=sim.kind, model=sim.model),
        attempts=started.attempts,
        tasks=len(started.tasks),
        catalog_version=started.catalog.version if started.catalog is not None else None,
        realcli_version=started.realcli_version,
        resumed=facts.resumed,
        events=facts.events,
        unknown_events=facts.unknown_events,
        trials_scheduled=len(facts.scheduled),
        trials_started=len(facts.trials),
        trials_not_started=sorted(set(facts.scheduled) - set(facts.trials)),
        timeouts=_timeouts(started.timeouts),
    )


def _timeouts(multipliers: ev.TimeoutMultipliers) -> TimeoutFactors | UnsetType:
    if not multipliers.scaled:
        return UNSET
    return TimeoutFactors(
        agent=multipliers.factor("agent"),
        verifier=multipliers.factor("verifier"),
        environment_build=multipliers.factor("environment_build"),
    )


def _judge_info(judge: JudgeFacts | None) -> JudgeInfo | None:
    if judge is None:
        return None
    started = judge.started
    return JudgeInfo(
        id=judge.judge_id,
        kind=started.kind if started is not None else None,
        model=started.model if started is not None else None,
        params=dict(sorted(started.params.items())) if started is not None else {},
        finished=judge.finished is not None,
        trials=len(judge.verdicts),
        items=sum(len(v) for v in judge.verdicts.values()),
    )


def report(
    facts: RunFacts,
    *,
    judge_id: str | None = None,
    threshold: float = DEFAULT_THRESHOLD,
    resamples: int = BOOTSTRAP_RESAMPLES,
    seed: int = BOOTSTRAP_SEED,
) -> Report:
    """Every score of a run (see docs/report-json.md).

    ``judge_id`` selects whose verdicts score collaboration (None: no
    collaboration scores); it must be one of ``facts.judges``.
    """
    if not 0 < threshold <= 1:
        raise ValueError(f"threshold {threshold} is outside (0, 1]")
    if judge_id is not None and judge_id not in facts.judges:
        raise ValueError(f"no judge {judge_id!r} in run {facts.run_id}")
    view = CatalogView(facts.started.catalog if facts.started is not None else None)
    judge = facts.judges.get(judge_id) if judge_id is not None else None
    outcomes = trial_outcomes(facts)
    ex, co = mode_outcome(outcomes, "exec"), mode_outcome(outcomes, "collab")
    # Without a judge every scored COLLAB trial is unjudged (build_instances of a judge with no verdicts).
    instances, unjudged = build_instances(facts, judge_id or "", view)
    score = aggregate(instances, view, threshold)
    paired = pairs(outcomes)
    scored = judge is not None
    return Report(
        run=_run_info(facts),
        judge=_judge_info(judge),
        judges_available=sorted(facts.judges),
        threshold=num(threshold),
        R_EXEC=num(ex.r),
        R_COLLAB=num(co.r),
        S_COLLAB=num(score.s) if scored else None,
        S_COLLAB_coverage=coverage(instances) if scored else None,
        S_COLLAB_unjudged_trials=len(unjudged),
        J_COLLAB=num(product(co.r, score.s)) if scored else None,
        dimensions={code: num(v) if scored else None for code, v in score.dimensions.items()},
        dimension_names={
            code: view.dimension_name(code) or _PAPER_NAMES.get(code, code) for code in view.dimension_codes
        },
        sub_dimensions={s: num(v) for s, v in sorted(score.sub_dimensions.items())} if scored else {},
        templates=templates_part(score, view),
        outcome=outcome_part(facts, outcomes, ex, co),
        collaboration=collaboration_part(instances, unjudged, score, co.r, judge, view),
        failed_instances=failed_instances(instances),
        trajectory=trajectory_part(facts, outcomes, paired, instances, view),
        statistics=statistics_part(ex, co, paired, instances, view, threshold, resamples, seed),
        fidelity=fidelity_part(judge),
        categories=categories_part(outcomes, paired, facts),
        usage=usage_part(facts, outcomes),
        trials=trial_rows(facts, outcomes, instances),
    )
