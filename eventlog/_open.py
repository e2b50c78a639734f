"""Opening a log from a ``--log`` URL: the registry of log backends, and picking one by the URL's scheme."""

from __future__ import annotations

import os
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from typing import TYPE_CHECKING, Final, NamedTuple

from realcli import Extension, Registry, instance_of
from realcli._errors import ConfigError
from realcli.eventlog._base import EventLog
from realcli.eventlog._natsroles import Role

if TYPE_CHECKING:
    from realcli.eventlog._natsconn import Credential

ENV_VAR: Final = "REALCLI_LOG"
DEFAULT_URL: Final = "sqlite:runs/realcli.db"


def default_url() -> str:
    """``$REALCLI_LOG`` if set, else a SQLite file under ``./runs/`` (as Harbor keeps ``jobs/``)."""
    return os.environ.get(ENV_VAR) or DEFAULT_URL


class LogBackend(NamedTuple):
    """What a ``LOG_BACKENDS`` entry points at: an early check of a URL, and the opening.

    ``check(url, create)`` refuses an unusable URL before a command prints
    anything; ``open(url, create, role, credential)`` returns the log, which
    the caller closes.  The entry's name is the URL's scheme (``sqlite`` serves
    ``sqlite:...``); its help, the URL's form.
    """

    check: Callable[[str, bool], Awaitable[None]]
    open: Callable[[str, bool, Role, Credential | None], Awaitable[EventLog]]


LOG_BACKENDS: Final[Registry[LogBackend]] = Registry(
    "log backend",
    "realcli.log_backends",
    [
        Extension("sqlite", "realcli.eventlog._sqlite:BACKEND", "sqlite:PATH"),
        Extension("nats", "realcli.eventlog._nats:BACKEND", "nats://HOST:PORT[?stream=NAME&outage=SEC]"),
        Extension("memory", "realcli.eventlog._memory:BACKEND", "memory:[NAME]"),
    ],
    instance_of(lambda: LogBackend),
)
"""Every log backend ``--log`` reaches, by URL scheme: built in, then plug-ins (``realcli.log_backends``)."""


def describe_schemes() -> str:
    """The log URL forms this realcli opens, one per backend, for help texts and errors."""
    forms = [entry.help or f"{entry.name}:..." for entry in LOG_BACKENDS.extensions()]
    return ", ".join(forms[:-1]) + " or " + forms[-1]


def _backend(url: str) -> LogBackend:
    scheme = url.partition(":")[0]
    if ":" not in url or scheme not in LOG_BACKENDS:
        raise ConfigError(f"--log {url!r}: unknown log scheme (expected {describe_schemes()})")
    return LOG_BACKENDS.load(scheme)


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
