"""Encoding events to bytes and back: one encoder, one decoder, reused.

Unknown event types (written by a newer realcli) decode to ``UnknownEvent``
instead of failing, so an older reader can still tail, export and score a log
that contains events it does not know (forward compatibility, see
``docs/schema-evolution.md``).  Anything else that does not decode is a
``SchemaError``: the bytes are corrupt.
"""

from __future__ import annotations

from functools import cache
from typing import Final

import msgspec
from msgspec import Struct

from realcli._errors import SchemaError
from realcli.events._events import AnyEvent, Event

_encoder: Final = msgspec.json.Encoder()
_type_only: Final = msgspec.json.Decoder(dict[str, object])


class UnknownEvent(Struct, frozen=True, kw_only=True):
    """An event whose ``type`` this version does not know; kept as raw bytes."""

    type: str
    raw: bytes
    id: str = ""
    at: float = 0.0


DecodedEvent = AnyEvent | UnknownEvent


@cache
def _decoder() -> msgspec.json.Decoder[AnyEvent]:
    # Built at the first decode, not at import: a rule kind registered at import time by a
    # module imported after this package is then part of the events' schema (see ._rules).
    return msgspec.json.Decoder(AnyEvent)


def encode(event: Event) -> bytes:
    """Encode one event as compact JSON."""
    return _encoder.encode(event)


def decode(data: bytes | memoryview | str) -> DecodedEvent:
    """Decode one event; unknown types become ``UnknownEvent``, corrupt data raises ``SchemaError``."""
    try:
        return _decoder().decode(data)
    except msgspec.ValidationError as e:
        if "`$.type`" not in str(e):
            raise SchemaError(f"event does not match its schema: {e}") from e
        return _unknown(data, e)
    except msgspec.DecodeError as e:
        raise SchemaError(f"event is not valid JSON: {e}") from e


def _unknown(data: bytes | memoryview | str, cause: Exception) -> UnknownEvent:
    raw = data.encode() if isinstance(data, str) else bytes(data)
    fields = _type_only.decode(raw)
    kind, ident, at = fields.get("type"), fields.get("id", ""), fields.get("at", 0.0)
    if not isinstance(kind, str) or not isinstance(ident, str) or not isinstance(at, (int, float)):
        raise SchemaError(f"event has no usable 'type': {cause}") from cause
    return UnknownEvent(type=kind, raw=raw, id=ident, at=float(at))


def event_type(event: DecodedEvent) -> str:
    """The ``type`` tag of an event (its class name, or the unknown type's name)."""
    return event.type if isinstance(event, UnknownEvent) else type(event).__name__


def to_builtins(event: DecodedEvent) -> object:
    """The JSON-shaped form of an event (used by reports and ``tail --json``)."""
    if isinstance(event, UnknownEvent):
        return msgspec.json.decode(event.raw)
    return msgspec.to_builtins(event)
