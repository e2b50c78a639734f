"""The event-log contract (``realcli.eventlog.conformance``) on every backend: SQLite, JetStream, memory.

Each backend also carries the runtime's single writer of a stream through
appends cancelled at random moments (``StreamWriter`` lives in the runtime,
which the contract suite may not import).
"""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from pathlib import Path
from typing import ClassVar

import anyio
import anyio.lowlevel
import pytest
import pytest_asyncio

from realcli import ConfigError, NotFoundError
from realcli.eventlog import EventLog, open_log
from realcli.eventlog.conformance import EventLogContract, collect, msg
from realcli.events import AgentMessaged
from realcli.runtime import StreamWriter
from tests._nats import NatsServer


class LogAndWriterContract(EventLogContract):
    """The contract, plus the runtime's stream writer on the same backend."""

    writer_rounds: ClassVar[int] = 3000
    # The most scheduler passes before an append is cancelled: a few times what one takes here.
    writer_passes: ClassVar[int] = 40

    async def test_a_writer_cancelled_at_random_points_keeps_its_stream_gap_free(self, log: EventLog) -> None:
        """Cancel appends at random moments, commits included: no ConflictError, no gap, no duplicate.

        An append cancelled after the log committed it used to leave the writer's
        version behind, so its next append raised ConflictError (a flaky trial).
        Each append is cancelled after a random number of scheduler passes (0 to
        ``writer_passes``), which lands cancellations before, during and after commits.
        """
        rng = random.Random(7)
        rounds = self.writer_rounds
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
                for _ in range(rng.randrange(self.writer_passes)):
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


class TestSqliteLog(LogAndWriterContract):
    @pytest_asyncio.fixture
    async def log(self, tmp_path: Path) -> AsyncIterator[EventLog]:
        async with open_log(f"sqlite:{tmp_path / 'log.db'}") as opened:
            yield opened


@pytest.mark.nats
class TestJetStreamLog(LogAndWriterContract):
    writer_rounds = 1000

    @pytest_asyncio.fixture
    async def log(self, nats: NatsServer) -> AsyncIterator[EventLog]:
        async with open_log(f"{nats.url}?stream=T{random.randbytes(6).hex()}") as opened:
            yield opened


class TestMemoryLog(LogAndWriterContract):
    writer_passes = 12  # an append here takes a few passes, not a thread's round trip

    @pytest_asyncio.fixture
    async def log(self) -> AsyncIterator[EventLog]:
        async with open_log("memory:") as opened:
            yield opened


@pytest.mark.parametrize("url", ["memory:", "memory:contract-named"])
async def test_a_memory_log_is_private_unless_named(url: str) -> None:
    async with open_log(url) as first:
        await first.append("r1.t1.agent", [msg("a")], expected_version=0)
    async with open_log(url) as second:
        assert len(await collect(second.read_all())) == (1 if url != "memory:" else 0)


async def test_a_memory_log_url_is_checked() -> None:
    with pytest.raises(NotFoundError, match="no event log at memory:never-made"):
        async with open_log("memory:never-made", create=False):
            pass
    with pytest.raises(ConfigError, match="expected memory: or memory:NAME"):
        async with open_log("memory:a/b"):
            pass


async def test_a_named_memory_log_is_shared_by_threads_with_loops_of_their_own() -> None:
    """A subscriber in another thread's event loop sees what this loop appends (by polling)."""
    url = f"memory:threads-{random.randbytes(4).hex()}"
    async with open_log(url) as log:
        await log.append("r1.t1.agent", [msg("before")], expected_version=0)

        async def follow() -> list[str]:
            async with open_log(url, create=False) as other:
                texts: list[str] = []
                async for rec in other.subscribe(0, scope="r1"):
                    texts.append(rec.event.text)  # type: ignore[union-attr]
                    if len(texts) == 3:
                        return texts
            raise AssertionError("unreachable")

        with anyio.fail_after(10):
            async with anyio.create_task_group() as tg:
                seen: list[str] = []

                async def in_thread() -> None:
                    seen.extend(await anyio.to_thread.run_sync(anyio.run, follow))

                tg.start_soon(in_thread)
                for text in ("one", "two"):
                    await anyio.sleep(0.05)
                    await log.append("r1.t1.agent", [msg(text)])
    assert seen == ["before", "one", "two"]
