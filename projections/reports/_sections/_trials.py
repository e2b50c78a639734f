"""Every trial in one row: how it ended and what its scenarios came to."""

from __future__ import annotations

from collections.abc import Sequence

from realcli.projections.reports._layout import Block, Section, Table
from realcli.projections.reports._report import Report


def _layout(report: Report) -> Sequence[Block]:
    rows = tuple(
        (
            t.trial,
            t.mode,
            t.status,
            t.reward,
            t.end_reason,
            t.turns,
            t.agent_commands,
            "-" if t.instances is None else f"{t.instances.passed}/{t.instances.failed}",
        )
        for t in report.trials
    )
    if not rows:
        return []
    header = ("trial", "mode", "status", "reward", "end", "turns", "commands", "scenarios pass/fail")
    return [Table(header, rows, numeric=frozenset({3, 5, 6}))]


SECTION: Section[Report] = Section("trials", "Trials", _layout)
