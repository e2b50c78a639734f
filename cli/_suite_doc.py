"""docs/suite.md's measured sections: the suite's shape beside the paper's (section 3, appendix B.3, C.2),
and the difficulty proxies each task records with their distribution beside the paper's budgets (600
turns; 6 h EXEC, 10 h COLLAB).  Proxies are read from ``[metadata.proxies]`` as recorded (a test keeps
them equal to what ``realcli coverage --write-proxies`` computes), so no runtime is needed."""

from __future__ import annotations

import math
import statistics
from collections.abc import Mapping, Sequence
from typing import Any, Final

from msgspec import Struct

from realcli.scripts_catalog import Coverage
from realcli.taskformat import Task

__all__ = ["SuiteShape", "proxies_markdown", "shape_markdown", "suite_shape"]

PAPER_TURNS: Final = 600
PAPER_EXEC_HOURS: Final = 6
PAPER_COLLAB_HOURS: Final = 10
_COLUMNS: Final = (
    ("solution_lines", "solution lines"),
    ("solution_commands", "solve.sh commands"),
    ("distinct_tools", "distinct tools"),
    ("verifier_checks", "verifier checks"),
    ("revisions", "revisions"),
    ("expected_turns_exec", "expected turns EXEC"),
    ("expected_turns_collab", "expected turns COLLAB"),
)


def recorded_proxies(task: Task) -> Mapping[str, Any] | None:
    """The task's ``[metadata.proxies]`` table, as task.toml records it (None if it has none)."""
    table = task.raw_config.get("metadata", {}).get("proxies")
    return table if isinstance(table, Mapping) else None


def proxies_markdown(tasks: Sequence[Task]) -> list[str]:
    """The lines of the difficulty section."""
    rows = sorted(((t, recorded_proxies(t)) for t in tasks), key=lambda r: (r[0].spec.category, r[0].task_id))
    lines = [
        "## Difficulty without a model",
        "",
        "Until `realcli profile` runs a real agent on them, every task records proxies computed from its",
        "files alone in `[metadata.proxies]` (`realcli coverage tasks/ --write-proxies`; a test keeps them",
        "current): the reference solution's lines (code to write) and `solve.sh` commands (commands to run),",
        "the distinct programs it uses, the verifier's checks (parametrized cases counted), the revisions",
        "(slices and probes that change an earlier requirement) and the expected agent turns: 3 to orient,",
        "one per `solve.sh` command, one per 15 solution lines and one per two verifier checks (EXEC);",
        "COLLAB adds one per slice, two per probe, two per revision and two for the opening and the closing",
        "(an estimate, not a measurement: `docs/synthesis.md`).",
        "",
        "| task | " + " | ".join(label for _, label in _COLUMNS) + " |",
        "|---|" + "---|" * len(_COLUMNS),
    ]
    for task, proxies in rows:
        cells = [str(proxies.get(key, "-")) if proxies else "-" for key, _ in _COLUMNS]
        lines.append(f"| {task.task_id} | " + " | ".join(cells) + " |")
    recorded = [p for _, p in rows if p]
    lines += ["", *_distribution(recorded), "", *_budgets(tasks, recorded)]
    missing = [t.task_id for t, p in rows if not p]
    if missing:
        lines += ["", f"No proxies recorded for {', '.join(missing)}: `realcli coverage TASKS --write-proxies`."]
    return lines


def _distribution(recorded: Sequence[Mapping[str, Any]]) -> list[str]:
    lines = ["| proxy | min | median | 90th percentile | max | the paper's budget |", "|---|---|---|---|---|---|"]
    budgets = {
        "expected_turns_exec": f"{PAPER_TURNS} turns, {PAPER_EXEC_HOURS} h",
        "expected_turns_collab": f"{PAPER_TURNS} turns, {PAPER_COLLAB_HOURS} h",
    }
    for key, label in _COLUMNS:
        values = sorted(int(p[key]) for p in recorded if isinstance(p.get(key), int))
        if not values:
            continue
        p90 = values[max(0, math.ceil(0.9 * len(values)) - 1)]  # nearest rank
        cells = [values[0], f"{statistics.median(values):g}", p90, values[-1], budgets.get(key, "-")]
        lines.append(f"| {label} | " + " | ".join(str(c) for c in cells) + " |")
    return lines


