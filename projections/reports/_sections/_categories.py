"""Outcomes per task category: R per mode, the change, flips and tool calls."""

from __future__ import annotations

from collections.abc import Sequence

from realcli.projections.reports._layout import Block, PairedBarChart, Section, Table, fmt_pct
from realcli.projections.reports._report import Report


def _layout(report: Report) -> Sequence[Block]:
    cats = report.categories
    if not cats:
        return []
    rows = tuple(
        (
            cat,
            c.tasks,
            fmt_pct(c.R_EXEC),
            fmt_pct(c.R_COLLAB),
            fmt_pct(c.delta),
            c.flip_matrix.fail_to_pass,
            c.flip_matrix.pass_to_fail,
            c.tool_call_median_ratio,
        )
        for cat, c in cats.items()
    )
    header = ("category", "tasks", "R_EXEC", "R_COLLAB", "delta", "fail->pass", "pass->fail", "median call ratio")
    return [
        PairedBarChart("Pass rate by category", tuple((cat, c.R_EXEC, c.R_COLLAB) for cat, c in cats.items())),
        Table(header, rows, numeric=frozenset(range(1, 8))),
    ]


SECTION: Section[Report] = Section("categories", "By category", _layout)
