"""The middleware around each operation: HEAD answered like GET, a busy database as 503."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import httpx2
import pytest

from gitbook_mcp.local import Store, create_app, load_demo
from tests.support.local import raw_api

pytestmark = pytest.mark.anyio


def _error(answer: httpx2.Response, status: int) -> str:
    assert answer.status_code == status, answer.text
    error = answer.json()["error"]
    assert error["code"] == status
    message: str = error["message"]
    return message


async def test_head_answers_like_get_without_a_body(app: object) -> None:
    async with raw_api(app, check=False) as api:
        got = await api.get("/orgs")
        head = await api.head("/orgs")
        page = await api.head("/spaces/spc_handbook/content/path/getting-started")
        post_only = await api.head("/orgs/org_acme/invites")
    assert head.status_code == 200
    assert head.content == b""
    assert head.headers["content-type"] == got.headers["content-type"]
    assert page.status_code == 200
    assert post_only.status_code == 405


async def test_a_busy_database_is_503_with_retry_after(tmp_path: Path) -> None:
    db = tmp_path / "busy.db"
    store = Store(db)
    load_demo(store)
    store.db.execute("PRAGMA busy_timeout = 50")
    other = sqlite3.connect(db, isolation_level=None)
    try:
        other.execute("BEGIN EXCLUSIVE")
        async with raw_api(create_app(store), check=False) as api:
            answer = await api.post(
                "/spaces/spc_handbook/comments", json={"body": {"markdown": "x"}}
            )
        assert "busy" in _error(answer, 503)
        assert answer.headers["retry-after"] == "1"
    finally:
        other.execute("ROLLBACK")
        other.close()
        store.close()
