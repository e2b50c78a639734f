"""The report as one self-contained HTML file: inline CSS and hand-made inline SVG charts.

No scripts, fonts, images or stylesheets are fetched: the file opens offline
and can be attached anywhere.  The page is drawn from the laid-out sections
(``_sections``): this module knows how each kind of block looks in HTML, and
nothing about any one section.  Charts: bars (the dimension profile), a 2x2
flip matrix and paired bars (pass rates by category).
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from realcli.projections.reports._compare import JudgeAgreement
from realcli.projections.reports._layout import (
    BarChart,
    Block,
    Bullets,
    Cell,
    Document,
    FlipChart,
    Metric,
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

__all__ = ["html", "render_compare_html", "render_html"]

_CSS = """
body{font:14px/1.45 system-ui,-apple-system,Segoe UI,Roboto,sans-serif;margin:2rem auto;max-width:1100px;
color:#1d2733;padding:0 1rem}
h1{font-size:1.6rem;margin-bottom:.2rem}h2{font-size:1.2rem;margin-top:2rem;border-bottom:1px solid #d8dee6}
.cards{display:flex;gap:1rem;flex-wrap:wrap;margin:1rem 0}
.card{border:1px solid #d8dee6;border-radius:8px;padding:.8rem 1rem;min-width:180px}
.card .v{font-size:1.8rem;font-weight:600}.card .ci{color:#5b6b7c;font-size:.85rem}
table{border-collapse:collapse;margin:.6rem 0;width:100%}th,td{border-bottom:1px solid #e6eaef;
padding:.3rem .5rem;text-align:left;vertical-align:top}th{background:#f4f6f9}
td.n,th.n{text-align:right;font-variant-numeric:tabular-nums}
section.run p{color:#5b6b7c}.note{color:#5b6b7c;font-size:.9rem}
svg{display:block;margin:.6rem 0}svg text{font:12px system-ui,sans-serif;fill:#1d2733}
"""

_EXEC_COLOR = "#7a8da3"
_COLLAB_COLOR = "#2f6fde"


def _bar_color(score: float | None) -> str:
    if score is None:
        return "#d8dee6"
    if score >= 0.75:
        return "#2e9d5b"
    return "#e0a21b" if score >= 0.5 else "#d1453b"


# ---------------------------------------------------------------- charts


def bar_chart(chart: BarChart) -> str:
    """Horizontal bars, 0-100 %."""
    width, left, bar_h, gap = 580, 230, 22, 10
    height = len(chart.bars) * (bar_h + gap) + 30
    scale = width - left - 60
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" role="img" '
        f'aria-label="{escape(chart.label)}">'
    ]
    for tick in (0, 0.25, 0.5, 0.75, 1.0):
        x = left + tick * scale
        parts.append(f'<line x1="{x:.1f}" y1="0" x2="{x:.1f}" y2="{height - 24}" stroke="#e6eaef"/>')
        parts.append(f'<text x="{x:.1f}" y="{height - 8}" text-anchor="middle">{int(tick * 100)}%</text>')
    for i, (label, score) in enumerate(chart.bars):
        y = i * (bar_h + gap) + 4
        parts.append(f'<text x="{left - 8}" y="{y + bar_h * 0.7:.1f}" text-anchor="end">{escape(label)}</text>')
        w = (score or 0) * scale
        parts.append(f'<rect x="{left}" y="{y}" width="{w:.1f}" height="{bar_h}" fill="{_bar_color(score)}" rx="3"/>')
        parts.append(f'<text x="{left + w + 6:.1f}" y="{y + bar_h * 0.7:.1f}">{escape(fmt_pct(score))}</text>')
    parts.append("</svg>")
    return "".join(parts)


def flip_chart(chart: FlipChart) -> str:
    """The 2x2 flip matrix, cells shaded by their share of pairs."""
    pairs = chart.both_pass + chart.pass_to_fail + chart.fail_to_pass + chart.both_fail
    total = pairs or 1
    cell, left, top = 110, 90, 40
    cells = [
        (chart.both_pass, "#2e9d5b"),
        (chart.pass_to_fail, "#d1453b"),
        (chart.fail_to_pass, "#2f6fde"),
        (chart.both_fail, "#7a8da3"),
    ]
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{left + 2 * cell + 10}" height="{top + 2 * cell + 10}" '
        f'role="img" aria-label="{escape(chart.label)}">',
        f'<text x="{left + cell / 2}" y="{top - 12}" text-anchor="middle">COLLAB pass</text>',
        f'<text x="{left + 1.5 * cell}" y="{top - 12}" text-anchor="middle">COLLAB fail</text>',
        f'<text x="{left - 8}" y="{top + cell / 2}" text-anchor="end">EXEC pass</text>',
        f'<text x="{left - 8}" y="{top + 1.5 * cell}" text-anchor="end">EXEC fail</text>',
    ]
    for n, (count, color) in enumerate(cells):
        x, y = left + (n % 2) * cell, top + (n // 2) * cell
        opacity = 0.15 + 0.85 * count / total
        parts.append(
            f'<rect x="{x}" y="{y}" width="{cell - 4}" height="{cell - 4}" fill="{color}" '
            f'fill-opacity="{opacity:.3f}" rx="4"/>'
        )
        parts.append(
            f'<text x="{x + cell / 2 - 2}" y="{y + cell / 2 - 4}" text-anchor="middle" font-weight="600">{count}</text>'
        )
        parts.append(
            f'<text x="{x + cell / 2 - 2}" y="{y + cell / 2 + 14}" text-anchor="middle">'
            f"{escape(fmt_pct(count / total if pairs else None))}</text>"
        )
    parts.append("</svg>")
    return "".join(parts)


def paired_bar_chart(chart: PairedBarChart) -> str:
    """Paired bars per group: EXEC and COLLAB rates."""
    group, bar_w, left, top, plot_h = 90, 26, 44, 12, 150
    label_room = 110  # rotated group names under the plot
    width = left + max(1, len(chart.groups)) * group + 110
    height = top + plot_h + label_room + 24
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" role="img" '
        f'aria-label="{escape(chart.label)}">'
    ]
    for tick in (0, 0.25, 0.5, 0.75, 1.0):
        y = top + plot_h * (1 - tick)
        parts.append(f'<line x1="{left}" y1="{y:.1f}" x2="{width - 10}" y2="{y:.1f}" stroke="#e6eaef"/>')
        parts.append(f'<text x="{left - 6}" y="{y + 4:.1f}" text-anchor="end">{int(tick * 100)}%</text>')
    for i, (name, *values) in enumerate(chart.groups):
        x0 = left + i * group + 14
        for j, (value, key, color) in enumerate(
            zip(values, ("R_EXEC", "R_COLLAB"), (_EXEC_COLOR, _COLLAB_COLOR), strict=True)
        ):
            h = max((value or 0) * plot_h, 1.5 if value is not None else 0)
            parts.append(
                f'<rect x="{x0 + j * bar_w}" y="{top + plot_h - h:.1f}" width="{bar_w - 3}" '
                f'height="{h:.1f}" fill="{color}"><title>{escape(name)} {key}: '
                f"{escape(fmt_pct(value))}</title></rect>"
            )
        label = name if len(name) <= 22 else name[:21] + "…"
        parts.append(f'<text transform="translate({x0 + 4:.1f},{top + plot_h + 14}) rotate(30)">{escape(label)}</text>')
    legend_y = height - 8
    parts.append(
        f'<rect x="{left}" y="{legend_y - 10}" width="10" height="10" fill="{_EXEC_COLOR}"/>'
        f'<text x="{left + 14}" y="{legend_y}">EXEC</text>'
        f'<rect x="{left + 70}" y="{legend_y - 10}" width="10" height="10" fill="{_COLLAB_COLOR}"/>'
        f'<text x="{left + 84}" y="{legend_y}">COLLAB</text>'
    )
    parts.append("</svg>")
    return "".join(parts)


# ---------------------------------------------------------------- blocks


def _table(block: Table) -> str:
    head = "".join(
        f'<th class="n">{escape(h)}</th>' if i in block.numeric else f"<th>{escape(h)}</th>"
        for i, h in enumerate(block.header)
    )
    body = []
    for row in block.rows:
        cells = "".join(_cell(c, i in block.numeric) for i, c in enumerate(row))
        body.append(f"<tr>{cells}</tr>")
    return f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"


def _cell(value: Cell, numeric: bool) -> str:
    shown = escape(fmt_cell(value))
    return f'<td class="n">{shown}</td>' if numeric else f"<td>{shown}</td>"


def _spans(spans: Sequence[Span]) -> str:
    return "".join(f"<strong>{escape(s.text)}</strong>" if isinstance(s, Strong) else escape(s) for s in spans)


def _card(metric: Metric, intervals: bool) -> str:
    ci_text = f"95% CI {fmt_interval(metric.interval)}" if intervals else ""
    if metric.caveat:
        ci_text += f"; {metric.caveat}" if ci_text else metric.caveat
    extra = f'<div class="ci">{escape(metric.note)}</div>' if metric.note else ""
    return (
        f'<div class="card"><div>{escape(metric.name)}</div><div class="v">{escape(fmt_pct(metric.value))}</div>'
        f'<div class="ci">{escape(ci_text)}</div>{extra}</div>'
    )


def _block(block: Block) -> str:
    match block:
        case Text(lines=lines, note=note):
            opening = '<p class="note">' if note else "<p>"
            return opening + "<br/>".join(_spans(line) for line in lines) + "</p>"
        case Bullets(items=items):
            return "<ul>" + "".join(f"<li>{escape(item)}</li>" for item in items) + "</ul>"
        case Table():
            return _table(block)
        case Metrics(metrics=metrics, intervals=intervals):
            return f'<div class="cards">{"".join(_card(m, intervals) for m in metrics)}</div>'
        case BarChart():
            return bar_chart(block)
        case FlipChart():
            return flip_chart(block)
        case PairedBarChart():
            return paired_bar_chart(block)


def html(doc: Document) -> str:
    """A laid-out report as one self-contained HTML document."""
    body = [f"<h1>{escape(doc.title)}</h1>"]
    for part in doc.parts:
        body.append(f'<section class="{escape(part.key)}">')
        if part.heading:
            body.append(f"<h2>{escape(part.heading)}</h2>")
        body += [_block(block) for block in part.blocks]
        body.append("</section>")
    head = f'<head><meta charset="utf-8"/><title>{escape(doc.title)}</title><style>{_CSS}</style></head>'
    return f'<!DOCTYPE html>\n<html lang="en">{head}<body>\n' + "\n".join(body) + "\n</body></html>\n"


def render_html(data: Report, sections: Sequence[Section[Report]] | None = None) -> str:
    """The report as one self-contained HTML document."""
    return html(report_document(data, sections))


def render_compare_html(data: JudgeAgreement) -> str:
    """A judge comparison (``compare_judges``) as one self-contained HTML document."""
    return html(compare_document(data))
