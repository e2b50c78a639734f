"""Run archives: one portable file per run (JSON Lines, optionally gzip).

Format (version 1)::

    {"realcli_archive":1,"run":"<run id>"}
    {"stream":"<stream>","version":<n>,"digest":"<hex>","event":{...}}   one line per event,
    ...                                                                 in global log order
    {"end":true,"events":<count>,"sha256":"<hex>"}

The trailer's count and SHA-256 (over every event line, newline included)
catch a truncated or damaged archive before anything is imported.  Each
event is written as the very bytes the log stores, with its chain digest
(``_chain``; absent for an event recorded before chains, and in archives
written before them): an import checks the whole chain first (an archive
edited and given a new checksum is refused), stores the same bytes, and so
reproduces the same digests, seals and run head.  Positions are not written
(they are backend-specific), so export -> import -> export reproduces the
same bytes on either backend.  Gzip output is written with a zero mtime and
no file name, so it is byte-stable too.
"""

from __future__ import annotations

import gzip
import hashlib
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Final, TypeVar

import msgspec

from realcli._errors import NotFoundError, SchemaError
from realcli.eventlog._base import EncodedEvent, EventLog
from realcli.eventlog._chain import genesis, next_digest
from realcli.events import AnyEvent, UnknownEvent, check_stream, decode, event_type

ARCHIVE_VERSION: Final = 1
_T = TypeVar("_T")
_IMPORT_BATCH: Final = 500
_IMPORT_BYTES: Final = 256 * 1024  # well under NATS's default 1 MiB max_payload


class _Header(msgspec.Struct):
    realcli_archive: int
    run: str


class _Line(msgspec.Struct):
    stream: str
    version: int
    event: msgspec.Raw
    digest: str = ""


class _Trailer(msgspec.Struct):
    end: bool
    events: int
    sha256: str


_header = msgspec.json.Decoder(_Header)
_line = msgspec.json.Decoder(_Line)
_trailer = msgspec.json.Decoder(_Trailer)
_json = msgspec.json.Encoder()


async def export_run(log: EventLog, run_id: str, out: Path) -> int:
    """Write run ``run_id`` to ``out`` (gzip when the name ends in ``.gz``); return the event count."""
    if run_id not in await log.runs():
        raise NotFoundError(f"run {run_id!r} is not in {log.url}: `realcli runs --log ...` lists the runs")
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_name(out.name + ".partial")
    digest, count = hashlib.sha256(), 0
    chains: dict[str, bytes] = {}
    with _open_write(tmp, gz=out.name.endswith(".gz")) as f:
        f.write(_json.encode({"realcli_archive": ARCHIVE_VERSION, "run": run_id}) + b"\n")
        async for rec in log.read_raw(0, scope=run_id):
            # The digest the log stores; inside a JetStream append (None), the chain's own.
            computed = next_digest(chains.get(rec.stream) or genesis(rec.stream), rec.version, rec.data)
            stored = computed.hex() if rec.digest is None else rec.digest
            chains[rec.stream] = bytes.fromhex(stored) if stored else computed
            line = (
                b'{"stream":'
                + _json.encode(rec.stream)
                + b',"version":'
                + str(rec.version).encode()
                + (b',"digest":"' + stored.encode() + b'"' if stored else b"")
                + b',"event":'
                + rec.data
                + b"}\n"
            )
            digest.update(line)
            f.write(line)
            count += 1
        f.write(_json.encode({"end": True, "events": count, "sha256": digest.hexdigest()}) + b"\n")
    tmp.replace(out)  # never leave a half-written archive under the final name
    return count


async def import_archive(log: EventLog, path: Path) -> tuple[str, int]:
    """Load an archive into ``log``; return ``(run id, events)``.

    The whole file is checked first (every line, the count, the checksum, the
    chain), so a bad archive changes nothing.  Importing the same archive
    twice is harmless: the second import finds its events already there (same
    ids) and appends nothing.  Events are stored as the archive's bytes, so
    their digests are the archive's.
    """
    run_id, total = _verify(path)
    batch: list[EncodedEvent] = []
    batch_stream, first_version, size, last_digest = "", 0, 0, ""

    async def flush() -> None:
        result = await log.append(batch_stream, batch, expected_version=first_version - 1)
        if last_digest and result.digest != last_digest:
            raise SchemaError(
                f"{path}: stream {batch_stream!r} in {log.url} does not chain like the archive "
                f"(version {result.last_version}): it holds other events; import into another log"
            )

    for stream, version, event, raw_size, digest in _events(path):
        if batch and (stream != batch_stream or len(batch) >= _IMPORT_BATCH or size + raw_size > _IMPORT_BYTES):
            await flush()
            batch, size = [], 0
        if not batch:
            batch_stream, first_version = stream, version
        batch.append(event)
        size += raw_size
        last_digest = digest
    if batch:
        await flush()
    return run_id, total


