"""Statistics beyond the paper: bootstrap CIs over tasks, McNemar's exact test, medians.

Everything is deterministic: the bootstrap draws from a local
``random.Random(seed)``, and the McNemar p-value is computed exactly with
integers before one final division.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from realcli.projections.scores._catalog import CatalogView
from realcli.projections.scores._collab import score_counts
from realcli.projections.scores._outcome import mean

__all__ = [
    "BOOTSTRAP_RESAMPLES",
    "BOOTSTRAP_SEED",
    "BootstrapResult",
    "McNemar",
    "TaskSignTest",
    "TaskSample",
    "bootstrap",
    "mcnemar",
    "task_sign_test",
    "median",
    "percentile",
]

BOOTSTRAP_RESAMPLES = 1000
BOOTSTRAP_SEED = 20251029


def median(values: Sequence[float]) -> float | None:
    """The median (mean of the middle two for an even count), or None."""
    if not values:
        return None
    ordered = sorted(values)
    mid = len(ordered) // 2
    if len(ordered) % 2:
        return ordered[mid]
    return (ordered[mid - 1] + ordered[mid]) / 2


def percentile(ordered: Sequence[float], q: float) -> float:
    """Linear-interpolated percentile of sorted values (numpy's default method), ``q`` in [0, 1]."""
    if not ordered:
        raise ValueError("percentile of no values")
    pos = q * (len(ordered) - 1)
    lo = math.floor(pos)
    hi = min(lo + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (pos - lo)


@dataclass(frozen=True, slots=True)
class McNemar:
    """Exact McNemar test on paired binary outcomes.

    ``b`` = EXEC pass -> COLLAB fail, ``c`` = EXEC fail -> COLLAB pass; the
    two-sided p-value is ``min(1, 2 * P(X <= min(b, c)))`` for X ~ Bin(b + c, 1/2),
    and 1 when there are no discordant pairs.
    """

    b: int
    c: int
    p_value: float

    @property
    def discordant(self) -> int:
        """The discordant pairs, ``b + c``."""
        return self.b + self.c


def mcnemar(b: int, c: int) -> McNemar:
    """The exact two-sided McNemar test of ``b`` against ``c`` (p = 1 without a discordant pair)."""
    n = b + c
    if n == 0:
        return McNemar(b, c, 1.0)
    tail = sum(math.comb(n, i) for i in range(min(b, c) + 1))
    p = min(Fraction(1), Fraction(2 * tail, 2**n))
    return McNemar(b, c, float(p))


@dataclass(frozen=True, slots=True)
class TaskSignTest:
    """McNemar's exact test at the unit of the task (an exact sign test on per-task differences).

    Attempts of one task are not independent, so the unit is the task: for
    each task scored in both modes, ``d = mean V(COLLAB) - mean V(EXEC)``
    over its attempts; ``exec_better`` counts d < 0, ``collab_better`` d > 0,
    ``ties`` d = 0; the p-value is McNemar's (``mcnemar``) on the two counts.
    With one attempt per task it is McNemar's test on the task pairs.
    """

    tasks: int
    exec_better: int
    collab_better: int
    ties: int
    p_value: float


def task_sign_test(exec_per_task: Mapping[str, float], collab_per_task: Mapping[str, float]) -> TaskSignTest:
    """The paired test over tasks scored in both modes (``ModeOutcome.per_task`` of each mode)."""
    both = sorted(set(exec_per_task) & set(collab_per_task))
    diffs = [collab_per_task[t] - exec_per_task[t] for t in both]
    exec_better = sum(d < 0 for d in diffs)
    collab_better = sum(d > 0 for d in diffs)
    test = mcnemar(exec_better, collab_better)
    return TaskSignTest(len(both), exec_better, collab_better, len(both) - exec_better - collab_better, test.p_value)


@dataclass(frozen=True, slots=True)
class TaskSample:
    """What one task contributes to a resample."""

    exec_v: float | None  # mean V over scored EXEC attempts
    collab_v: float | None
    instances: tuple[tuple[str, bool], ...]  # (template, passed) of decided COLLAB instances


@dataclass(frozen=True, slots=True)
class BootstrapResult:
    """The bootstrap intervals (2.5 %, 97.5 %) per metric, and in how many resamples each metric was undefined."""

    resamples: int
    seed: int
    intervals: dict[str, tuple[float, float] | None]  # metric -> (2.5 %, 97.5 %)
    undefined: dict[str, int]  # metric -> resamples in which it had no value


def bootstrap(
    tasks: Mapping[str, TaskSample],
    view: CatalogView,
    threshold: float,
    *,
    resamples: int = BOOTSTRAP_RESAMPLES,
    seed: int = BOOTSTRAP_SEED,
) -> BootstrapResult:
    """Percentile 95 % intervals of R_EXEC, R_COLLAB, S_COLLAB and J_COLLAB, resampling tasks."""
    names = sorted(tasks)
    samples = [tasks[n] for n in names]
    metrics = ("R_EXEC", "R_COLLAB", "S_COLLAB", "J_COLLAB")
    values: dict[str, list[float]] = {m: [] for m in metrics}
    undefined = dict.fromkeys(metrics, 0)
    if not samples:
        return BootstrapResult(resamples, seed, dict.fromkeys(metrics), undefined)
    rng = random.Random(seed)
    n = len(samples)
    for _ in range(resamples):
        drawn = [samples[rng.randrange(n)] for _ in range(n)]
        r_exec = mean(s.exec_v for s in drawn if s.exec_v is not None)
        r_collab = mean(s.collab_v for s in drawn if s.collab_v is not None)
        counts: dict[str, list[int]] = {}
        for sample in drawn:
            for template, passed in sample.instances:
                tally = counts.setdefault(template, [0, 0])
                tally[0] += passed
                tally[1] += 1
        _, _, s, _ = score_counts({t: (p, d) for t, (p, d) in counts.items()}, view, threshold)
        j = r_collab * s if r_collab is not None and s is not None else None
        for metric, value in zip(metrics, (r_exec, r_collab, s, j), strict=True):
            if value is None:
                undefined[metric] += 1
            else:
                values[metric].append(value)
    intervals: dict[str, tuple[float, float] | None] = {}
    for metric in metrics:
        ordered = sorted(values[metric])
        intervals[metric] = (percentile(ordered, 0.025), percentile(ordered, 0.975)) if ordered else None
    return BootstrapResult(resamples, seed, intervals, undefined)
