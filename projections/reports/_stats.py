"""The report's ``statistics``: bootstrap intervals over tasks, McNemar's test per task, threshold sensitivity."""

from __future__ import annotations

from collections.abc import Sequence

from realcli.projections.reports._base import ReportPart, num
from realcli.projections.reports._collab import product
from realcli.projections.scores import (
    CatalogView,
    Instance,
    ModeOutcome,
    Pair,
    TaskSample,
    aggregate,
    bootstrap,
    flip_counts,
    task_sign_test,
)

__all__ = [
    "SENSITIVITY_THRESHOLDS",
    "BootstrapIntervals",
    "McNemarTasks",
    "SensitivityRow",
    "Statistics",
    "statistics_part",
]

SENSITIVITY_THRESHOLDS = (0.5, 0.6, 0.7, 0.75, 0.8, 0.9, 1.0)


class BootstrapIntervals(ReportPart, frozen=True, kw_only=True):
    """Percentile intervals of the headline metrics, resampling tasks."""

    resamples: int
    seed: int
    level: float = 0.95
    unit: str = "task"
    intervals: dict[str, tuple[float, float] | None]  # metric -> (2.5 %, 97.5 %)
    undefined_resamples: dict[str, int]  # metric -> resamples in which it had no value


class McNemarTasks(ReportPart, frozen=True, kw_only=True):
    """McNemar's exact test at the unit of the task; the attempt-pair counts are for description only."""

    unit: str = "task"
    tasks: int
    exec_better_tasks: int
    collab_better_tasks: int
    tied_tasks: int
    p_value: float
    pairs: int
    exec_pass_collab_fail: int
    exec_fail_collab_pass: int


class SensitivityRow(ReportPart, frozen=True, kw_only=True):
    """S and J at one item threshold (how the collaboration scores move with it)."""

    threshold: float
    S_COLLAB: float | None
    J_COLLAB: float | None
    S_COLLAB_available: float | None


class Statistics(ReportPart, frozen=True, kw_only=True):
    """The report's statistics: bootstrap intervals, McNemar's test on EXEC/COLLAB pairs, and the
    threshold sensitivity."""

    bootstrap: BootstrapIntervals
    mcnemar: McNemarTasks
    sensitivity: list[SensitivityRow]


def _task_samples(ex: ModeOutcome, co: ModeOutcome, instances: Sequence[Instance]) -> dict[str, TaskSample]:
    decided: dict[str, list[tuple[str, bool]]] = {}
    for inst in instances:
        if inst.status in ("pass", "fail"):
            decided.setdefault(inst.task_id, []).append((inst.template, inst.status == "pass"))
    tasks = set(ex.per_task) | set(co.per_task) | set(decided)
    return {
        task: TaskSample(ex.per_task.get(task), co.per_task.get(task), tuple(sorted(decided.get(task, []))))
        for task in sorted(tasks)
    }


def _sensitivity(
    instances: Sequence[Instance], view: CatalogView, r_collab: float | None, threshold: float
) -> list[SensitivityRow]:
    rows = []
    for t in sorted({*SENSITIVITY_THRESHOLDS, threshold}):
        score = aggregate(instances, view, t)
        rows.append(
            SensitivityRow(
                threshold=num(t),
                S_COLLAB=num(score.s),
                J_COLLAB=num(product(r_collab, score.s)),
                S_COLLAB_available=num(score.s_available),
            )
        )
    return rows


def statistics_part(
    ex: ModeOutcome,
    co: ModeOutcome,
    paired: Sequence[Pair],
    instances: Sequence[Instance],
    view: CatalogView,
    threshold: float,
    resamples: int,
    seed: int,
) -> Statistics:
    """Intervals, the paired test and the sensitivity table of a run."""
    boot = bootstrap(_task_samples(ex, co, instances), view, threshold, resamples=resamples, seed=seed)
    flip = flip_counts(paired)
    test = task_sign_test(ex.per_task, co.per_task)
    return Statistics(
        bootstrap=BootstrapIntervals(
            resamples=boot.resamples,
            seed=boot.seed,
            intervals={m: None if ci is None else (num(ci[0]), num(ci[1])) for m, ci in boot.intervals.items()},
            undefined_resamples=boot.undefined,
        ),
        mcnemar=McNemarTasks(
            tasks=test.tasks,
            exec_better_tasks=test.exec_better,
            collab_better_tasks=test.collab_better,
            tied_tasks=test.ties,
            p_value=num(test.p_value),
            pairs=flip.total,
            exec_pass_collab_fail=flip.pass_to_fail,
            exec_fail_collab_pass=flip.fail_to_pass,
        ),
        sensitivity=_sensitivity(instances, view, co.r, threshold),
    )
