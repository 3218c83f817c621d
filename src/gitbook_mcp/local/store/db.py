"""SQLite through the standard library: WAL, foreign keys, one transaction per write.

Every store method that writes runs inside `Database.transaction`, so a crash never leaves half
a write: SQLite rolls back an unfinished transaction when the file is next opened.
"""

from __future__ import annotations

import json
import os
import random
import secrets
import sqlite3
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from gitbook_mcp.local.errors import WorkspaceFileError

__all__ = ["Database", "Migration", "dumps", "loads", "new_id"]

OPEN_SWITCH_TIMEOUT_S = 60.0
"""How long opening retries switching a new file to WAL while another process does the same."""
BUSY_TIMEOUT_S = 10.0
"""How long a write waits for another connection's lock before the request answers 503."""

Migration = tuple[str, str]
"""A migration: a unique name and the SQL script that applies it."""


def new_id(prefix: str = "") -> str:
    """An opaque id in the style of the real service (20 url-safe characters)."""
    return prefix + secrets.token_urlsafe(15)


def dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), sort_keys=True)


def loads(value: str | bytes | None) -> Any:
    return None if value is None else json.loads(value)


class Database:
    """One connection, serialised by a lock: the local workspace is one process, one writer."""

    def __init__(self, path: str | Path = ":memory:") -> None:
        self.path = str(path)
        if self.path != ":memory:":
            _create_private(Path(self.path))
        self._conn = sqlite3.connect(
            self.path, isolation_level=None, check_same_thread=False, timeout=BUSY_TIMEOUT_S
        )
        self._conn.row_factory = sqlite3.Row
        self._lock = threading.RLock()
        self._depth = 0
        self._conn.execute("PRAGMA foreign_keys = ON")
        if self.path != ":memory:":
            _use_wal(self._conn)
            self._conn.execute("PRAGMA synchronous = FULL")

    def close(self) -> None:
        with self._lock:
            self._conn.close()

    def copy_to(self, target: Database) -> None:
        """Replace ``target``'s whole content with a copy of this database's (SQLite's online
        backup, page by page, under both locks so neither side writes meanwhile)."""
        with self._lock, target._lock:
            self._conn.backup(target._conn)

    @contextmanager
    def patience(self, seconds: float) -> Iterator[None]:
        """Wait up to ``seconds`` for other connections' locks (opening: another process may
        be seeding the same new file), then return to the usual wait."""
        self.execute(f"PRAGMA busy_timeout = {int(seconds * 1000)}")
        try:
            yield
        finally:
            self.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT_S * 1000)}")

    @property
    def in_transaction(self) -> bool:
        """Whether a transaction is open on this connection (reads off the loop must not be)."""
        return self._conn.in_transaction

    @contextmanager
    def transaction(self, *, exclusive: bool = False) -> Iterator[Database]:
        """A write transaction; nested uses join the outer one (``exclusive`` locks out readers
        of other processes too, for the schema and the seed)."""
        with self._lock:
            if self._depth:
                self._depth += 1
                try:
                    yield self
                finally:
                    self._depth -= 1
                return
            self._conn.execute("BEGIN EXCLUSIVE" if exclusive else "BEGIN IMMEDIATE")
            self._depth = 1
            try:
                yield self
            except BaseException:
                self._conn.execute("ROLLBACK")
                raise
            else:
                self._conn.execute("COMMIT")
            finally:
                self._depth = 0

    def execute(self, sql: str, params: Sequence[Any] | dict[str, Any] = ()) -> sqlite3.Cursor:
        with self._lock:
            return self._conn.execute(sql, params)

    def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        with self._lock:
            self._conn.executemany(sql, rows)

    def all(self, sql: str, params: Sequence[Any] | dict[str, Any] = ()) -> list[sqlite3.Row]:
        with self._lock:
            return list(self._conn.execute(sql, params).fetchall())

    def one(self, sql: str, params: Sequence[Any] | dict[str, Any] = ()) -> sqlite3.Row | None:
        with self._lock:
            row: sqlite3.Row | None = self._conn.execute(sql, params).fetchone()
            return row

    def scalar(self, sql: str, params: Sequence[Any] | dict[str, Any] = ()) -> Any:
        row = self.one(sql, params)
        return None if row is None else row[0]

    def migrate(self, migrations: Sequence[Migration]) -> list[str]:
        """Apply the migrations not yet recorded, in order, in one exclusive transaction (which
        a caller's transaction joins): two processes opening a new file cannot both apply them.
        Return the names applied."""
        with self.transaction(exclusive=True):
            self.execute(
                "CREATE TABLE IF NOT EXISTS schema_migrations ("
                "name TEXT PRIMARY KEY, applied_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP)"
            )
            done = {r[0] for r in self.all("SELECT name FROM schema_migrations")}
            _refuse_unknown(self.path, done - {name for name, _ in migrations})
            applied: list[str] = []
            for name, script in migrations:
                if name in done:
                    continue
                for statement in _split_sql(script):
                    self.execute(statement)
                self.execute("INSERT INTO schema_migrations(name) VALUES (?)", (name,))
                applied.append(name)
            return applied

    def integrity_check(self) -> str:
        return str(self.scalar("PRAGMA integrity_check"))


def _refuse_unknown(path: str, unknown: set[str]) -> None:
    """A file made by migrations this version does not know (those from before the squash
    into one schema per domain) is refused whole: it is never half-migrated."""
    if unknown:
        raise WorkspaceFileError(
            f"The local workspace database {path} was made by an earlier version (its schema "
            f"steps {', '.join(sorted(unknown))} are unknown to this one). Start again from a "
            "fresh demo with --reset-local (serve --local), or remove the file (local-api --db)."
        )


def _use_wal(conn: sqlite3.Connection) -> None:
    """Switch a file to WAL. Two connections opening a new file can each hold the shared lock
    the other needs to switch, and SQLite then answers "locked" at once instead of waiting, so
    the switch is retried (with jitter) until one wins; the other then finds WAL already on."""
    deadline = time.monotonic() + OPEN_SWITCH_TIMEOUT_S
    while True:
        try:
            conn.execute("PRAGMA journal_mode = WAL")
            return
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) or time.monotonic() > deadline:
                raise
            time.sleep(random.uniform(0.005, 0.05))


def _create_private(path: Path) -> None:
    """Create the database file readable by its owner only (SQLite gives -wal and -shm the
    database file's mode), in a folder created for the owner only."""
    if not path.parent.exists():
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return
    os.close(fd)


def _split_sql(script: str) -> list[str]:
    """Split a script into statements (executescript would commit our transaction)."""
    statements: list[str] = []
    buffer = ""
    for line in script.splitlines(keepends=True):
        buffer += line
        if sqlite3.complete_statement(buffer):
            if buffer.strip():
                statements.append(buffer.strip())
            buffer = ""
    if buffer.strip():
        statements.append(buffer.strip())
    return statements
