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
  default 300 s), counted from when the server went away: an append is
  re-sent with the same message id until the server is back (nothing lost,
  nothing duplicated), every other request is retried, reads and live tails
  resume where they were.  Past the bound every operation of the process
  raises ``LogUnavailableError`` at once (a server gone for good ends a run
  within the bound, not a bound per request), until the server is back.
  Each outage ridden out is reported by ``outages()``.
* The chain (``_chain``): each message carries ``Rc-Digest``, the digest of
  its last event; a reader recomputes the ones inside.
* A request the server refuses for want of a permission (the process's role,
  ``_natsroles``) fails at once with ``LogAccessDeniedError``.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator, Sequence
from typing import Any, Final, cast
from urllib.parse import urlsplit

import anyio
import msgspec
import nats.errors
import nats.js.errors
from nats.aio.msg import Msg
from nats.js import api

from realcli._errors import LogAccessDeniedError, LogUnavailableError, NotFoundError, SchemaError
from realcli.eventlog._base import AppendResult, EncodedEvent, LogOutage, RawRecord, StreamInfo, in_scope
from realcli.eventlog._nats_append import (
    HEADER_ROOM,
    JetStreamAppender,
    batch_headers,
    position_of,
    split_batch,
    split_position,
)
from realcli.eventlog._nats_client import JetStreamClient
from realcli.eventlog._natsconn import Credential, Link, connect, parse_nats_url
from realcli.eventlog._natsroles import Role
from realcli.eventlog._open import LogBackend
from realcli.events import Event, RecordedEvent, check_stream, decode


