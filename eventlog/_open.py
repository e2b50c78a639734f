"""Opening a log from a ``--log`` URL."""

from __future__ import annotations

import os
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Final, NamedTuple

import anyio

from realcli._errors import ConfigError
from realcli.eventlog import _memory
from realcli.eventlog._base import EventLog
from realcli.eventlog._natsroles import Role

if TYPE_CHECKING:
    from realcli.eventlog._natsconn import Credential

ENV_VAR: Final = "REALCLI_LOG"
DEFAULT_URL: Final = "sqlite:runs/realcli.db"


def default_url() -> str:
    """``$REALCLI_LOG`` if set, else a SQLite file under ``./runs/`` (as Harbor keeps ``jobs/``)."""
    return os.environ.get(ENV_VAR) or DEFAULT_URL


def describe_schemes() -> str:
    """The log URL forms this realcli opens, one example per backend, for help texts and errors."""
    examples = [backend.example for backend in _BACKENDS.values()]
    return ", ".join(examples[:-1]) + " or " + examples[-1]


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


async def _check_sqlite(url: str, create: bool) -> None:
    await _check_directory(url, _sqlite_path(url), create=create, make=False)


async def _open_sqlite(url: str, create: bool, role: Role, credential: Credential | None) -> EventLog:
    from realcli.eventlog._sqlite import SqliteLog

    path = _sqlite_path(url)
    await _check_directory(url, path, create=create, make=True)
    return await SqliteLog.open(path, create=create, readonly=role == "read")


async def _check_nats(url: str, create: bool) -> None:
    from realcli.eventlog._natsconn import parse_nats_url

    parse_nats_url(url)


async def _open_nats(url: str, create: bool, role: Role, credential: Credential | None) -> EventLog:
    from realcli.eventlog._nats import JetStreamLog

    return await JetStreamLog.open(url, role=role, credential=credential, create=create)


async def _open_memory(url: str, create: bool, role: Role, credential: Credential | None) -> EventLog:
    return await _memory.open_url(url, create)


class _Backend(NamedTuple):
    """A log backend as ``--log`` reaches it: how its URLs look, an early check, and the opening.

    ``check`` refuses an unusable URL before a command prints anything;
    ``open`` returns the log, which the caller closes.  Heavy dependencies
    (aiosqlite, nats-py) are imported inside them, when that backend is used.
    """

    example: str
    check: Callable[[str, bool], Awaitable[None]]
    open: Callable[[str, bool, Role, Credential | None], Awaitable[EventLog]]


# URL prefix -> backend.  A new backend is its module and one line here.
_BACKENDS: Final[dict[str, _Backend]] = {
    "sqlite:": _Backend("sqlite:PATH", _check_sqlite, _open_sqlite),
    "nats://": _Backend("nats://HOST:PORT", _check_nats, _open_nats),
    "memory:": _Backend("memory:[NAME]", _memory.check_url, _open_memory),
}


def _backend(url: str) -> _Backend:
    for prefix, backend in _BACKENDS.items():
        if url.startswith(prefix):
            return backend
    raise ConfigError(f"--log {url!r}: unknown log scheme (expected {describe_schemes()})")


async def check_url(url: str | None, *, create: bool = True) -> None:
    """Refuse an unusable ``--log`` early (before a command prints anything), as ``open_log`` would."""
    url = url or default_url()
    await _backend(url).check(url, create)


@asynccontextmanager
async def open_log(
    url: str | None = None, *, create: bool = True, role: Role = "run", credential: Credential | None = None
) -> AsyncIterator[EventLog]:
    """Open the log at ``url`` (default: ``default_url()``) for the duration of the block.

    ``create=False`` is for commands that do not start runs: a missing SQLite
    file (or memory log name, or JetStream stream) is then a ``NotFoundError``
    instead of a new empty log.  Even with ``create``, a SQLite log's
    directory must exist (``ConfigError``), except the default log's
    ``runs/``, which is made on first use.

    ``role`` is what the process does with the log (``_natsroles``): ``read``
    opens a SQLite file read-only and presents NATS the read-only credential;
    ``worker`` and ``run`` write.  ``credential`` overrides the role's NATS
    credential (a worker's per-run credential).
    """
    url = url or default_url()
    log = await _backend(url).open(url, create, role, credential)
    try:
        yield log
    finally:
        await log.aclose()
