"""The in-memory backend: ``memory:`` (a private log) or ``memory:NAME`` (one log per name in the process).

For tests and embedding: nothing persists, and nothing outside the process
can see it.  The contract is the other backends' (``_base``), checked by the
same suite (``realcli.eventlog.conformance``).

* Events are kept encoded, as a file or a server keeps them, and decoded on
  every read: a reader never shares an object with the writer, and what
  comes back is what would come back from SQLite.
* Positions are 1, 2, 3, ... in append order.
* An append is a cancellation point before and after it commits, as over a
  network: code that must survive an append whose answer was lost (a
  writer's retry of its batch) is exercised on this backend too.
* A store changes only under a thread lock that is never held across an
  await, so one named log may be shared by threads with event loops of
  their own.  Subscribers of the log object that appended are woken at
  once; those of other opens of the same name notice within
  ``POLL_INTERVAL``.
* ``memory:NAME`` lives until the process ends; ``memory:`` until its log
  is closed.
* The chain (``_chain``): every entry keeps its digest.
"""

from __future__ import annotations

import re
import threading
from collections.abc import AsyncIterator, Iterator, Sequence
from typing import Final, NamedTuple

import anyio
import anyio.lowlevel

from realcli._errors import ConfigError, ConflictError, LogUnavailableError, NotFoundError
from realcli.eventlog._base import (
    AppendResult,
    EncodedEvent,
    LogOutage,
    RawRecord,
    StreamInfo,
    check_batch,
    in_scope,
    never_out,
)
from realcli.eventlog._chain import chain_over, genesis
from realcli.eventlog._natsroles import Role
from realcli.eventlog._open import LogBackend
from realcli.events import Event, RecordedEvent, check_stream, decode, run_of

SCHEME: Final = "memory:"
POLL_INTERVAL: Final = 0.01
_NAME: Final = re.compile(r"[A-Za-z0-9_-]*")
# Reads give the event loop a turn every this many events, as a paged backend does.
_PAGE: Final = 2000


class _Entry(NamedTuple):
    stream: str
    version: int
    event_id: str
    data: bytes
    digest: bytes


