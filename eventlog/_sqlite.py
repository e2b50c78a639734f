"""The embedded backend: one SQLite file in WAL mode, through aiosqlite.

Layout: ``events`` holds every event with its global ``position`` (the rowid,
so appends are ordered by SQLite's single-writer lock) and ``(stream,
version)`` unique; ``streams`` holds each stream's current version.  Triggers
make every inserted event check that it is exactly the next version of its
stream and move the stream on, so an append is ONE multi-row ``INSERT ...
RETURNING`` statement in autocommit mode: atomic across processes, and a
single trip to the database thread.

Live tailing: appends in this process wake subscribers at once; appends by
other processes are seen by polling (``poll_interval``), which is cheap
because a poll is one indexed range query.

The chain (``_chain``): each event row keeps its digest (32 bytes), and
``streams.head`` the stream's last one.  A log of schema 1 (before chains)
is read as it is and migrated (two columns added) by the first process that
opens it to write; its old events keep no digest.  A process that only
reads opens the file read-only (a log on a read-only filesystem, or one the
user may not write, reads fine).
"""

from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator, Sequence
from pathlib import Path
from typing import Any, Final

import aiosqlite
import anyio

from realcli._errors import ConfigError, ConflictError, LogUnavailableError, NotFoundError
from realcli.eventlog._base import (
    AppendResult,
    EncodedEvent,
    LogOutage,
    RawRecord,
    StreamInfo,
    check_batch,
    in_scope,
    never_out,
)
from realcli.eventlog._chain import chain_over, genesis
from realcli.eventlog._natsroles import Role
from realcli.eventlog._open import DEFAULT_URL, LogBackend
from realcli.eventlog._sqlite_schema import (
    OLD_SCHEMAS,
    SCHEMA_VERSION,
    check_schema,
    check_writable,
    connect,
    read_schema,
    set_up,
    translate,
)
from realcli.events import Event, RecordedEvent, check_stream, decode, run_of

_PAGE: Final = 2000
_ROW: Final = "(?, ?, ?, ?, ?, ?, ?)"
_INSERT_HEAD: Final = "INSERT INTO events (stream, version, run, event_id, type, data, digest) VALUES "
_COLUMNS: Final = 7
# SQLite allows 32766 bound variables per statement; 7 per row.
_ROWS_PER_STATEMENT: Final = 4000


