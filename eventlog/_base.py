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

Positions are strictly increasing but backend-specific; nothing that must
be reproducible (reports, archives) may depend on them.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from typing import Protocol, runtime_checkable

from msgspec import Struct

from realcli.events import Event, RecordedEvent


class AppendResult(Struct, frozen=True):
    """Where an append landed: the stream's new version and the last position."""

    stream: str
    first_version: int
    last_version: int
    last_position: int


class StreamInfo(Struct, frozen=True):
    name: str
    version: int


@runtime_checkable
class EventLog(Protocol):
    """An append-only, immutable event log (see the module docstring for the contract)."""

    url: str

    async def append(
        self, stream: str, events: Sequence[Event], expected_version: int | None = None
    ) -> AppendResult: ...

    def read(self, stream: str, from_version: int = 1) -> AsyncIterator[RecordedEvent]: ...

    def read_all(self, from_position: int = 0, scope: str | None = None) -> AsyncIterator[RecordedEvent]: ...

    def subscribe(self, from_position: int = 0, scope: str | None = None) -> AsyncIterator[RecordedEvent]: ...

    async def stream_version(self, stream: str) -> int:
        """The number of events in ``stream`` (0 if it does not exist)."""
        ...

    async def streams(self, scope: str) -> list[StreamInfo]:
        """Every stream of a run or trial scope, sorted by name."""
        ...

    async def runs(self) -> list[str]:
        """Every run id in the log, sorted."""
        ...

    async def aclose(self) -> None: ...


def in_scope(stream: str, scope: str | None) -> bool:
    """Whether ``stream`` belongs to ``scope`` (a run id or ``run.trial`` prefix)."""
    return scope is None or stream == scope or stream.startswith(scope + ".")


def check_batch(stream: str, events: Sequence[Event]) -> None:
    """Reject empty batches and events that are not realcli events."""
    if not events:
        raise ValueError(f"append to {stream!r} with no events")
    for ev in events:
        if not isinstance(ev, Event):
            raise TypeError(f"append to {stream!r}: {type(ev).__name__} is not a realcli event")
