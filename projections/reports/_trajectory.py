"""The report's ``trajectory`` (appendix E statistics) and ``categories`` (the same, per task category)."""

from __future__ import annotations

from collections.abc import Sequence

from realcli.projections.facts import RetryStats, RunFacts
from realcli.projections.reports._base import ByMode, ReportPart, num, share
from realcli.projections.scores import (
    CatalogView,
    Flip,
    Instance,
    Pair,
    TrialOutcome,
    constraint_retention,
    flip_counts,
    goal_maintenance,
    median_ratio,
    mode_outcome,
    near_acceptance,
    retry_stats,
    successful_missing,
    tool_call_ratios,
)

__all__ = [
    "CategoryCalls",
    "CategoryResult",
    "ConstraintRetentionShares",
    "FlipMatrix",
    "GoalMaintenance",
    "GoalRate",
    "NearAcceptanceShare",
    "RetryRates",
    "SuccessfulMissing",
    "ToolCalls",
    "Trajectory",
    "categories_part",
    "trajectory_part",
]


class FlipMatrix(ReportPart, frozen=True, kw_only=True):
    """Paired EXEC/COLLAB attempts by outcome."""

    pairs: int
    fail_to_pass: int
    pass_to_fail: int
    both_pass: int
    both_fail: int
    fail_to_pass_share: float | None
    pass_to_fail_share: float | None
    changed_share: float | None


class CategoryCalls(ReportPart, frozen=True, kw_only=True):
    """The median COLLAB/EXEC ratio of agent commands over one category's pairs."""

    pairs: int
    median_ratio: float | None


class ToolCalls(ReportPart, frozen=True, kw_only=True):
    """COLLAB / EXEC agent commands per pair."""

    pairs: int
    pairs_with_exec_calls: int
    median_ratio: float | None
    by_category: dict[str, CategoryCalls]
    exec_failed_more_collab_calls: int
    exec_failed_more_collab_calls_no_gain: int
    no_gain_share: float | None


class RetryRates(ReportPart, frozen=True, kw_only=True):
    """How often a failed agent command was followed by another, retried, and how retries turned out (one mode)."""

    failures: int
    followed_by_command: int
    retries: int
    retry_succeeded: int
    retry_failed: int
    retry_success_rate: float | None


class GoalRate(ReportPart, frozen=True, kw_only=True):
    """The pass rate of instances of one kind of goal (immediate or cross-turn)."""

    passed: int
    decided: int
    pass_rate: float | None


class GoalMaintenance(ReportPart, frozen=True, kw_only=True):
    """Instances of templates tagged ``immediate`` and ``cross_turn``."""

    immediate: GoalRate
    cross_turn: GoalRate


class NearAcceptanceShare(ReportPart, frozen=True, kw_only=True):
    """Of the failed trials with reported checks, how many passed at least 90 % of them (appendix E.5)."""

    failed: int
    with_checks: int
    near: int  # >= 90 % of the reported checks passed
    share: float | None


class SuccessfulMissing(ReportPart, frozen=True, kw_only=True):
    """Of the successful COLLAB trials, how many missed at least one scenario."""

    successful_trials: int
    missing: int
    share: float | None


class ConstraintRetentionShares(ReportPart, frozen=True, kw_only=True):
    """Constraint-retention failures split into artifact failures and communication-only ones."""

    failures: int
    artifact: int
    communication_only: int
    artifact_share: float | None
    artifact_with_communication_items: int
    artifact_communication_all_pass: int
    artifact_communication_all_pass_share: float | None


class Trajectory(ReportPart, frozen=True, kw_only=True):
    """The report's trajectory analyses: flips between modes, tool calls, retries, goal maintenance, near acceptance,
    missing scenarios and constraint retention."""

    flip_matrix: FlipMatrix
    tool_calls: ToolCalls
    retries: ByMode[RetryRates]
    goal_maintenance: GoalMaintenance
    near_acceptance: ByMode[NearAcceptanceShare]
    successful_missing_scenario: SuccessfulMissing
    constraint_retention: ConstraintRetentionShares


class CategoryResult(ReportPart, frozen=True, kw_only=True):
    """One task category's R per mode, its delta, flips and tool-call ratio."""

    R_EXEC: float | None
    R_COLLAB: float | None
    delta: float | None  # R_COLLAB - R_EXEC
    tasks: int
    flip_matrix: FlipMatrix
    tool_call_median_ratio: float | None


def flip_matrix(flip: Flip) -> FlipMatrix:
    """The report's form of a ``Flip``: the counts with the shares of each direction."""
    return FlipMatrix(
        pairs=flip.total,
        fail_to_pass=flip.fail_to_pass,
        pass_to_fail=flip.pass_to_fail,
        both_pass=flip.both_pass,
        both_fail=flip.both_fail,
        fail_to_pass_share=share(flip.fail_to_pass, flip.total),
        pass_to_fail_share=share(flip.pass_to_fail, flip.total),
        changed_share=share(flip.fail_to_pass + flip.pass_to_fail, flip.total),
    )