class SqliteLog:
    """``EventLog`` over one SQLite file.  Open it with ``SqliteLog.open``."""

    max_event_bytes: int | None = None  # SQLite's own limit (a billion bytes) is far past any event

    def __init__(
        self,
        path: Path,
        writer: aiosqlite.Connection | None,
        reader: aiosqlite.Connection,
        poll_interval: float,
        *,
        chained: bool = True,
    ) -> None:
        self.path = path
        self.url = f"sqlite:{path}"
        self._writer = writer
        self._reader = reader
        self._poll = poll_interval
        self._write_lock = anyio.Lock()
        self._appended = anyio.Event()
        self._closed = False
        # A log of schema 1 opened read-only has no digest column.
        self._digest = "digest" if chained else "NULL"
        # Last position appended by this process, per run and per run.trial
        # scope: lets an idle subscriber skip its query when nothing of its
        # scope changed here.  Other processes' appends are caught by polling.
        self._marks: dict[str | None, int] = {}
        self._external_version = -1
        self._external_changes = 0
        self._external_checked = 0.0
        # stream -> (version, head digest) after this process's last append to it.
        self._heads: dict[str, tuple[int, bytes]] = {}

    # ------------------------------------------------------------ lifecycle

    @classmethod
    async def open(
        cls, path: Path, *, create: bool = True, readonly: bool = False, poll_interval: float = 0.05
    ) -> SqliteLog:
        """Open (and with ``create``, initialise) the log file at ``path``.

        ``readonly``: open an existing log for reading only, without touching
        the file (no schema set-up, no migration), so a log on a read-only
        filesystem or one this user may not write reads fine.
        """
        exists = await anyio.Path(path).exists()
        if not create and not exists:
            raise NotFoundError(
                f"no event log at sqlite:{path}: run `realcli run` first or pass --log with an existing log"
            )
        if readonly and exists:
            return await cls._open_readonly(path, poll_interval)
        check_writable(path)
        writer = reader = None
        try:
            writer = await connect(path)
            await set_up(writer, path)
            reader = await connect(path)
        except BaseException as e:
            # Whatever stopped the opening (a locked file, no thread left for the second connection, a
            # cancellation), a connection already made is closed: its thread would keep the process alive.
            with anyio.CancelScope(shield=True):
                for conn in (writer, reader):
                    if conn is not None:
                        await conn.close()
            if isinstance(e, sqlite3.Error):
                raise translate(path, e) from e
            raise
        return cls(path, writer, reader, poll_interval)

    @classmethod
    async def _open_readonly(cls, path: Path, poll_interval: float) -> SqliteLog:
        reader = None
        try:
            try:
                reader = await connect(path, mode="ro")
                schema = await read_schema(reader)
            except sqlite3.OperationalError:
                # A WAL log on a read-only filesystem cannot get its shared-memory
                # file: nobody can write it there either, so read it as immutable.
                if reader is not None:
                    await reader.close()
                reader = await connect(path, mode="immutable")
                schema = await read_schema(reader)
            check_schema(path, schema, (SCHEMA_VERSION, *OLD_SCHEMAS))
        except BaseException as e:
            if reader is not None:
                with anyio.CancelScope(shield=True):
                    await reader.close()
            if isinstance(e, sqlite3.Error):
                raise translate(path, e) from e
            raise
        return cls(path, None, reader, poll_interval, chained=schema == SCHEMA_VERSION)

    async def aclose(self) -> None:
        if self._closed:
            return
        self._closed = True
        with anyio.CancelScope(shield=True):
            if self._writer is not None:
                await self._writer.close()
            await self._reader.close()

    async def __aenter__(self) -> SqliteLog:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()

    def outages(self) -> AsyncIterator[LogOutage]:
        return never_out()

    def _writable(self) -> aiosqlite.Connection:
        if self._writer is None:
            raise LogUnavailableError(f"{self.url} was opened read-only: open it to write (realcli run, import ...)")
        return self._writer

    # --------------------------------------------------------------- append

    async def append(
        self, stream: str, events: Sequence[Event | EncodedEvent], expected_version: int | None = None
    ) -> AppendResult:
        check_stream(stream)
        encoded = check_batch(stream, events)
        writer = self._writable()
        async with self._write_lock:
            try:
                result = await self._append_any(writer, stream, encoded, expected_version)
            except sqlite3.Error as e:
                raise translate(self.path, e) from e
        parts = stream.split(".")
        for scope in (None, parts[0], f"{parts[0]}.{parts[1]}"):
            self._marks[scope] = result.last_position
        self._wake()
        return result

    async def _append_any(
        self, writer: aiosqlite.Connection, stream: str, events: list[EncodedEvent], expected: int | None
    ) -> AppendResult:
        if expected is not None:
            return await self._append_locked(writer, stream, events, expected)
        # "Append at the end": only another process can move the stream
        # between our read of its version and our write, so a few retries do.
        for _ in range(3):
            try:
                return await self._append_locked(writer, stream, events, await self._current_version(stream))
            except ConflictError:
                continue
        return await self._append_locked(writer, stream, events, await self._current_version(stream))

    async def _append_locked(
        self, writer: aiosqlite.Connection, stream: str, events: list[EncodedEvent], expected: int
    ) -> AppendResult:
        run = run_of(stream)
        digests = chain_over(await self._head_at(writer, stream, expected), expected + 1, (e.data for e in events))
        params: list[object] = []
        for i, (ev, digest) in enumerate(zip(events, digests, strict=True), start=1):
            params += (stream, expected + i, run, ev.id, ev.type, ev.data, digest)
        try:
            if len(events) <= _ROWS_PER_STATEMENT:
                # Autocommit: this one statement is the whole transaction.
                rows = await writer.execute_fetchall(_insert(len(events)), params)
            else:
                rows = await self._insert_many(writer, params, len(events))
        except sqlite3.IntegrityError:
            self._heads.pop(stream, None)
            return await self._settle_conflict(writer, stream, events, expected)
        position = max(int(r[0]) for r in rows)
        self._heads[stream] = (expected + len(events), digests[-1])
        return AppendResult(stream, expected + 1, expected + len(events), position, digests[-1].hex())

    async def _head_at(self, writer: aiosqlite.Connection, stream: str, version: int) -> bytes:
        """The digest the chain has after ``version`` events of ``stream`` (what the next event links to).

        When the stream is not at ``version`` the insert is refused anyway
        (the version trigger), so any digest does.  A stream recorded before
        chains has no head: the chain is then computed over its events.
        """
        cached = self._heads.get(stream)
        if cached is not None and cached[0] == version:
            return cached[1]
        if version == 0:
            return genesis(stream)
        rows = list(await writer.execute_fetchall("SELECT version, head FROM streams WHERE name = ?", (stream,)))
        if not rows or int(rows[0][0]) != version:
            return genesis(stream)
        if rows[0][1] is not None:
            return bytes(rows[0][1])
        datas = await writer.execute_fetchall(
            "SELECT data FROM events WHERE stream = ? AND version <= ? ORDER BY version", (stream, version)
        )
        return chain_over(genesis(stream), 1, (bytes(r[0]) for r in datas))[-1]

    async def _insert_many(self, writer: aiosqlite.Connection, params: list[object], count: int) -> list[Any]:
        """A very large append: several statements in one explicit transaction."""
        rows: list[Any] = []
        await writer.execute("BEGIN IMMEDIATE")
        try:
            for start in range(0, count, _ROWS_PER_STATEMENT):
                n = min(_ROWS_PER_STATEMENT, count - start)
                chunk = params[start * _COLUMNS : (start + n) * _COLUMNS]
                rows += await writer.execute_fetchall(_insert(n), chunk)
        except BaseException:
            with anyio.CancelScope(shield=True):
                await writer.execute("ROLLBACK")
            raise
        await writer.execute("COMMIT")
        return rows

    async def _settle_conflict(
        self, writer: aiosqlite.Connection, stream: str, events: list[EncodedEvent], expected: int
    ) -> AppendResult:
        """Decide between an idempotent retry (same ids already there) and a real conflict."""
        actual = await self._current_version(stream)
        rows = await writer.execute_fetchall(
            "SELECT event_id, position, digest FROM events WHERE stream = ? AND version > ? ORDER BY version LIMIT ?",
            (stream, expected, len(events)),
        )
        stored = [(str(r[0]), int(r[1]), bytes(r[2] or b"")) for r in rows]
        if len(stored) == len(events) and all(s[0] == ev.id for s, ev in zip(stored, events, strict=True)):
            return AppendResult(stream, expected + 1, expected + len(events), stored[-1][1], stored[-1][2].hex())
        raise ConflictError(stream, expected, actual)

    async def _current_version(self, stream: str) -> int:
        rows = await self._writable().execute_fetchall("SELECT version FROM streams WHERE name = ?", (stream,))
        return int(next(iter(rows))[0]) if rows else 0

    def _wake(self) -> None:
        self._appended.set()
        self._appended = anyio.Event()

    # ----------------------------------------------------------------- read

    async def read(self, stream: str, from_version: int = 1) -> AsyncIterator[RecordedEvent]:
        check_stream(stream)
        version = max(from_version, 1) - 1
        while True:
            rows = await self._query(
                "SELECT position, stream, version, data FROM events "
                "WHERE stream = ? AND version > ? ORDER BY version LIMIT ?",
                (stream, version, _PAGE),
            )
            for row in rows:
                yield _recorded(row)
            if len(rows) < _PAGE:
                return
            version = int(rows[-1][2])

    async def read_all(self, from_position: int = 0, scope: str | None = None) -> AsyncIterator[RecordedEvent]:
        after = from_position - 1
        while True:
            rows = await self._page(after, scope)
            for row in rows:
                yield _recorded(row)
            if len(rows) < _PAGE:
                return
            after = int(rows[-1][0])

    async def read_raw(self, from_position: int = 0, scope: str | None = None) -> AsyncIterator[RawRecord]:
        after = from_position - 1
        while True:
            rows = await self._page(after, scope, raw=True)
            for row in rows:
                digest = row[4]
                yield RawRecord(int(row[0]), str(row[1]), int(row[2]), bytes(row[3]), bytes(digest or b"").hex())
            if len(rows) < _PAGE:
                return
            after = int(rows[-1][0])

    async def subscribe(self, from_position: int = 0, scope: str | None = None) -> AsyncIterator[RecordedEvent]:
        after = from_position - 1
        seen_external = self._external_changes
        mark = None if scope is None else ".".join(scope.split(".")[:2])
        while True:
            # Take the wake-up event before querying, so an append that commits
            # between the query and the wait is not slept through.
            appended = self._appended
            rows = await self._page(after, scope)
            for row in rows:
                yield _recorded(row)
            if rows:
                after = int(rows[-1][0])
                continue
            while True:
                with anyio.move_on_after(self._poll):
                    await appended.wait()
                appended = self._appended
                if self._marks.get(mark, -1) > after:
                    break
                await self._check_external()
                if self._external_changes != seen_external:
                    seen_external = self._external_changes
                    break

    async def _check_external(self) -> None:
        """Notice commits by other processes, at most once per poll interval for all subscribers."""
        now = anyio.current_time()
        if now - self._external_checked < self._poll:
            return
        self._external_checked = now
        # data_version changes only when ANOTHER connection (another process)
        # committed since the last look (the reader never commits).
        rows = await (self._writer or self._reader).execute_fetchall("PRAGMA data_version")
        version = int(next(iter(rows))[0])
        if version != self._external_version:
            self._external_version = version
            self._external_changes += 1

    async def _page(self, after: int, scope: str | None, *, raw: bool = False) -> list[Any]:
        columns = "position, stream, version, data" + (f", {self._digest}" if raw else "")
        if scope is None:
            return await self._query(
                f"SELECT {columns} FROM events WHERE position > ? ORDER BY position LIMIT ?",
                (after, _PAGE),
            )
        run = run_of(scope)
        if scope == run:
            return await self._query(
                f"SELECT {columns} FROM events WHERE run = ? AND position > ? ORDER BY position LIMIT ?",
                (run, after, _PAGE),
            )
        rows = await self._query(
            f"SELECT {columns} FROM events WHERE run = ? AND position > ? "
            "AND substr(stream, 1, ?) = ? ORDER BY position LIMIT ?",
            (run, after, len(scope) + 1, scope + ".", _PAGE),
        )
        return [r for r in rows if in_scope(r[1], scope)]

    async def _query(self, sql: str, params: tuple[object, ...]) -> list[Any]:
        try:
            return list(await self._reader.execute_fetchall(sql, params))
        except sqlite3.Error as e:
            raise translate(self.path, e) from e

    # ------------------------------------------------------------- metadata

    async def stream_version(self, stream: str) -> int:
        rows = await self._query("SELECT version FROM streams WHERE name = ?", (check_stream(stream),))
        return int(rows[0][0]) if rows else 0

    async def streams(self, scope: str) -> list[StreamInfo]:
        head = "head" if self._digest == "digest" else "NULL"
        rows = await self._query(
            f"SELECT name, version, {head} FROM streams WHERE run = ? ORDER BY name", (run_of(scope),)
        )
        return [StreamInfo(str(r[0]), int(r[1]), bytes(r[2] or b"").hex()) for r in rows if in_scope(str(r[0]), scope)]

    async def runs(self) -> list[str]:
        rows = await self._query("SELECT DISTINCT run FROM streams ORDER BY run", ())
        return [str(r[0]) for r in rows]


