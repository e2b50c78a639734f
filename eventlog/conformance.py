"""The event-log contract as a reusable pytest suite: every backend must pass it.

Subclass ``EventLogContract`` in a test module (a name starting with
``Test`` so that pytest collects it) and override the ``log`` fixture to
yield a fresh, empty log of your backend, closing it afterwards::

    from realcli.eventlog import open_log
    from realcli.eventlog.conformance import EventLogContract

    class TestSqliteLog(EventLogContract):
        @pytest_asyncio.fixture
        async def log(self, tmp_path: Path) -> AsyncIterator[EventLog]:
            async with open_log(f"sqlite:{tmp_path / 'log.db'}") as opened:
                yield opened

The contract itself is ``realcli.eventlog.EventLog``'s docstring.  This module
needs pytest and pytest-asyncio (the ``dev`` extra), so the package does not
import it: import it from tests only.
"""

from __future__ import annotations

import random
import statistics
import tempfile
from collections.abc import AsyncIterator
from pathlib import Path
from typing import ClassVar

import anyio
import anyio.lowlevel
import pytest
import pytest_asyncio

from realcli._errors import ConfigError, ConflictError
from realcli.eventlog._archive import export_run, import_archive
from realcli.eventlog._base import AppendResult, EncodedEvent, EventLog, RawRecord
from realcli.eventlog._chain import chain_over, genesis
from realcli.eventlog._open import open_log
from realcli.eventlog._verify import seal_of, verify_run
from realcli.events import (
    AgentMessaged,
    AgentTurnTaken,
    Event,
    RecordedEvent,
    RunFinished,
    RunStarted,
    TrialFinished,
    VerifierFinished,
)

__all__ = ["EventLogContract", "collect", "msg", "sealed_run"]


def msg(text: str) -> AgentMessaged:
    """A small event with a recognisable payload."""
    return AgentMessaged(text=text)


async def collect(records: AsyncIterator[RecordedEvent]) -> list[RecordedEvent]:
    """Everything a read yields, as a list."""
    return [rec async for rec in records]


async def _passes_per_append(log: EventLog, stream: str) -> int:
    """How many scheduler passes one append takes on ``log`` at least (the fewest of five; at least 1).

    The fewest, not the median: a busy machine can stretch one append's thread
    hop or round trip many times over, and a stretched calibration would make
    most of the cancellations land after the append had finished, so the test
    would exercise little.  Any append takes at least this many passes, so a
    cancellation drawn below it cuts the append short.
    """
    counts = [await _passes_of_one_append(log, stream, msg(str(n))) for n in range(5)]
    return max(1, min(counts))


async def _passes_of_one_append(log: EventLog, stream: str, event: Event) -> int:
    passes, done = 0, False

    async def count() -> None:
        nonlocal passes
        while not done:
            await anyio.lowlevel.checkpoint()
            passes += 1

    async with anyio.create_task_group() as tg:
        tg.start_soon(count)
        await log.append(stream, [event])
        done = True
    return passes


async def sealed_run(log: EventLog, run_id: str = "r1") -> None:
    """A small finished run, sealed as the runtime seals one: a trial that ends, then the run's close."""
    from realcli.events import AgentInfo

    await log.append(
        f"{run_id}.run",
        [
            RunStarted(
                run_id=run_id, mode="exec", agent=AgentInfo(name="oracle"), attempts=1, concurrency=1, tasks=["t"]
            )
        ],
        expected_version=0,
    )
    await log.append(f"{run_id}.t1.agent", [msg("working"), msg("done")], expected_version=0)
    await log.append(f"{run_id}.t1.sandbox", [VerifierFinished(trial_id="t1", reward=1.0)], expected_version=0)
    heads = await seal_of(log, f"{run_id}.t1", skip=f"{run_id}.t1.supervisor")
    await log.append(
        f"{run_id}.t1.supervisor", [TrialFinished(trial_id="t1", reason="completed", heads=heads)], expected_version=0
    )
    heads = await seal_of(log, run_id, skip=f"{run_id}.run")
    await log.append(f"{run_id}.run", [RunFinished(run_id=run_id, status="completed", heads=heads)], expected_version=1)


