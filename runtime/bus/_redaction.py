"""Secrets out of events before they are written, whatever backend the log is.

A trial's sandbox may print the host values its task was given (``--task-env``)
and anything else that reached it; the writer replaces them in every string
of an event (nested values, dictionary keys, JSON-escaped forms included), so
the log never holds them and no reader needs its own environment to hide them.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any, Final, TypeVar

import msgspec

from realcli.events import Event
from realcli.models import REDACTED, redact

__all__ = ["Redactor"]

E = TypeVar("E", bound=Event)
_encoder: Final = msgspec.json.Encoder()


class Redactor:
    """Replaces the given secret values (each at least ``min_len`` characters) in events."""

    def __init__(self, secrets: Iterable[str] = (), *, min_len: int = 8) -> None:
        self._secrets = frozenset(s for s in secrets if len(s) >= min_len and s != REDACTED)
        # What a secret (raw, or already JSON-escaped inside a text) looks like in an encoded event.
        variants = {v for s in self._secrets for v in (s, json.dumps(s)[1:-1])}
        self._needles = tuple(_encoder.encode(v)[1:-1] for v in variants)

    def __bool__(self) -> bool:
        return bool(self._secrets)

    def event(self, event: E) -> E:
        """``event``, or a copy with every secret replaced by ``[REDACTED]`` (the same id and time)."""
        if not self._needles:
            return event
        encoded = _encoder.encode(event)
        if not any(needle in encoded for needle in self._needles):
            return event  # the common case: one encode, no copy
        redacted: E = self._value(event)
        return redacted

    def _value(self, value: Any) -> Any:
        # Walks the structs themselves (not their builtins): field names and type tags are never touched.
        if isinstance(value, str):
            return redact(value, self._secrets, patterns=False)
        if isinstance(value, msgspec.Struct):
            changes = {}
            for name in value.__struct_fields__:
                old = getattr(value, name)
                new = self._value(old)
                if new is not old:
                    changes[name] = new
            return msgspec.structs.replace(value, **changes) if changes else value
        if isinstance(value, dict):
            return {self._value(k): self._value(v) for k, v in value.items()}
        if isinstance(value, list | tuple):
            return type(value)(self._value(v) for v in value)
        return value
