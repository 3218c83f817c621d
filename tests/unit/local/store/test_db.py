"""Persistence: writes survive a restart on a database file; the schema is created and kept."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx2
import pytest

from gitbook_mcp.local import Store, create_app, load_demo
from gitbook_mcp.local.store import MIGRATIONS
from tests.support.local import raw_api

pytestmark = pytest.mark.anyio


async def test_a_write_survives_a_restart(tmp_path: Path) -> None:
    db = tmp_path / "workspace.db"
    first = Store(db)
    load_demo(first)
    async with raw_api(create_app(first)) as api:
        created = await api.post(
            "/spaces/spc_handbook/comments", json={"body": {"markdown": "Still here?"}}
        )
    first.close()
    second = Store(db)
    try:
        async with raw_api(create_app(second)) as api:
            again = await api.get(f"/spaces/spc_handbook/comments/{created.json()['id']}")
        assert again.json()["body"]["markdown"] == "Still here?"
        assert second.db.integrity_check() == "ok"
        assert second.db.scalar("PRAGMA journal_mode") == "wal"
        assert second.db.scalar("PRAGMA foreign_keys") == 1
    finally:
        second.close()


def test_migrations_apply_once(tmp_path: Path) -> None:
    db = tmp_path / "workspace.db"
    Store(db).close()
    store = Store(db)
    try:
        applied = [r[0] for r in store.db.all("SELECT name FROM schema_migrations ORDER BY rowid")]
        assert applied == [name for name, _ in MIGRATIONS]
        assert store.db.migrate(MIGRATIONS) == []
    finally:
        store.close()


def test_the_squashed_schema_keeps_its_migration_names() -> None:
    """Files made since the squash record these names: the change-request tables (their own
    folder's ``schema.sql``) stay part of ``content``, never a new step applied to such files."""
    names = [name for name, _ in MIGRATIONS]
    assert names[:6] == ["identity", "organizations", "spaces", "content", "comments", "sites"]
    assert "CREATE TABLE change_requests (" in dict(MIGRATIONS)["content"]


def test_a_failed_write_leaves_nothing_half_done(store: Store) -> None:
    before = store.db.scalar("SELECT COUNT(*) FROM collections")

    def half_write() -> None:
        with store.db.transaction():
            store.db.execute(
                "INSERT INTO collections(id, org_id, title, created_at) "
                "VALUES ('col_x', 'org_acme', 'X', 'now')"
            )
            raise RuntimeError("crash in the middle of a write")

    with pytest.raises(RuntimeError):
        half_write()
    assert store.db.scalar("SELECT COUNT(*) FROM collections") == before


def test_local_api_command_serves_the_demo_over_http(tmp_path: Path) -> None:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    env = {k: v for k, v in os.environ.items() if not k.startswith("GITBOOK_")}
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gitbook_mcp",
            "local-api",
            "--port",
            str(port),
            "--db",
            str(tmp_path / "api.db"),
            "--seed",
            "demo",
            "--log-level",
            "WARNING",
        ],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 20
        response = None
        while time.monotonic() < deadline:
            try:
                response = httpx2.get(
                    f"http://127.0.0.1:{port}/v1/orgs",
                    headers={"Authorization": "Bearer gb_local_reader"},
                    timeout=2,
                )
                break
            except httpx2.TransportError:
                time.sleep(0.1)
        assert response is not None
        assert response.status_code == 200
        assert {o["id"] for o in response.json()["items"]} == {"org_acme"}
        unauthorised = httpx2.get(f"http://127.0.0.1:{port}/v1/orgs", timeout=2)
        assert unauthorised.status_code == 401
    finally:
        process.terminate()
        process.wait(timeout=10)
