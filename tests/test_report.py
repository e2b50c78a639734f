"""Reports: same events in, same bytes out, on either backend; the renderers' contracts."""

from __future__ import annotations

import json
import re
from pathlib import Path
from xml.etree import ElementTree

import msgspec
import pytest

from realcli import events as ev
from realcli.eventlog import EventLog, import_archive
from realcli.judging import load_run, rejudge
from realcli.judging._stream import verdict_events as _verdict_events
from realcli.projections import (
    CatalogView,
    audit_fidelity,
    fold,
    judge_trial_rules,
)
from tests._reports import render_html, render_json, render_markdown, report
from tests._trials import RunRecorder, sample_run


def with_rules_verdicts(rec: RunRecorder) -> RunRecorder:
    """Add the rules judge's verdicts, computed purely, as deterministic judge events."""
    facts = fold(rec.run_id, rec.records(), keep_trace=True)
    catalog = facts.started.catalog if facts.started is not None else None
    view = CatalogView(catalog)
    rec.judge("rules", ev.JudgingStarted(judge_id="rules", kind="rules", params={"ruleset": "1"}, **rec.stamp()))
    for trial_id in sorted(facts.trials):
        trial = facts.trials[trial_id]
        if trial.mode != "collab" or trial.finished is None or trial.finished.reason != "completed":
            continue
        events = _verdict_events(
            "rules", judge_trial_rules(trial, view.passive_checks), audit_fidelity(trial, view.dimension)
        )
        for event in events:
            rec.judge("rules", msgspec.structs.replace(event, **rec.stamp()))  # deterministic id and time
    return rec


def rendered(data: dict[str, object]) -> tuple[str, str, str]:
    return render_json(data), render_markdown(data), render_html(data)


async def test_the_same_events_give_the_same_bytes_on_every_backend(log: EventLog) -> None:
    rec = with_rules_verdicts(sample_run())
    expected = rendered(report(fold("r1", rec.records()), judge_id="rules"))
    await rec.write(log)

    from_log = rendered(report(await load_run(log, "r1"), judge_id="rules"))
    again = rendered(report(await load_run(log, "r1"), judge_id="rules"))

    # Positions differ between backends (JetStream packs sequence and index); the bytes do not.
    assert from_log == expected
    assert again == from_log


async def test_rejudge_on_a_log_matches_the_pure_rules_judge(log: EventLog) -> None:
    pure = with_rules_verdicts(sample_run())
    expected = report(fold("r1", pure.records()), judge_id="rules")
    await sample_run().write(log)
    await rejudge(log, "r1", judge="rules")

    data = report(await load_run(log, "r1"), judge_id="rules")
    for key in (
        "R_EXEC",
        "R_COLLAB",
        "S_COLLAB",
        "J_COLLAB",
        "dimensions",
        "templates",
        "trajectory",
        "fidelity",
        "failed_instances",
        "statistics",
    ):
        assert data[key] == expected[key], key


FIXTURE_LOG = Path(__file__).parent / "fixtures" / "logs" / "run-v1.jsonl"


def archive_records() -> list[ev.RecordedEvent]:
    """The fixture archive's events as a log would hand them back (positions in file order)."""
    out = []
    for position, line in enumerate(FIXTURE_LOG.read_bytes().splitlines(), start=1):
        row = msgspec.json.decode(line)
        if "stream" in row:
            out.append(
                ev.RecordedEvent(position, row["stream"], row["version"], ev.decode(msgspec.json.encode(row["event"])))
            )
    return out


async def test_a_real_run_log_is_judged_and_reported_the_same_everywhere(log: EventLog) -> None:
    run_id, _ = await import_archive(log, FIXTURE_LOG)
    summary = await rejudge(log, run_id, judge="rules", judge_id="helper-check")
    facts = await load_run(log, run_id)

    assert summary.trials_judged == ["realcli-full-collab-1"]
    # The lead's scripted simulator plays its script faithfully by the audit's measure.
    fidelity = facts.judges["helper-check"].fidelity["realcli-full-collab-1"]
    assert {c: f.verdict for c, f in fidelity.items() if f.verdict == "fail"} == {}
    assert len(fidelity) == 8
    data = report(facts, judge_id="helper-check")
    assert data["R_EXEC"] == 1.0
    assert data["R_COLLAB"] == 1.0
    # Same bytes as a pure fold of the archive plus the same verdicts.
    pure = fold(run_id, [*archive_records(), *[rec async for rec in log.read(ev.judge_stream(run_id, "helper-check"))]])
    assert rendered(report(pure, judge_id="helper-check")) == rendered(data)


