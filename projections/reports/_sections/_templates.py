"""Scenario templates: pass rates against the threshold, and the share of their items decided."""

from __future__ import annotations

from collections.abc import Sequence

from realcli.projections.reports._layout import Block, Section, Table, fmt_pct
from realcli.projections.reports._report import Report


def _layout(report: Report) -> Sequence[Block]:
    rows = tuple(
        (
            tid,
            t.name,
            t.instances,
            t.na_instances,
            t.undecided_instances,
            fmt_pct(t.pass_rate),
            t.passed,
            fmt_pct(t.coverage),
        )
        for tid, t in sorted(report.templates.items())
    )
    if not rows:
        return []
    header = (
        "template",
        "name",
        "decided",
        "n/a",
        "undecided",
        "pass rate",
        f"passed (>= {report.threshold})",
        "item coverage",
    )
    return [Table(header, rows, numeric=frozenset({2, 3, 4, 5, 7}))]


SECTION: Section[Report] = Section("templates", "Scenario templates", _layout)
