"""McNemar's test per task, the bootstrap's settings, and how S and J move with the threshold."""

from __future__ import annotations

from collections.abc import Sequence

from realcli.projections.reports._layout import Block, Section, Table, fmt_cell, fmt_pct, text
from realcli.projections.reports._report import Report


def _layout(report: Report) -> Sequence[Block]:
    st = report.statistics
    mc, boot = st.mcnemar, st.bootstrap
    rows = tuple(
        (r.threshold, fmt_pct(r.S_COLLAB), fmt_pct(r.J_COLLAB), fmt_pct(r.S_COLLAB_available)) for r in st.sensitivity
    )
    return [
        text(
            f"McNemar exact test, unit = task ({mc.tasks} tasks scored in both modes; attempts of a task are "
            f"not independent): EXEC better on {mc.exec_better_tasks}, COLLAB better on "
            f"{mc.collab_better_tasks}, tied on {mc.tied_tasks}, p = {fmt_cell(mc.p_value)}."
        ),
        text(f"Bootstrap: {boot.resamples} resamples of tasks, seed {boot.seed}."),
        Table(("threshold", "S_COLLAB", "J_COLLAB", "S over available dims"), rows, numeric=frozenset({0, 1, 2, 3})),
    ]


SECTION: Section[Report] = Section("statistics", "Statistics", _layout)
