"""The event-log contract, run against every backend (SQLite and JetStream)."""

from __future__ import annotations

import random

import anyio
import anyio.lowlevel
import pytest

from realcli import ConflictError
from realcli.eventlog import EventLog
from realcli.events import AgentMessaged, AgentTurnTaken, RecordedEvent
from realcli.runtime import StreamWriter


def msg(text: str) -> AgentMessaged:
    return AgentMessaged(text=text)


async def collect(it: object) -> list[RecordedEvent]:
    return [rec async for rec in it]  # type: ignore[attr-defined]


async def test_append_then_read_back_in_order(log: EventLog) -> None:
    first = await log.append("r1.t1.agent", [msg("a"), msg("b")], expected_version=0)
    second = await log.append("r1.t1.agent", [msg("c")], expected_version=2)

    assert (first.first_version, first.last_version) == (1, 2)
    assert (second.first_version, second.last_version) == (3, 3)
    assert second.last_position > first.last_position
    recs = await collect(log.read("r1.t1.agent"))
    assert [r.version for r in recs] == [1, 2, 3]
    assert [r.event.text for r in recs] == ["a", "b", "c"]  # type: ignore[union-attr]
    assert [r.version for r in await collect(log.read("r1.t1.agent", from_version=2))] == [2, 3]
    assert await log.stream_version("r1.t1.agent") == 3
    assert await log.stream_version("r1.t1.user") == 0
    assert await collect(log.read("r1.t1.user")) == []


async def test_conflicting_append_raises_and_changes_nothing(log: EventLog) -> None:
    await log.append("r1.t1.agent", [msg("a"), msg("b")], expected_version=0)

    with pytest.raises(ConflictError) as stale:
        await log.append("r1.t1.agent", [msg("x")], expected_version=1)
    with pytest.raises(ConflictError):
        await log.append("r1.t1.agent", [msg("gap")], expected_version=5)
    with pytest.raises(ConflictError):
        await log.append("r1.t1.agent", [msg("new?")], expected_version=0)

    assert (stale.value.expected, stale.value.actual) == (1, 2)
    assert [r.event.text for r in await collect(log.read("r1.t1.agent"))] == ["a", "b"]  # type: ignore[union-attr]


async def test_retried_append_is_not_duplicated(log: EventLog) -> None:
    batch = [msg("a"), msg("b")]
    first = await log.append("r1.t1.agent", batch, expected_version=0)
    again = await log.append("r1.t1.agent", batch, expected_version=0)

    assert again == first
    assert await log.stream_version("r1.t1.agent") == 2
    assert len(await collect(log.read_all())) == 2


async def test_append_without_expected_version_goes_to_the_end(log: EventLog) -> None:
    await log.append("r1.t1.agent", [msg("a")])
    result = await log.append("r1.t1.agent", [msg("b")])
    assert result.last_version == 2


async def test_concurrent_writers_leave_streams_gap_free_and_order_consistent(log: EventLog) -> None:
    writers, appends = 10, 100

    async def writer(n: int) -> None:
        for version in range(appends):
            await log.append(f"r1.t{n}.agent", [AgentTurnTaken(turn=version + 1)], expected_version=version)

    async with anyio.create_task_group() as tg:
        for n in range(writers):
            tg.start_soon(writer, n)

    everything = await collect(log.read_all())
    assert len(everything) == writers * appends
    positions = [r.position for r in everything]
    assert positions == sorted(positions)
    assert len(set(positions)) == len(positions)
    seen: dict[str, list[int]] = {}
    for rec in everything:
        seen.setdefault(rec.stream, []).append(rec.version)
        assert rec.event.turn == rec.version  # type: ignore[union-attr]
    assert seen == {f"r1.t{n}.agent": list(range(1, appends + 1)) for n in range(writers)}


async def test_racing_writers_on_one_stream_cannot_both_win(log: EventLog) -> None:
    await log.append("r1.t1.agent", [msg("base")], expected_version=0)
    outcomes: list[str] = []

    async def contender(name: str) -> None:
        try:
            await log.append("r1.t1.agent", [msg(name)], expected_version=1)
            outcomes.append("won")
        except ConflictError:
            outcomes.append("conflict")

    async with anyio.create_task_group() as tg:
        tg.start_soon(contender, "left")
        tg.start_soon(contender, "right")

    assert sorted(outcomes) == ["conflict", "won"]
    assert await log.stream_version("r1.t1.agent") == 2


async def test_subscriber_started_mid_run_sees_every_event_once_in_order(log: EventLog) -> None:
    writers, appends = 4, 50
    total = writers * appends
    received: list[RecordedEvent] = []
    halfway = anyio.Event()

    async def writer(n: int) -> None:
        for version in range(appends):
            await log.append(f"r1.t{n}.agent", [AgentTurnTaken(turn=version + 1)], expected_version=version)
            if n == 0 and version == appends // 2:
                halfway.set()
            await anyio.lowlevel.checkpoint()

    async def subscriber() -> None:
        await halfway.wait()
        async for rec in log.subscribe(0, scope="r1"):
            received.append(rec)
            if len(received) == total:
                return

    with anyio.fail_after(30):
        async with anyio.create_task_group() as tg:
            tg.start_soon(subscriber)
            for n in range(writers):
                tg.start_soon(writer, n)

    assert [r.position for r in received] == [r.position for r in await collect(log.read_all())]
    assert len({(r.stream, r.version) for r in received}) == total


