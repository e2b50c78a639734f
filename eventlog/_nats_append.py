"""The append side of ``JetStreamLog``: atomic, idempotent, optimistically concurrent appends.

One append is one JetStream message (the events as a JSON array) published
with ``Nats-Msg-Id`` and ``Nats-Expected-Last-Subject-Sequence`` (see
``_nats``).  The last version and sequence of each stream this process knows
of are cached (``_tails``); a refused or duplicate publish is settled against
the server: an idempotent retry of our own batch, or a ``ConflictError``.
Positions are minted here: ``(sequence << 16) | index in its message``.
"""

from __future__ import annotations

import functools
from collections.abc import Awaitable, Callable, Sequence
from typing import Any, Final

import anyio
import nats.errors
import nats.js.errors

from realcli._errors import ConflictError, LogUnavailableError
from realcli.eventlog._base import AppendResult, check_batch
from realcli.events import Event, check_stream, encode

__all__ = ["MAX_BATCH", "POSITION_BITS", "JetStreamAppends", "position_of", "split_position"]

POSITION_BITS: Final = 16
MAX_BATCH: Final = (1 << POSITION_BITS) - 1
_WRONG_LAST_SEQUENCE: Final = 10071


def position_of(seq: int, index: int) -> int:
    return (seq << POSITION_BITS) | index


def split_position(position: int) -> tuple[int, int]:
    return position >> POSITION_BITS, position & MAX_BATCH


class JetStreamAppends:
    """The append half of ``JetStreamLog``: what it needs of the connection half is declared below."""

    url: str
    _nc: Any
    _js: Any
    _jsm: Any
    _name: str
    _prefix: str
    _tails: dict[str, tuple[int, int]]  # stream -> (version, last sequence)
    _locks: dict[str, anyio.Lock]

    async def _call(self, what: str, request: Callable[[], Awaitable[Any]]) -> Any:
        raise NotImplementedError

    async def append(self, stream: str, events: Sequence[Event], expected_version: int | None = None) -> AppendResult:
        check_stream(stream)
        check_batch(stream, events)
        if len(events) > MAX_BATCH:
            raise ValueError(f"append to {stream!r}: at most {MAX_BATCH} events per append")
        lock = self._locks.setdefault(stream, anyio.Lock())
        async with lock:
            return await self._append_locked(stream, events, expected_version)

    async def _append_locked(self, stream: str, events: Sequence[Event], expected: int | None) -> AppendResult:
        version, seq = await self._tail(stream)
        if expected is not None and expected != version:
            version, seq = await self._tail(stream, refresh=True)
            if expected != version:
                return await self._settle_conflict(stream, events, expected)
        count = len(events)
        headers = {
            "Nats-Msg-Id": events[0].id,
            "Nats-Expected-Last-Subject-Sequence": str(seq),
            "Rc-Version": str(version + count),
            "Rc-Count": str(count),
        }
        payload = b"[" + b",".join(encode(ev) for ev in events) + b"]"
        if len(payload) > self._nc.max_payload:
            raise LogUnavailableError(
                f"an append of {len(payload)} bytes to {stream!r} exceeds the max_payload of NATS at {self.url} "
                f"({self._nc.max_payload} bytes): raise max_payload in the server configuration"
            )
        try:
            ack = await self._publish(self._prefix + stream, payload, headers)
        except nats.js.errors.APIError as e:
            if e.err_code != _WRONG_LAST_SEQUENCE:
                raise LogUnavailableError(f"NATS at {self.url} refused an append to {stream!r}: {e}") from e
            self._tails.pop(stream, None)
            return await self._settle_conflict(stream, events, version if expected is None else expected)
        if ack.duplicate:
            # Our earlier attempt landed and only its answer was lost.
            self._tails.pop(stream, None)
            return await self._settle_conflict(stream, events, version)
        self._tails[stream] = (version + count, ack.seq)
        return AppendResult(stream, version + 1, version + count, position_of(ack.seq, count - 1))

    async def _publish(self, subject: str, payload: bytes, headers: dict[str, str]) -> Any:
        """Publish, riding out a lost connection: the same message id makes a resend harmless."""
        return await self._call(
            "appending", lambda: self._js.publish(subject, payload, headers=dict(headers), timeout=5)
        )

    async def _settle_conflict(self, stream: str, events: Sequence[Event], expected: int) -> AppendResult:
        """An idempotent retry if our batch already sits at ``expected + 1``, else a conflict."""
        last = await self._last_message(stream)
        if last is None:
            raise ConflictError(stream, expected, 0)
        seq, headers = last
        actual = int(headers["Rc-Version"])
        self._tails[stream] = (actual, seq)
        if actual >= expected + len(events):
            found = await self._batch_at(stream, expected + 1, seq, headers)
            if found is not None:
                seq, headers = found
                count = int(headers["Rc-Count"])
                if headers.get("Nats-Msg-Id") == events[0].id and count == len(events):
                    return AppendResult(stream, expected + 1, expected + count, position_of(seq, count - 1))
        raise ConflictError(stream, expected, actual)

    async def _batch_at(
        self, stream: str, first_version: int, last_seq: int, last_headers: dict[str, str]
    ) -> tuple[int, dict[str, str]] | None:
        """The message of ``stream`` whose first event has ``first_version`` (a walk; conflicts only)."""
        if int(last_headers["Rc-Version"]) - int(last_headers["Rc-Count"]) + 1 == first_version:
            return last_seq, last_headers
        seq = 1
        while seq <= last_seq:
            try:
                msg = await self._call(f"reading stream {stream!r}", functools.partial(self._next_msg, stream, seq))
            except nats.js.errors.NotFoundError:
                return None
            except (nats.errors.Error, nats.js.errors.Error) as e:
                raise LogUnavailableError(f"NATS at {self.url}: cannot read stream {stream!r}: {e}") from e
            headers = dict(msg.headers or {})
            first = int(headers["Rc-Version"]) - int(headers["Rc-Count"]) + 1
            if first >= first_version:
                return (int(msg.seq), headers) if first == first_version else None
            seq = int(msg.seq) + 1
        return None

    async def _next_msg(self, stream: str, seq: int) -> Any:
        return await self._jsm.get_msg(self._name, seq=seq, subject=self._prefix + stream, next=True)

    async def _tail(self, stream: str, *, refresh: bool = False) -> tuple[int, int]:
        if not refresh and stream in self._tails:
            return self._tails[stream]
        last = await self._last_message(stream)
        tail = (0, 0) if last is None else (int(last[1]["Rc-Version"]), last[0])
        self._tails[stream] = tail
        return tail

    async def _last_message(self, stream: str) -> tuple[int, dict[str, str]] | None:
        try:
            msg = await self._call(
                f"reading stream {stream!r}", lambda: self._jsm.get_last_msg(self._name, self._prefix + stream)
            )
        except nats.js.errors.NotFoundError:
            return None
        except (nats.errors.Error, nats.js.errors.Error) as e:
            raise LogUnavailableError(f"NATS at {self.url}: cannot read stream {stream!r}: {e}") from e
        return int(msg.seq), dict(msg.headers or {})
