"""The five collaboration dimensions (and their profile), then the sub-dimensions."""

from __future__ import annotations

from collections.abc import Sequence

from realcli.projections.reports._layout import BarChart, Block, Section, Table, fmt_pct
from realcli.projections.reports._report import Report


def _dimensions(report: Report) -> Sequence[Block]:
    names, contamination = report.dimension_names, report.collaboration.contamination
    rows = []
    for code, score in report.dimensions.items():
        flagged = code in contamination and contamination[code].contaminated
        rows.append((code, names.get(code, ""), fmt_pct(score), "contaminated" if flagged else ""))
    bars = tuple((f"{code} {names.get(code, '')}".strip(), score) for code, score in report.dimensions.items())
    return [
        BarChart("Collaboration dimension profile", bars),
        Table(("dimension", "name", "score", "simulator"), tuple(rows)),
    ]


def _sub_dimensions(report: Report) -> Sequence[Block]:
    rows = tuple((sub, fmt_pct(score)) for sub, score in report.sub_dimensions.items())
    return [Table(("sub-dimension", "score"), rows)] if rows else []


SECTION: Section[Report] = Section("dimensions", "Collaboration dimensions", _dimensions)
SUB_SECTION: Section[Report] = Section("sub_dimensions", "", _sub_dimensions)