class JetStreamLog:
    """``EventLog`` over NATS JetStream.  Open it with ``JetStreamLog.open``.

    It holds two parts that share one ``JetStreamClient`` (the connection and
    its requests that ride out an outage): the appender (``_nats_append``),
    and the reads and listings here.
    """

    def __init__(self, url: str, link: Link, stream_name: str, outage_sec: float) -> None:
        self.url = url
        self.outage_sec = outage_sec
        self._client = JetStreamClient(url, link, stream_name, outage_sec)
        self._appender = JetStreamAppender(self._client)

    # ------------------------------------------------------------ lifecycle

    @classmethod
    async def open(
        cls,
        url: str,
        *,
        role: Role = "run",
        credential: Credential | None = None,
        create: bool = True,
        connect_timeout: float = 5.0,
    ) -> JetStreamLog:
        """Connect to ``nats://host:port[?stream=NAME][&outage=SEC]`` and make sure the stream exists.

        The connection presents this process's credential for ``role``
        (``_natsconn``), or ``credential``.  With ``create`` a missing stream
        is made, or, when the credential may not make it (a worker's, a
        reader's), waited for (a run makes it) up to the outage bound; without
        it a missing stream is ``NotFoundError``.
        """
        target = parse_nats_url(url)
        link = await connect(
            target, purpose="the event log", role=role, presented=credential, connect_timeout=connect_timeout
        )
        query = urlsplit(url).query
        log = cls(target.server if not query else f"{target.server}?{query}", link, target.stream, target.outage_sec)
        try:
            await log._ensure_stream(create=create)
        except BaseException:
            await link.close()
            raise
        return log

    async def _ensure_stream(self, *, create: bool) -> None:
        try:
            await self._client.call("opening the log", lambda: self._client.jsm.stream_info(self._client.name))
            return
        except nats.js.errors.NotFoundError:
            pass
        except (nats.errors.Error, nats.js.errors.Error) as e:
            raise LogUnavailableError(
                f"NATS at {self.url} has no usable JetStream ({e}): start the server with -js"
            ) from e
        if not create:
            raise NotFoundError(
                f"no event log at {self.url} (no stream {self._client.name} yet): run `realcli run` first"
            )
        config = api.StreamConfig(
            name=self._client.name,
            subjects=[self._client.prefix + ">"],
            storage=api.StorageType.FILE,
            retention=api.RetentionPolicy.LIMITS,
            duplicate_window=120.0,
            allow_direct=True,
            # An event, once appended, stays: nobody deletes a message or purges the stream.
            deny_delete=True,
            deny_purge=True,
        )
        try:
            await self._client.call("creating the log's stream", lambda: self._client.jsm.add_stream(config))
        except nats.js.errors.BadRequestError as e:
            if "already in use" not in str(e):  # not just a concurrent creation
                raise LogUnavailableError(f"NATS at {self.url}: cannot create stream {self._client.name}: {e}") from e
        except LogAccessDeniedError:
            await self._wait_for_stream()

    async def _wait_for_stream(self) -> None:
        """The stream, made by a process allowed to (the run's coordinator), within the outage bound."""
        with anyio.move_on_after(self.outage_sec):
            while True:
                with contextlib.suppress(nats.js.errors.NotFoundError):
                    await self._client.call("opening the log", lambda: self._client.jsm.stream_info(self._client.name))
                    return
                await anyio.sleep(1.0)
        raise NotFoundError(
            f"no event log at {self.url} after {self.outage_sec:.0f} s (stream {self._client.name}), and this "
            f"process's credential ({self._client.link.source}) may not create it: start the run (`realcli run`) first"
        )

    async def aclose(self) -> None:
        await self._client.link.close()

    async def __aenter__(self) -> JetStreamLog:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()

    @property
    def max_event_bytes(self) -> int | None:
        """The server's message limit, less room for an append's headers and brackets."""
        return int(self._client.nc.max_payload) - HEADER_ROOM

    async def outages(self) -> AsyncIterator[LogOutage]:
        seen = 0
        while True:
            new, seen = await self._client.link.outages(seen)
            for outage in new:
                yield msgspec.structs.replace(outage, bound_sec=self.outage_sec)

    # ---------------------------------------------------------------- append

    async def append(
        self, stream: str, events: Sequence[Event | EncodedEvent], expected_version: int | None = None
    ) -> AppendResult:
        return await self._appender.append(stream, events, expected_version)

    # ----------------------------------------------------------------- read

    async def read(self, stream: str, from_version: int = 1) -> AsyncIterator[RecordedEvent]:
        check_stream(stream)
        async for msg, skip in self._consume(self._client.prefix + stream, 0, follow=False):
            for rec in _unpack(msg, len(self._client.prefix), skip):
                if rec.version >= from_version:
                    yield rec

    async def read_all(self, from_position: int = 0, scope: str | None = None) -> AsyncIterator[RecordedEvent]:
        async for msg, skip in self._consume(self._filter(scope), from_position, follow=False):
            for rec in _unpack(msg, len(self._client.prefix), skip):
                if in_scope(rec.stream, scope):
                    yield rec

    async def subscribe(self, from_position: int = 0, scope: str | None = None) -> AsyncIterator[RecordedEvent]:
        async for msg, skip in self._consume(self._filter(scope), from_position, follow=True):
            for rec in _unpack(msg, len(self._client.prefix), skip):
                if in_scope(rec.stream, scope):
                    yield rec

    async def read_raw(self, from_position: int = 0, scope: str | None = None) -> AsyncIterator[RawRecord]:
        async for msg, skip in self._consume(self._filter(scope), from_position, follow=False):
            for raw in _unpack_raw(msg, len(self._client.prefix), skip):
                if in_scope(raw.stream, scope):
                    yield raw

    async def _consume(self, subject: str, from_position: int, *, follow: bool) -> AsyncIterator[tuple[Msg, int]]:
        """The messages of ``subject`` from a position on (and how many events of each to skip).

        A read (not ``follow``) ends at the last sequence of ``subject`` taken
        before it starts, never at a pending count: nats-server 2.9 sometimes
        reports the last message of a filtered consumer with one message still
        pending, and a read that waited for a count of 0 then waited for ever.
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
            sub = await self._client.call(
                f"reading {subject!r}",
                lambda: self._client.js.subscribe(
                    subject,
                    stream=self._client.name,
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
                seq = msg.metadata.sequence.stream
                yield msg, start_index if seq == start_seq else 0
                if not follow and seq >= end_seq:
                    return
        finally:
            with anyio.CancelScope(shield=True), contextlib.suppress(Exception):
                await sub.unsubscribe()

    async def _next_message(self, messages: Any, subject: str, *, follow: bool) -> Msg:
        """The next delivered message.

        A read that gets none for the outage bound is refused, not hung; a live
        tail waits as long as it takes, unless the server has been away past
        the bound (then it fails as every other request does).  The wait for
        the message is never cancelled on a timeout (a message taken off the
        subscription's queue at that moment would be lost), only when the
        caller leaves.
        """
        began = time.monotonic()
        getting = asyncio.ensure_future(messages.__anext__())
        try:
            while True:
                done, _ = await asyncio.wait([getting], timeout=1.0)
                if done:
                    return cast(Msg, getting.result())
                now = time.monotonic()
                if follow and now >= self._client.link.deadline(now, self.outage_sec):
                    raise self._client.lost(f"following {subject!r}")
                if not follow and now - began >= self.outage_sec:
                    break
        except StopAsyncIteration:
            pass  # the connection was closed under the subscription
        finally:
            if not getting.done():
                getting.cancel()
        raise LogUnavailableError(
            f"NATS at {self.url} delivered nothing of {subject!r} for {time.monotonic() - began:.0f} s "
            "in the middle of a read: check the server and try again"
        )

    async def _last_sequence(self, subject: str) -> int:
        """The stream sequence of the last message on ``subject`` (wildcards allowed), 0 if none."""
        try:
            msg = await self._client.call(
                f"reading {subject!r}", lambda: self._client.jsm.get_last_msg(self._client.name, subject)
            )
        except nats.js.errors.NotFoundError:
            return 0
        except (nats.errors.Error, nats.js.errors.Error) as e:
            raise LogUnavailableError(f"NATS at {self.url}: cannot read {subject!r}: {e}") from e
        return int(msg.seq)

    # ------------------------------------------------------------- metadata

    async def stream_version(self, stream: str) -> int:
        return (await self._appender.tail(check_stream(stream), refresh=True))[0]

    async def streams(self, scope: str) -> list[StreamInfo]:
        out = []
        for subject in sorted(await self._subjects(self._filter(scope))):
            name = subject[len(self._client.prefix) :]
            if in_scope(name, scope):
                version, _, digest = await self._appender.tail(name, refresh=True)
                out.append(StreamInfo(name, version, digest))
        return out

    async def runs(self) -> list[str]:
        subjects = await self._subjects(self._client.prefix + ">")
        return sorted({s[len(self._client.prefix) :].split(".", 1)[0] for s in subjects})

    def _filter(self, scope: str | None) -> str:
        return self._client.prefix + ">" if scope is None else f"{self._client.prefix}{scope}.>"

    async def _subjects(self, subject_filter: str) -> list[str]:
        try:
            info = await self._client.call(
                "listing streams",
                lambda: self._client.jsm.stream_info(self._client.name, subjects_filter=subject_filter),
            )
        except (nats.errors.Error, nats.js.errors.Error) as e:
            raise LogUnavailableError(f"NATS at {self.url}: cannot list streams: {e}") from e
        return list((info.state.subjects or {}).keys())


def _decode_batch(msg: Msg, prefix_len: int) -> tuple[str, int, list[msgspec.Raw]]:
    seq = msg.metadata.sequence.stream
    stream = msg.subject[prefix_len:]
    where = f"message {seq} of stream {stream!r}"
    last_version, count = batch_headers(msg.headers, where)
    datas = split_batch(msg.data, where)
    if len(datas) != count:
        raise SchemaError(f"{where} holds {len(datas)} events, its headers say {count}")
    return stream, last_version - count + 1, datas


def _unpack(msg: Msg, prefix_len: int, skip: int) -> list[RecordedEvent]:
    seq = msg.metadata.sequence.stream
    stream, first, raws = _decode_batch(msg, prefix_len)
    return [
        RecordedEvent(position_of(seq, i), stream, first + i, decode(raw)) for i, raw in enumerate(raws) if i >= skip
    ]


def _unpack_raw(msg: Msg, prefix_len: int, skip: int) -> list[RawRecord]:
    seq = msg.metadata.sequence.stream
    stream, first, raws = _decode_batch(msg, prefix_len)
    digest = (msg.headers or {}).get("Rc-Digest", "")
    last = len(raws) - 1
    return [
        RawRecord(position_of(seq, i), stream, first + i, bytes(raw), digest if i == last else None)
        for i, raw in enumerate(raws)
        if i >= skip
    ]


async def _check(url: str, create: bool) -> None:
    parse_nats_url(url)


async def _open(url: str, create: bool, role: Role, credential: Credential | None) -> JetStreamLog:
    return await JetStreamLog.open(url, role=role, credential=credential, create=create)


BACKEND: Final = LogBackend(_check, _open)
"""The ``nats`` entry of ``LOG_BACKENDS``."""
