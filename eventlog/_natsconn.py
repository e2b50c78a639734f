"""Connecting to NATS: what a ``nats://`` URL names, the credential a process presents, and the connection's life.

The server realcli documents requires credentials.  Since per-role
credentials (``_natsroles``, written by ``realcli nats-setup``), a process
presents, first found:

1. ``$REALCLI_NATS_CREDS``: a ``.creds`` file (any role, e.g. a worker
   machine's ``worker.creds``);
2. ``$REALCLI_NATS_TOKEN``, or ``$REALCLI_NATS_TOKEN_FILE``: the shared token
   of a server configured before roles existed (``authorization { token }``);
3. ``<role>.creds`` in ``$REALCLI_NATS_DIR`` (default
   ``$XDG_CONFIG_HOME/realcli/nats``, i.e. ``~/.config/realcli/nats``), the
   credential of the process's role: ``read`` for the commands that only
   read, ``worker`` for ``realcli worker``, ``run`` for the rest;
4. ``$XDG_CONFIG_HOME/realcli/nats.token``, the token file of older set-ups.

A credential or token file must be readable by its owner only (mode 0600).
With none found, realcli connects without one (a server that requires one
refuses, and the error says what to do).  Credentials never appear in a URL
(URLs are printed and named in errors), the log, a report, a message, or a
sandbox.

A server that requires no credentials at all is used, with a loud warning:
anything that can reach its port can read and rewrite the log.

``Link`` is the connection plus what it went through: when the server went
away (the outage bound counts from then, for every request of the process),
the outages it rode out, and the requests the server refused for want of a
permission (a publish NATS refuses gets no answer, only an asynchronous
error: ``refused_since`` ties the two together).
"""

from __future__ import annotations

import contextlib
import os
import stat
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final
from urllib.parse import parse_qs, urlsplit

import anyio
from nats.aio.client import Client as NATS
from nats.aio.client import RawCredentials

from realcli._errors import ConfigError, LogUnavailableError
from realcli.eventlog._base import LogOutage
from realcli.eventlog._natsroles import Role

TOKEN_ENV: Final = "REALCLI_NATS_TOKEN"
TOKEN_FILE_ENV: Final = "REALCLI_NATS_TOKEN_FILE"
CREDS_ENV: Final = "REALCLI_NATS_CREDS"
DIR_ENV: Final = "REALCLI_NATS_DIR"
DEFAULT_STREAM: Final = "REALCLI"
DEFAULT_OUTAGE_SEC: Final = 300.0
_AUTH_FAILURES: Final = ("authorization violation", "authentication", "user authentication expired")
_REFUSALS: Final = ("permissions violation",)


@dataclass(frozen=True)
class NatsTarget:
    """A parsed ``nats://HOST:PORT[?stream=NAME][&outage=SEC]``."""

    url: str  # as given, for messages
    server: str  # nats://host:port
    stream: str
    outage_sec: float


def parse_nats_url(url: str) -> NatsTarget:
    """The server, stream name and outage bound of a ``nats://`` URL (``ConfigError`` if unusable)."""
    parts = urlsplit(url)
    if parts.username is not None or parts.password is not None:
        shown = parts._replace(netloc=parts.netloc.rsplit("@", 1)[1]).geturl()
        raise ConfigError(
            f"--log {shown!r}: credentials do not belong in the URL (URLs are printed): "
            f"put them in a file named by ${CREDS_ENV} (or the token in ${TOKEN_ENV})"
        )
    try:
        port = parts.port or 4222
    except ValueError:
        port = 0
    if parts.scheme != "nats" or not parts.hostname or not port:
        raise ConfigError(f"--log {url!r}: expected nats://HOST:PORT")
    query = parse_qs(parts.query)
    return NatsTarget(
        url=url,
        server=f"nats://{parts.hostname}:{port}",
        stream=query.get("stream", [DEFAULT_STREAM])[0],
        outage_sec=_outage(url, query.get("outage")),
    )


def _outage(url: str, values: list[str] | None) -> float:
    if not values:
        return DEFAULT_OUTAGE_SEC
    try:
        outage = float(values[0])
    except ValueError:
        outage = -1.0
    if not outage > 0:
        raise ConfigError(f"--log {url!r}: outage={values[0]!r} is not a positive number of seconds")
    return outage


# ------------------------------------------------------------------------ credentials


def config_dir() -> Path:
    """``$XDG_CONFIG_HOME/realcli`` (``~/.config/realcli``): where set-up writes the NATS files."""
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "realcli"


def default_token_file() -> Path:
    """Where set-ups before per-role credentials wrote the token."""
    return config_dir() / "nats.token"


