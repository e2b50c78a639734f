"""Rendering a report as JSON or Markdown; the same input gives the same bytes.

Markdown is drawn from the laid-out sections (``_sections``): this module
knows how each kind of block looks in Markdown, and nothing about any one
section.
"""

from __future__ import annotations

import json
from collections.abc import Sequence

import msgspec

from realcli.projections.reports._compare import JudgeAgreement
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
)
from realcli.projections.reports._report import Report
from realcli.projections.reports._sections import compare_document, report_document

__all__ = ["markdown", "render_compare_markdown", "render_json", "render_markdown"]


def render_json(data: Report | JudgeAgreement) -> str:
    """Pretty, key-sorted JSON with a trailing newline (docs/report-json.md).

    The standard library's encoder, not msgspec's: the bytes (``1e-06``, not
    ``1e-6``) are the report's contract.
    """
    return json.dumps(msgspec.to_builtins(data), indent=2, sort_keys=True, ensure_ascii=False, allow_nan=False) + "\n"


def _cell(value: Cell) -> str:
    return fmt_cell(value).replace("|", "\\|").replace("\n", " ")


def _table(header: Sequence[str], rows: Sequence[Sequence[Cell]]) -> list[str]:
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    lines += ["| " + " | ".join(_cell(c) for c in row) + " |" for row in rows]
    lines.append("")
    return lines


def _spans(spans: Sequence[Span]) -> str:
    return "".join(f"**{s.text}**" if isinstance(s, Strong) else s for s in spans)


def _metrics(block: Metrics) -> list[str]:
    rows = []
    for m in block.metrics:
        value = fmt_pct(m.value) + (f" ({m.caveat})" if m.caveat else "")
        interval = (fmt_interval(m.interval),) if block.intervals else ()
        rows.append((m.name, value, *interval, m.note))
    ci = ("95% CI (bootstrap over tasks)",) if block.intervals else ()
    return _table(("metric", "value", *ci, "rests on"), rows)


def _block(block: Block) -> list[str]:
    match block:
        case Text(lines=lines):
            return [*(_spans(line) for line in lines), ""]
        case Bullets(items=items):
            return [*(f"- {item}" for item in items), ""]
        case Table(header=header, rows=rows):
            return _table(header, rows)
        case Metrics():
            return _metrics(block)
        case BarChart() | FlipChart() | PairedBarChart():
            return []  # a chart's numbers are in the tables beside it


def markdown(doc: Document) -> str:
    """A laid-out report as Markdown."""
    lines = [f"# {doc.title}", ""]
    for part in doc.parts:
        if part.heading:
            lines += [f"## {part.heading}", ""]
        for block in part.blocks:
            lines += _block(block)
    return "\n".join(lines).rstrip("\n") + "\n"


def render_markdown(data: Report, sections: Sequence[Section[Report]] | None = None) -> str:
    """The report as Markdown."""
    return markdown(report_document(data, sections))


def render_compare_markdown(data: JudgeAgreement) -> str:
    """A judge comparison (``compare_judges``) as Markdown."""
    return markdown(compare_document(data))
