"""How actors talk: each appends to its own stream and follows the trial's events.

Actors never call each other.  A ``StreamWriter`` is an actor's only way to
speak (it owns one stream and keeps its version, so a second writer would
hit ``ConflictError`` instead of silently interleaving); a ``TrialFeed`` is
its only way to listen (one subscription to the trial's scope, kept as an
in-memory list that the actor walks with its own cursor).  A writer given a
``Redactor`` replaces its secrets in every event before the log sees it.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import aclosing, suppress
from typing import TypeVar

import anyio
from anyio.abc import TaskStatus

from realcli import ConflictError, LogUnavailableError
from realcli.eventlog import AppendResult, EventLog, seal_of
from realcli.events import DecodedEvent, Event, ModelCalled, RecordedEvent, StreamHead
from realcli.runtime.bus._redaction import Redactor

E = TypeVar("E", bound=Event)


class StreamWriter:
    """The single writer of one stream.

    An append whose outcome is unknown (cancelled or cut off while the log
    was committing it) leaves its batch *in doubt*: the next append first
    re-sends that batch with the same event ids and the same expected
    version.  The log's idempotent retry then either reports where it landed
    or lands it now, so the writer's version always follows what the log
    holds, whatever cancellation did.
    """

    def __init__(self, log: EventLog, stream: str, version: int, *, redactor: Redactor | None = None) -> None:
        self.log = log
        self.stream = stream
        self.version = version
        self._redactor = redactor or Redactor()
        self._lock = anyio.Lock()
        self._in_doubt: list[Event] | None = None

    @classmethod
    async def open(cls, log: EventLog, stream: str, *, redactor: Redactor | None = None) -> StreamWriter:
        """A writer that continues ``stream`` where it stands (a retried trial appends after its old try)."""
        return cls(log, stream, await log.stream_version(stream), redactor=redactor)

    async def append(self, *events: Event) -> AppendResult:
        """Append atomically, checking that nobody else wrote to this stream."""
        async with self._lock:
            if self._in_doubt is not None:
                await self._send(self._in_doubt)
            return await self._send([self._redactor.event(e) for e in events])

    async def _send(self, batch: list[Event]) -> AppendResult:
        self._in_doubt = batch
        try:
            result = await self.log.append(self.stream, batch, expected_version=self.version)
        except ConflictError:
            self._in_doubt = None  # refused: it certainly did not land
            raise
        self._in_doubt = None
        self.version = result.last_version
        return result

    async def record(self, event: ModelCalled) -> None:
        """Append one model call (fits a model client's ``on_call``)."""
        await self.append(event)

    async def append_shielded(self, *events: Event) -> AppendResult:
        """Append even while being cancelled (for the last words of an actor)."""
        with anyio.CancelScope(shield=True):
            result = await self.append(*events)
        return result


class TrialFeed:
    """Every event of one trial scope from a start position on, as it arrives."""

    def __init__(self, log: EventLog, scope: str, from_position: int) -> None:
        self._log = log
        self._scope = scope
        self._from = from_position
        self.records: list[RecordedEvent] = []
        self._arrived = anyio.Event()

    async def pump(self, *, task_status: TaskStatus[None] = anyio.TASK_STATUS_IGNORED) -> None:
        """Follow the log forever; start it with ``tg.start(feed.pump)`` and cancel it to stop."""
        async with aclosing(self._log.subscribe(self._from, self._scope)) as records:  # type: ignore[type-var]
            task_status.started()
            async for rec in records:
                self.records.append(rec)
                self._arrived.set()
                self._arrived = anyio.Event()

    async def next(self, cursor: int) -> RecordedEvent:
        """The record at index ``cursor``, waiting for it to arrive."""
        while cursor >= len(self.records):
            await self._arrived.wait()
        return self.records[cursor]

    async def follow(self, cursor: int = 0) -> AsyncIterator[RecordedEvent]:
        """Every record from index ``cursor`` on, forever."""
        while True:
            yield await self.next(cursor)
            cursor += 1

    async def wait_for(self, predicate: Callable[[DecodedEvent], bool], cursor: int = 0) -> tuple[RecordedEvent, int]:
        """The first record at or after ``cursor`` whose event satisfies ``predicate``, and its index."""
        while True:
            rec = await self.next(cursor)
            if predicate(rec.event):
                return rec, cursor
            cursor += 1

    def find(self, kind: type[E]) -> list[E]:
        """Every event of type ``kind`` that has arrived so far."""
        return [r.event for r in self.records if isinstance(r.event, kind)]


async def seal(log: EventLog, scope: str, *, skip: str) -> list[StreamHead]:
    """The heads of ``scope``'s streams but ``skip``, for a seal; none when the log is away (the seal is lost).

    Shielded: a seal is taken in an actor's last words, as it is being cancelled.
    """
    heads: list[StreamHead] = []
    with anyio.CancelScope(shield=True):
        with suppress(LogUnavailableError):
            heads = await seal_of(log, scope, skip=skip)
    return heads


def events_of(records: Sequence[RecordedEvent], kind: type[E]) -> list[E]:
    """The events of ``kind`` among ``records``, in order."""
    return [r.event for r in records if isinstance(r.event, kind)]