def _budgets(tasks: Sequence[Task], recorded: Sequence[Mapping[str, Any]]) -> list[str]:
    turns = sorted({t.spec.config.agent.max_turns for t in tasks})
    exec_hours = sorted({t.spec.config.agent.timeout_sec / 3600 for t in tasks})
    collab_hours = sorted({t.spec.config.collab.timeout_sec / 3600 for t in tasks})
    most = max((int(p.get("expected_turns_collab", 0)) for p in recorded), default=0)
    return [
        f"The tasks' own budgets (`task.toml`): {_values(turns)} turns, {_values(exec_hours)} h EXEC, "
        f"{_values(collab_hours)} h COLLAB (the paper: {PAPER_TURNS} turns, {PAPER_EXEC_HOURS} h EXEC, "
        f"{PAPER_COLLAB_HOURS} h COLLAB). The most turns a task is expected to take, {most} in COLLAB, "
        f"is {100 * most / PAPER_TURNS:.0f} % of the paper's {PAPER_TURNS}-turn budget.",
    ]


def _values(values: Sequence[float]) -> str:
    return " or ".join(f"{v:g}" for v in values)


class SuiteShape(Struct, frozen=True, kw_only=True):
    """The counts the paper reports for its benchmark, measured on a suite (``coverage --json``'s ``shape``)."""

    tasks: int
    subdomains: int
    slices_mean: float  # slices per script, over the tasks that have one
    probes_mean: float
    items: int  # checklist items of every probe
    items_per_task: float
    evidence_percent: dict[str, float]  # trace / environment / both, percent of the items


PAPER_SHAPE: Final = SuiteShape(
    tasks=101,
    subdomains=52,
    slices_mean=16.0,
    probes_mean=6.0,
    items=1658,
    items_per_task=16.4,
    evidence_percent={"trace": 66.5, "environment": 24.9, "both": 8.6},
)
"""The paper's benchmark (section 3, appendix B.3 and C.2); its slices per script are "about 16"."""


def suite_shape(tasks: Sequence[Task], cov: Coverage) -> SuiteShape:
    """The paper's counts measured on ``tasks`` (EXEC-only tasks count as tasks, not in the per-script means)."""
    scripted = [t for t in cov.tasks if t.probes]
    by_evidence = cov.items_by_evidence
    items = sum(by_evidence.values())
    return SuiteShape(
        tasks=len(tasks),
        subdomains=len({t.spec.config.metadata.subdomain for t in tasks}),
        slices_mean=_mean([t.slices for t in scripted]),
        probes_mean=_mean([t.probes for t in scripted]),
        items=items,
        items_per_task=_mean([t.item_count for t in scripted]),
        evidence_percent={e: round(100 * n / items, 1) if items else 0.0 for e, n in by_evidence.items()},
    )


def shape_markdown(shape: SuiteShape) -> list[str]:
    """The suite beside the paper, as a markdown table."""
    paper = PAPER_SHAPE
    return [
        "| | the paper | this suite |",
        "|---|---|---|",
        f"| tasks | {paper.tasks} | {shape.tasks} |",
        f"| subdomains | {paper.subdomains} | {shape.subdomains} |",
        f"| slices per script (mean) | about {paper.slices_mean:g} | {shape.slices_mean:.1f} |",
        f"| probes per script (mean) | {paper.probes_mean:g} | {shape.probes_mean:.1f} |",
        f"| checklist items | {paper.items:,} ({paper.items_per_task:g} per task) | "
        f"{shape.items:,} ({shape.items_per_task:.1f} per task) |",
        f"| items by evidence: trace / environment / both | {_split(paper)} | {_split(shape)} |",
    ]


def _split(shape: SuiteShape) -> str:
    return " / ".join(f"{shape.evidence_percent.get(e, 0.0):.1f} %" for e in ("trace", "environment", "both"))


def _mean(values: Sequence[int]) -> float:
    return round(statistics.fmean(values), 2) if values else 0.0
