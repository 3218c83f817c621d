"""Import reads only inside the import root: never through a link, never past the file cap,
never on the event loop or inside the write transaction, and errors do not reveal host paths."""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

import anyio
import httpx2
import pytest

from gitbook_mcp.document.gitsync import files as gitsync_files
from gitbook_mcp.local import Store
from gitbook_mcp.local.seed.content import CR_INSTALL
from gitbook_mcp.local.store.content import import_source

pytestmark = pytest.mark.anyio
CR = f"/spaces/spc_handbook/change-requests/{CR_INSTALL}"


@pytest.fixture
def root(store: Store, tmp_path: Path) -> Path:
    """The import root: ``tmp/root``; ``tmp/outside`` holds a file that must stay unreadable."""
    inside = tmp_path / "root"
    inside.mkdir()
    (tmp_path / "outside").mkdir()
    (tmp_path / "outside" / "secret.md").write_text("# Secret\n\nhost file\n")
    (tmp_path / "outside" / "passwd").write_text("root:x:0:0\n")
    store.import_root = inside
    return inside


async def _import(api: httpx2.AsyncClient, url: str) -> httpx2.Response:
    return await api.post(f"{CR}/content/import", json={"url": url, "source": "markdown"})


def _message(answer: httpx2.Response) -> str:
    assert answer.status_code == 400, answer.text
    message: str = answer.json()["error"]["message"]
    return message


async def _all_markdown(api: httpx2.AsyncClient) -> str:
    pages = (await api.get(f"{CR}/content/pages")).json()["pages"]
    texts: list[str] = []

    def walk(items: list[dict[str, Any]]) -> None:
        for page in items:
            texts.append(page.get("markdown", "") + page["title"])
            walk(page.get("pages", []))

    walk(pages)
    return "\n".join(texts)


async def test_file_import_is_off_without_an_import_root(
    api: httpx2.AsyncClient, store: Store, tmp_path: Path
) -> None:
    (tmp_path / "doc.md").write_text("# Doc\n")
    store.import_root = None
    message = _message(await _import(api, (tmp_path / "doc.md").as_uri()))
    assert message.startswith("url")
    assert "--import-root" in message


async def test_a_nul_in_the_path_is_a_400_like_any_refused_path(
    api: httpx2.AsyncClient, root: Path
) -> None:
    (root / "docs").mkdir()
    (root / "docs" / "a.md").write_text("# A\n")
    for url in (f"{(root / 'docs').as_uri()}/a.md%00.md", f"{root.as_uri()}/%00/docs"):
        message = _message(await _import(api, url))
        assert message == "url: nothing importable at this URL inside the import root"


async def test_missing_and_outside_paths_get_the_same_error(
    api: httpx2.AsyncClient, root: Path, tmp_path: Path
) -> None:
    revisions = (await api.get(f"{CR}/content")).json()["id"]
    urls = [
        (root / "missing.md").as_uri(),
        (tmp_path / "outside" / "secret.md").as_uri(),
        (tmp_path / "outside" / "nothing-here.md").as_uri(),
        (root / ".." / "outside" / "secret.md").as_uri(),
        "file:///etc/passwd",
        "file:///proc/self",
    ]
    messages = {_message(await _import(api, url)) for url in urls}
    assert len(messages) == 1, messages
    (message,) = messages
    assert str(tmp_path) not in message
    assert (await api.get(f"{CR}/content")).json()["id"] == revisions


async def test_links_are_never_followed(
    api: httpx2.AsyncClient, root: Path, tmp_path: Path
) -> None:
    outside = tmp_path / "outside"
    (root / "passwd.md").symlink_to(outside / "passwd")
    (root / "linked").symlink_to(outside, target_is_directory=True)
    (root / "docs").mkdir()
    (root / "docs" / "real.md").write_text("# Real\n\ninside the root\n")
    (root / "docs" / "secret.md").symlink_to(outside / "secret.md")
    (root / "docs" / "away").symlink_to(outside, target_is_directory=True)
    direct = {
        _message(await _import(api, (root / "passwd.md").as_uri())),
        _message(await _import(api, (root / "linked").as_uri())),
        _message(await _import(api, (root / "linked" / "secret.md").as_uri())),
        _message(await _import(api, (root / "missing.md").as_uri())),
    }
    assert len(direct) == 1
    answer = await _import(api, root.as_uri())
    assert answer.status_code == 201, answer.text
    assert answer.json()["totalResources"] == 1
    text = await _all_markdown(api)
    assert "inside the root" in text
    assert "host file" not in text
    assert "root:x" not in text


async def test_a_fifo_is_refused_without_blocking(api: httpx2.AsyncClient, root: Path) -> None:
    os.mkfifo(root / "pipe.md")
    with anyio.fail_after(5):
        message = _message(await _import(api, (root / "pipe.md").as_uri()))
    assert message == _message(await _import(api, (root / "missing.md").as_uri()))


async def test_the_file_cap_stops_the_walk_early(
    api: httpx2.AsyncClient, root: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for n in range(40):
        (root / f"part-{n:02}").mkdir()
        (root / f"part-{n:02}" / "page.md").write_text(f"# Page {n}\n")
    monkeypatch.setattr(gitsync_files, "MAX_FILES", 3)
    listed: list[str] = []
    real_scandir = os.scandir

    def counting_scandir(path: Any) -> Any:
        listed.append(str(path))
        return real_scandir(path)

    monkeypatch.setattr(import_source.os, "scandir", counting_scandir)
    message = _message(await _import(api, root.as_uri()))
    assert "more than 3 files" in message
    assert len(listed) <= 5, listed


async def test_files_are_read_off_the_loop_and_outside_the_transaction(
    api: httpx2.AsyncClient, store: Store, root: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (root / "doc.md").write_text("# Doc\n\ntext\n")
    seen: list[bool] = []
    real_read = import_source.read_source

    def slow_read(path: Path) -> import_source.Source:
        seen.append(store.db.in_transaction)
        time.sleep(0.5)
        return real_read(path)

    monkeypatch.setattr("gitbook_mcp.local.store.content.content.read_source", slow_read)
    finished: list[str] = []

    async def importer() -> None:
        answer = await _import(api, (root / "doc.md").as_uri())
        assert answer.status_code == 201, answer.text
        finished.append("import")

    async def reader() -> None:
        await anyio.sleep(0.1)
        assert (await api.get("/orgs")).status_code == 200
        finished.append("read")

    async with anyio.create_task_group() as group:
        group.start_soon(importer)
        group.start_soon(reader)
    assert finished == ["read", "import"]
    assert seen == [False]
