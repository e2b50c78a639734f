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
"""

from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator, Sequence
from pathlib import Path
from typing import Any, Final

import aiosqlite
import anyio

from realcli._errors import ConflictError, LogUnavailableError, NotFoundError
from realcli.eventlog._base import AppendResult, StreamInfo, check_batch, in_scope
from realcli.events import Event, RecordedEvent, check_stream, decode, encode, run_of

SCHEMA_VERSION: Final = "1"
_PAGE: Final = 2000

_DDL: Final = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS streams (
    name     TEXT PRIMARY KEY,
    run      TEXT NOT NULL,
    version  INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS streams_run ON streams (run);
CREATE TABLE IF NOT EXISTS events (
    position INTEGER PRIMARY KEY,
    stream   TEXT NOT NULL,
    version  INTEGER NOT NULL,
    run      TEXT NOT NULL,
    event_id TEXT NOT NULL,
    type     TEXT NOT NULL,
    data     BLOB NOT NULL,
    UNIQUE (stream, version)
);
CREATE INDEX IF NOT EXISTS events_run ON events (run, position);
CREATE TRIGGER IF NOT EXISTS events_next_version BEFORE INSERT ON events
BEGIN
    SELECT RAISE(ABORT, 'realcli: stream version conflict')
    WHERE NEW.version != coalesce((SELECT version FROM streams WHERE name = NEW.stream), 0) + 1;
END;
CREATE TRIGGER IF NOT EXISTS events_move_stream AFTER INSERT ON events
BEGIN
    INSERT INTO streams (name, run, version) VALUES (NEW.stream, NEW.run, NEW.version)
        ON CONFLICT (name) DO UPDATE SET version = excluded.version;
END;
"""

_ROW: Final = "(?, ?, ?, ?, ?, ?)"
_INSERT_HEAD: Final = "INSERT INTO events (stream, version, run, event_id, type, data) VALUES "
# SQLite allows 32766 bound variables per statement; 6 per row.
_ROWS_PER_STATEMENT: Final = 5000


