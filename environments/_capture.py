"""Bounded capture of a process's output: the head and the tail, and a count of the rest."""

from __future__ import annotations

from collections import deque

from realcli.events import Output

__all__ = ["Capture"]


class Capture:
    """Keeps the head and tail of a byte stream in bounded memory and counts the rest."""

    def __init__(self, limit: int) -> None:
        self._head_limit = limit - limit // 2
        self._tail_limit = limit // 2
        self._head = bytearray()
        self._tail: deque[bytes] = deque()
        self._tail_size = 0
        self.total = 0

    def feed(self, data: bytes) -> None:
        """Take the next chunk of a command's output: the head up to its limit is kept, then a rolling tail."""
        self.total += len(data)
        room = self._head_limit - len(self._head)
        if room > 0:
            self._head += data[:room]
            data = data[room:]
        if not data or self._tail_limit <= 0:
            return
        self._tail.append(data)
        self._tail_size += len(data)
        while self._tail_size - len(self._tail[0]) >= self._tail_limit:
            self._tail_size -= len(self._tail.popleft())

    def output(self) -> Output:
        """The captured output as an event's ``Output``: head and tail, with a marker of how many bytes were omitted
        between them."""
        tail = b"".join(self._tail)
        if len(tail) > self._tail_limit:
            tail = tail[len(tail) - self._tail_limit :]
        kept = len(self._head) + len(tail)
        omitted = self.total - kept
        if omitted == 0:
            text = (bytes(self._head) + tail).decode("utf-8", "replace")
        else:
            text = (
                self._head.decode("utf-8", "replace")
                + f"\n[... {omitted} bytes omitted ...]\n"
                + tail.decode("utf-8", "replace")
            )
        return Output(text=text, total_bytes=self.total, kept_bytes=kept)