def test_report_json_has_the_documented_top_level() -> None:
    data = json.loads(render_json(report(fold("r1", with_rules_verdicts(sample_run()).records()), judge_id="rules")))
    for key in ("R_EXEC", "R_COLLAB", "S_COLLAB", "J_COLLAB"):
        assert data[key] is None or 0 <= data[key] <= 1
    assert list(data["dimensions"]) == ["OR", "S", "SR", "TC", "U"]  # sorted keys
    assert set(data["dimensions"]) == {"U", "S", "OR", "TC", "SR"}
    template = data["templates"]["2.2.a"]
    assert {"instances", "pass_rate", "passed"} <= set(template)
    assert (template["instances"], template["pass_rate"], template["passed"]) == (2, 0.5, False)
    assert data["schema"] == "realcli.report/1"
    assert data["trajectory"]["near_acceptance"]["exec"] == {"failed": 1, "with_checks": 1, "near": 1, "share": 1.0}
    assert data["trajectory"]["retries"]["exec"]["retry_succeeded"] == 2


def test_floats_are_rounded_and_never_nan() -> None:
    data = report(fold("r1", with_rules_verdicts(sample_run()).records()), judge_id="rules")
    text = render_json(data)
    assert "NaN" not in text
    assert "Infinity" not in text
    for number in re.findall(r"\d+\.\d+", text):
        assert len(number.split(".")[1]) <= 6


def test_a_run_without_a_judge_reports_outcomes_only() -> None:
    data = report(fold("r1", sample_run().records()))
    assert data["judge"] is None
    assert data["S_COLLAB"] is None
    assert data["J_COLLAB"] is None
    assert set(data["dimensions"].values()) == {None}
    assert data["R_EXEC"] == 0.5
    assert "No judge verdicts" in render_markdown(data)


def test_report_rejects_bad_arguments() -> None:
    facts = fold("r1", sample_run().records())
    with pytest.raises(ValueError, match="threshold"):
        report(facts, threshold=0)
    with pytest.raises(ValueError, match="no judge 'x'"):
        report(facts, judge_id="x")


def test_html_is_self_contained_and_well_formed() -> None:
    html = render_html(report(fold("r1", with_rules_verdicts(sample_run()).records()), judge_id="rules"))
    assert html.startswith("<!DOCTYPE html>")
    for external in ("<script", "<link", " src=", "url(", "@import"):
        assert external not in html
    assert re.findall(r"https?://[^\s\"']+", html) == ["http://www.w3.org/2000/svg"] * 3  # namespaces, not fetches
    # Three charts, each a well-formed SVG document.
    svgs = re.findall(r"<svg .*?</svg>", html, flags=re.S)
    assert len(svgs) == 3
    for svg in svgs:
        ElementTree.fromstring(svg)
    assert "Collaboration dimension profile" in svgs[0]
    assert "flip matrix" in svgs[1]
    assert "data-processing" in svgs[2]
    ElementTree.fromstring(html.split("\n", 1)[1].replace("&nbsp;", " "))  # the document is XML-clean too


def test_markdown_names_the_headline_numbers() -> None:
    md = render_markdown(report(fold("r1", with_rules_verdicts(sample_run()).records()), judge_id="rules"))
    assert "| R_EXEC | 50.0% |" in md
    assert "| R_COLLAB | 100.0% |" in md
    assert "| 2.2.a | Constraint kept under a later request that pushes against it | 2 |" in md
    assert "flaky-exec-1 | exec | infrastructure_error | infrastructure_unrecorded | docker: container vanished" in md
