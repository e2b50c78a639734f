"""The gateway's HTTP/1.1 plumbing (h11): reading a request, writing a response, and what is read on the way.

``UsageScanner`` reads token counts from a JSON body or an SSE stream of any
of the three model APIs; ``HeadTail`` keeps a bounded record of a body.
"""

from __future__ import annotations

import json
from collections import deque
from typing import Any, Final

import anyio
import h11
from anyio.abc import ByteStream

__all__ = ["CHUNK", "Abort", "HeadTail", "Responder", "UsageScanner", "read_request"]

CHUNK: Final = 65536


class Abort(Exception):
    """The exchange broke off midway: close the agent's connection."""


async def read_request(
    conn: h11.Connection, stream: ByteStream, max_body: int
) -> tuple[h11.Request, bytes] | int | None:
    """The next request and its body; None when the agent closed; 413 when the body is too large."""
    head: h11.Request | None = None
    body = bytearray()
    while True:
        event = conn.next_event()
        if event is h11.NEED_DATA:
            try:
                with anyio.CancelScope(shield=True):
                    data = await stream.receive(CHUNK)
            except anyio.EndOfStream:
                data = b""
            conn.receive_data(data)
        elif isinstance(event, h11.Request):
            head = event
        elif isinstance(event, h11.Data):
            body += event.data
            if len(body) > max_body:
                return 413
        elif isinstance(event, h11.EndOfMessage) and head is not None:
            return head, bytes(body)
        else:  # ConnectionClosed, PAUSED
            return None


class Responder:
    """Writes one h11 response to the agent's connection."""

    def __init__(self, conn: h11.Connection, stream: ByteStream) -> None:
        self._conn = conn
        self._stream = stream

    async def _send(self, event: h11.Event) -> None:
        data = self._conn.send(event)
        if data:
            await self._stream.send(data)

    async def start(self, status: int, headers: list[tuple[str, str]]) -> None:
        """Send the response's status line and headers."""
        await self._send(h11.Response(status_code=status, headers=headers))

    async def data(self, chunk: bytes) -> None:
        """Send a chunk of the body (an empty chunk sends nothing)."""
        if chunk:
            await self._send(h11.Data(data=chunk))

    async def end(self) -> None:
        """End the response."""
        await self._send(h11.EndOfMessage())

    async def error(self, provider: str, status: int, message: str) -> None:
        """Answer with an error body in the shape of the provider's API, so the agent's own client reports it as that
        API's error."""
        if provider == "anthropic":
            kind = "invalid_request_error" if status < 500 else "api_error"
            body: dict[str, Any] = {"type": "error", "error": {"type": kind, "message": message}}
        else:
            kind = "invalid_request_error" if status < 500 else "server_error"
            body = {"error": {"message": message, "type": kind, "param": None, "code": None}}
        content = json.dumps(body).encode()
        await self.start(status, [("content-type", "application/json"), ("content-length", str(len(content)))])
        await self.data(content)
        await self.end()


class HeadTail:
    """The head and tail of a byte stream, in bounded memory (for recording a response)."""

    def __init__(self, limit: int) -> None:
        self._head_limit = limit // 2
        self._tail_limit = limit - limit // 2
        self._head = bytearray()
        self._tail: deque[bytes] = deque()
        self._tail_size = 0
        self._total = 0

    def feed(self, data: bytes) -> None:
        """Take the next chunk: its start fills the head, the rest goes to a tail that keeps only its limit."""
        self._total += len(data)
        room = self._head_limit - len(self._head)
        if room > 0:
            self._head += data[:room]
            data = data[room:]
        if data:
            self._tail.append(data)
            self._tail_size += len(data)
            while self._tail and self._tail_size - len(self._tail[0]) >= self._tail_limit:
                self._tail_size -= len(self._tail.popleft())

    def text(self) -> str:
        """The head and tail as text, with how many bytes were cut between them."""
        tail = b"".join(self._tail)[-self._tail_limit :] if self._tail else b""
        omitted = self._total - len(self._head) - len(tail)
        middle = f"...[{omitted} bytes cut]..." if omitted > 0 else ""
        return self._head.decode("utf-8", "replace") + middle + tail.decode("utf-8", "replace")


class UsageScanner:
    """Token counts and the answering model, from a JSON body or an SSE stream of any of the three APIs.

    Usage objects are found wherever the protocols put them (``usage``,
    ``message.usage``, ``response.usage``); counts only grow, so the
    cumulative counts of a stream's last event win.  ``finish`` reads what
    is left (a JSON body is parsed whole, once).
    """

    def __init__(self, sse: bool, max_json_bytes: int = 16 << 20) -> None:
        self._sse = sse
        self._buf = bytearray()
        self._max = max_json_bytes
        self._overflow = False
        self.tokens_in = 0
        self.tokens_out = 0
        self.model: str | None = None

    def feed(self, data: bytes) -> None:
        """Take the next chunk of the response body (an SSE stream is scanned line by line; a plain body is kept up to
        its limit)."""
        if not self._sse:
            if len(self._buf) + len(data) > self._max:
                self._overflow = True
            elif not self._overflow:
                self._buf += data
            return
        self._buf += data
        while (nl := self._buf.find(b"\n")) >= 0:
            self._line(bytes(self._buf[:nl]))
            del self._buf[: nl + 1]

    def finish(self) -> UsageScanner:
        """Scan what is left of the body and return the scanner, its counts complete."""
        if self._sse:
            self._line(bytes(self._buf))
        elif not self._overflow:
            self._parse(bytes(self._buf))
        self._buf.clear()
        return self

    def _line(self, line: bytes) -> None:
        line = line.strip()
        if line.startswith(b"data:"):
            self._parse(line[5:].strip())

    def _parse(self, raw: bytes) -> None:
        try:
            data = json.loads(raw) if raw else None
        except ValueError:
            return
        if not isinstance(data, dict):
            return
        for holder in (data, data.get("message"), data.get("response")):
            if not isinstance(holder, dict):
                continue
            if isinstance(holder.get("model"), str) and holder["model"]:
                self.model = holder["model"]
            usage = holder.get("usage")
            if isinstance(usage, dict):
                self.tokens_in = max(self.tokens_in, _input_tokens(usage))
                self.tokens_out = max(self.tokens_out, _output_tokens(usage))


def _count(value: Any) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else 0


def _input_tokens(usage: dict[str, Any]) -> int:
    # Anthropic counts cache writes and reads apart from input_tokens; they are input too.
    anthropic = sum(
        _count(usage.get(k)) for k in ("input_tokens", "cache_creation_input_tokens", "cache_read_input_tokens")
    )
    return max(anthropic, _count(usage.get("prompt_tokens")))


def _output_tokens(usage: dict[str, Any]) -> int:
    return max(_count(usage.get("output_tokens")), _count(usage.get("completion_tokens")))
