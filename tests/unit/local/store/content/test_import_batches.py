"""A large import is written in batches, each its own transaction, and other requests are served
between two batches; the new revision is reachable only once the import completes, and a failed
or overtaken import leaves no revision behind."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import anyio
import httpx2
import pytest

from gitbook_mcp.local import Store
from gitbook_mcp.local.seed.content import CR_INSTALL
from gitbook_mcp.local.store.content.revisions import RevisionStore
from gitbook_mcp.local.store.db import Database

pytestmark = pytest.mark.anyio
CR = f"/spaces/spc_handbook/change-requests/{CR_INSTALL}"
PAGES = 30


@pytest.fixture
def docs(store: Store, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder of `PAGES` pages, imported one page per transaction."""
    for n in range(PAGES):
        (tmp_path / f"page-{n:02}.md").write_text(f"# Page {n}\n\ntext {n}\n")
    store.import_root = tmp_path
    monkeypatch.setattr("gitbook_mcp.local.store.content.content.IMPORT_BATCH", 1, raising=False)
    return tmp_path


def _spy_pages(monkeypatch: pytest.MonkeyPatch, on_page: Any) -> None:
    real = RevisionStore.add_page

    def add_page(self: RevisionStore, revision_id: str, **kwargs: Any) -> str:
        on_page(self)
        return real(self, revision_id, **kwargs)

    monkeypatch.setattr(RevisionStore, "add_page", add_page)


async def _import(api: httpx2.AsyncClient, docs: Path) -> httpx2.Response:
    return await api.post(f"{CR}/content/import", json={"url": docs.as_uri(), "source": "markdown"})


async def test_a_request_is_served_while_an_import_is_in_progress(
    api: httpx2.AsyncClient, store: Store, docs: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    log: list[str] = []
    started = anyio.Event()
    in_transaction: list[bool] = []

    def on_page(_: RevisionStore) -> None:
        log.append("page")
        started.set()

    _spy_pages(monkeypatch, on_page)

    async def importer() -> None:
        answer = await _import(api, docs)
        assert answer.status_code == 201, answer.text
        assert answer.json()["importedResources"] == PAGES
        log.append("imported")

    async def reader() -> None:
        await started.wait()
        in_transaction.append(store.db.in_transaction)
        assert (await api.get("/orgs")).status_code == 200
        log.append("read")

    async with anyio.create_task_group() as group:
        group.start_soon(importer)
        group.start_soon(reader)
    assert log.count("page") == PAGES
    assert log.index("read") < len(log) - 2, log  # served before the last page was written
    assert in_transaction == [False]  # no transaction is held across a batch boundary


async def test_the_new_revision_is_hidden_until_the_import_completes(
    api: httpx2.AsyncClient, store: Store, docs: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = (await api.get(f"{CR}/content")).json()["id"]
    seen: list[str] = []
    _spy_pages(monkeypatch, lambda _: seen.append(_current(store)))
    answer = await _import(api, docs)
    assert answer.status_code == 201
    assert set(seen) == {before}
    assert (await api.get(f"{CR}/content")).json()["id"] == answer.json()["revision"]


def _current(store: Store) -> str:
    value: str = store.db.scalar(
        "SELECT revision_id FROM change_requests WHERE id = ?", (CR_INSTALL,)
    )
    return value


async def test_an_import_overtaken_by_another_edit_is_refused_and_leaves_nothing(
    api: httpx2.AsyncClient, store: Store, docs: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    revisions = store.db.scalar("SELECT COUNT(*) FROM revisions")
    edited: list[str] = []

    def on_page(part: RevisionStore) -> None:
        if not edited:  # another request points the change request elsewhere meanwhile
            other = store.content.revisions.create("spc_handbook", copy_of=_current(store))
            store.change_requests.rows.set_revision(CR_INSTALL, other)
            edited.append(other)

    _spy_pages(monkeypatch, on_page)
    answer = await _import(api, docs)
    assert answer.status_code == 409, answer.text
    assert _current(store) == edited[0]
    assert store.db.scalar("SELECT COUNT(*) FROM revisions") == revisions + 1


async def test_a_failed_import_deletes_its_revision(
    api: httpx2.AsyncClient, store: Store, docs: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    revisions = store.db.scalar("SELECT COUNT(*) FROM revisions")
    before = _current(store)
    calls: list[int] = []

    def on_page(_: RevisionStore) -> None:
        calls.append(1)
        if len(calls) == PAGES // 2:
            raise OSError("disk full")

    _spy_pages(monkeypatch, on_page)
    with pytest.raises(OSError, match="disk full"):
        await _import(api, docs)
    assert _current(store) == before
    assert store.db.scalar("SELECT COUNT(*) FROM revisions") == revisions


async def test_an_import_asks_each_parent_s_last_position_once(
    api: httpx2.AsyncClient, store: Store, docs: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One query per parent, not per page: asking per page made a large import quadratic."""
    asked: list[str] = []
    real = Database.scalar

    def scalar(self: Database, sql: str, params: Any = ()) -> Any:
        if "MAX(position)" in sql:
            asked.append(sql)
        return real(self, sql, params)

    monkeypatch.setattr(Database, "scalar", scalar)
    answer = await _import(api, docs)
    assert answer.status_code == 201, answer.text
    pages = (await api.get(f"{CR}/content/pages")).json()["pages"]
    titles = [p["title"] for p in pages]
    assert titles[-PAGES:] == [f"Page {n}" for n in range(PAGES)]  # in order, at the end
    assert len(asked) == 1  # the top level is the only parent
