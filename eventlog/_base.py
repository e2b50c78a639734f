"""The event log contract, shared by every backend.

* ``append(stream, events, expected_version)`` is atomic: all events of the
  call land, consecutively numbered, or none do.  With ``expected_version``
  set, the stream must be at exactly that version or ``ConflictError`` is
  raised (optimistic concurrency).  Re-sending the very same events (same
  ids) after an append whose answer was lost is not an error and does not
  duplicate anything: the original result is returned.
* ``read(stream, from_version)`` yields a stream's events in version order.
* ``read_all(from_position, scope)`` yields every event in one global order
  consistent with each stream's order; ``scope`` keeps the streams of one run
  (``"r1"``) or one trial (``"r1.t1"``).
* ``subscribe(from_position, scope)`` is ``read_all`` that, once caught up,
  keeps following new events live, forever (close it by leaving the loop).
* Every stream is hash-chained (``_chain``): an append's result carries the
  stream's new head digest, ``streams`` lists each stream's head, and
  ``read_raw`` yields the stored bytes and digests for ``verify_run`` and
  archives.  ``append`` also takes ``EncodedEvent`` (already encoded bytes,
  stored as given: an import keeps the exporter's bytes, hence its chain).
* ``outages()`` yields each outage of the log's service that was ridden out,
  once it is over (never, for a file or memory).

Positions are strictly increasing but backend-specific; nothing that must
be reproducible (reports, archives) may depend on them.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from typing import Protocol, runtime_checkable

import anyio
from msgspec import Struct

from realcli.events import Event, RecordedEvent, encode


class AppendResult(Struct, frozen=True):
    """Where an append landed: the stream's new version, the last position and the stream's new head digest."""

    stream: str
    first_version: int
    last_version: int
    last_position: int
    digest: str = ""  # hex sha256 of the chain after the last event of the append


class StreamInfo(Struct, frozen=True):
    """A stream, its version and its head digest (hex; "" for a stream recorded before chains)."""

    name: str
    version: int
    digest: str = ""


class EncodedEvent(Struct, frozen=True):
    """An event already encoded: appended as these very bytes (archives keep the exporter's bytes)."""

    id: str
    type: str
    data: bytes


class RawRecord(Struct, frozen=True):
    """An event as stored: its bytes and its digest.

    ``digest`` is the hex digest stored with this event, ``""`` when it was
    recorded before chains (or by something that does not chain), and
    ``None`` where the backend stores one digest per append and this event
    is inside one (JetStream: the digest of an append is its last event's).
    """

    position: int
    stream: str
    version: int
    data: bytes
    digest: str | None


class LogOutage(Struct, frozen=True):
    """An outage of the log's service that was ridden out: when it began (wall clock), how long it lasted,
    and the bound it had to end within."""

    began_at: float
    down_sec: float
    bound_sec: float = 0.0


@runtime_checkable
class EventLog(Protocol):
    """An append-only, immutable event log (see the module docstring for the contract)."""

    url: str

    async def append(
        self, stream: str, events: Sequence[Event | EncodedEvent], expected_version: int | None = None
    ) -> AppendResult:
        """Append ``events`` to ``stream`` atomically (all land, numbered consecutively, or none do).

        With ``expected_version`` the stream must be at exactly that version, else ``ConflictError``; re-sending the
        very same events after a lost answer returns the original result instead of duplicating them."""
        ...

    def read(self, stream: str, from_version: int = 1) -> AsyncIterator[RecordedEvent]:
        """``stream``'s events in version order, from ``from_version``, up to where the stream stood when the read
        began."""
        ...

    def read_all(self, from_position: int = 0, scope: str | None = None) -> AsyncIterator[RecordedEvent]:
        """Every event (of ``scope``: a run or ``run.trial``), from ``from_position``, in one global order consistent
        with each stream's."""
        ...

    def subscribe(self, from_position: int = 0, scope: str | None = None) -> AsyncIterator[RecordedEvent]:
        """``read_all`` that, once caught up, follows new events live, forever (leave the loop to stop)."""
        ...

    def read_raw(self, from_position: int = 0, scope: str | None = None) -> AsyncIterator[RawRecord]:
        """``read_all``'s records as stored: bytes and digests, not decoded."""
        ...

    def outages(self) -> AsyncIterator[LogOutage]:
        """Each outage of the log's service that was ridden out, as it ends (forever; leave the loop to stop)."""
        ...

    @property
    def max_event_bytes(self) -> int | None:
        """The largest encoded event one append can hold (None: no limit that matters)."""
        ...

    async def stream_version(self, stream: str) -> int:
        """The number of events in ``stream`` (0 if it does not exist)."""
        ...

    async def streams(self, scope: str) -> list[StreamInfo]:
        """Every stream of a run or trial scope, sorted by name."""
        ...

    async def runs(self) -> list[str]:
        """Every run id in the log, sorted."""
        ...

    async def aclose(self) -> None:
        """Release the log's connections and files; the log is not used after."""
        ...


def in_scope(stream: str, scope: str | None) -> bool:
    """Whether ``stream`` belongs to ``scope`` (a run id or ``run.trial`` prefix)."""
    return scope is None or stream == scope or stream.startswith(scope + ".")


def check_batch(stream: str, events: Sequence[Event | EncodedEvent]) -> list[EncodedEvent]:
    """The batch encoded; empty batches and things that are not realcli events are refused."""
    if not events:
        raise ValueError(f"append to {stream!r} with no events")
    out = []
    for ev in events:
        if isinstance(ev, Event):
            out.append(EncodedEvent(ev.id, type(ev).__name__, encode(ev)))
        elif isinstance(ev, EncodedEvent):
            out.append(ev)
        else:
            raise TypeError(f"append to {stream!r}: {type(ev).__name__} is not a realcli event")
    return out


async def never_out() -> AsyncIterator[LogOutage]:
    """``outages()`` of a log with no service to lose (a file, memory): waits forever."""
    await anyio.sleep_forever()
    yield LogOutage(0.0, 0.0)  # pragma: no cover  (makes this an async generator)
