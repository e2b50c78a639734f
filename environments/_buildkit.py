"""The engine's BuildKit progress stream, read without a protobuf library.

A BuildKit build through the Engine API (``/build?version=2``) reports its
progress as JSON messages whose ``aux`` is a base64 protobuf
``moby.buildkit.v1.StatusResponse``.  Only three parts matter for a build
log: vertex names (the steps), their errors, and the logs of the commands
they ran.  The wire format is simple enough to read directly (varints and
length-delimited fields), so no protobuf runtime is needed.

    message StatusResponse { repeated Vertex vertexes = 1; repeated VertexStatus statuses = 2;
                             repeated VertexLog logs = 3; }
    message Vertex { string digest = 1; repeated string inputs = 2; string name = 3; bool cached = 4;
                     Timestamp started = 5; Timestamp completed = 6; string error = 7; }
    message VertexLog { string vertex = 1; Timestamp timestamp = 2; int64 stream = 3; bytes msg = 4; }
"""

from __future__ import annotations

import base64
import binascii
from collections.abc import Iterator

__all__ = ["TRACE_ID", "TraceLog"]

TRACE_ID = "moby.buildkit.trace"

_VARINT, _I64, _LEN, _I32 = 0, 1, 2, 5


def _varint(data: bytes, pos: int) -> tuple[int, int]:
    value = shift = 0
    while True:
        if pos >= len(data):
            raise ValueError("truncated varint")
        byte = data[pos]
        pos += 1
        value |= (byte & 0x7F) << shift
        if byte < 0x80:
            return value, pos
        shift += 7


def _fields(data: bytes) -> Iterator[tuple[int, int | bytes]]:
    """(field number, value) of one message; varints as ints, length-delimited as bytes."""
    pos = 0
    while pos < len(data):
        key, pos = _varint(data, pos)
        number, wire = key >> 3, key & 7
        if wire == _VARINT:
            value, pos = _varint(data, pos)
            yield number, value
        elif wire == _LEN:
            size, pos = _varint(data, pos)
            yield number, data[pos : pos + size]
            pos += size
        elif wire == _I64:
            pos += 8
        elif wire == _I32:
            pos += 4
        else:
            raise ValueError(f"unsupported wire type {wire}")


def _text(value: int | bytes) -> str:
    return value.decode("utf-8", "replace") if isinstance(value, bytes) else ""


class TraceLog:
    """Turns a build's trace messages into log lines: each step once, its output, its error."""

    def __init__(self) -> None:
        self._steps: dict[str, int] = {}  # vertex digest -> step number
        self._failed: set[str] = set()

    def lines(self, aux: object) -> list[str]:
        """The new log lines carried by one ``aux`` value (empty when it is not a readable trace)."""
        if not isinstance(aux, str):
            return []
        try:
            data = base64.b64decode(aux)
            return list(self._decode(data))
        except (binascii.Error, ValueError):
            return []  # a malformed progress message costs a log line, never the build

    def _decode(self, data: bytes) -> Iterator[str]:
        for number, value in _fields(data):
            if number == 1 and isinstance(value, bytes):
                yield from self._vertex(value)
            elif number == 3 and isinstance(value, bytes):
                yield from self._log(value)

    def _step(self, digest: str) -> int:
        return self._steps.setdefault(digest, len(self._steps) + 1)

    def _vertex(self, data: bytes) -> Iterator[str]:
        fields = dict(_fields(data))
        digest, name, error = _text(fields.get(1, b"")), _text(fields.get(3, b"")), _text(fields.get(7, b""))
        if digest not in self._steps and name:
            yield f"#{self._step(digest)} {name}"
        if error and digest not in self._failed:
            self._failed.add(digest)
            yield f"#{self._step(digest)} ERROR: {error}"

    def _log(self, data: bytes) -> Iterator[str]:
        fields = dict(_fields(data))
        step = self._step(_text(fields.get(1, b"")))
        for line in _text(fields.get(4, b"")).splitlines():
            if line.strip():
                yield f"#{step} {line}"
