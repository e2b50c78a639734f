"""The report's sections are defined once: every renderer draws whatever the registry holds, in its order."""

from __future__ import annotations

import io
import json
from collections.abc import Sequence

import msgspec
from rich.console import Console

from realcli.cli._report_term import terminal
from realcli.projections import (
    Block,
    Report,
    Section,
    Table,
    fold,
    render_html,
    render_json,
    render_markdown,
    report,
    report_document,
    report_sections,
    text,
)
from tests._trials import sample_run
from tests.test_report import with_rules_verdicts


def sample_report() -> Report:
    return report(fold("r1", with_rules_verdicts(sample_run()).records()), judge_id="rules")


def _turns(data: Report) -> Sequence[Block]:
    rows = tuple((row.trial, row.mode, row.turns) for row in data.trials if row.mode == "collab")
    return [text("Turns of the COLLAB trials."), Table(("trial", "mode", "turns"), rows, numeric=frozenset({2}))]


TURNS = Section("turns", "COLLAB turns", _turns)
EMPTY = Section("empty", "Never shown", lambda data: [])


def terminal_text(data: Report, sections: Sequence[Section[Report]]) -> str:
    console = Console(record=True, width=160, file=io.StringIO())
    for renderable in terminal(report_document(data, sections)):
        console.print(renderable)
    return console.export_text()


def test_a_new_section_is_one_definition_drawn_by_every_renderer() -> None:
    data = sample_report()
    sections = (*report_sections(), TURNS, EMPTY)

    md = render_markdown(data, sections)
    assert md.endswith(
        "## COLLAB turns\n\nTurns of the COLLAB trials.\n\n| trial | mode | turns |\n|---|---|---|\n"
        "| archive-collab-1 | collab | 3 |\n| rotate-collab-1 | collab | 3 |\n"
    )
    html = render_html(data, sections)
    assert '<section class="turns">\n<h2>COLLAB turns</h2>' in html
    assert '<td>archive-collab-1</td><td>collab</td><td class="n">3</td>' in html
    term = terminal_text(data, sections)
    assert "COLLAB turns" in term
    assert "Turns of the COLLAB trials." in term
    assert "archive-collab-1" in term
    for rendered in (md, html, term):
        assert "Never shown" not in rendered  # a section without blocks is left out, heading included
    assert render_markdown(data) == md.split("## COLLAB turns")[0].rstrip("\n") + "\n"


def test_sections_are_drawn_in_registry_order_under_unique_keys() -> None:
    data = sample_report()
    keys = [section.key for section in report_sections()]
    assert len(keys) == len(set(keys))
    drawn = [part.key for part in report_document(data).parts]
    assert drawn == [key for key in keys if key in drawn]
    html = render_html(data)
    assert [html.index(f'<section class="{key}">') for key in drawn] == sorted(
        html.index(f'<section class="{key}">') for key in drawn
    )


def test_the_typed_report_round_trips_through_its_json() -> None:
    data = sample_report()
    assert msgspec.convert(json.loads(render_json(data)), Report) == data
