"""Shared Docker plumbing: connecting to the engine and translating its errors.

Everything here talks to the Engine API through aiodocker (never the ``docker``
CLI).  aiodocker errors are translated into ``InfrastructureError`` (or its
``DockerUnavailableError`` subclass) at this boundary, so callers only ever
catch realcli errors.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import IO, Any

import aiodocker
import aiohttp
import anyio
import msgspec
from aiodocker.exceptions import DockerError

from realcli._errors import EngineError

__all__ = [
    "START_HINT",
    "DockerUnavailableError",
    "ProgressFn",
    "RoundTrips",
    "connect",
    "docker_error",
    "file_chunks",
    "image_labels",
    "inspect_image",
    "is_not_found",
    "removed_within",
    "iter_json_lines",
    "one_line",
    "tar_request",
]

ProgressFn = Callable[[str], None]
"""Receives human-readable progress lines (build output, steps); must not block."""

START_HINT = "start it with `dockerd --iptables=false --ip-masq=false --bridge=none &` (or `make setup`)"

# Where aiodocker looks when DOCKER_HOST is unset (kept in step with its own list).
_SOCKETS = (Path("/run/docker.sock"), Path("/var/run/docker.sock"), Path.home() / ".docker/run/docker.sock")
_PING_TIMEOUT_SEC = 15.0
# Docker reports "cannot connect" as a pseudo HTTP status.
_STATUS_UNREACHABLE = 900


class DockerUnavailableError(EngineError):
    """The Docker engine cannot be reached (not running, socket missing or refused)."""


def one_line(text: str, limit: int = 300) -> str:
    """Collapse whitespace runs (newlines included) and cut to ``limit`` characters."""
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 3] + "..."


def is_not_found(exc: DockerError) -> bool:
    """Whether an engine error means "no such container / image / exec"."""
    return exc.status == 404


def docker_error(exc: DockerError, doing: str) -> EngineError:
    """Translate an aiodocker error met while ``doing`` something into a realcli error."""
    if exc.status == _STATUS_UNREACHABLE:
        return DockerUnavailableError(f"docker engine unreachable while {doing}: {START_HINT}")
    return EngineError(f"docker engine: {doing} failed ({exc.status}): {one_line(exc.message)}")


def _default_url() -> str:
    host = os.environ.get("DOCKER_HOST")
    if host:
        return host
    for sock in _SOCKETS:
        if sock.is_socket():
            return f"unix://{sock}"
    raise DockerUnavailableError(
        f"docker engine socket not found ({', '.join(map(str, _SOCKETS[:2]))}, DOCKER_HOST unset): " + START_HINT
    )


@asynccontextmanager
async def tar_request(
    docker: aiodocker.Docker,
    path: str,
    method: str,
    params: dict[str, Any],
    data: bytes | AsyncIterator[bytes],
) -> AsyncIterator[aiohttp.ClientResponse]:
    """Stream a tar (``data``) to the engine's ``path`` and yield the response.

    aiodocker has no public call that takes a streamed body (builds, image
    imports and archive uploads all need one), so this is the one place that
    uses its private ``_query``.  No client-side timeout: a transfer is as
    long as its tar, and the callers bound it by their own deadlines.
    """
    headers = {"Content-Type": "application/x-tar"}
    async with docker._query(path, method, params=params, data=data, headers=headers, timeout=None) as response:
        yield response


async def file_chunks(f: IO[bytes], size: int = 1 << 16) -> AsyncIterator[bytes]:
    """The rest of ``f`` in chunks of ``size`` bytes, each read off the event loop."""
    while chunk := await anyio.to_thread.run_sync(f.read, size):
        yield chunk


class RoundTrips:
    """Counts the requests a client made to the engine, by method and path (ids replaced by ``*``).

    For measuring (``bench/``): pass one to ``connect(round_trips=...)``.
    """

    def __init__(self) -> None:
        self.counts: Counter[str] = Counter()

    @property
    def total(self) -> int:
        """Every round trip counted so far."""
        return sum(self.counts.values())

    def reset(self) -> None:
        """Start counting from zero."""
        self.counts.clear()

    def record(self, method: str, path: str) -> None:
        """Count one request, by method and path with its ids generalised (``POST containers/*/exec``)."""
        parts = path.split("?", 1)[0].strip("/").split("/")
        if len(parts) > 1 and parts[0] in _HAS_IDS and parts[1] not in _NOT_IDS:
            # An image reference may hold slashes: everything up to the operation is the id.
            parts = [parts[0], "*", *parts[2:]] if parts[0] != "images" else [parts[0], "*", parts[-1]]
        self.counts[f"{method} {'/'.join(parts)}"] += 1


_HAS_IDS = frozenset({"containers", "exec", "images", "networks", "volumes"})
_NOT_IDS = frozenset({"create", "json", "prune", "load", "search"})


class _CountingDocker(aiodocker.Docker):
    """An aiodocker client that records every request it makes (every call goes through ``_do_query``)."""

    def __init__(self, url: str, round_trips: RoundTrips) -> None:
        super().__init__(url=url)
        self._round_trips = round_trips

    async def _do_query(self, path: Any, method: str, **kwargs: Any) -> Any:
        self._round_trips.record(method, str(path))
        return await super()._do_query(path, method, **kwargs)


@asynccontextmanager
async def connect(url: str | None = None, *, round_trips: RoundTrips | None = None) -> AsyncIterator[aiodocker.Docker]:
    """Open a client to the engine at ``url`` (default: DOCKER_HOST or the local socket) and ping it.

    Raises ``DockerUnavailableError`` with a one-line hint when the engine is
    not there.  The client is closed on exit.  ``round_trips`` counts every
    request the client makes.
    """
    target = url or _default_url()
    try:
        docker = aiodocker.Docker(url=target) if round_trips is None else _CountingDocker(target, round_trips)
    except (ValueError, OSError) as e:
        raise DockerUnavailableError(f"cannot use docker engine address {target!r} ({e}): {START_HINT}") from e
    try:
        try:
            with anyio.fail_after(_PING_TIMEOUT_SEC):
                await docker.version()
        except TimeoutError as e:
            raise DockerUnavailableError(
                f"docker engine at {target} did not answer within {_PING_TIMEOUT_SEC:.0f} s: {START_HINT}"
            ) from e
        except DockerError as e:
            raise DockerUnavailableError(f"docker engine at {target} is not reachable: {START_HINT}") from e
        yield docker
    finally:
        with anyio.CancelScope(shield=True):
            await docker.close()


async def inspect_image(docker: aiodocker.Docker, ref: str) -> dict[str, Any] | None:
    """The engine's description of image ``ref``, or None when it is not present locally."""
    try:
        info: dict[str, Any] = await docker.images.inspect(ref)
    except DockerError as e:
        if is_not_found(e):
            return None
        raise docker_error(e, f"inspecting image {ref}") from e
    return info


SESSION_ENV = "REALCLI_SESSION"
LABEL_SESSION = "realcli.session"


def session_labels() -> dict[str, str]:
    """``{"realcli.session": $REALCLI_SESSION}`` when that variable is set, else nothing.

    A harness that runs realcli (a test session, a CI job) sets it so that it
    can find, and clean up, exactly the containers and images it made.
    """
    session = os.environ.get(SESSION_ENV)
    return {LABEL_SESSION: session} if session else {}


def image_labels(info: dict[str, Any]) -> dict[str, str]:
    """The labels of an inspected image (empty when it has none)."""
    labels = (info.get("Config") or {}).get("Labels") or {}
    return dict(labels)


_MAX_LINE = 1 << 20


async def iter_json_lines(chunks: AsyncIterator[bytes]) -> AsyncIterator[dict[str, Any]]:
    """Decode a newline-delimited JSON progress stream (build, import), one object per line.

    Lines longer than 1 MiB are dropped rather than buffered without bound.
    """
    buf = bytearray()
    skipping = False
    async for chunk in chunks:
        buf += chunk
        while (nl := buf.find(b"\n")) >= 0:
            line = bytes(buf[:nl])
            del buf[: nl + 1]
            if skipping:
                skipping = False
                continue
            if line.strip():
                yield _decode_line(line)
        if len(buf) > _MAX_LINE:
            buf.clear()
            skipping = True
    if buf.strip() and not skipping:
        yield _decode_line(bytes(buf))


def _decode_line(line: bytes) -> dict[str, Any]:
    try:
        obj = msgspec.json.decode(line)
    except msgspec.DecodeError:
        return {"stream": line.decode("utf-8", "replace") + "\n"}
    return obj if isinstance(obj, dict) else {"stream": f"{obj}\n"}


async def removed_within(container: aiodocker.containers.DockerContainer, what: str, within: float) -> bool:
    """Wait until ``container``, which someone else is removing, is gone; False if it is still there after
    ``within`` seconds (a removal stuck in the engine)."""
    with anyio.move_on_after(within):
        while True:
            try:
                await container.show()
            except DockerError as e:
                if is_not_found(e):
                    return True
                raise docker_error(e, f"waiting for {what} to be removed") from e
            await anyio.sleep(0.1)
    return False