def _insert(rows: int) -> str:
    return _INSERT_HEAD + ",".join([_ROW] * rows) + " RETURNING position"


def _recorded(row: Any) -> RecordedEvent:
    return RecordedEvent(int(row[0]), str(row[1]), int(row[2]), decode(row[3]))


# ---------------------------------------------------------------- the ``sqlite:PATH`` backend


def _sqlite_path(url: str) -> Path:
    raw = url.removeprefix("sqlite:")
    if raw.startswith("//"):  # sqlite:///abs/path and sqlite://rel both read naturally
        raw = raw[2:]
    if not raw:
        raise ConfigError(f"--log {url!r}: expected sqlite:PATH")
    return Path(raw)


async def _check_directory(url: str, path: Path, *, create: bool, make: bool) -> None:
    """A SQLite log's directory must exist: only the default log's own ``runs/`` is ever made.

    A typo in ``--log`` must not silently grow a directory tree somewhere.
    """
    parent = anyio.Path(path.parent)
    if await parent.is_dir():
        return
    if create and path == Path(DEFAULT_URL.removeprefix("sqlite:")):
        if make:
            await parent.mkdir(parents=True, exist_ok=True)
        return
    raise ConfigError(f"--log {url!r}: directory {path.parent} does not exist: create it first, or pick another path")


async def _check(url: str, create: bool) -> None:
    await _check_directory(url, _sqlite_path(url), create=create, make=False)


async def _open(url: str, create: bool, role: Role, credential: object) -> SqliteLog:
    path = _sqlite_path(url)
    await _check_directory(url, path, create=create, make=True)
    return await SqliteLog.open(path, create=create, readonly=role == "read")


BACKEND: Final = LogBackend(_check, _open)
"""The ``sqlite`` entry of ``LOG_BACKENDS``."""
