"""The report in a terminal: its laid-out sections (``projections.REPORT_SECTIONS``) as Rich tables and lines.

Like the Markdown and HTML renderers, this knows how each kind of block
looks, and nothing about any one section.  Every string goes in as Rich
``Text``, never as markup, its control characters shown (``visible_text``):
judge ids, task names and details are data.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from rich.console import RenderableType
from rich.table import Table as RichTable
from rich.text import Text as RichText

from realcli.cli._terminal import visible, visible_text
from realcli.projections import (
    BarChart,
    Block,
    Bullets,
    Cell,
    Document,
    FlipChart,
    Metrics,
    PairedBarChart,
    Span,
    Strong,
    Table,
    Text,
    fmt_cell,
    fmt_interval,
    fmt_pct,
)

__all__ = ["terminal"]


def _table(header: Sequence[str], rows: Sequence[Sequence[Cell]], numeric: Collection[int] = ()) -> RichTable:
    table = RichTable()
    for i, name in enumerate(header):
        table.add_column(visible_text(name), justify="right" if i in numeric else "left")
    for row in rows:
        table.add_row(*(visible_text(fmt_cell(c)) for c in row))
    return table


def _metrics(block: Metrics) -> RichTable:
    rows = []
    for m in block.metrics:
        value = fmt_pct(m.value) + (f" ({m.caveat})" if m.caveat else "")
        interval = (fmt_interval(m.interval),) if block.intervals else ()
        rows.append((m.name, value, *interval, m.note))
    ci = ("95% CI (bootstrap over tasks)",) if block.intervals else ()
    return _table(("metric", "value", *ci, "rests on"), rows, numeric=(1,))


def _line(spans: Sequence[Span]) -> RichText:
    return RichText.assemble(*((visible(s.text), "bold") if isinstance(s, Strong) else visible(s) for s in spans))


def _block(block: Block) -> list[RenderableType]:
    match block:
        case Text(lines=lines):
            return [_line(line) for line in lines]
        case Bullets(items=items):
            return [visible_text(f"- {item}") for item in items]
        case Table(header=header, rows=rows, numeric=numeric):
            return [_table(header, rows, numeric)]
        case Metrics():
            return [_metrics(block)]
        case BarChart() | FlipChart() | PairedBarChart():
            return []  # a chart's numbers are in the tables beside it


def terminal(doc: Document, keys: Collection[str] | None = None) -> list[RenderableType]:
    """The laid-out report as Rich renderables; ``keys``: only these sections."""
    out: list[RenderableType] = []
    for part in doc.parts:
        if keys is not None and part.key not in keys:
            continue
        if part.heading:
            out.append(visible_text(part.heading, style="bold"))
        for block in part.blocks:
            out += _block(block)
    return out
