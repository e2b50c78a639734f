"""A judge comparison (``realcli report --compare A,B``): agreement overall and per template, then disagreements."""

from __future__ import annotations

from collections.abc import Sequence

from realcli.projections.reports._compare import JudgeAgreement
from realcli.projections.reports._layout import Block, Bullets, Section, Table, fmt_cell, fmt_pct


def _agreement(data: JudgeAgreement) -> Sequence[Block]:
    a, b = data.judges
    return [
        Bullets(
            (
                f"Items judged by both: {data.items_compared} (only {a}: {data.only_in_first}, "
                f"only {b}: {data.only_in_second})",
                f"Agreement: {fmt_pct(data.agreement)}",
                f"Agreement where both decided (pass/fail): {fmt_pct(data.decided_agreement)} of "
                f"{data.decided_by_both}; Cohen's kappa {fmt_cell(data.kappa)}",
            )
        ),
        Table(
            ("template", "items", "agreement"),
            tuple((t, v.items, fmt_pct(v.agreement)) for t, v in data.templates.items()),
            numeric=frozenset({1, 2}),
        ),
    ]


def _disagreements(data: JudgeAgreement) -> Sequence[Block]:
    a, b = data.judges
    rows = tuple((d["trial"], d["scenario"], d["item"], d[a], d[b]) for d in data.disagreements)
    return [Table(("trial", "scenario", "item", a, b), rows)] if rows else []


AGREEMENT: Section[JudgeAgreement] = Section("agreement", "", _agreement)
DISAGREEMENTS: Section[JudgeAgreement] = Section("disagreements", "", _disagreements)
