"""The envelope the log hands back: an event plus where it sits."""

from __future__ import annotations

from msgspec import Struct

from realcli.events._codec import DecodedEvent
from realcli.events._streams import run_of, trial_of


class RecordedEvent(Struct, frozen=True):
    """An appended event.

    ``version`` counts events within ``stream`` from 1 without gaps;
    ``position`` orders all events of a log (strictly increasing, not
    necessarily contiguous, and backend-specific: never put it in a report).
    """

    position: int
    stream: str
    version: int
    event: DecodedEvent

    @property
    def run_id(self) -> str:
        """The run this event belongs to (the stream's first token)."""
        return run_of(self.stream)

    @property
    def trial_id(self) -> str | None:
        """The trial this event belongs to, or None for a run-level or judge stream."""
        return trial_of(self.stream)

    @property
    def actor(self) -> str:
        """The actor that appended this event (the stream's last token: ``supervisor``, ``sandbox``, ``agent``, ...)."""
        return self.stream.rsplit(".", 1)[1]
