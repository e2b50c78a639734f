from __future__ import annotations

import os
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from realcli.eventlog import EventLog, open_log
from tests._nats import NatsServer, nats_server


@pytest.fixture(scope="session")
def nats() -> Iterator[NatsServer]:
    """One real JetStream server for the session; tests isolate by stream name."""
    with nats_server() as server:
        yield server


@pytest.fixture(params=["sqlite", "nats"])
def log_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh, empty log URL on each backend."""
    if request.param == "sqlite":
        return f"sqlite:{tmp_path / 'log.db'}"
    server: NatsServer = request.getfixturevalue("nats")
    return f"{server.url}?stream=T{os.urandom(6).hex()}"


@pytest.fixture
async def log(log_url: str) -> AsyncIterator[EventLog]:
    async with open_log(log_url) as opened:
        yield opened
