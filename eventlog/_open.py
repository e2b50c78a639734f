"""Opening a log from a ``--log`` URL."""

from __future__ import annotations

import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Final

import anyio

from realcli._errors import ConfigError
from realcli.eventlog._base import EventLog

ENV_VAR: Final = "REALCLI_LOG"
DEFAULT_URL: Final = "sqlite:runs/realcli.db"


def default_url() -> str:
    """``$REALCLI_LOG`` if set, else a SQLite file under ``./runs/`` (as Harbor keeps ``jobs/``)."""
    return os.environ.get(ENV_VAR) or DEFAULT_URL


def describe_schemes() -> str:
    return "sqlite:PATH or nats://HOST:PORT"


def _sqlite_path(url: str) -> Path:
    raw = url.removeprefix("sqlite:")
    if raw.startswith("//"):  # sqlite:///abs/path and sqlite://rel both read naturally
        raw = raw[2:]
    if not raw:
        raise ConfigError(f"--log {url!r}: expected sqlite:PATH")
    return Path(raw)


async def _check_directory(url: str, path: Path, *, create: bool, make: bool) -> None:
    """A SQLite log's directory must exist: only the default log's own ``runs/`` is ever made.

    A typo in ``--log`` must not silently grow a directory tree somewhere.
    """
    parent = anyio.Path(path.parent)
    if await parent.is_dir():
        return
    if create and path == Path(DEFAULT_URL.removeprefix("sqlite:")):
        if make:
            await parent.mkdir(parents=True, exist_ok=True)
        return
    raise ConfigError(f"--log {url!r}: directory {path.parent} does not exist: create it first, or pick another path")


async def check_url(url: str | None, *, create: bool = True) -> None:
    """Refuse an unusable ``--log`` early (before a command prints anything), as ``open_log`` would."""
    url = url or default_url()
    if url.startswith("sqlite:"):
        await _check_directory(url, _sqlite_path(url), create=create, make=False)
    elif url.startswith("nats://"):
        from realcli.eventlog._natsconn import parse_nats_url

        parse_nats_url(url)
    else:
        raise ConfigError(f"--log {url!r}: unknown log scheme (expected {describe_schemes()})")


@asynccontextmanager
async def open_log(url: str | None = None, *, create: bool = True) -> AsyncIterator[EventLog]:
    """Open the log at ``url`` (default: ``default_url()``) for the duration of the block.

    ``create=False`` is for commands that only read: a missing SQLite file is
    then a ``NotFoundError`` instead of a new empty log.  Even with ``create``,
    a SQLite log's directory must exist (``ConfigError``), except the
    default log's ``runs/``, which is made on first use.
    """
    url = url or default_url()
    if url.startswith("sqlite:"):
        from realcli.eventlog._sqlite import SqliteLog

        path = _sqlite_path(url)
        await _check_directory(url, path, create=create, make=True)
        sqlite = await SqliteLog.open(path, create=create)
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