class _Store:
    """The events of one log (an event's position is its index + 1) and indexes of them by stream and run."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.entries: list[_Entry] = []
        self.by_stream: dict[str, list[int]] = {}
        self.by_run: dict[str, list[int]] = {}
        self.run_streams: dict[str, list[str]] = {}

    def append(self, stream: str, events: Sequence[EncodedEvent], expected: int | None) -> AppendResult:
        """Commit ``events`` atomically (or settle an idempotent retry, or refuse with ``ConflictError``)."""
        with self.lock:
            indexes = self.by_stream.get(stream, [])
            current = len(indexes)
            at = current if expected is None else expected
            if at != current:
                return self._settle(stream, events, at, indexes)
            if not indexes:
                self.by_stream[stream] = indexes
                self.run_streams.setdefault(run_of(stream), []).append(stream)
            prev = self.entries[indexes[-1]].digest if indexes else genesis(stream)
            digests = chain_over(prev, at + 1, (e.data for e in events))
            first = len(self.entries)
            self.entries += [
                _Entry(stream, at + n, e.id, e.data, digest)
                for n, (e, digest) in enumerate(zip(events, digests, strict=True), 1)
            ]
            added = range(first, len(self.entries))
            indexes += added
            self.by_run.setdefault(run_of(stream), []).extend(added)
        return AppendResult(stream, at + 1, at + len(events), added[-1] + 1, digests[-1].hex())

    def _settle(self, stream: str, events: Sequence[EncodedEvent], expected: int, indexes: list[int]) -> AppendResult:
        """The same batch (same ids) already right after ``expected`` is a retry, not a conflict."""
        stored = indexes[expected : expected + len(events)] if expected >= 0 else []
        if len(stored) == len(events) and all(
            self.entries[i].event_id == ev.id for i, ev in zip(stored, events, strict=True)
        ):
            last = self.entries[stored[-1]]
            return AppendResult(stream, expected + 1, expected + len(events), stored[-1] + 1, last.digest.hex())
        raise ConflictError(stream, expected, len(indexes))

    def head(self, stream: str) -> StreamInfo:
        indexes = self.by_stream.get(stream, [])
        return StreamInfo(stream, len(indexes), self.entries[indexes[-1]].digest.hex() if indexes else "")

    def scan(self, start: int, end: int, scope: str | None) -> Iterator[int]:
        """Indexes of the entries in ``[start, end)`` within ``scope``, in order."""
        if scope is None:
            yield from range(start, end)
            return
        for i in self.by_run.get(run_of(scope), ()):
            if i >= end:
                return
            if i >= start and in_scope(self.entries[i].stream, scope):
                yield i


_NAMED: dict[str, _Store] = {}
_NAMED_LOCK: Final = threading.Lock()


def parse_name(url: str) -> str:
    """The name in ``memory:NAME`` (``""`` for a private log); ``ConfigError`` if it is not one."""
    name = url.removeprefix(SCHEME)
    if not url.startswith(SCHEME) or not _NAME.fullmatch(name):
        raise ConfigError(f"--log {url!r}: expected memory: or memory:NAME (letters, digits, '-' and '_')")
    return name


def _store(url: str, *, create: bool) -> _Store:
    name = parse_name(url)
    with _NAMED_LOCK:
        if name and name in _NAMED:
            return _NAMED[name]
        if not create:
            raise NotFoundError(f"no event log at {url} in this process: memory logs live only as long as it does")
        store = _Store()
        if name:
            _NAMED[name] = store
        return store


class MemoryLog:
    """``EventLog`` held in this process's memory.  Open it with ``open_log("memory:[NAME]")``."""

    def __init__(self, url: str, store: _Store) -> None:
        self.url = url
        self._store = store
        self._appended = anyio.Event()
        self._closed = False

    @classmethod
    def open(cls, url: str, *, create: bool = True) -> MemoryLog:
        """The log named by ``url`` (``create=False``: ``NotFoundError`` unless it exists already)."""
        return cls(url, _store(url, create=create))

    async def aclose(self) -> None:
        self._closed = True
        self._wake()

    # --------------------------------------------------------------- append

    max_event_bytes: int | None = None

    async def append(
        self, stream: str, events: Sequence[Event | EncodedEvent], expected_version: int | None = None
    ) -> AppendResult:
        check_stream(stream)
        encoded = check_batch(stream, events)
        self._check_open()
        await anyio.lowlevel.checkpoint()
        result = self._store.append(stream, encoded, expected_version)
        self._wake()
        await anyio.lowlevel.checkpoint()
        return result

    def _wake(self) -> None:
        self._appended.set()
        self._appended = anyio.Event()

    # ----------------------------------------------------------------- read

    async def read(self, stream: str, from_version: int = 1) -> AsyncIterator[RecordedEvent]:
        check_stream(stream)
        self._check_open()
        indexes = self._store.by_stream.get(stream, [])
        # A read ends where its stream stood when it began, as a JetStream read does.
        for n, index in enumerate(indexes[max(from_version, 1) - 1 :]):
            if n % _PAGE == 0:
                await anyio.lowlevel.checkpoint()
            yield self._recorded(index)

    async def read_all(self, from_position: int = 0, scope: str | None = None) -> AsyncIterator[RecordedEvent]:
        self._check_open()
        for n, index in enumerate(self._store.scan(max(from_position, 1) - 1, len(self._store.entries), scope)):
            if n % _PAGE == 0:
                await anyio.lowlevel.checkpoint()
            yield self._recorded(index)

    async def subscribe(self, from_position: int = 0, scope: str | None = None) -> AsyncIterator[RecordedEvent]:
        start = max(from_position, 1) - 1
        while True:
            self._check_open()
            await anyio.lowlevel.checkpoint()
            # Take the wake-up event before looking, so an append in between is not slept through.
            appended = self._appended
            end = len(self._store.entries)
            for index in self._store.scan(start, end, scope):
                yield self._recorded(index)
            start = end
            while len(self._store.entries) == start and not self._closed:
                with anyio.move_on_after(POLL_INTERVAL):
                    await appended.wait()
                appended = self._appended

    async def read_raw(self, from_position: int = 0, scope: str | None = None) -> AsyncIterator[RawRecord]:
        self._check_open()
        for n, index in enumerate(self._store.scan(max(from_position, 1) - 1, len(self._store.entries), scope)):
            if n % _PAGE == 0:
                await anyio.lowlevel.checkpoint()
            entry = self._store.entries[index]
            yield RawRecord(index + 1, entry.stream, entry.version, entry.data, entry.digest.hex())

    def outages(self) -> AsyncIterator[LogOutage]:
        return never_out()

    def _recorded(self, index: int) -> RecordedEvent:
        entry = self._store.entries[index]
        return RecordedEvent(index + 1, entry.stream, entry.version, decode(entry.data))

    def _check_open(self) -> None:
        if self._closed:
            raise LogUnavailableError(f"{self.url} was closed: open it again")

    # ------------------------------------------------------------- metadata

    async def stream_version(self, stream: str) -> int:
        self._check_open()
        return len(self._store.by_stream.get(check_stream(stream), ()))

    async def streams(self, scope: str) -> list[StreamInfo]:
        self._check_open()
        with self._store.lock:
            names = sorted(name for name in self._store.run_streams.get(run_of(scope), ()) if in_scope(name, scope))
            return [self._store.head(name) for name in names]

    async def runs(self) -> list[str]:
        self._check_open()
        with self._store.lock:
            return sorted(self._store.run_streams)


async def check_url(url: str, create: bool) -> None:
    """Refuse a malformed ``memory:`` URL (whether the log exists is ``open_url``'s to say)."""
    parse_name(url)


async def open_url(url: str, create: bool) -> MemoryLog:
    """Open ``memory:`` (a new private log) or ``memory:NAME`` (made on first use when ``create``)."""
    return MemoryLog.open(url, create=create)


async def _open(url: str, create: bool, role: Role, credential: object) -> MemoryLog:
    return await open_url(url, create)


BACKEND: Final = LogBackend(check_url, _open)
"""The ``memory`` entry of ``LOG_BACKENDS``."""
