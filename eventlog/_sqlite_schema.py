"""The SQLite log's file: its schema (and the migration from schema 1), connections, and what its errors mean."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path
from typing import Final
from urllib.parse import quote

import aiosqlite
import anyio

from realcli._errors import LogUnavailableError

SCHEMA_VERSION: Final = "2"
OLD_SCHEMAS: Final = ("1",)  # read as they are; migrated when opened to write

DDL: Final = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS streams (
    name     TEXT PRIMARY KEY,
    run      TEXT NOT NULL,
    version  INTEGER NOT NULL,
    head     BLOB
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
    digest   BLOB,
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
    INSERT INTO streams (name, run, version, head) VALUES (NEW.stream, NEW.run, NEW.version, NEW.digest)
        ON CONFLICT (name) DO UPDATE SET version = excluded.version, head = excluded.head;
END;
"""

# Schema 1 -> 2: the chain's columns, and the trigger that keeps each stream's head.
MIGRATE_1: Final = """
ALTER TABLE events ADD COLUMN digest BLOB;
ALTER TABLE streams ADD COLUMN head BLOB;
DROP TRIGGER events_move_stream;
CREATE TRIGGER events_move_stream AFTER INSERT ON events
BEGIN
    INSERT INTO streams (name, run, version, head) VALUES (NEW.stream, NEW.run, NEW.version, NEW.digest)
        ON CONFLICT (name) DO UPDATE SET version = excluded.version, head = excluded.head;
END;
UPDATE meta SET value = '2' WHERE key = 'schema';
"""


async def set_up(writer: aiosqlite.Connection, path: Path) -> None:
    """Create the tables of a new log, or migrate an old one (once, whoever opens it first to write)."""
    await writer.executescript(DDL)
    await writer.execute("INSERT OR IGNORE INTO meta (key, value) VALUES ('schema', ?)", (SCHEMA_VERSION,))
    schema = await read_schema(writer)
    if schema in OLD_SCHEMAS:
        await writer.execute("BEGIN IMMEDIATE")
        try:
            if await read_schema(writer) == "1":  # another process may have migrated it meanwhile
                for statement in statements(MIGRATE_1):
                    await writer.execute(statement)
        except BaseException:
            with anyio.CancelScope(shield=True):
                await writer.execute("ROLLBACK")
            raise
        await writer.execute("COMMIT")
        schema = await read_schema(writer)
    check_schema(path, schema, (SCHEMA_VERSION,))


def statements(script: str) -> list[str]:
    """The statements of a migration script (a trigger body's ``;`` stays inside its statement)."""
    out, current = [], ""
    for line in script.strip().splitlines():
        current += line + "\n"
        if sqlite3.complete_statement(current):
            out.append(current.strip())
            current = ""
    return out


async def read_schema(conn: aiosqlite.Connection) -> str:
    """The schema version recorded in a SQLite log's ``meta`` table ("" for a file without one)."""
    rows = list(await conn.execute_fetchall("SELECT value FROM meta WHERE key = 'schema'"))
    return str(rows[0][0]) if rows else ""


def check_schema(path: Path, schema: str, readable: tuple[str, ...]) -> None:
    """Raise ``LogUnavailableError`` unless ``schema`` is one this realcli reads, saying how to carry the log over."""
    if schema not in readable:
        raise LogUnavailableError(
            f"sqlite:{path} has log schema {schema or 'none'}, this realcli reads {SCHEMA_VERSION}: "
            "export it with the realcli that wrote it and import the archive"
        )


async def connect(path: Path, *, mode: str = "rw") -> aiosqlite.Connection:
    """A connection: ``rw`` (autocommit, WAL), ``ro`` (read-only) or ``immutable`` (a file nobody can write)."""
    if mode == "rw":
        # isolation_level=None: autocommit, so each append statement is its own transaction.
        conn = await aiosqlite.connect(path, timeout=5.0, isolation_level=None)
    else:
        query = "mode=ro" if mode == "ro" else "mode=ro&immutable=1"
        conn = await aiosqlite.connect(f"file:{quote(str(path))}?{query}", uri=True, timeout=5.0, isolation_level=None)
    try:
        if mode == "rw":
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


def translate(path: Path, e: sqlite3.Error) -> LogUnavailableError:
    """A SQLite error as a ``LogUnavailableError`` naming the file and what to do (locked, not a database, ...)."""
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
    if "full" in text or getattr(e, "sqlite_errorcode", None) == sqlite3.SQLITE_FULL:
        return LogUnavailableError(
            f"sqlite:{path}: the disk holding the log is full ({_free(path)} free): "
            "free some space, then run the command again (a run: `realcli resume RUN`)"
        )
    if "readonly" in text or "read-only" in text:
        return LogUnavailableError(
            f"sqlite:{path} cannot be written ({text}): this command writes the log; "
            "check the file's and its directory's permissions, or pick a writable --log"
        )
    return LogUnavailableError(f"sqlite:{path}: {text}: check the file and its directory permissions")


def check_writable(path: Path) -> None:
    """Refuse, in one line, a log this process cannot write (before SQLite tries and half-opens it)."""
    for target in (path.parent, path) if path.exists() else (path.parent,):
        if os.access(target, os.W_OK):
            continue
        try:
            read_only = bool(os.statvfs(target).f_flag & os.ST_RDONLY)
        except OSError:
            read_only = False
        why = "it is on a read-only filesystem" if read_only else f"{target} is not writable by this user"
        raise LogUnavailableError(
            f"sqlite:{path} cannot be written ({why}): this command writes the log; "
            "commands that only read it (report, runs, tail, verify, export) work as they are"
        )


def _free(path: Path) -> str:
    try:
        stat = os.statvfs(path.parent)
    except OSError:
        return "unknown"
    free = stat.f_bavail * stat.f_frsize
    return f"{free / 1e6:.1f} MB" if free >= 100_000 else f"{free:,} bytes"