def nats_dir() -> Path:
    """Where a machine keeps its NATS role files: ``$REALCLI_NATS_DIR``, else ``<config>/realcli/nats``."""
    named = os.environ.get(DIR_ENV, "").strip()
    return Path(named) if named else config_dir() / "nats"


def role_creds_file(role: Role) -> Path:
    """Where the user credential of ``role`` is kept in this machine's NATS set-up."""
    return nats_dir() / f"{role}.creds"


@dataclass(frozen=True)
class Credential:
    """What a process presents to NATS: a user credential (``.creds``) or a token; ``source`` names it."""

    source: str
    creds: str | None = None
    token: str | None = None

    def connect_options(self) -> dict[str, Any]:
        """The keyword arguments that make ``nats.connect`` present this credential (none for an empty one)."""
        if self.creds is not None:
            return {"user_credentials": RawCredentials(self.creds)}
        return {"token": self.token} if self.token is not None else {}


def credential(role: Role) -> Credential:
    """The credential this process presents for ``role`` (see the module doc), or an empty one."""
    named = os.environ.get(CREDS_ENV, "").strip()
    if named:
        return Credential(f"${CREDS_ENV}", creds=read_private(Path(named), f"${CREDS_ENV}"))
    token = os.environ.get(TOKEN_ENV, "").strip()
    if token:
        return Credential(f"${TOKEN_ENV}", token=token)
    named = os.environ.get(TOKEN_FILE_ENV, "").strip()
    if named:
        return Credential(f"${TOKEN_FILE_ENV}", token=read_private(Path(named), f"${TOKEN_FILE_ENV}"))
    creds = role_creds_file(role)
    if creds.exists():
        return Credential(str(creds), creds=read_private(creds, f"the {role} credential"))
    legacy = default_token_file()
    if legacy.exists():
        return Credential(str(legacy), token=read_private(legacy, "the token file"))
    return Credential("no credential")


def read_private(path: Path, what: str) -> str:
    """The content of a secret file, which must be readable by its owner only."""
    try:
        info = path.stat()
        text = path.read_text(encoding="utf-8").strip()
    except OSError as e:
        raise ConfigError(f"{what} {path}: cannot read it ({e.strerror}); check the path") from e
    if info.st_mode & (stat.S_IRWXG | stat.S_IRWXO):
        raise ConfigError(f"{what} {path} is readable by others (mode {stat.filemode(info.st_mode)}): chmod 600 {path}")
    if not text:
        raise ConfigError(f"{what} {path} is empty: `realcli nats-setup` writes the NATS credentials")
    return text


# ----------------------------------------------------------------------------- notices

_notice_handlers: list[Callable[[str], None]] = []
_noticed: set[str] = set()


def on_notice(handler: Callable[[str], None]) -> None:
    """Send the log's warnings (e.g. a NATS server that requires no credentials) to ``handler``."""
    _notice_handlers.append(handler)


def notice(message: str) -> None:
    """Say ``message`` once per process: to the handlers, or else on stderr."""
    if message in _noticed:
        return
    _noticed.add(message)
    if not _notice_handlers:
        print(f"realcli: {message}", file=sys.stderr)
    for handler in _notice_handlers:
        handler(message)


# ------------------------------------------------------------------------------- link


@dataclass
class Link:
    """A live connection to a NATS server and what happened to it (see the module doc)."""

    nc: Any
    server: str
    role: Role
    source: str
    user: bool = False  # connected with a user credential (the roles' set-up), not a token
    down_since: float | None = None  # time.monotonic() of the disconnection, while the server is away
    _down_wall: float = 0.0
    _outages: list[LogOutage] = field(default_factory=list)
    _outage_seen: anyio.Event = field(default_factory=anyio.Event)
    _refusals: list[tuple[float, str]] = field(default_factory=list)

    async def disconnected(self) -> None:
        """The client's callback on losing the server: note when the outage began."""
        if self.down_since is None:
            self.down_since, self._down_wall = time.monotonic(), time.time()

    async def reconnected(self) -> None:
        """The client's callback on getting the server back: record the outage that just ended and wake
        ``outages()``."""
        if self.down_since is not None:
            self._outages.append(LogOutage(self._down_wall, time.monotonic() - self.down_since))
            self.down_since = None
            self._outage_seen.set()
            self._outage_seen = anyio.Event()

    def refused(self, message: str) -> None:
        """Keep a permission refusal the server reported (the last 20), for ``refused_since`` to turn into a clear
        error."""
        self._refusals.append((time.monotonic(), message))
        del self._refusals[:-20]

    def refused_since(self, since: float) -> str | None:
        """The last permission refusal since ``since`` (a ``time.monotonic()``), if any."""
        for at, message in reversed(self._refusals):
            if at >= since:
                return message
        return None

    def deadline(self, since: float, bound: float) -> float:
        """When a request begun at ``since`` gives up: the bound counts from the outage's start if earlier."""
        start = since if self.down_since is None else min(since, self.down_since)
        return start + bound

    async def outages(self, seen: int) -> tuple[list[LogOutage], int]:
        """Outages after the first ``seen`` ones, waiting for one if there is none yet."""
        while len(self._outages) <= seen:
            await self._outage_seen.wait()
        return self._outages[seen:], len(self._outages)

    async def close(self) -> None:
        """Close, whatever state the connection is in (a server gone for good included)."""
        with anyio.CancelScope(shield=True), contextlib.suppress(Exception):
            if not self.nc.is_closed:
                with anyio.move_on_after(5):
                    await self.nc.close()