def _texts(records: list[RecordedEvent]) -> list[str]:
    return [r.event.text for r in records]  # type: ignore[union-attr]


@pytest.mark.asyncio
class EventLogContract:
    """The cases every ``EventLog`` backend passes; subclasses override the ``log`` fixture."""

    # Appends the cancellation stress case cuts short: raise it for a fast backend.
    cancel_rounds: ClassVar[int] = 1000

    @pytest_asyncio.fixture
    async def log(self) -> AsyncIterator[EventLog]:
        """Override: yield a fresh, empty log of the backend under test, and close it after."""
        raise NotImplementedError(f"{type(self).__name__} must override the `log` fixture to open its backend")
        yield  # pragma: no cover  (makes this an async generator, as an override is)

    # ------------------------------------------------------------- appends

    async def test_append_then_read_back_in_order(self, log: EventLog) -> None:
        """Appends number a stream's events consecutively and positions grow, so a read gives them back in version
        order."""
        first = await log.append("r1.t1.agent", [msg("a"), msg("b")], expected_version=0)
        second = await log.append("r1.t1.agent", [msg("c")], expected_version=2)

        assert (first.first_version, first.last_version) == (1, 2)
        assert (second.first_version, second.last_version) == (3, 3)
        assert second.last_position > first.last_position
        recs = await collect(log.read("r1.t1.agent"))
        assert [r.version for r in recs] == [1, 2, 3]
        assert _texts(recs) == ["a", "b", "c"]
        assert [r.version for r in await collect(log.read("r1.t1.agent", from_version=2))] == [2, 3]
        assert await log.stream_version("r1.t1.agent") == 3
        assert await log.stream_version("r1.t1.user") == 0
        assert await collect(log.read("r1.t1.user")) == []

    async def test_conflicting_append_raises_and_changes_nothing(self, log: EventLog) -> None:
        """An append at a stale, future or taken version raises ``ConflictError`` naming both versions and writes
        nothing."""
        await log.append("r1.t1.agent", [msg("a"), msg("b")], expected_version=0)

        with pytest.raises(ConflictError) as stale:
            await log.append("r1.t1.agent", [msg("x")], expected_version=1)
        with pytest.raises(ConflictError):
            await log.append("r1.t1.agent", [msg("gap")], expected_version=5)
        with pytest.raises(ConflictError):
            await log.append("r1.t1.agent", [msg("new?")], expected_version=0)

        assert (stale.value.expected, stale.value.actual) == (1, 2)
        assert _texts(await collect(log.read("r1.t1.agent"))) == ["a", "b"]

    async def test_a_refused_first_append_leaves_no_stream_behind(self, log: EventLog) -> None:
        """A refused first append creates neither the stream nor the run."""
        with pytest.raises(ConflictError) as refused:
            await log.append("r1.t1.agent", [msg("gap")], expected_version=3)

        assert (refused.value.expected, refused.value.actual) == (3, 0)
        assert await log.stream_version("r1.t1.agent") == 0
        assert await log.streams("r1") == []
        assert await log.runs() == []
        assert await collect(log.read_all()) == []

    async def test_malformed_appends_are_refused(self, log: EventLog) -> None:
        """An empty batch, a non-event or an unusable stream name is refused before anything is written."""
        with pytest.raises(ValueError, match="no events"):
            await log.append("r1.t1.agent", [], expected_version=0)
        with pytest.raises(TypeError, match="not a realcli event"):
            await log.append("r1.t1.agent", ["text"], expected_version=0)  # type: ignore[list-item]
        with pytest.raises(ConfigError, match="is not usable"):
            await log.append("no-dots", [msg("a")], expected_version=0)

        assert await log.runs() == []

    async def test_retried_append_is_not_duplicated(self, log: EventLog) -> None:
        """Re-sending the same batch (an answer lost in transit) returns the first result and stores nothing twice."""
        batch = [msg("a"), msg("b")]
        first = await log.append("r1.t1.agent", batch, expected_version=0)
        again = await log.append("r1.t1.agent", batch, expected_version=0)

        assert again == first
        assert await log.stream_version("r1.t1.agent") == 2
        assert len(await collect(log.read_all())) == 2

    async def test_append_without_expected_version_goes_to_the_end(self, log: EventLog) -> None:
        """Without ``expected_version`` an append lands after whatever the stream holds."""
        await log.append("r1.t1.agent", [msg("a")])
        result = await log.append("r1.t1.agent", [msg("b")])
        assert result.last_version == 2

    async def test_concurrent_writers_leave_streams_gap_free_and_order_consistent(self, log: EventLog) -> None:
        """Many concurrent writers leave every stream without gaps, and the global order agrees with each stream's."""
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

    async def test_racing_writers_on_one_stream_cannot_both_win(self, log: EventLog) -> None:
        """Two appends at the same expected version race: exactly one wins and the other gets ``ConflictError``."""
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

    async def test_appends_cancelled_at_random_points_land_once_or_not_at_all(self, log: EventLog) -> None:
        """Cancel appends at random moments, commits included: each batch landed whole or not at all.

        Re-sending a cut-short batch with the same ids at the same expected
        version settles which (the idempotent retry): it reports where the
        batch landed, or lands it now.  Afterwards every batch is in the
        stream exactly once, in order, without a gap.  Each append is
        cancelled after a random number of scheduler passes, between none and
        twice as many as the last appends that finished took (the estimate
        follows the machine's load), which lands cancellations before,
        during and after commits.
        """
        rng = random.Random(7)
        stream = "r1.t1.agent"
        took = [await _passes_per_append(log, "r1.calibration.agent")]  # passes that whole appends took
        version, cancelled, sent = 0, 0, []
        for n in range(self.cancel_rounds):
            batch: list[Event] = [msg(f"{n}.{k}") for k in range(1 + n % 3)]
            sent += [ev.id for ev in batch]
            # Up to twice what an append takes now: the estimate follows the machine's load as it changes.
            longest = 2 * max(1, statistics.median_low(took[-25:]))
            result, passes = await self._append_cut_short(log, stream, batch, version, rng.randrange(longest + 1))
            if result is None:
                cancelled += 1
                result = await log.append(stream, batch, expected_version=version)
            else:
                took.append(passes)
            assert (result.first_version, result.last_version) == (version + 1, version + len(batch))
            version = result.last_version

        stored = await collect(log.read(stream))
        assert [r.version for r in stored] == list(range(1, len(sent) + 1))
        assert [r.event.id for r in stored] == sent
        assert await log.stream_version(stream) == len(sent)
        assert cancelled > self.cancel_rounds // 5, cancelled  # the cancellations did cut appends short

    @staticmethod
    async def _append_cut_short(
        log: EventLog, stream: str, batch: list[Event], version: int, passes: int
    ) -> tuple[AppendResult | None, int]:
        """Append, cancelled after ``passes`` scheduler passes unless it finished before.

        Returns its result (``None`` if it was cut short) and the passes it took.
        """
        result: AppendResult | None = None

        async def append() -> None:
            nonlocal result
            result = await log.append(stream, batch, expected_version=version)

        taken = 0
        async with anyio.create_task_group() as tg:
            tg.start_soon(append)
            while taken < passes and result is None:
                await anyio.lowlevel.checkpoint()
                taken += 1
            tg.cancel_scope.cancel()
        return result, taken

    # --------------------------------------------------------------- reads

    async def test_subscriber_started_mid_run_sees_every_event_once_in_order(self, log: EventLog) -> None:
        """A subscriber that joins while writers append sees every event exactly once, in the global order."""
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

    async def test_subscribe_from_a_position_resumes_after_it(self, log: EventLog) -> None:
        """A subscription from a position yields what came at and after it, not before (a follower resumes there)."""
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

    async def test_batch_positions_are_distinct_and_resumable_inside_a_batch(self, log: EventLog) -> None:
        """Each event of a batch has its own position, and reading from one in the middle of a batch starts there."""
        await log.append("r1.t1.agent", [msg("a"), msg("b"), msg("c")], expected_version=0)
        recs = await collect(log.read_all())
        assert len({r.position for r in recs}) == 3
        tail = await collect(log.read_all(recs[1].position))
        assert _texts(tail) == ["b", "c"]

    async def test_scopes_separate_runs_and_trials(self, log: EventLog) -> None:
        """A scope keeps exactly one run's (or trial's) streams: ``r1`` does not take in ``r10``."""
        await log.append("r1.t1.agent", [msg("r1t1")], expected_version=0)
        await log.append("r1.t2.agent", [msg("r1t2")], expected_version=0)
        await log.append("r1.run", [msg("r1")], expected_version=0)
        await log.append("r10.t1.agent", [msg("r10")], expected_version=0)

        assert _texts(await collect(log.read_all(scope="r1"))) == ["r1t1", "r1t2", "r1"]
        assert _texts(await collect(log.read_all(scope="r1.t1"))) == ["r1t1"]
        assert await log.runs() == ["r1", "r10"]
        assert [(s.name, s.version) for s in await log.streams("r1")] == [
            ("r1.run", 1),
            ("r1.t1.agent", 1),
            ("r1.t2.agent", 1),
        ]
        assert [s.name for s in await log.streams("r1.t2")] == ["r1.t2.agent"]

    async def test_events_round_trip_unchanged(self, log: EventLog) -> None:
        """An event reads back equal to what was appended (unicode and NUL included), with its run, trial and actor."""
        original = msg("héllo \u2603 \x00 end")
        await log.append("r1.t1.agent", [original], expected_version=0)
        (rec,) = await collect(log.read("r1.t1.agent"))
        assert rec.event == original
        assert (rec.run_id, rec.trial_id, rec.actor) == ("r1", "t1", "agent")

    async def test_concurrent_reads_of_complete_streams_never_come_back_empty(self, log: EventLog) -> None:
        """Many concurrent readers of streams already written never get an empty read."""
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

    # --------------------------------------------------------------- chain

    async def test_every_append_extends_its_streams_hash_chain(self, log: EventLog) -> None:
        """Each append extends its own stream's hash chain from its genesis, and the stream's head is
        the last digest."""
        first = await log.append("r1.t1.agent", [msg("a"), msg("b")], expected_version=0)
        second = await log.append("r1.t1.agent", [msg("c")], expected_version=2)
        other = await log.append("r1.t2.agent", [msg("a")], expected_version=0)

        raws = [r async for r in log.read_raw(0, "r1.t1")]
        datas = [r.data for r in raws]
        expected = chain_over(genesis("r1.t1.agent"), 1, datas)
        assert [r.version for r in raws] == [1, 2, 3]
        assert [r.event for r in await collect(log.read("r1.t1.agent"))] == [
            r.event for r in await collect(log.read_all(0, "r1.t1"))
        ]
        assert (first.digest, second.digest) == (expected[1].hex(), expected[2].hex())
        for raw, digest in zip(raws, expected, strict=True):
            assert raw.digest in (None, digest.hex())  # None: inside an append (JetStream stores one per append)
        assert raws[-1].digest == second.digest
        assert other.digest == chain_over(genesis("r1.t2.agent"), 1, [(await _raw(log, "r1.t2"))[0].data])[0].hex()
        assert {s.name: s.digest for s in await log.streams("r1")} == {
            "r1.t1.agent": second.digest,
            "r1.t2.agent": other.digest,
        }

    async def test_a_retried_append_reports_the_digest_it_landed_with(self, log: EventLog) -> None:
        """A retried append reports the digest of the append that landed, not a recomputed one."""
        batch = [msg("a"), msg("b")]
        first = await log.append("r1.t1.agent", batch, expected_version=0)
        again = await log.append("r1.t1.agent", batch, expected_version=0)
        assert again.digest == first.digest != ""

    async def test_encoded_events_are_stored_as_the_bytes_given(self, log: EventLog) -> None:
        """An ``EncodedEvent`` is stored byte for byte (an import keeps the exporter's bytes, hence its chain)."""
        data = b'{"type":"AgentMessaged",  "text":"spaced", "id":"e1","at":1.5}'
        result = await log.append("r1.t1.agent", [EncodedEvent("e1", "AgentMessaged", data)], expected_version=0)
        (raw,) = await _raw(log, "r1")
        (rec,) = await collect(log.read("r1.t1.agent"))
        assert raw.data == data
        assert rec.event == AgentMessaged(text="spaced", id="e1", at=1.5)
        assert result.digest == chain_over(genesis("r1.t1.agent"), 1, [data])[0].hex()

    async def test_a_sealed_run_verifies_and_names_what_was_appended_after_its_seals(self, log: EventLog) -> None:
        """A sealed run verifies intact, and an event forged into a finished trial afterwards is named as a problem."""
        await sealed_run(log)
        clean = await verify_run(log, "r1")
        assert (clean.intact, clean.sealed, clean.chained, clean.events) == (True, True, True, 6)
        assert clean.head == next(s.digest for s in await log.streams("r1") if s.name == "r1.run")

        # A forger who may write appends a verdict to the finished trial, chain and all.
        await log.append("r1.t1.sandbox", [VerifierFinished(trial_id="t1", reward=0.0)])
        forged = await verify_run(log, "r1")
        assert not forged.intact
        assert [(p.stream, p.version) for p in forged.problems] == [("r1.t1.sandbox", 2), ("r1.t1.sandbox", 2)]
        assert "appended after trial t1 ended" in str(forged.problems[0])
        assert "appended after the run closed" in str(forged.problems[1])

    async def test_verify_finds_a_stream_that_appeared_after_the_close_and_notes_a_rejudge(self, log: EventLog) -> None:
        """A trial stream that appeared after the run closed is a problem; a judge's stream added
        later is only noted."""
        await sealed_run(log)
        await log.append("r1.t9.sandbox", [VerifierFinished(trial_id="t9", reward=1.0)], expected_version=0)
        await log.append("r1.judge.llm-x", [msg("a verdict")], expected_version=0)
        found = await verify_run(log, "r1")
        assert [(p.stream, p.version) for p in found.problems] == [("r1.t9.sandbox", 1)]
        assert any("r1.judge.llm-x was added after the run closed" in note for note in found.notes)

    async def test_verify_checks_a_head_taken_earlier(self, log: EventLog) -> None:
        """A head taken earlier is found on the run's chain after the run went on; a head it never had is a problem."""
        await sealed_run(log)
        head = (await verify_run(log, "r1")).head
        await log.append("r1.run", [msg("resumed later")])  # the run goes on: the old head stays on its chain
        assert (await verify_run(log, "r1", head=head)).head_found is True
        other = await verify_run(log, "r1", head="ab" * 32)
        assert other.head_found is False
        assert "never had head" in str(other.problems[-1])
        assert not other.sealed  # the run stream moved on after its close

    async def test_an_exported_run_imports_with_the_same_chain_and_head(self, log: EventLog) -> None:
        """An exported run imported into another log verifies with the same chain and head."""
        await sealed_run(log)
        head = (await verify_run(log, "r1")).head
        with tempfile.TemporaryDirectory() as tmp:
            archive = Path(tmp) / "r1.jsonl"
            await export_run(log, "r1", archive)
            async with open_log("memory:") as other:
                await import_archive(other, archive)
                moved = await verify_run(other, "r1", head=head)
                again = Path(tmp) / "again.jsonl"
                await export_run(other, "r1", again)
            assert again.read_bytes() == archive.read_bytes()
        assert (moved.intact, moved.sealed, moved.head, moved.head_found) == (True, True, head, True)


async def _raw(log: EventLog, scope: str) -> list[RawRecord]:
    return [r async for r in log.read_raw(0, scope)]
