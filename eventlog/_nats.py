"""The distributed backend: one JetStream stream, one subject per log stream.

* Subject ``<NAME>.<stream>``; the JetStream stream ``NAME`` (default
  ``REALCLI``, chosen with ``?stream=NAME``) captures ``<NAME>.>`` with file
  storage, so several logs can share one server.
* One append is ONE JetStream message whose payload is the JSON array of its
  events, so an append is atomic.  Its headers carry ``Nats-Msg-Id`` (the
  first event's id: the server drops a re-sent append inside the duplicate
  window), ``Nats-Expected-Last-Subject-Sequence`` (the server refuses the
  append if another writer got there first), and ``Rc-Version`` /
  ``Rc-Count`` (the stream version after the append, and how many events).
* Global position of an event = ``(sequence << 16) | index in its message``.
* Reads, replays and live tails use ordered consumers (ephemeral, in-memory,
  flow-controlled, self-healing on gaps).  A read ends at the last sequence
  of its subject taken when it starts (events appended later are the next
  read's), so it always ends.
* A lost connection is ridden out for up to the *outage bound* (``?outage=SEC``,
  default 300 s): an append is re-sent with the same message id until the
  server is back (nothing lost, nothing duplicated), every other request is
  retried, reads and live tails resume where they were.  Past the bound the
  operation raises ``LogUnavailableError``.
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any, Final, cast
from urllib.parse import urlsplit

import anyio
import msgspec
import nats.errors
import nats.js.errors
from nats.aio.msg import Msg
from nats.js import api

from realcli._errors import LogUnavailableError
from realcli.eventlog._base import StreamInfo, in_scope
from realcli.eventlog._nats_append import JetStreamAppends, position_of, split_position
from realcli.eventlog._natsconn import connect, parse_nats_url
from realcli.events import RecordedEvent, check_stream, decode

_RETRY_PAUSE_SEC: Final = 0.25
# What a request meets while the server is away or restarting: worth retrying.
_TRANSIENT: Final = (
    nats.errors.TimeoutError,
    nats.errors.ConnectionReconnectingError,
    nats.errors.NoRespondersError,
    nats.errors.StaleConnectionError,
    nats.errors.OutboundBufferLimitError,
    nats.js.errors.NoStreamResponseError,
    nats.js.errors.ServiceUnavailableError,
)
_batch: Final = msgspec.json.Decoder(list[msgspec.Raw])


class JetStreamLog(JetStreamAppends):
    """``EventLog`` over NATS JetStream.  Open it with ``JetStreamLog.open``.

    The append side is ``JetStreamAppends`` (``_nats_append``); this half holds
    the connection, the requests that ride out an outage, reads and listings.
    """

    def __init__(self, url: str, nc: Any, stream_name: str, outage_sec: float) -> None:
        self.url = url
        self._nc = nc
        self._js = nc.jetstream()
        self._jsm = nc.jsm()
        self._name = stream_name
        self._prefix = stream_name + "."
        self.outage_sec = outage_sec
        self._tails: dict[str, tuple[int, int]] = {}  # stream -> (version, last sequence)
        self._locks: dict[str, anyio.Lock] = {}

    # ------------------------------------------------------------ lifecycle

    @classmethod
    async def open(cls, url: str, *, connect_timeout: float = 5.0) -> JetStreamLog:
        """Connect to ``nats://host:port[?stream=NAME][&outage=SEC]`` and make sure the stream exists.

        The connection presents this process's NATS token (``_natsconn``).
        """
        target = parse_nats_url(url)
        nc = await connect(target, purpose="the event log", connect_timeout=connect_timeout)
        query = urlsplit(url).query
        log = cls(target.server if not query else f"{target.server}?{query}", nc, target.stream, target.outage_sec)
        try:
            await log._ensure_stream()
        except BaseException:
            with anyio.CancelScope(shield=True):
                await nc.close()
            raise
        return log

    async def _ensure_stream(self) -> None:
        try:
            await self._jsm.stream_info(self._name)
            return
        except nats.js.errors.NotFoundError:
            pass
        except (nats.errors.Error, nats.js.errors.Error) as e:
            raise LogUnavailableError(
                f"NATS at {self.url} has no usable JetStream ({e}): start the server with -js"
            ) from e
        config = api.StreamConfig(
            name=self._name,
            subjects=[self._prefix + ">"],
            storage=api.StorageType.FILE,
            retention=api.RetentionPolicy.LIMITS,
            duplicate_window=120.0,
            allow_direct=True,
        )
        try:
            await self._jsm.add_stream(config)
        except nats.js.errors.BadRequestError as e:
            if "already in use" not in str(e):  # not just a concurrent creation
                raise LogUnavailableError(f"NATS at {self.url}: cannot create stream {self._name}: {e}") from e

    async def aclose(self) -> None:
        with anyio.CancelScope(shield=True):
            if not self._nc.is_closed:
                await self._nc.close()

    async def __aenter__(self) -> JetStreamLog:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()

    # ------------------------------------------------------------- requests

    async def _call(self, what: str, request: Callable[[], Awaitable[Any]]) -> Any:
        """``request()``, retried while the server is away, for up to the outage bound.

        The bound is a deadline: a request still in flight when it passes is
        abandoned (an abandoned append is re-sent with the same id later, so it
        lands once at most).
        """
        last: Exception | None = None
        with anyio.move_on_after(self.outage_sec):
            while True:
                try:
                    return await request()
                except _TRANSIENT as e:
                    last = e
                    if self._nc.is_closed:
                        break
                except nats.errors.ConnectionClosedError as e:
                    last = e
                    break
                await anyio.sleep(_RETRY_PAUSE_SEC)
        raise self._lost(what) from last

    def _lost(self, what: str) -> LogUnavailableError:
        return LogUnavailableError(
            f"lost NATS at {self.url} for {self.outage_sec:.0f} s while {what}: "
            "check the server (the bound is the log URL's ?outage=SEC); a run can be resumed with `realcli resume`"
        )

    # ----------------------------------------------------------------- read

    async def read(self, stream: str, from_version: int = 1) -> AsyncIterator[RecordedEvent]:
        check_stream(stream)
        async for rec in self._consume(self._prefix + stream, 0, follow=False):
            if rec.version >= from_version:
                yield rec

    async def read_all(self, from_position: int = 0, scope: str | None = None) -> AsyncIterator[RecordedEvent]:
        async for rec in self._consume(self._filter(scope), from_position, follow=False):
            if in_scope(rec.stream, scope):
                yield rec

    async def subscribe(self, from_position: int = 0, scope: str | None = None) -> AsyncIterator[RecordedEvent]:
        async for rec in self._consume(self._filter(scope), from_position, follow=True):
            if in_scope(rec.stream, scope):
                yield rec

    async def _consume(self, subject: str, from_position: int, *, follow: bool) -> AsyncIterator[RecordedEvent]:
        """Deliver the messages of ``subject`` from a position on; a read (not ``follow``) ends at its last one.

        A read ends at the last sequence of ``subject`` taken before it starts,
        never at a pending count: nats-server 2.9 sometimes reports the last
        message of a filtered consumer with one message still pending, and a
        read that waited for a count of 0 then waited for ever.
        """
        start_seq, start_index = split_position(max(from_position, 0))
        end_seq = 0
        if not follow:
            end_seq = await self._last_sequence(subject)
            if end_seq == 0 or end_seq < start_seq:
                return
        config = api.ConsumerConfig(
            deliver_policy=api.DeliverPolicy.BY_START_SEQUENCE if start_seq else api.DeliverPolicy.ALL,
            opt_start_seq=start_seq or None,
        )
        try:
            sub = await self._call(
                f"reading {subject!r}",
                lambda: self._js.subscribe(
                    subject,
                    stream=self._name,
                    ordered_consumer=True,
                    config=config,
                    pending_msgs_limit=4096,
                    pending_bytes_limit=64 * 1024 * 1024,
                ),
            )
        except (nats.errors.Error, nats.js.errors.Error) as e:
            raise LogUnavailableError(f"NATS at {self.url}: cannot read {subject!r}: {e}") from e
        try:
            messages = sub.messages
            while True:
                msg = await self._next_message(messages, subject, follow=follow)
                for rec in _unpack(msg, len(self._prefix), start_seq, start_index):
                    yield rec
                if not follow and msg.metadata.sequence.stream >= end_seq:
                    return
        finally:
            with anyio.CancelScope(shield=True), contextlib.suppress(Exception):
                await sub.unsubscribe()

    async def _next_message(self, messages: Any, subject: str, *, follow: bool) -> Msg:
        """The next delivered message; a read that gets none for the outage bound is refused, not hung."""
        try:
            if follow:
                return cast(Msg, await messages.__anext__())
            with anyio.move_on_after(self.outage_sec):
                return cast(Msg, await messages.__anext__())
        except StopAsyncIteration:
            pass  # the connection was closed under the subscription
        raise LogUnavailableError(
            f"NATS at {self.url} delivered nothing of {subject!r} for {self.outage_sec:.0f} s "
            "in the middle of a read: check the server and try again"
        )

    async def _last_sequence(self, subject: str) -> int:
        """The stream sequence of the last message on ``subject`` (wildcards allowed), 0 if none."""
        try:
            msg = await self._call(f"reading {subject!r}", lambda: self._jsm.get_last_msg(self._name, subject))
        except nats.js.errors.NotFoundError:
            return 0
        except (nats.errors.Error, nats.js.errors.Error) as e:
            raise LogUnavailableError(f"NATS at {self.url}: cannot read {subject!r}: {e}") from e
        return int(msg.seq)

    # ------------------------------------------------------------- metadata

    async def stream_version(self, stream: str) -> int:
        return (await self._tail(check_stream(stream), refresh=True))[0]

    async def streams(self, scope: str) -> list[StreamInfo]:
        out = []
        for subject in sorted(await self._subjects(self._filter(scope))):
            name = subject[len(self._prefix) :]
            if in_scope(name, scope):
                out.append(StreamInfo(name, (await self._tail(name, refresh=True))[0]))
        return out

    async def runs(self) -> list[str]:
        subjects = await self._subjects(self._prefix + ">")
        return sorted({s[len(self._prefix) :].split(".", 1)[0] for s in subjects})

    def _filter(self, scope: str | None) -> str:
        return self._prefix + ">" if scope is None else f"{self._prefix}{scope}.>"

    async def _subjects(self, subject_filter: str) -> list[str]:
        try:
            info = await self._call(
                "listing streams", lambda: self._jsm.stream_info(self._name, subjects_filter=subject_filter)
            )
        except (nats.errors.Error, nats.js.errors.Error) as e:
            raise LogUnavailableError(f"NATS at {self.url}: cannot list streams: {e}") from e
        return list((info.state.subjects or {}).keys())


def _unpack(msg: Msg, prefix_len: int, start_seq: int, start_index: int) -> list[RecordedEvent]:
    seq = msg.metadata.sequence.stream
    stream = msg.subject[prefix_len:]
    headers = msg.headers or {}
    last_version, count = int(headers["Rc-Version"]), int(headers["Rc-Count"])
    first = last_version - count + 1
    raws = _batch.decode(msg.data)
    skip = start_index if seq == start_seq else 0
    return [
        RecordedEvent(position_of(seq, i), stream, first + i, decode(raw)) for i, raw in enumerate(raws) if i >= skip
    ]
