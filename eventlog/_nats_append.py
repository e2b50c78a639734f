"""The append part of ``JetStreamLog``: atomic, idempotent, optimistically concurrent, chained appends.

One append is one JetStream message (the events as a JSON array) published
with ``Nats-Msg-Id`` and ``Nats-Expected-Last-Subject-Sequence`` (see
``_nats``), and ``Rc-Digest``, the chain's digest after its last event
(``_chain``).  The last version, sequence and digest of each stream this
process knows of are cached (``_tails``); a refused or duplicate publish is
settled against the server: an idempotent retry of our own batch, or a
``ConflictError``.  Positions are minted here: ``(sequence << 16) | index in
its message``.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any, Final

import anyio
import msgspec
import nats.errors
import nats.js.errors

from realcli._errors import ConflictError, EventTooLargeError, LogUnavailableError, SchemaError
from realcli.eventlog._base import AppendResult, EncodedEvent, check_batch
from realcli.eventlog._chain import chain_over, genesis
from realcli.eventlog._nats_client import JetStreamClient
from realcli.events import Event, check_stream

__all__ = [
    "HEADER_ROOM",
    "MAX_BATCH",
    "POSITION_BITS",
    "JetStreamAppender",
    "batch_headers",
    "position_of",
    "split_batch",
    "split_position",
]

POSITION_BITS: Final = 16
MAX_BATCH: Final = (1 << POSITION_BITS) - 1
# Bytes of a message that are not its events: the headers (ids, versions, the digest) and the brackets.
HEADER_ROOM: Final = 1024
_WRONG_LAST_SEQUENCE: Final = 10071
_NO_ROOM: Final = (10023, 10047)  # JetStream: insufficient resources; no space left for the stream's storage


_batch: Final = msgspec.json.Decoder(list[msgspec.Raw])


def batch_headers(headers: dict[str, str] | None, where: str) -> tuple[int, int]:
    """``(last version, count)`` of an append's message; ``SchemaError`` for a message realcli did not write."""
    try:
        last_version, count = int((headers or {})["Rc-Version"]), int((headers or {})["Rc-Count"])
    except (KeyError, ValueError) as e:
        raise SchemaError(f"{where} has no realcli version headers: it was not appended by realcli") from e
    if count < 1 or last_version < count:
        raise SchemaError(f"{where} has impossible version headers (version {last_version}, {count} events)")
    return last_version, count


def split_batch(data: bytes, where: str = "a message") -> list[msgspec.Raw]:
    """Each event of an append's message, as the very bytes that were appended (no copy)."""
    try:
        return _batch.decode(data)
    except msgspec.DecodeError as e:
        raise SchemaError(f"{where} is not a batch of events: {e}") from e


def position_of(seq: int, index: int) -> int:
    """The global position of the ``index``-th event of the JetStream message with sequence ``seq``."""
    return (seq << POSITION_BITS) | index


def split_position(position: int) -> tuple[int, int]:
    """A position back into its message sequence and the event's index in that message (``position_of`` inverted)."""
    return position >> POSITION_BITS, position & MAX_BATCH