class SqliteLog:
    """``EventLog`` over one SQLite file.  Open it with ``SqliteLog.open``."""

    def __init__(
        self, path: Path, writer: aiosqlite.Connection, reader: aiosqlite.Connection, poll_interval: float
    ) -> None:
        self.path = path
        self.url = f"sqlite:{path}"
        self._writer = writer
        self._reader = reader
        self._poll = poll_interval
        self._write_lock = anyio.Lock()
        self._appended = anyio.Event()
        self._closed = False
        # Last position appended by this process, per run and per run.trial
        # scope: lets an idle subscriber skip its query when nothing of its
        # scope changed here.  Other processes' appends are caught by polling.
        self._marks: dict[str | None, int] = {}
        self._external_version = -1
        self._external_changes = 0
        self._external_checked = 0.0

    # ------------------------------------------------------------ lifecycle

    @classmethod
    async def open(cls, path: Path, *, create: bool = True, poll_interval: float = 0.05) -> SqliteLog:
        """Open (and with ``create``, initialise) the log file at ``path``."""
        if not create and not await anyio.Path(path).exists():
            raise NotFoundError(
                f"no event log at sqlite:{path}: run `realcli run` first or pass --log with an existing log"
            )
        writer = reader = None
        try:
            writer = await _connect(path)
            await writer.executescript(_DDL)
            await writer.execute("INSERT OR IGNORE INTO meta (key, value) VALUES ('schema', ?)", (SCHEMA_VERSION,))
            await writer.commit()
            rows = await writer.execute_fetchall("SELECT value FROM meta WHERE key = 'schema'")
            schema = next(iter(rows))[0]
            if schema != SCHEMA_VERSION:
                raise LogUnavailableError(
                    f"sqlite:{path} has log schema {schema}, this realcli reads {SCHEMA_VERSION}: "
                    "export it with the realcli that wrote it and import the archive"
                )
            reader = await _connect(path)
        except (sqlite3.Error, LogUnavailableError) as e:
            for conn in (writer, reader):
                if conn is not None:
                    await conn.close()
            if isinstance(e, LogUnavailableError):
                raise
            raise _translate(path, e) from e
        return cls(path, writer, reader, poll_interval)

    async def aclose(self) -> None:
        if self._closed:
            return
        self._closed = True
        with anyio.CancelScope(shield=True):
            await self._writer.close()
            await self._reader.close()

    async def __aenter__(self) -> SqliteLog:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()

    # --------------------------------------------------------------- append

    async def append(self, stream: str, events: Sequence[Event], expected_version: int | None = None) -> AppendResult:
        check_stream(stream)
        check_batch(stream, events)
        async with self._write_lock:
            try:
                result = await self._append_any(stream, events, expected_version)
            except sqlite3.Error as e:
                raise _translate(self.path, e) from e
        parts = stream.split(".")
        for scope in (None, parts[0], f"{parts[0]}.{parts[1]}"):
            self._marks[scope] = result.last_position
        self._wake()
        return result

    async def _append_any(self, stream: str, events: Sequence[Event], expected: int | None) -> AppendResult:
        if expected is not None:
            return await self._append_locked(stream, events, expected)
        # "Append at the end": only another process can move the stream
        # between our read of its version and our write, so a few retries do.
        for _ in range(3):
            try:
                return await self._append_locked(stream, events, await self._current_version(stream))
            except ConflictError:
                continue
        return await self._append_locked(stream, events, await self._current_version(stream))

    async def _append_locked(self, stream: str, events: Sequence[Event], expected: int) -> AppendResult:
        run = run_of(stream)
        params: list[object] = []
        for i, ev in enumerate(events, start=1):
            params += (stream, expected + i, run, ev.id, type(ev).__name__, encode(ev))
        try:
            if len(events) <= _ROWS_PER_STATEMENT:
                # Autocommit: this one statement is the whole transaction.
                rows = await self._writer.execute_fetchall(_insert(len(events)), params)
            else:
                rows = await self._insert_many(params, len(events))
        except sqlite3.IntegrityError:
            return await self._settle_conflict(stream, events, expected)
        position = max(int(r[0]) for r in rows)
        return AppendResult(stream, expected + 1, expected + len(events), position)

    async def _insert_many(self, params: list[object], count: int) -> list[Any]:
        """A very large append: several statements in one explicit transaction."""
        rows: list[Any] = []
        await self._writer.execute("BEGIN IMMEDIATE")
        try:
            for start in range(0, count, _ROWS_PER_STATEMENT):
                n = min(_ROWS_PER_STATEMENT, count - start)
                chunk = params[start * 6 : (start + n) * 6]
                rows += await self._writer.execute_fetchall(_insert(n), chunk)
        except BaseException:
            with anyio.CancelScope(shield=True):
                await self._writer.execute("ROLLBACK")
            raise
        await self._writer.execute("COMMIT")
        return rows

    async def _settle_conflict(self, stream: str, events: Sequence[Event], expected: int) -> AppendResult:
        """Decide between an idempotent retry (same ids already there) and a real conflict."""
        actual = await self._current_version(stream)
        rows = await self._writer.execute_fetchall(
            "SELECT event_id, position FROM events WHERE stream = ? AND version > ? ORDER BY version LIMIT ?",
            (stream, expected, len(events)),
        )
        stored = [(str(r[0]), int(r[1])) for r in rows]
        if len(stored) == len(events) and all(s[0] == ev.id for s, ev in zip(stored, events, strict=True)):
            return AppendResult(stream, expected + 1, expected + len(events), stored[-1][1])
        raise ConflictError(stream, expected, actual)

    async def _current_version(self, stream: str) -> int:
        rows = await self._writer.execute_fetchall("SELECT version FROM streams WHERE name = ?", (stream,))
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
        # data_version on the writer connection changes only when ANOTHER
        # connection (another process) committed since the last look.
        rows = await self._writer.execute_fetchall("PRAGMA data_version")
        version = int(next(iter(rows))[0])
        if version != self._external_version:
            self._external_version = version
            self._external_changes += 1

    async def _page(self, after: int, scope: str | None) -> list[Any]:
        if scope is None:
            return await self._query(
                "SELECT position, stream, version, data FROM events WHERE position > ? ORDER BY position LIMIT ?",
                (after, _PAGE),
            )
        run = run_of(scope)
        if scope == run:
            return await self._query(
                "SELECT position, stream, version, data FROM events WHERE run = ? AND position > ? "
                "ORDER BY position LIMIT ?",
                (run, after, _PAGE),
            )
        rows = await self._query(
            "SELECT position, stream, version, data FROM events WHERE run = ? AND position > ? "
            "AND substr(stream, 1, ?) = ? ORDER BY position LIMIT ?",
            (run, after, len(scope) + 1, scope + ".", _PAGE),
        )
        return [r for r in rows if in_scope(r[1], scope)]

    async def _query(self, sql: str, params: tuple[object, ...]) -> list[Any]:
        try:
            return list(await self._reader.execute_fetchall(sql, params))
        except sqlite3.Error as e:
            raise _translate(self.path, e) from e

    # ------------------------------------------------------------- metadata

    async def stream_version(self, stream: str) -> int:
        rows = await self._query("SELECT version FROM streams WHERE name = ?", (check_stream(stream),))
        return int(rows[0][0]) if rows else 0

    async def streams(self, scope: str) -> list[StreamInfo]:
        rows = await self._query("SELECT name, version FROM streams WHERE run = ? ORDER BY name", (run_of(scope),))
        return [StreamInfo(str(r[0]), int(r[1])) for r in rows if in_scope(str(r[0]), scope)]

    async def runs(self) -> list[str]:
        rows = await self._query("SELECT DISTINCT run FROM streams ORDER BY run", ())
        return [str(r[0]) for r in rows]


def _insert(rows: int) -> str:
    return _INSERT_HEAD + ",".join([_ROW] * rows) + " RETURNING position"


def _recorded(row: Any) -> RecordedEvent:
    return RecordedEvent(int(row[0]), str(row[1]), int(row[2]), decode(row[3]))


async def _connect(path: Path) -> aiosqlite.Connection:
    # isolation_level=None: autocommit, so each append statement is its own transaction.
    conn = await aiosqlite.connect(path, timeout=5.0, isolation_level=None)
    try:
        # WAL lets tails and reports read while a run writes; NORMAL sync is
        # durable across process crashes (only a power loss may drop the tail).
        await conn.execute("PRAGMA journal_mode = WAL")
        await conn.execute("PRAGMA synchronous = NORMAL")
        await conn.execute("PRAGMA busy_timeout = 5000")
    except BaseException:
        with anyio.CancelScope(shield=True):
            await conn.close()  # its worker thread would keep the process alive
        raise
    return conn


def _translate(path: Path, e: sqlite3.Error) -> LogUnavailableError:
    text = str(e)
    if "locked" in text or "busy" in text:
        return LogUnavailableError(
            f"sqlite:{path} is locked by another process (waited 5 s): "
            "let the other writer finish or use another --log file"
        )
    if isinstance(e, sqlite3.DatabaseError) and ("not a database" in text or "malformed" in text):
        return LogUnavailableError(
            f"sqlite:{path} is not a readable realcli log ({text}): "
            "point --log at another file, or restore this one from an archive"
        )
    return LogUnavailableError(f"sqlite:{path}: {text}: check the file and its directory permissions")
