"""The report as one self-contained HTML file: inline CSS and hand-made inline SVG charts.

No scripts, fonts, images or stylesheets are fetched: the file opens offline
and can be attached anywhere.  Charts: the dimension profile (bars), the
EXEC/COLLAB flip matrix (a 2x2 grid) and pass rates by category (paired bars).
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

from realcli.projections._render import coverage_note, fmt_pct

__all__ = ["render_html"]

Json = dict[str, Any]

_CSS = """
body{font:14px/1.45 system-ui,-apple-system,Segoe UI,Roboto,sans-serif;margin:2rem auto;max-width:1100px;
color:#1d2733;padding:0 1rem}
h1{font-size:1.6rem;margin-bottom:.2rem}h2{font-size:1.2rem;margin-top:2rem;border-bottom:1px solid #d8dee6}
.sub{color:#5b6b7c}.cards{display:flex;gap:1rem;flex-wrap:wrap;margin:1rem 0}
.card{border:1px solid #d8dee6;border-radius:8px;padding:.8rem 1rem;min-width:180px}
.card .v{font-size:1.8rem;font-weight:600}.card .ci{color:#5b6b7c;font-size:.85rem}
table{border-collapse:collapse;margin:.6rem 0;width:100%}th,td{border-bottom:1px solid #e6eaef;
padding:.3rem .5rem;text-align:left;vertical-align:top}th{background:#f4f6f9}
td.n{text-align:right;font-variant-numeric:tabular-nums}.flag{color:#b42318;font-weight:600}
.charts{display:flex;gap:2rem;flex-wrap:wrap}.note{color:#5b6b7c;font-size:.9rem}
svg text{font:12px system-ui,sans-serif;fill:#1d2733}
"""

_EXEC_COLOR = "#7a8da3"
_COLLAB_COLOR = "#2f6fde"


def _e(value: object) -> str:
    return escape("-" if value is None else str(value))


def _num(value: float | None) -> str:
    return "-" if value is None else f"{value:.3f}"


def _bar_color(score: float | None) -> str:
    if score is None:
        return "#d8dee6"
    if score >= 0.75:
        return "#2e9d5b"
    return "#e0a21b" if score >= 0.5 else "#d1453b"


def dimension_chart(dimensions: dict[str, float | None], names: dict[str, str]) -> str:
    """Horizontal bars, one per dimension, 0-100 %."""
    width, left, bar_h, gap = 580, 230, 22, 10
    codes = list(dimensions)
    height = len(codes) * (bar_h + gap) + 30
    scale = width - left - 60
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" role="img" '
        'aria-label="Collaboration dimension profile">'
    ]
    for tick in (0, 0.25, 0.5, 0.75, 1.0):
        x = left + tick * scale
        parts.append(f'<line x1="{x:.1f}" y1="0" x2="{x:.1f}" y2="{height - 24}" stroke="#e6eaef"/>')
        parts.append(f'<text x="{x:.1f}" y="{height - 8}" text-anchor="middle">{int(tick * 100)}%</text>')
    for i, code in enumerate(codes):
        y = i * (bar_h + gap) + 4
        score = dimensions[code]
        label = f"{code} {names.get(code, '')}".strip()
        parts.append(f'<text x="{left - 8}" y="{y + bar_h * 0.7:.1f}" text-anchor="end">{escape(label)}</text>')
        w = (score or 0) * scale
        parts.append(f'<rect x="{left}" y="{y}" width="{w:.1f}" height="{bar_h}" fill="{_bar_color(score)}" rx="3"/>')
        parts.append(f'<text x="{left + w + 6:.1f}" y="{y + bar_h * 0.7:.1f}">{escape(fmt_pct(score))}</text>')
    parts.append("</svg>")
    return "".join(parts)


def flip_chart(flip: Json) -> str:
    """The 2x2 flip matrix, cells shaded by their share of pairs."""
    total = flip["pairs"] or 1
    cell, left, top = 110, 90, 40
    cells = [
        ("EXEC pass", "COLLAB pass", flip["both_pass"], "#2e9d5b"),
        ("EXEC pass", "COLLAB fail", flip["pass_to_fail"], "#d1453b"),
        ("EXEC fail", "COLLAB pass", flip["fail_to_pass"], "#2f6fde"),
        ("EXEC fail", "COLLAB fail", flip["both_fail"], "#7a8da3"),
    ]
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{left + 2 * cell + 10}" height="{top + 2 * cell + 10}" '
        'role="img" aria-label="EXEC to COLLAB flip matrix">',
        f'<text x="{left + cell / 2}" y="{top - 12}" text-anchor="middle">COLLAB pass</text>',
        f'<text x="{left + 1.5 * cell}" y="{top - 12}" text-anchor="middle">COLLAB fail</text>',
        f'<text x="{left - 8}" y="{top + cell / 2}" text-anchor="end">EXEC pass</text>',
        f'<text x="{left - 8}" y="{top + 1.5 * cell}" text-anchor="end">EXEC fail</text>',
    ]
    for n, (_, _, count, color) in enumerate(cells):
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
            f"{escape(fmt_pct(count / total if flip['pairs'] else None))}</text>"
        )
    parts.append("</svg>")
    return "".join(parts)


def category_chart(categories: Json) -> str:
    """Paired bars per category: EXEC and COLLAB pass rates."""
    names = list(categories)
    group, bar_w, left, top, plot_h = 90, 26, 44, 12, 150
    label_room = 110  # rotated category names under the plot
    width = left + max(1, len(names)) * group + 110
    height = top + plot_h + label_room + 24
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" role="img" '
        'aria-label="Pass rate by category">'
    ]
    for tick in (0, 0.25, 0.5, 0.75, 1.0):
        y = top + plot_h * (1 - tick)
        parts.append(f'<line x1="{left}" y1="{y:.1f}" x2="{width - 10}" y2="{y:.1f}" stroke="#e6eaef"/>')
        parts.append(f'<text x="{left - 6}" y="{y + 4:.1f}" text-anchor="end">{int(tick * 100)}%</text>')
    for i, name in enumerate(names):
        x0 = left + i * group + 14
        for j, (key, color) in enumerate((("R_EXEC", _EXEC_COLOR), ("R_COLLAB", _COLLAB_COLOR))):
            value = categories[name][key]
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


def _table(header: Sequence[str], rows: Sequence[Sequence[object]], numeric: Sequence[int] = ()) -> str:
    head = "".join(f"<th>{escape(h)}</th>" for h in header)
    body = []
    for row in rows:
        cells = "".join(
            f'<td class="n">{_e(c)}</td>' if i in numeric else f"<td>{_e(c)}</td>" for i, c in enumerate(row)
        )
        body.append(f"<tr>{cells}</tr>")
    return f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"


def _cards(data: Json) -> str:
    cards = []
    for metric in ("R_EXEC", "R_COLLAB", "S_COLLAB", "J_COLLAB"):
        ci = data["statistics"]["bootstrap"]["intervals"].get(metric)
        ci_text = "95% CI " + (f"{fmt_pct(ci[0])} to {fmt_pct(ci[1])}" if ci else "-")
        note = coverage_note(data) if metric == "S_COLLAB" else ""
        extra = f'<div class="ci">{escape(note)}</div>' if note else ""
        cards.append(
            f'<div class="card"><div>{metric}</div><div class="v">{escape(fmt_pct(data[metric]))}</div>'
            f'<div class="ci">{escape(ci_text)}</div>{extra}</div>'
        )
    return f'<div class="cards">{"".join(cards)}</div>'


def _templates(data: Json) -> str:
    rows = [
        (
            tid,
            t["name"],
            t["instances"],
            t["na_instances"],
            t["undecided_instances"],
            fmt_pct(t["pass_rate"]),
            "yes" if t["passed"] else ("-" if t["passed"] is None else "no"),
            fmt_pct(t["coverage"]),
        )
        for tid, t in sorted(data["templates"].items())
    ]
    return _table(
        ("template", "name", "decided", "n/a", "undecided", "pass rate", "passed", "item coverage"),
        rows,
        numeric=(2, 3, 4, 5, 7),
    )


def _outcome(data: Json) -> str:
    out = data["outcome"]
    rows = [
        (mode.upper(), out[mode]["tasks"], out[mode]["trials"], out[mode]["passed_trials"], fmt_pct(out[mode]["R"]))
        for mode in ("exec", "collab")
    ]
    html = _table(("mode", "tasks", "scored trials", "passed", "R"), rows, numeric=(1, 2, 3, 4))
    failures = out["agent_failures"]
    if failures:
        html += (
            f'<p class="note">{len(failures)} trial(s) ended by the agent\'s own failure '
            "(scored from the state it left, in R):</p>"
        )
        html += _table(
            ("trial", "mode", "cause", "V", "detail"),
            [(t["trial"], t["mode"], t["cause"], t["V"], t["detail"]) for t in failures],
        )
    excluded = out["excluded"]
    if excluded["count"]:
        html += f'<p class="note">{excluded["count"]} trial(s) not scored (infrastructure; reported apart):</p>'
        html += _table(
            ("trial", "mode", "status", "cause", "detail"),
            [(t["trial"], t["mode"], t["status"], t["cause"], t["detail"]) for t in excluded["trials"]],
        )
    hints = out.get("hints") or []
    if hints:
        html += f'<p class="note">{len(hints)} hint(s):</p>'
        html += _table(("trial", "mode", "hint"), [(h["trial"], h["mode"], h["hint"]) for h in hints])
    return html


def _trajectory(data: Json) -> str:
    tr = data["trajectory"]
    goal, sm, cr = tr["goal_maintenance"], tr["successful_missing_scenario"], tr["constraint_retention"]
    rows = [
        ("interactive / complete tool-call ratio (median)", _num(tr["tool_calls"]["median_ratio"])),
        (
            "retry success rate EXEC / COLLAB",
            f"{fmt_pct(tr['retries']['exec']['retry_success_rate'])} / "
            f"{fmt_pct(tr['retries']['collab']['retry_success_rate'])}",
        ),
        (
            "immediate response pass rate",
            f"{fmt_pct(goal['immediate']['pass_rate'])} (n={goal['immediate']['decided']})",
        ),
        (
            "cross-turn goal maintenance pass rate",
            f"{fmt_pct(goal['cross_turn']['pass_rate'])} (n={goal['cross_turn']['decided']})",
        ),
        (
            "near-acceptance failures EXEC / COLLAB",
            f"{fmt_pct(tr['near_acceptance']['exec']['share'])} / {fmt_pct(tr['near_acceptance']['collab']['share'])}",
        ),
        ("successful COLLAB trials missing a scenario", f"{fmt_pct(sm['share'])} (n={sm['successful_trials']})"),
        ("constraint-retention failures that are artifact mismatches", fmt_pct(cr["artifact_share"])),
        ("... of those, all communication checks pass", fmt_pct(cr["artifact_communication_all_pass_share"])),
    ]
    return _table(("statistic", "value"), rows)


def _fidelity(data: Json) -> str:
    fid = data["fidelity"]
    if not fid["trials_audited"]:
        return '<p class="note">No simulator-fidelity verdicts for this judge.</p>'
    html = (
        f"<p>{fid['trials_decided']} of {fid['trials_audited']} trials audited (a criterion decided; "
        f"{escape(fmt_pct(fid['criteria_decided_share']))} of the criteria); {fid['no_deviation_trials']} of "
        f"those without deviation ({escape(fmt_pct(fid['no_deviation_share']))}). n/a is not clean.</p>"
    )
    html += _table(
        ("criterion", "pass", "fail", "n/a"),
        [(c, v["pass"], v["fail"], v["n/a"]) for c, v in fid["criteria"].items()],
        numeric=(1, 2, 3),
    )
    if fid["failures"]:
        html += _table(
            ("trial", "criterion", "affects", "rationale"),
            [
                (f["trial"], f["criterion"], ", ".join(f["affected_dimensions"]), f["rationale"])
                for f in fid["failures"]
            ],
        )
    return html


def render_html(data: Json) -> str:
    """The report as one self-contained HTML document."""
    run, judge = data["run"], data["judge"]
    title = f"realcli report: run {run['run_id']}"
    agent = run.get("agent") or {}
    sub = (
        f"Agent {agent.get('name', '-')}{' (' + agent['model'] + ')' if agent.get('model') else ''} · "
        f"judge {judge['id'] if judge else 'none'} · threshold {data['threshold']} · status {run['status']}"
    )
    contamination = data["collaboration"]["contamination"]
    flags = [c for c, v in contamination.items() if v["contaminated"]]
    st = data["statistics"]
    mc = st["mcnemar"]
    body = [
        f"<h1>{escape(title)}</h1>",
        f'<div class="sub">{escape(sub)}</div>',
        _cards(data),
    ]
    if judge is not None and data["S_COLLAB"] is None:
        missing = ", ".join(data["collaboration"]["dimensions_missing"])
        body.append(
            f'<p class="note">S_COLLAB needs all five dimensions; missing: {escape(missing)}. Over the '
            f"available ones: S = {escape(fmt_pct(data['collaboration']['S_COLLAB_available']))}.</p>"
        )
    if flags:
        body.append(f'<p class="flag">Contaminated by simulator deviations: {escape(", ".join(flags))}</p>')
    body += [
        "<h2>Collaboration profile and outcomes</h2>",
        '<div class="charts">',
        dimension_chart(data["dimensions"], data["dimension_names"]),
        flip_chart(data["trajectory"]["flip_matrix"]),
        "</div>",
        "<h2>Pass rate by category</h2>",
        category_chart(data["categories"]),
        "<h2>Task outcome</h2>",
        _outcome(data),
        "<h2>Scenario templates</h2>",
        _templates(data),
        "<h2>Trajectory statistics (appendix E)</h2>",
        _trajectory(data),
        "<h2>Statistics</h2>",
        f"<p>McNemar exact test, unit = task: EXEC better on {mc['exec_better_tasks']}, COLLAB better on "
        f"{mc['collab_better_tasks']}, tied on {mc['tied_tasks']} of {mc['tasks']} tasks, "
        f"p = {_num(mc['p_value'])}. Bootstrap: {st['bootstrap']['resamples']} "
        f"task resamples, seed {st['bootstrap']['seed']}.</p>",
        _table(
            ("threshold", "S_COLLAB", "J_COLLAB"),
            [(r["threshold"], fmt_pct(r["S_COLLAB"]), fmt_pct(r["J_COLLAB"])) for r in st["sensitivity"]],
            numeric=(0, 1, 2),
        ),
        "<h2>Simulator fidelity</h2>",
        _fidelity(data),
    ]
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"/>'
        f"<title>{escape(title)}</title><style>{_CSS}</style></head><body>\n" + "\n".join(body) + "\n</body></html>\n"
    )