async def connect(
    target: NatsTarget,
    *,
    purpose: str,
    role: Role = "run",
    presented: Credential | None = None,
    connect_timeout: float = 5.0,
) -> Link:
    """A connection to ``target``'s server with this process's credential for ``role``; reconnects for ever once up.

    ``LogUnavailableError`` when the server does not answer within
    ``connect_timeout`` or refuses the credential.
    """
    cred = presented or credential(role)  # a bad credential file is a ConfigError of its own, before any connection
    nc = NATS()
    errors: list[str] = []
    link = Link(nc, target.server, role, cred.source, user=cred.creds is not None)

    async def on_error(e: Exception) -> None:
        # nats-py reports every failed attempt here; keep them to say why the first
        # connection failed.  Later (mid-run) reconnect attempts are ridden out.
        text = str(e)
        if any(marker in text.lower() for marker in _REFUSALS):
            link.refused(text)
        elif not nc.is_connected:
            errors.append(text)

    failure: Exception | None = None
    # nats-py retries the first connection for ever when reconnects are
    # unlimited (which we want later, mid-run), so bound the first one here.
    with anyio.move_on_after(connect_timeout):
        try:
            await nc.connect(
                servers=[target.server],
                connect_timeout=2,
                allow_reconnect=True,
                max_reconnect_attempts=-1,
                reconnect_time_wait=1,
                error_cb=on_error,
                disconnected_cb=link.disconnected,
                reconnected_cb=link.reconnected,
                **cred.connect_options(),
            )
        except Exception as e:  # nats-py raises several unrelated types here
            failure = e
    if nc.is_connected:
        _warn_if_open(nc, target)
        return link
    await link.close()
    if any(marker in e.lower() for e in errors for marker in _AUTH_FAILURES):
        raise LogUnavailableError(_refused_message(target, purpose, role, cred))
    reason = type(failure).__name__ if failure else f"no answer in {connect_timeout:.0f} s"
    raise LogUnavailableError(
        f"cannot reach NATS at {target.server} ({reason}) for {purpose}: "
        "start `nats-server -js` there, or use --log sqlite:PATH"
    ) from failure


def _refused_message(target: NatsTarget, purpose: str, role: Role, cred: Credential) -> str:
    if cred.token is not None:
        hint = (
            f"if the server now runs the configuration `realcli nats-setup` writes (one credential per role), "
            f"use {role_creds_file(role)} (or ${CREDS_ENV}) instead of the token; "
            "else set the server's token"
        )
    elif cred.creds is not None:
        hint = (
            "if the server still runs a token configuration, restart it with the one `realcli nats-setup` wrote; "
            "else copy this machine's credentials again from where it ran"
        )
    else:
        hint = (
            f"copy {role_creds_file(role)} from the machine that ran `realcli nats-setup` (or set ${CREDS_ENV}); "
            f"for a server configured with a token, set ${TOKEN_ENV} or ${TOKEN_FILE_ENV}"
        )
    return f"NATS at {target.server} refused realcli's credentials ({cred.source}, role {role}) for {purpose}: {hint}"


def _warn_if_open(nc: Any, target: NatsTarget) -> None:
    info = getattr(nc, "_server_info", {}) or {}  # nats-py keeps the server's INFO there
    if not info.get("auth_required", False):
        notice(
            f"WARNING: NATS at {target.server} requires no credentials: anything that reaches its port "
            "(a sandbox given the network, another user) can read and rewrite the log; "
            "start it with the configuration `realcli nats-setup` writes (see the README, NATS credentials)"
        )
