"""Opening a database file: the schema and the demo seed are built in one exclusive transaction
(two processes racing on a new file both start), a seed cut short is never half-visible, a file
holding data but no completion mark is refused, and the files are readable by their owner only."""

from __future__ import annotations

import multiprocessing
import sqlite3
import stat
from multiprocessing.connection import Connection
from pathlib import Path

import pytest

from gitbook_mcp.local import Store, load_demo
from gitbook_mcp.local.errors import WorkspaceFileError
from gitbook_mcp.local.seed import sites

ROUNDS = 6
PROCESSES = 3


def _open_each(dbs: list[str], barrier: object, out: Connection) -> None:
    """One process: for each new file, wait for the others, open it with the demo seed, report."""
    for db in dbs:
        barrier.wait(60)  # type: ignore[attr-defined]
        try:
            store = Store(db, seed=load_demo)
            pages = store.db.scalar("SELECT COUNT(*) FROM pages")
            store.close()
            out.send((db, "ok", pages))
        except Exception as exc:  # noqa: BLE001 - the parent reports whatever went wrong
            out.send((db, "error", repr(exc)))


def test_processes_racing_on_a_new_file_all_start_on_the_same_seed(tmp_path: Path) -> None:
    context = multiprocessing.get_context("spawn")
    dbs = [str(tmp_path / f"race-{n}.db") for n in range(ROUNDS)]
    barrier = context.Barrier(PROCESSES)
    pipes = [context.Pipe(duplex=False) for _ in range(PROCESSES)]
    workers = [
        context.Process(target=_open_each, args=(dbs, barrier, sender), daemon=True)
        for _, sender in pipes
    ]
    for worker in workers:
        worker.start()
    results: list[tuple[str, str, object]] = []
    try:
        for receiver, _ in pipes:
            for _ in dbs:
                assert receiver.poll(90), "a process did not answer in time"
                results.append(receiver.recv())
    finally:
        for worker in workers:
            worker.join(10)
            if worker.is_alive():
                worker.kill()
    assert [r for r in results if r[1] != "ok"] == []
    for db in dbs:
        counts = {count for name, _, count in results if name == db}
        assert len(counts) == 1, (db, results)
        count = counts.pop()
        assert isinstance(count, int)
        assert count > 0


def test_a_seed_cut_short_leaves_nothing_and_the_next_start_completes_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = tmp_path / "crash.db"

    def crash(store: Store) -> None:
        raise RuntimeError("killed in the middle of the seed")

    with monkeypatch.context() as patch:
        patch.setattr(sites, "seed", crash)
        with pytest.raises(RuntimeError):
            Store(db, seed=load_demo)
    store = Store(db, seed=load_demo)
    try:
        assert store.seeded_with() == "demo"
        assert store.db.scalar("SELECT COUNT(*) FROM pages") > 0
        assert store.db.scalar("SELECT COUNT(*) FROM sites") > 0
    finally:
        store.close()


def test_a_file_with_data_but_no_completion_mark_is_refused(tmp_path: Path) -> None:
    db = tmp_path / "half.db"
    store = Store(db)
    store.identity.create_user("usr_x", "X", "x@example.test")
    store.close()
    with pytest.raises(WorkspaceFileError, match="--reset-local"):
        Store(db, seed=load_demo)


def test_a_file_from_before_the_squashed_schema_is_refused_untouched(tmp_path: Path) -> None:
    db = tmp_path / "old.db"
    old = sqlite3.connect(db)
    old.executescript(
        "CREATE TABLE schema_migrations (name TEXT PRIMARY KEY, applied_at TEXT);"
        "INSERT INTO schema_migrations(name) VALUES ('core-0001-identity'), "
        "('comments-0001-threads');"
        "CREATE TABLE users (id TEXT PRIMARY KEY, display_name TEXT, email TEXT);"
        "INSERT INTO users VALUES ('usr_old', 'Old', 'old@example.test');"
    )
    old.commit()
    old.close()
    with pytest.raises(WorkspaceFileError, match="--reset-local") as refused:
        Store(db, seed=load_demo)
    assert "core-0001-identity" in str(refused.value)
    check = sqlite3.connect(db)
    tables = {r[0] for r in check.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    check.close()
    assert tables == {"schema_migrations", "users"}


def test_database_files_are_private(tmp_path: Path) -> None:
    db = tmp_path / "data" / "private.db"
    store = Store(db, seed=load_demo)
    try:
        store.identity.create_user("usr_y", "Y", "y@example.test")
        for suffix in ("", "-wal", "-shm"):
            mode = stat.S_IMODE(Path(f"{db}{suffix}").stat().st_mode)
            assert mode == 0o600, (suffix, oct(mode))
        assert stat.S_IMODE(db.parent.stat().st_mode) == 0o700
    finally:
        store.close()


def test_a_store_opened_from_a_template_holds_a_copy_that_is_its_own(tmp_path: Path) -> None:
    template = Store(":memory:", seed=load_demo)
    copy = Store(":memory:", template=template)
    on_file = Store(tmp_path / "copy.db", template=template)
    tables = "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name"
    try:
        assert copy.seeded_with() == on_file.seeded_with() == "demo"
        for table in (row[0] for row in template.db.all(tables)):
            rows = f"SELECT * FROM {table} ORDER BY 1"
            expected = [tuple(r) for r in template.db.all(rows)]
            assert [tuple(r) for r in copy.db.all(rows)] == expected, table
            assert [tuple(r) for r in on_file.db.all(rows)] == expected, table
        copy.db.execute("DELETE FROM pages")
        assert template.db.scalar("SELECT COUNT(*) FROM pages") > 0
        assert on_file.db.scalar("SELECT COUNT(*) FROM pages") > 0
        assert on_file.db.integrity_check() == "ok"
    finally:
        for store in (template, copy, on_file):
            store.close()
