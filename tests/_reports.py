"""The typed report as tests that read it by key see it: its JSON (docs/report-json.md), as plain data.

``report`` here is ``projections.report`` decoded from its JSON; the
renderers take that data back into the typed ``Report`` (a lossless round
trip: the JSON carries everything the renderers draw) or a ``Report`` as is.
"""

from __future__ import annotations

from typing import Any

import msgspec

from realcli import projections
from realcli.projections import Report, RunFacts

__all__ = ["render_html", "render_json", "render_markdown", "report"]

Json = dict[str, Any]


def report(facts: RunFacts, **options: Any) -> Json:
    """``projections.report`` as its JSON holds it."""
    data: Json = msgspec.json.decode(msgspec.json.encode(projections.report(facts, **options)))
    return data


def _typed(data: Report | Json) -> Report:
    return data if isinstance(data, Report) else msgspec.convert(data, Report)


def render_json(data: Report | Json) -> str:
    return projections.render_json(_typed(data))


def render_markdown(data: Report | Json) -> str:
    return projections.render_markdown(_typed(data))


def render_html(data: Report | Json) -> str:
    return projections.render_html(_typed(data))