async def test_subscribe_from_a_position_resumes_after_it(log: EventLog) -> None:
    for i in range(5):
        await log.append("r1.t1.agent", [msg(str(i))], expected_version=i)
    recs = await collect(log.read_all())
    resumed: list[str] = []
    with anyio.move_on_after(2):
        async for rec in log.subscribe(recs[2].position + 1):
            resumed.append(rec.event.text)  # type: ignore[union-attr]
            if len(resumed) == 2:
                break
    assert resumed == ["3", "4"]


async def test_batch_positions_are_distinct_and_resumable_inside_a_batch(log: EventLog) -> None:
    await log.append("r1.t1.agent", [msg("a"), msg("b"), msg("c")], expected_version=0)
    recs = await collect(log.read_all())
    assert len({r.position for r in recs}) == 3
    tail = await collect(log.read_all(recs[1].position))
    assert [r.event.text for r in tail] == ["b", "c"]  # type: ignore[union-attr]


async def test_scopes_separate_runs_and_trials(log: EventLog) -> None:
    await log.append("r1.t1.agent", [msg("r1t1")], expected_version=0)
    await log.append("r1.t2.agent", [msg("r1t2")], expected_version=0)
    await log.append("r1.run", [msg("r1")], expected_version=0)
    await log.append("r10.t1.agent", [msg("r10")], expected_version=0)

    def texts(recs: list[RecordedEvent]) -> list[str]:
        return [r.event.text for r in recs]  # type: ignore[union-attr]

    assert texts(await collect(log.read_all(scope="r1"))) == ["r1t1", "r1t2", "r1"]
    assert texts(await collect(log.read_all(scope="r1.t1"))) == ["r1t1"]
    assert await log.runs() == ["r1", "r10"]
    assert [(s.name, s.version) for s in await log.streams("r1")] == [
        ("r1.run", 1),
        ("r1.t1.agent", 1),
        ("r1.t2.agent", 1),
    ]
    assert [s.name for s in await log.streams("r1.t2")] == ["r1.t2.agent"]


async def test_events_round_trip_unchanged(log: EventLog) -> None:
    original = msg("héllo \u2603 \x00 end")
    await log.append("r1.t1.agent", [original], expected_version=0)
    (rec,) = await collect(log.read("r1.t1.agent"))
    assert rec.event == original
    assert (rec.run_id, rec.trial_id, rec.actor) == ("r1", "t1", "agent")


async def test_concurrent_reads_of_complete_streams_never_come_back_empty(log: EventLog) -> None:
    for n in range(10):
        await log.append(f"r1.t{n}.agent", [msg(str(n))], expected_version=0)
    empty: list[str] = []

    async def reader(k: int) -> None:
        for j in range(60):
            stream = f"r1.t{(j + k) % 10}.agent"
            if not await collect(log.read(stream)):
                empty.append(stream)

    async with anyio.create_task_group() as tg:
        for k in range(10):
            tg.start_soon(reader, k)
    assert empty == []


async def test_a_writer_cancelled_at_random_points_keeps_its_stream_gap_free(log: EventLog) -> None:
    """Cancel appends at random moments, commits included: no ConflictError, no gap, no duplicate.

    An append cancelled after the log committed it used to leave the writer's
    version behind, so its next append raised ConflictError (a flaky trial).
    Each append is cancelled after a random number of scheduler passes (0 to
    a few dozen), which lands cancellations before, during and after commits.
    """
    rng = random.Random(7)
    rounds = 3000 if log.url.startswith("sqlite:") else 1000
    writer = StreamWriter(log, "r1.t1.agent", 0)
    sent: list[str] = []
    cancelled = 0
    for n in range(rounds):
        event = msg(str(n))
        sent.append(event.id)
        if n % 50 == 49:
            await writer.append_shielded(event)  # an actor's last words, as it is being cancelled
            continue
        landed = False

        async def append_one(event: AgentMessaged = event) -> None:
            nonlocal landed
            await writer.append(event)
            landed = True

        async with anyio.create_task_group() as tg:
            tg.start_soon(append_one)
            for _ in range(rng.randrange(40)):
                await anyio.lowlevel.checkpoint()
            tg.cancel_scope.cancel()
        cancelled += not landed
    last = msg("last")
    await writer.append(last)

    stored = await collect(log.read("r1.t1.agent"))
    assert [r.version for r in stored] == list(range(1, len(stored) + 1))
    ids = [r.event.id for r in stored]
    assert len(ids) == len(set(ids))
    assert set(ids) <= {*sent, last.id}
    assert ids[-1] == last.id
    assert writer.version == len(stored) == await log.stream_version("r1.t1.agent")
    assert cancelled > rounds // 5  # the cancellations did cut appends short
