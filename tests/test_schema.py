"""Stored logs keep decoding: the committed fixture logs, and logs from a newer writer."""

from __future__ import annotations

import json
from pathlib import Path

import msgspec
import pytest

from realcli import SchemaError
from realcli import events as ev
from realcli.eventlog import EventLog, export_run, import_archive

LOGS = Path(__file__).parent / "fixtures" / "logs"


def fixture_lines(name: str) -> list[dict[str, object]]:
    lines = (LOGS / name).read_text().splitlines()
    return [json.loads(line) for line in lines[1:-1]]


@pytest.mark.parametrize("name", sorted(p.name for p in LOGS.glob("*.jsonl")))
def test_committed_fixture_logs_decode_with_the_current_schema(name: str) -> None:
    lines = fixture_lines(name)
    assert lines
    for line in lines:
        event = ev.decode(json.dumps(line["event"]))
        assert not isinstance(event, ev.UnknownEvent), line["event"]
        assert ev.event_type(event) == line["event"]["type"]  # type: ignore[index]


@pytest.mark.parametrize("name", sorted(p.name for p in LOGS.glob("*.jsonl")))
async def test_fixture_logs_round_trip_through_both_backends(log: EventLog, tmp_path: Path, name: str) -> None:
    run_id, count = await import_archive(log, LOGS / name)
    out = tmp_path / "again.jsonl"
    assert await export_run(log, run_id, out) == count

    def events(path: Path) -> list[tuple[object, object, ev.DecodedEvent]]:
        rows = [json.loads(line) for line in path.read_text().splitlines()[1:-1]]
        return [(r["stream"], r["version"], ev.decode(json.dumps(r["event"]))) for r in rows]

    # Same events in the same order; fields added to the schema since the
    # fixture was written appear with their defaults (docs/schema-evolution.md).
    assert events(out) == events(LOGS / name)


def test_an_event_from_a_newer_writer_decodes_as_unknown() -> None:
    future = b'{"type":"ProbeRetracted","probe_id":"p1","id":"abc","at":12.5}'
    event = ev.decode(future)
    assert isinstance(event, ev.UnknownEvent)
    assert (event.type, event.id, event.at, event.raw) == ("ProbeRetracted", "abc", 12.5, future)


def test_unknown_fields_from_a_newer_writer_are_ignored() -> None:
    data = msgspec.json.encode({"type": "AgentMessaged", "text": "hi", "mood": "cheerful", "id": "x", "at": 1.0})
    assert ev.decode(data) == ev.AgentMessaged(text="hi", id="x", at=1.0)


def test_fields_added_later_take_their_defaults_on_old_events() -> None:
    old = b'{"type":"AgentYielded","turn":3,"claims_done":true,"id":"y","at":2.0}'
    event = ev.decode(old)
    assert isinstance(event, ev.AgentYielded)
    assert (event.question_pending, event.messages_read) == (False, 0)


def test_a_run_recorded_before_timeout_multipliers_ran_every_timeout_as_declared() -> None:
    old = (
        b'{"type":"RunStarted","run_id":"r","mode":"exec","agent":{"name":"noop","version":"1"},'
        b'"attempts":1,"concurrency":1,"tasks":["t"],"id":"x","at":1.0}'
    )
    event = ev.decode(old)
    assert isinstance(event, ev.RunStarted)
    assert event.timeouts == ev.TimeoutMultipliers()
    assert [event.timeouts.factor(k) for k in ("agent", "verifier", "environment_build")] == [1.0, 1.0, 1.0]
    assert not event.timeouts.scaled


def test_a_kinds_own_timeout_multiplier_replaces_the_overall_one_as_in_harbor() -> None:
    both = ev.TimeoutMultipliers(overall=2.0, verifier=0.5)
    assert (both.factor("agent"), both.factor("verifier"), both.factor("environment_build")) == (2.0, 0.5, 2.0)
    assert both.scaled
    assert ev.TimeoutMultipliers(overall=1.0, agent=1.0).scaled is False
    agent = ev.AgentInfo(name="noop", version="1")
    started = ev.RunStarted(run_id="r", mode="exec", agent=agent, attempts=1, concurrency=1, tasks=[], timeouts=both)
    assert ev.decode(ev.encode(started)) == started


def test_corrupt_event_bytes_are_a_schema_error() -> None:
    with pytest.raises(SchemaError, match="not valid JSON"):
        ev.decode(b'{"type":"AgentMessaged","text":')
    with pytest.raises(SchemaError, match="does not match"):
        ev.decode(b'{"type":"AgentMessaged","text":5,"id":"x","at":1}')
