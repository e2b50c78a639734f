"""Backend-specific faults: a NATS outage mid-append, a locked SQLite file."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import anyio
import pytest

from realcli import LogUnavailableError
from realcli.eventlog import open_log
from realcli.events import AgentMessaged
from tests._nats import NatsServer


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
