"""The paper's four numbers, their intervals, and what S_COLLAB rests on."""

from __future__ import annotations

from collections.abc import Sequence

from realcli.projections.reports._layout import Block, Metric, Metrics, Section, fmt_pct, text
from realcli.projections.reports._report import HEADLINE_METRICS, LOW_COVERAGE, Report


def coverage_note(report: Report) -> str:
    """What S_COLLAB rests on, e.g. ``coverage 38% of items: under half decided``; "" without a judge."""
    coverage = report.S_COLLAB_coverage
    if report.judge is None or coverage is None:
        return ""
    note = f"coverage {fmt_pct(coverage, 0)} of items"
    return note + (": under half decided" if coverage < LOW_COVERAGE else "")


def _metric(report: Report, name: str) -> Metric:
    value, interval = report.metric(name), report.interval(name)
    if name != "S_COLLAB":
        return Metric(name, value, interval)
    unjudged = report.S_COLLAB_unjudged_trials
    caveat = f"{unjudged} finished trial(s) unjudged" if unjudged else ""
    return Metric(name, value, interval, caveat, coverage_note(report))


def _note(report: Report) -> Sequence[Block]:
    collab = report.collaboration
    if report.judge is None:
        return [text("No judge verdicts: collaboration is not scored (run `realcli rejudge`).")]
    if report.S_COLLAB is None:
        return [
            text(
                f"S_COLLAB needs all five dimensions; missing: {', '.join(collab.dimensions_missing)}. "
                f"Over the available dimensions: S = {fmt_pct(collab.S_COLLAB_available)}, "
                f"J = {fmt_pct(collab.J_COLLAB_available)}."
            )
        ]
    return []


def _layout(report: Report) -> Sequence[Block]:
    metrics = tuple(_metric(report, name) for name in HEADLINE_METRICS)
    return [Metrics(metrics, intervals=report.statistics.bootstrap.resamples > 0), *_note(report)]


SECTION: Section[Report] = Section("headline", "Headline", _layout)
