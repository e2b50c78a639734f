"""Two reports side by side: the compare pages' deltas and the trials the two runs scored differently."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from realcli.projections import HEADLINE_METRICS, Report, TrialRow

__all__ = ["outcome_disagreements", "side_by_side"]

Json = dict[str, Any]


def _metric(data: Report, name: str) -> Json:
    return {"value": data.metric(name), "ci": data.interval(name)}


def _delta(a: float | None, b: float | None) -> float | None:
    return round(b - a, 6) if a is not None and b is not None else None


def side_by_side(a: Report, b: Report) -> Json:
    """Headline, dimensions, templates and categories of two reports, each with its delta (b - a)."""
    headline = {
        name: {"a": _metric(a, name), "b": _metric(b, name), "delta": _delta(a.metric(name), b.metric(name))}
        for name in HEADLINE_METRICS
    }
    dims: dict[str, Json] = {}
    for code in sorted(a.dimensions.keys() | b.dimensions.keys()):
        score_a, score_b = a.dimensions.get(code), b.dimensions.get(code)
        dims[code] = {"a": score_a, "b": score_b, "delta": _delta(score_a, score_b)}
    templates = {}
    for template in sorted(a.templates.keys() | b.templates.keys()):
        ta, tb = a.templates.get(template), b.templates.get(template)
        rate_a = ta.pass_rate if ta else None
        rate_b = tb.pass_rate if tb else None
        either = ta or tb
        templates[template] = {
            "name": either.name if either is not None else "",
            "a": rate_a,
            "b": rate_b,
            "a_instances": ta.instances if ta else 0,
            "b_instances": tb.instances if tb else 0,
            "delta": _delta(rate_a, rate_b),
        }
    categories = {}
    for cat in sorted(a.categories.keys() | b.categories.keys()):
        ca, cb = a.categories.get(cat), b.categories.get(cat)
        categories[cat] = {
            "a_delta": ca.delta if ca else None,
            "b_delta": cb.delta if cb else None,
            "a_R_COLLAB": ca.R_COLLAB if ca else None,
            "b_R_COLLAB": cb.R_COLLAB if cb else None,
        }
    return {
        "headline": headline,
        "dimensions": dims,
        "dimension_names": {**b.dimension_names, **a.dimension_names},
        "templates": templates,
        "categories": categories,
        "threshold": a.threshold,
    }


def outcome_disagreements(a_rows: Iterable[TrialRow], b_rows: Iterable[TrialRow], cap: int) -> Json:
    """Trials of the same task, mode and attempt that both runs scored, with different outcomes."""
    b_by_key = {(r.task, r.mode, r.attempt): r for r in b_rows}
    rows = []
    common = 0
    for ra in a_rows:
        rb = b_by_key.get((ra.task, ra.mode, ra.attempt))
        if rb is None or ra.V is None or rb.V is None:
            continue
        common += 1
        if ra.V != rb.V:
            rows.append(
                {
                    "task": ra.task,
                    "mode": ra.mode,
                    "attempt": ra.attempt,
                    "a_trial": ra.trial,
                    "b_trial": rb.trial,
                    "a": ra.V,
                    "b": rb.V,
                }
            )
    return {"compared": common, "shown": rows[:cap], "total": len(rows)}