class JetStreamAppender:
    """The append part of ``JetStreamLog``: its appends over the log's client, and the tail of each stream this
    process knows of (version, last sequence, head digest), which the log's listings read too."""

    def __init__(self, client: JetStreamClient) -> None:
        self._client = client
        self._tails: dict[str, tuple[int, int, str]] = {}  # stream -> (version, last sequence, head digest)
        self._locks: dict[str, anyio.Lock] = {}

    async def append(
        self, stream: str, events: Sequence[Event | EncodedEvent], expected_version: int | None = None
    ) -> AppendResult:
        """``EventLog.append`` on JetStream: one message per batch, deduplicated by its id and guarded by the subject's
        last sequence."""
        check_stream(stream)
        encoded = check_batch(stream, events)
        if len(encoded) > MAX_BATCH:
            raise ValueError(f"append to {stream!r}: at most {MAX_BATCH} events per append")
        lock = self._locks.setdefault(stream, anyio.Lock())
        async with lock:
            return await self._append_locked(stream, encoded, expected_version)

    async def _append_locked(self, stream: str, events: list[EncodedEvent], expected: int | None) -> AppendResult:
        version, seq, head = await self.tail(stream)
        if expected is not None and expected != version:
            version, seq, head = await self.tail(stream, refresh=True)
            if expected != version:
                return await self._settle_conflict(stream, events, expected)
        count = len(events)
        payload = b"[" + b",".join(e.data for e in events) + b"]"
        url, limit = self._client.url, self._client.nc.max_payload
        if len(payload) + HEADER_ROOM > limit:
            raise EventTooLargeError(
                f"an append of {len(payload):,} bytes to {stream!r} exceeds the message limit of NATS at {url} "
                f"({limit:,} bytes): raise max_payload in the server configuration (at most 64 MB)"
            )
        prev = bytes.fromhex(head) if head else await self._chain_head(stream, version, seq)
        digest = chain_over(prev, version + 1, (e.data for e in events))[-1].hex()
        headers = {
            "Nats-Msg-Id": events[0].id,
            "Nats-Expected-Last-Subject-Sequence": str(seq),
            "Rc-Version": str(version + count),
            "Rc-Count": str(count),
            "Rc-Digest": digest,
        }
        try:
            ack = await self._publish(self._client.prefix + stream, payload, headers)
        except nats.js.errors.APIError as e:
            if e.err_code in _NO_ROOM:
                raise LogUnavailableError(
                    f"NATS at {url} has no room left for the log (JetStream storage is full: {e.description}): "
                    "free space on the server (or raise its max_file_store), then `realcli resume` the run"
                ) from e
            if e.err_code != _WRONG_LAST_SEQUENCE:
                raise LogUnavailableError(f"NATS at {url} refused an append to {stream!r}: {e}") from e
            self._tails.pop(stream, None)
            return await self._settle_conflict(stream, events, version if expected is None else expected)
        if ack.duplicate:
            # Our earlier attempt landed and only its answer was lost.
            self._tails.pop(stream, None)
            return await self._settle_conflict(stream, events, version)
        self._tails[stream] = (version + count, ack.seq, digest)
        return AppendResult(stream, version + 1, version + count, position_of(ack.seq, count - 1), digest)

    async def _chain_head(self, stream: str, version: int, last_seq: int) -> bytes:
        """What the next event links to when the stream's last message carries no digest.

        A new stream starts at the genesis; a stream recorded before chains
        gets the chain computed over all its events (once: the append then
        caches its digest).
        """
        if version == 0:
            return genesis(stream)
        prev = genesis(stream)
        next_version = 1
        seq = 1
        while seq <= last_seq:
            msg = await self._message_after(stream, seq)
            if msg is None:
                break
            last_version, count = batch_headers(dict(msg.headers or {}), f"message {msg.seq} of stream {stream!r}")
            datas = split_batch(msg.data, f"message {msg.seq} of stream {stream!r}")
            first = last_version - count + 1
            if first != next_version or len(datas) != count:
                break  # not a chain realcli wrote: appends after it link to what could be read
            prev = chain_over(prev, first, (bytes(d) for d in datas))[-1]
            next_version = last_version + 1
            seq = int(msg.seq) + 1
        return prev

    async def _publish(self, subject: str, payload: bytes, headers: dict[str, str]) -> Any:
        """Publish, riding out a lost connection: the same message id makes a resend harmless."""
        return await self._client.call(
            "appending", lambda: self._client.js.publish(subject, payload, headers=dict(headers), timeout=5)
        )

    async def _settle_conflict(self, stream: str, events: list[EncodedEvent], expected: int) -> AppendResult:
        """An idempotent retry if our batch already sits at ``expected + 1``, else a conflict."""
        last = await self._last_message(stream)
        if last is None:
            raise ConflictError(stream, expected, 0)
        seq, headers = last
        actual = int(headers["Rc-Version"])
        self._tails[stream] = (actual, seq, headers.get("Rc-Digest", ""))
        if actual >= expected + len(events):
            found = await self._batch_at(stream, expected + 1, seq, headers)
            if found is not None:
                seq, headers = found
                count = int(headers["Rc-Count"])
                if headers.get("Nats-Msg-Id") == events[0].id and count == len(events):
                    return AppendResult(
                        stream,
                        expected + 1,
                        expected + count,
                        position_of(seq, count - 1),
                        headers.get("Rc-Digest", ""),
                    )
        raise ConflictError(stream, expected, actual)

    async def _batch_at(
        self, stream: str, first_version: int, last_seq: int, last_headers: dict[str, str]
    ) -> tuple[int, dict[str, str]] | None:
        """The message of ``stream`` whose first event has ``first_version`` (a walk; conflicts only)."""
        if int(last_headers["Rc-Version"]) - int(last_headers["Rc-Count"]) + 1 == first_version:
            return last_seq, last_headers
        seq = 1
        while seq <= last_seq:
            msg = await self._message_after(stream, seq)
            if msg is None:
                return None
            headers = dict(msg.headers or {})
            first = int(headers["Rc-Version"]) - int(headers["Rc-Count"]) + 1
            if first >= first_version:
                return (int(msg.seq), headers) if first == first_version else None
            seq = int(msg.seq) + 1
        return None

    async def _message_after(self, stream: str, seq: int) -> Any:
        """The first message of ``stream`` at or after sequence ``seq`` (None: there is none)."""
        try:
            return await self._client.call(f"reading stream {stream!r}", functools.partial(self._next_msg, stream, seq))
        except nats.js.errors.NotFoundError:
            return None
        except (nats.errors.Error, nats.js.errors.Error) as e:
            raise LogUnavailableError(f"NATS at {self._client.url}: cannot read stream {stream!r}: {e}") from e

    async def _next_msg(self, stream: str, seq: int) -> Any:
        return await self._client.jsm.get_msg(
            self._client.name, seq=seq, subject=self._client.prefix + stream, next=True
        )

    async def tail(self, stream: str, *, refresh: bool = False) -> tuple[int, int, str]:
        """``stream``'s version, last message sequence and head digest: as cached, or asked of the server with
        ``refresh`` (or when not cached); ``(0, 0, "")`` for a stream with no events."""
        if not refresh and stream in self._tails:
            return self._tails[stream]
        last = await self._last_message(stream)
        tail = (0, 0, "") if last is None else (int(last[1]["Rc-Version"]), last[0], last[1].get("Rc-Digest", ""))
        self._tails[stream] = tail
        return tail

    async def _last_message(self, stream: str) -> tuple[int, dict[str, str]] | None:
        try:
            msg = await self._client.call(
                f"reading stream {stream!r}",
                lambda: self._client.jsm.get_last_msg(self._client.name, self._client.prefix + stream),
            )
        except nats.js.errors.NotFoundError:
            return None
        except (nats.errors.Error, nats.js.errors.Error) as e:
            raise LogUnavailableError(f"NATS at {self._client.url}: cannot read stream {stream!r}: {e}") from e
        return int(msg.seq), dict(msg.headers or {})
