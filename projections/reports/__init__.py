"""The report: a run's scores as one typed ``Report``, laid out in sections and rendered.

    data = report(facts, judge_id="rules")
    render_markdown(data) / render_json(data) / render_html(data)

Renderers draw ``REPORT_SECTIONS`` (each a key, a title and a layout of blocks);
``report_document(data)`` is that layout for any other renderer.  A comparison of two judges
(``compare_judges``) is laid out and rendered alike.
"""

from realcli.projections.reports._compare import JudgeAgreement, compare_judges
from realcli.projections.reports._html import render_compare_html, render_html
from realcli.projections.reports._layout import (
    BarChart,
    Block,
    Bullets,
    Cell,
    Document,
    FlipChart,
    Metrics,
    PairedBarChart,
    Section,
    Span,
    Strong,
    Table,
    Text,
    fmt_cell,
    fmt_interval,
    fmt_pct,
    text,
)
from realcli.projections.reports._render import render_compare_markdown, render_json, render_markdown
from realcli.projections.reports._report import HEADLINE_METRICS, Report, report
from realcli.projections.reports._sections import REPORT_SECTIONS, report_document, report_sections
from realcli.projections.reports._trials import TrialRow

__all__ = [
    "BarChart",
    "Block",
    "Bullets",
    "Cell",
    "Document",
    "FlipChart",
    "HEADLINE_METRICS",
    "JudgeAgreement",
    "Metrics",
    "PairedBarChart",
    "REPORT_SECTIONS",
    "Report",
    "Section",
    "Span",
    "Strong",
    "Table",
    "Text",
    "TrialRow",
    "compare_judges",
    "fmt_cell",
    "fmt_interval",
    "fmt_pct",
    "render_compare_html",
    "render_compare_markdown",
    "render_html",
    "render_json",
    "render_markdown",
    "report",
    "report_document",
    "report_sections",
    "text",
]
