"""Backend-specific faults: a NATS outage mid-append, a locked SQLite file."""

from __future__ import annotations

import os
import random
import sqlite3
from pathlib import Path

import anyio
import pytest

from realcli import LogUnavailableError
from realcli.eventlog import open_log
from realcli.events import AgentMessaged
from tests._nats import NatsServer


@pytest.mark.nats
async def test_nats_outage_during_appends_loses_and_duplicates_nothing(tmp_path: Path) -> None:
    server = NatsServer(tmp_path / "store")
    server.start()
    try:
        async with open_log(f"{server.url}?stream=OUTAGE") as log:
            await log.append("r1.t1.agent", [AgentMessaged(text="before")], expected_version=0)
            server.stop()
            pending = [AgentMessaged(text="during")]

            async def restart_later() -> None:
                await anyio.sleep(1.5)
                await anyio.to_thread.run_sync(server.start)

            with anyio.fail_after(60):
                async with anyio.create_task_group() as tg:
                    tg.start_soon(restart_later)
                    result = await log.append("r1.t1.agent", pending, expected_version=1)
            again = await log.append("r1.t1.agent", pending, expected_version=1)  # a retry after a lost answer
            texts = [r.event.text async for r in log.read("r1.t1.agent")]  # type: ignore[union-attr]
    finally:
        server.stop()
    assert (result.last_version, again) == (2, result)
    assert texts == ["before", "during"]


async def test_a_log_locked_by_another_process_gives_a_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "locked.db"
    async with open_log(f"sqlite:{path}") as log:
        await log.append("r1.t1.agent", [AgentMessaged(text="a")], expected_version=0)
        holder = sqlite3.connect(path, check_same_thread=False)
        holder.execute("BEGIN EXCLUSIVE")
        try:
            with pytest.raises(LogUnavailableError, match=r"locked\.db is locked by another process"):
                await log.append("r1.t1.agent", [AgentMessaged(text="b")], expected_version=1)
        finally:
            holder.rollback()
            holder.close()
        await log.append("r1.t1.agent", [AgentMessaged(text="b")], expected_version=1)
        assert [r.version async for r in log.read("r1.t1.agent")] == [1, 2]


@pytest.mark.nats
async def test_nats_reads_always_end_and_return_everything(nats: NatsServer) -> None:
    """Hundreds of reads, ten at a time, of a log with large messages: every read ends, complete.

    nats-server 2.9.10 sometimes delivers a filtered read's last message with
    a pending count of 1; a read that waited for a count of 0 then never
    ended (3 of 300 of these reads hung before reads ended at the last
    sequence taken when they start).
    """
    rng = random.Random(11)
    versions: dict[str, int] = {}
    async with open_log(f"{nats.url}?stream=HANG{os.urandom(4).hex()}") as log:
        for _ in range(600):
            stream = f"{rng.choice(['ra', 'rb', 'rc'])}.t{rng.randrange(6)}.{rng.choice(['agent', 'user', 'sandbox'])}"
            size = rng.choice([10, 500, 5000, 200_000])
            await log.append(stream, [AgentMessaged(text="x" * size)], expected_version=versions.get(stream, 0))
            versions[stream] = versions.get(stream, 0) + 1
        run_total = sum(v for s, v in versions.items() if s.startswith("rb."))
        complete: list[bool] = []

        async def reader(k: int) -> None:
            for j in range(30):
                with anyio.fail_after(60):  # a hung read fails the test instead of waiting for the outage bound
                    if (j + k) % 2:
                        complete.append(len([r async for r in log.read_all(0, "rb")]) == run_total)
                    else:
                        n = len([r async for r in log.read("rb.t2.agent")])
                        complete.append(n == versions["rb.t2.agent"])

        async with anyio.create_task_group() as tg:
            for k in range(10):
                tg.start_soon(reader, k)
    assert complete == [True] * 300
