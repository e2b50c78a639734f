"""Run archives: one portable file per run (JSON Lines, optionally gzip).

Format (version 1)::

    {"realcli_archive":1,"run":"<run id>"}
    {"stream":"<stream>","version":<n>,"event":{...}}      one line per event,
    ...                                                     in global log order
    {"end":true,"events":<count>,"sha256":"<hex>"}

The trailer's count and SHA-256 (over every event line, newline included)
catch a truncated or edited archive before anything is imported.  Positions
are not written (they are backend-specific), so export -> import -> export
reproduces the same bytes on either backend.  Gzip output is written with a
zero mtime and no file name, so it is byte-stable too.
"""

from __future__ import annotations

import gzip
import hashlib
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Final, TypeVar

import msgspec

from realcli._errors import NotFoundError, SchemaError
from realcli.eventlog._base import EventLog
from realcli.events import Event, UnknownEvent, check_stream, decode, encode

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
    with _open_write(tmp, gz=out.name.endswith(".gz")) as f:
        f.write(_json.encode({"realcli_archive": ARCHIVE_VERSION, "run": run_id}) + b"\n")
        async for rec in log.read_all(0, scope=run_id):
            raw = rec.event.raw if isinstance(rec.event, UnknownEvent) else encode(rec.event)
            line = (
                b'{"stream":'
                + _json.encode(rec.stream)
                + b',"version":'
                + str(rec.version).encode()
                + b',"event":'
                + raw
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

    The whole file is checked first (every line, the count, the checksum), so a
    bad archive changes nothing.  Importing the same archive twice is harmless:
    the second import finds its events already there (same ids) and appends
    nothing.
    """
    run_id, total = _verify(path)
    batch: list[Event] = []
    batch_stream, first_version, size = "", 0, 0
    for stream, version, event, raw_size in _events(path):
        if batch and (stream != batch_stream or len(batch) >= _IMPORT_BATCH or size + raw_size > _IMPORT_BYTES):
            await log.append(batch_stream, batch, expected_version=first_version - 1)
            batch, size = [], 0
        if not batch:
            batch_stream, first_version = stream, version
        batch.append(event)
        size += raw_size
    if batch:
        await log.append(batch_stream, batch, expected_version=first_version - 1)
    return run_id, total


def _verify(path: Path) -> tuple[str, int]:
    digest, count, run_id, trailer = hashlib.sha256(), 0, "", None
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


def _events(path: Path) -> Iterator[tuple[str, int, Event, int]]:
    for lineno, line in _lines(path):
        if lineno == 1 or line.startswith(b'{"end"'):
            continue
        parsed = _line.decode(line)
        yield parsed.stream, parsed.version, _event(parsed, path, lineno), len(line)


def _event(parsed: _Line, path: Path, lineno: int) -> Event:
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