def _retry_rates(stats: RetryStats) -> RetryRates:
    return RetryRates(
        failures=stats.failures,
        followed_by_command=stats.followed,
        retries=stats.retries,
        retry_succeeded=stats.retry_succeeded,
        retry_failed=stats.retry_failed,
        retry_success_rate=share(stats.retry_succeeded, stats.retries),
    )


def _tool_calls(facts: RunFacts, paired: Sequence[Pair]) -> ToolCalls:
    rows = tool_call_ratios(facts, paired)
    by_cat: dict[str, list[tuple[Pair, int, int]]] = {}
    for row in rows:
        by_cat.setdefault(row[0].category, []).append(row)
    # Appendix E.3: pairs whose EXEC trial failed and whose COLLAB trial made more calls.
    more = [(p, ex, co) for p, ex, co in rows if p.exec_v == 0 and co > ex]
    no_gain = sum(1 for p, _, _ in more if p.collab_v == 0)
    return ToolCalls(
        pairs=len(rows),
        pairs_with_exec_calls=sum(1 for _, ex, _ in rows if ex > 0),
        median_ratio=num(median_ratio(rows)),
        by_category={
            cat: CategoryCalls(pairs=len(r), median_ratio=num(median_ratio(r))) for cat, r in sorted(by_cat.items())
        },
        exec_failed_more_collab_calls=len(more),
        exec_failed_more_collab_calls_no_gain=no_gain,
        no_gain_share=share(no_gain, len(more)),
    )


def _goal_rate(instances: Sequence[Instance], view: CatalogView, tag: str) -> GoalRate:
    passed, decided = goal_maintenance(instances, view, tag)
    return GoalRate(passed=passed, decided=decided, pass_rate=share(passed, decided))


def _near(facts: RunFacts, outcomes: Sequence[TrialOutcome], mode: str) -> NearAcceptanceShare:
    na = near_acceptance(facts, outcomes, mode)
    return NearAcceptanceShare(
        failed=na.failed, with_checks=na.with_checks, near=na.near, share=share(na.near, na.with_checks)
    )


def _constraint_retention(instances: Sequence[Instance], view: CatalogView) -> ConstraintRetentionShares:
    cr = constraint_retention(instances, view)
    return ConstraintRetentionShares(
        failures=cr.failures,
        artifact=cr.artifact,
        communication_only=cr.communication_only,
        artifact_share=share(cr.artifact, cr.failures),
        artifact_with_communication_items=cr.artifact_with_comm,
        artifact_communication_all_pass=cr.artifact_comm_all_pass,
        artifact_communication_all_pass_share=share(cr.artifact_comm_all_pass, cr.artifact_with_comm),
    )


def trajectory_part(
    facts: RunFacts,
    outcomes: Sequence[TrialOutcome],
    paired: Sequence[Pair],
    instances: Sequence[Instance],
    view: CatalogView,
) -> Trajectory:
    """The appendix E statistics of a run."""
    missing, successful = successful_missing(instances)
    return Trajectory(
        flip_matrix=flip_matrix(flip_counts(paired)),
        tool_calls=_tool_calls(facts, paired),
        retries=ByMode(
            exec=_retry_rates(retry_stats(facts, outcomes, "exec")),
            collab=_retry_rates(retry_stats(facts, outcomes, "collab")),
        ),
        goal_maintenance=GoalMaintenance(
            immediate=_goal_rate(instances, view, "immediate"), cross_turn=_goal_rate(instances, view, "cross_turn")
        ),
        near_acceptance=ByMode(exec=_near(facts, outcomes, "exec"), collab=_near(facts, outcomes, "collab")),
        successful_missing_scenario=SuccessfulMissing(
            successful_trials=successful, missing=missing, share=share(missing, successful)
        ),
        constraint_retention=_constraint_retention(instances, view),
    )


def categories_part(
    outcomes: Sequence[TrialOutcome], paired: Sequence[Pair], facts: RunFacts
) -> dict[str, CategoryResult]:
    """R per mode, flips and tool calls per task category."""
    out: dict[str, CategoryResult] = {}
    for cat in sorted({o.category for o in outcomes}):
        sub = [o for o in outcomes if o.category == cat]
        ex, co = mode_outcome(sub, "exec"), mode_outcome(sub, "collab")
        cat_pairs = [p for p in paired if p.category == cat]
        out[cat] = CategoryResult(
            R_EXEC=num(ex.r),
            R_COLLAB=num(co.r),
            delta=num(co.r - ex.r) if co.r is not None and ex.r is not None else None,
            tasks=len(set(ex.per_task) | set(co.per_task)),
            flip_matrix=flip_matrix(flip_counts(cat_pairs)),
            tool_call_median_ratio=num(median_ratio(tool_call_ratios(facts, cat_pairs))),
        )
    return out
