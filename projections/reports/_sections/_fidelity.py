"""Simulator fidelity: how many trials the judge audited, and the criteria the simulator failed."""

from __future__ import annotations

from collections.abc import Sequence

from realcli.projections.reports._layout import Block, Section, Table, fmt_pct, text
from realcli.projections.reports._report import Report


def _layout(report: Report) -> Sequence[Block]:
    fid = report.fidelity
    if not fid.trials_audited:
        return []
    blocks: list[Block] = [
        text(
            f"{fid.trials_decided} of {fid.trials_audited} trials audited (a criterion decided; "
            f"{fmt_pct(fid.criteria_decided_share)} of the criteria); {fid.no_deviation_trials} of those "
            f"without deviation ({fmt_pct(fid.no_deviation_share)}). n/a is not clean."
        ),
        Table(
            ("criterion", "pass", "fail", "n/a"),
            tuple((c, v.passed, v.failed, v.na) for c, v in fid.criteria.items()),
            numeric=frozenset({1, 2, 3}),
        ),
    ]
    if fid.failures:
        rows = tuple((f.trial, f.criterion, ", ".join(f.affected_dimensions), f.rationale) for f in fid.failures)
        blocks.append(Table(("trial", "criterion", "affects", "rationale"), rows))
    return blocks


SECTION: Section[Report] = Section("fidelity", "Simulator fidelity", _layout)