def _verify(path: Path) -> tuple[str, int]:
    digest, count, run_id, trailer = hashlib.sha256(), 0, "", None
    chains: dict[str, tuple[int, bytes]] = {}
    for lineno, line in _lines(path):
        if trailer is not None:
            raise SchemaError(f"{path}:{lineno}: data after the archive's end line: the file is damaged")
        if lineno == 1:
            run_id = _decode(_header, line, path, lineno).run
            continue
        if line.startswith(b'{"end"'):
            trailer = _decode(_trailer, line, path, lineno)
            continue
        parsed = _decode(_line, line, path, lineno)
        check_stream(parsed.stream)
        if not parsed.stream.startswith(run_id + "."):
            raise SchemaError(f"{path}:{lineno}: stream {parsed.stream!r} is not part of run {run_id!r}")
        _event(parsed, path, lineno)
        chains[parsed.stream] = _check_link(parsed, chains.get(parsed.stream), path, lineno)
        digest.update(line)
        count += 1
    if trailer is None:
        raise SchemaError(f"{path}: no end line: the archive is truncated; export it again")
    if trailer.events != count or trailer.sha256 != digest.hexdigest():
        raise SchemaError(
            f"{path}: {count} events do not match the end line's count/checksum "
            f"({trailer.events}): the archive is damaged; export it again"
        )
    return run_id, count


def _check_link(parsed: _Line, last: tuple[int, bytes] | None, path: Path, lineno: int) -> tuple[int, bytes]:
    """The stream's chain after this line: its versions follow on from 1, its digest matches the chain."""
    version, prev = last if last is not None else (0, genesis(parsed.stream))
    if parsed.version != version + 1:
        raise SchemaError(
            f"{path}:{lineno}: stream {parsed.stream!r} jumps from version {version} to {parsed.version}: "
            "the archive was edited; export the run again"
        )
    computed = next_digest(prev, parsed.version, bytes(parsed.event))
    if parsed.digest and parsed.digest != computed.hex():
        raise SchemaError(
            f"{path}:{lineno}: stream {parsed.stream!r} version {parsed.version} breaks the chain "
            "(an event was altered, removed or inserted since the export): the archive is not what was exported"
        )
    return parsed.version, computed


def _events(path: Path) -> Iterator[tuple[str, int, EncodedEvent, int, str]]:
    for lineno, line in _lines(path):
        if lineno == 1 or line.startswith(b'{"end"'):
            continue
        parsed = _line.decode(line)
        event = _event(parsed, path, lineno)
        encoded = EncodedEvent(event.id, event_type(event), bytes(parsed.event))
        yield parsed.stream, parsed.version, encoded, len(line), parsed.digest


def _event(parsed: _Line, path: Path, lineno: int) -> AnyEvent:
    try:
        event = decode(parsed.event)
    except SchemaError as e:
        raise SchemaError(f"{path}:{lineno}: {e}") from e
    if isinstance(event, UnknownEvent):
        raise SchemaError(
            f"{path}:{lineno}: event type {event.type!r} is unknown to this realcli: "
            "import with the realcli version that exported it"
        )
    return event


def _decode(decoder: msgspec.json.Decoder[_T], line: bytes, path: Path, lineno: int) -> _T:
    try:
        return decoder.decode(line)
    except msgspec.DecodeError as e:
        raise SchemaError(f"{path}:{lineno}: truncated or corrupt line ({e}); export the run again") from e


def _lines(path: Path) -> Iterator[tuple[int, bytes]]:
    try:
        raw: IO[bytes] = open(path, "rb")  # noqa: SIM115  (wrapped below, closed in finally)
    except OSError as e:
        raise NotFoundError(f"cannot read archive {path}: {e.strerror}") from e
    try:
        stream: IO[bytes] = gzip.GzipFile(fileobj=raw) if _is_gzip(raw) else raw  # type: ignore[assignment]
        for lineno, line in enumerate(stream, start=1):
            if line.strip():
                yield lineno, line if line.endswith(b"\n") else line + b"\n"
    except (OSError, EOFError) as e:
        raise SchemaError(f"{path}: cannot decompress ({e}): the archive is damaged") from e
    finally:
        raw.close()


def _is_gzip(f: IO[bytes]) -> bool:
    magic = f.read(2)
    f.seek(0)
    return magic == b"\x1f\x8b"


class _open_write:
    """A binary writer that is gzip (byte-stable) or plain, closed as one unit."""

    def __init__(self, path: Path, *, gz: bool) -> None:
        self._raw: IO[bytes] = open(path, "wb")  # noqa: SIM115
        self._f: IO[bytes] = (
            gzip.GzipFile(filename="", fileobj=self._raw, mode="wb", mtime=0)  # type: ignore[assignment]
            if gz
            else self._raw
        )

    def __enter__(self) -> IO[bytes]:
        return self._f

    def __exit__(self, *exc: object) -> None:
        self._f.close()
        if not self._raw.closed:
            self._raw.close()
