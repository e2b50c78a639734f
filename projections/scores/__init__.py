"""Scores and statistics over a run's facts: task outcomes, collaboration scores, trajectory measures.

Trial outcomes and avg@k (``trial_outcomes``, ``mode_outcome``), COLLAB instances and their scores
(``build_instances``, ``aggregate``), the appendix-E trajectory statistics over paired trials, and
the statistics beyond the paper (bootstrap intervals, McNemar's exact test, the task sign test),
all against the catalog the run recorded (``CatalogView``).
"""

from realcli.projections.scores._catalog import CatalogView
from realcli.projections.scores._collab import (
    DEFAULT_THRESHOLD,
    CollabScore,
    Instance,
    InstanceItem,
    aggregate,
    build_instances,
    instance_status,
    score_counts,
)
from realcli.projections.scores._outcome import (
    EXCLUDED_STATUSES,
    ModeOutcome,
    TrialOutcome,
    mode_outcome,
    trial_cause,
    trial_outcomes,
    trial_status,
    verifier_outcome,
)
from realcli.projections.scores._stats import (
    BOOTSTRAP_RESAMPLES,
    BOOTSTRAP_SEED,
    TaskSample,
    bootstrap,
    mcnemar,
    median,
    percentile,
    task_sign_test,
)
from realcli.projections.scores._trajectory import (
    Flip,
    Pair,
    constraint_retention,
    flip_counts,
    goal_maintenance,
    median_ratio,
    near_acceptance,
    pairs,
    retry_stats,
    successful_missing,
    tool_call_ratios,
)

__all__ = [
    "BOOTSTRAP_RESAMPLES",
    "BOOTSTRAP_SEED",
    "CatalogView",
    "CollabScore",
    "DEFAULT_THRESHOLD",
    "EXCLUDED_STATUSES",
    "Flip",
    "Instance",
    "InstanceItem",
    "ModeOutcome",
    "Pair",
    "TaskSample",
    "TrialOutcome",
    "aggregate",
    "bootstrap",
    "build_instances",
    "constraint_retention",
    "flip_counts",
    "goal_maintenance",
    "instance_status",
    "mcnemar",
    "median",
    "median_ratio",
    "mode_outcome",
    "near_acceptance",
    "pairs",
    "percentile",
    "retry_stats",
    "score_counts",
    "successful_missing",
    "task_sign_test",
    "tool_call_ratios",
    "trial_cause",
    "trial_outcomes",
    "trial_status",
    "verifier_outcome",
]
