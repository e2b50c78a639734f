"""Opening a log from a ``--log`` URL."""

from __future__ import annotations

import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Final

from realcli._errors import ConfigError
from realcli.eventlog._base import EventLog

ENV_VAR: Final = "REALCLI_LOG"
DEFAULT_URL: Final = "sqlite:runs/realcli.db"


def default_url() -> str:
    """``$REALCLI_LOG`` if set, else a SQLite file under ``./runs/`` (as Harbor keeps ``jobs/``)."""
    return os.environ.get(ENV_VAR) or DEFAULT_URL


def describe_schemes() -> str:
    return "sqlite:PATH or nats://HOST:PORT"


@asynccontextmanager
async def open_log(url: str | None = None, *, create: bool = True) -> AsyncIterator[EventLog]:
    """Open the log at ``url`` (default: ``default_url()``) for the duration of the block.

    ``create=False`` is for commands that only read: a missing SQLite file is
    then a ``NotFoundError`` instead of a new empty log.
    """
    url = url or default_url()
    if url.startswith("sqlite:"):
        from realcli.eventlog._sqlite import SqliteLog

        raw = url.removeprefix("sqlite:")
        if raw.startswith("//"):  # sqlite:///abs/path and sqlite://rel both read naturally
            raw = raw[2:]
        if not raw:
            raise ConfigError(f"--log {url!r}: expected sqlite:PATH")
        sqlite = await SqliteLog.open(Path(raw), create=create)
        try:
            yield sqlite
        finally:
            await sqlite.aclose()
    elif url.startswith("nats://"):
        from realcli.eventlog._nats import JetStreamLog

        js = await JetStreamLog.open(url)
        try:
            yield js
        finally:
            await js.aclose()
    else:
        raise ConfigError(f"--log {url!r}: unknown log scheme (expected {describe_schemes()})")
