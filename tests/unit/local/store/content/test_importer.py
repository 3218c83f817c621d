"""Markdown import into a change request through HTTP: folders become nested pages, assets become
files, a new revision each time; only ``file://`` URLs; editors only; nothing half-imported."""

from __future__ import annotations

import struct
import zlib
from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from pathlib import Path
from typing import Any

import httpx2
import pytest

from gitbook_mcp.local import Store
from gitbook_mcp.local.seed.content import CR_INSTALL, PAGE_INSTALL

pytestmark = pytest.mark.anyio
ApiAs = Callable[[str | None], AbstractAsyncContextManager[httpx2.AsyncClient]]
SPACE = "/spaces/spc_handbook"
CR = f"{SPACE}/change-requests/{CR_INSTALL}"


@pytest.fixture(autouse=True)
def _import_root(store: Store, tmp_path: Path) -> None:
    """Imports may read the test's own folder, and nothing else."""
    store.import_root = tmp_path


def _tree(pages: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for page in pages:
        out[page["path"]] = page
        out.update(_tree(page.get("pages", [])))
    return out


def _png(width: int, height: int) -> bytes:
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    chunk = b"IHDR" + header
    return (
        b"\x89PNG\r\n\x1a\n"
        + struct.pack(">I", len(header))
        + chunk
        + struct.pack(">I", zlib.crc32(chunk))
    )


def _docs(root: Path) -> Path:
    """A small documentation folder: a README, a nested folder with an index, an asset."""
    (root / "tutorials" / "advanced").mkdir(parents=True)
    (root / ".gitbook" / "assets").mkdir(parents=True)
    (root / ".git").mkdir()
    (root / "README.md").write_text("# Handbook home\n\nWelcome aboard.\n")
    (root / "tutorials" / "README.md").write_text("# Tutorials\n\nStart here.\n")
    (root / "tutorials" / "first-steps.md").write_text(
        "# First steps\n\nA zebracorn walkthrough. ![shot](../.gitbook/assets/shot.png)\n"
        "Then [go further](advanced/tuning.md).\n"
    )
    (root / "tutorials" / "advanced" / "tuning.md").write_text("No heading here, just text.\n")
    (root / "notes.txt").write_text("not markdown")
    (root / ".gitbook" / "assets" / "shot.png").write_bytes(_png(640, 480))
    (root / ".git" / "config").write_text("[core]\n")
    return root


async def _import(api: httpx2.AsyncClient, url: str, cr: str = CR) -> httpx2.Response:
    return await api.post(f"{cr}/content/import", json={"url": url, "source": "markdown"})


async def test_a_folder_becomes_nested_pages_in_a_new_revision(
    api: httpx2.AsyncClient, tmp_path: Path
) -> None:
    before = (await api.get(f"{CR}/content")).json()["id"]
    answer = await _import(api, _docs(tmp_path).as_uri())
    assert answer.status_code == 201
    result = answer.json()
    assert result["importedResources"] == 5
    assert result["totalResources"] == 6
    assert result["revision"] != before
    revision = (await api.get(f"{CR}/content")).json()
    assert revision["id"] == result["revision"]
    assert revision["parents"] == [before]
    cr = (await api.get(f"{SPACE}/change-requests/1")).json()
    assert cr["revision"] == result["revision"]
    tree = _tree(revision["pages"])
    assert tree["handbook-home"]["title"] == "Handbook home"
    tutorials = tree["tutorials"]
    assert tutorials["title"] == "Tutorials"
    assert tutorials["markdown"] == "Start here.\n"
    assert [p["path"] for p in tutorials["pages"]] == [
        "tutorials/first-steps",
        "tutorials/advanced",
    ]
    assert tree["tutorials/advanced/tuning"]["title"] == "Tuning"
    assert tree["tutorials/advanced"]["title"] == "Advanced"
    assert "getting-started/upgrade" in tree
    shot = next(f for f in revision["files"] if f["name"] == "shot.png")
    assert shot["dimensions"] == {"width": 640, "height": 480}
    # what was read and not imported is named, with why: 6 files read, 5 imported
    assert result["skippedResources"] == 1
    [skipped] = result["skipped"]
    assert skipped["path"] == "notes.txt"
    assert "neither markdown" in skipped["reason"]


async def test_a_reimport_names_the_assets_it_kept_as_they_were(
    api: httpx2.AsyncClient, tmp_path: Path
) -> None:
    folder = _docs(tmp_path)
    await _import(api, folder.as_uri())
    again = (await _import(api, folder.as_uri())).json()
    assert again["importedResources"] + again["skippedResources"] == again["totalResources"]
    reasons = {s["path"]: s["reason"] for s in again["skipped"]}
    assert "already in the revision" in reasons[".gitbook/assets/shot.png"]
    assert "notes.txt" in reasons


def _redirecting(root: Path) -> Path:
    """`_docs` with a ``.gitbook.yaml`` of four redirects: to the first page, to a nested
    page (with an anchor), to no file, and from a path a page still has."""
    _docs(root)
    (root / ".gitbook.yaml").write_text(
        "root: ./\n\nredirects:\n"
        "  old-home: README.md\n"
        "  guides/first: ./tutorials/first-steps.md#top\n"
        "  gone: nowhere.md\n"
        "  tutorials: README.md\n"
    )
    return root


async def test_gitbook_yaml_redirects_are_kept_with_the_revision_and_followed_by_path(
    api: httpx2.AsyncClient, store: Store, tmp_path: Path
) -> None:
    result = (await _import(api, _redirecting(tmp_path).as_uri())).json()
    assert result["redirects"] == 3
    [gone] = result["redirectsSkipped"]
    assert (gone["source"], gone["line"]) == ("gone", 6)
    assert "leads to no page of the import (nowhere.md)" in gone["reason"]

    async def by_path(where: str, path: str) -> dict[str, Any]:
        answer = await api.get(f"{where}/content/path/{path}")
        assert answer.status_code == 200, (path, answer.text)
        return dict(answer.json())

    home = await by_path(CR, "handbook-home")
    first = await by_path(CR, "tutorials/first-steps")
    assert (await by_path(CR, "old-home"))["id"] == home["id"]
    assert (await by_path(CR, "guides/first"))["id"] == first["id"]
    # a page at the old path wins over the redirect, as GitBook ignores it then
    assert (await by_path(CR, "tutorials"))["title"] == "Tutorials"
    assert (await api.get(f"{CR}/content/path/gone")).status_code == 404
    # main content is untouched until the change request is merged, which publishes them
    assert (await api.get(f"{SPACE}/content/path/old-home")).status_code == 404
    store.change_requests.rows.merge(CR_INSTALL)
    assert (await by_path(SPACE, "guides/first"))["title"] == "First steps"


async def test_imported_pages_are_readable_and_their_links_resolve(
    api: httpx2.AsyncClient, tmp_path: Path
) -> None:
    await _import(api, _docs(tmp_path).as_uri())
    page = (await api.get(f"{CR}/content/path/tutorials/first-steps")).json()
    assert page["title"] == "First steps"
    assert "zebracorn" in page["markdown"]
    links = (await api.get(f"{CR}/content/page/{page['id']}/links")).json()
    assert sorted(i["status"] for i in links["items"]) == ["ok", "ok"]
    assert links["stats"]["broken"] == {"total": 0, "changeRequest": 0}


async def test_search_finds_imported_pages_once_published(
    api: httpx2.AsyncClient, store: Store, tmp_path: Path
) -> None:
    await _import(api, _docs(tmp_path).as_uri())
    search = {"query": "zebracorn"}
    assert (await api.get("/orgs/org_acme/search", params=search)).json()["items"] == []
    store.change_requests.rows.merge(CR_INSTALL)
    results = (await api.get("/orgs/org_acme/search", params=search)).json()["items"]
    assert [(r["id"], [p["path"] for p in r["pages"]]) for r in results] == [
        ("spc_handbook", ["tutorials/first-steps"])
    ]


async def test_one_file_and_reimport_update_pages_in_place(
    api: httpx2.AsyncClient, tmp_path: Path
) -> None:
    single = tmp_path / "faq.md"
    single.write_text("# Questions\n\nUpdated answers.\n")
    answer = await _import(api, single.as_uri())
    assert answer.json()["importedResources"] == 1
    assert answer.json()["totalResources"] == 1
    faq = (await api.get(f"{CR}/content/path/faq")).json()
    assert faq["id"] == "pg_faq"
    assert faq["title"] == "Questions"
    assert faq["markdown"] == "Updated answers.\n"
    first = (await _import(api, _docs(tmp_path / "docs").as_uri())).json()
    second = (await _import(api, (tmp_path / "docs").as_uri())).json()
    assert second["revision"] != first["revision"]
    tree = _tree((await api.get(f"{CR}/content/pages")).json()["pages"])
    assert sum(1 for path in tree if path.startswith("tutorials")) == 4
    files = (await api.get(f"{CR}/content/files")).json()["items"]
    assert [f["name"] for f in files].count("shot.png") == 1


async def test_import_by_number_leaves_other_content_alone(
    api: httpx2.AsyncClient, tmp_path: Path
) -> None:
    published = (await api.get(f"{SPACE}/content")).json()["id"]
    answer = await _import(api, _docs(tmp_path).as_uri(), cr=f"{SPACE}/change-requests/2")
    assert answer.status_code == 201
    assert (await api.get(f"{SPACE}/content")).json()["id"] == published
    assert (await api.get(f"{SPACE}/content/path/tutorials")).status_code == 404
    assert (await api.get(f"{CR}/content/path/tutorials")).status_code == 404
    draft = await api.get(f"{SPACE}/change-requests/2/content/path/tutorials")
    assert draft.status_code == 200


async def test_only_file_urls_can_be_imported(api: httpx2.AsyncClient, store: Store) -> None:
    revisions = store.db.scalar("SELECT COUNT(*) FROM revisions")
    for url in ("https://example.com/docs.zip", "http://localhost/docs"):
        answer = await _import(api, url)
        assert answer.status_code == 400
        message = answer.json()["error"]["message"]
        assert message.startswith("url")
        assert "file://" in message
    assert store.db.scalar("SELECT COUNT(*) FROM revisions") == revisions


async def test_bad_import_bodies_are_400_naming_the_field(
    api: httpx2.AsyncClient, tmp_path: Path
) -> None:
    (tmp_path / "picture.png").write_bytes(_png(1, 1))
    cases: list[tuple[dict[str, Any], str]] = [
        ({"url": (tmp_path / "missing").as_uri(), "source": "markdown"}, "url"),
        ({"url": (tmp_path / "picture.png").as_uri(), "source": "markdown"}, "url"),
        ({"url": "not a url", "source": "markdown"}, "url"),
        ({"source": "markdown"}, "url"),
        ({"url": tmp_path.as_uri()}, "source"),
        ({"url": tmp_path.as_uri(), "source": "floppy"}, "source"),
    ]
    for body, field in cases:
        answer = await api.post(f"{CR}/content/import", json=body)
        assert answer.status_code == 400, body
        assert answer.json()["error"]["message"].startswith(field), body


async def test_import_needs_space_edit_and_an_existing_target(
    api: httpx2.AsyncClient, api_as: ApiAs, tmp_path: Path
) -> None:
    url = _docs(tmp_path).as_uri()
    for token in ("gb_local_reader", "gb_local_commenter"):
        async with api_as(token) as caller:
            refused = await _import(caller, url)
            assert refused.status_code == 403, token
    assert (await api.get(f"{CR}/content/path/tutorials")).status_code == 404
    async with api_as("gb_local_editor") as editor:
        assert (await _import(editor, url)).status_code == 201
    missing_cr = await _import(api, url, cr=f"{SPACE}/change-requests/77")
    assert missing_cr.status_code == 404
    missing_space = await _import(api, url, cr=f"/spaces/spc_nope/change-requests/{CR_INSTALL}")
    assert missing_space.status_code == 404


async def test_import_keeps_existing_page_ids(api: httpx2.AsyncClient, tmp_path: Path) -> None:
    (tmp_path / "getting-started").mkdir()
    (tmp_path / "getting-started" / "install.md").write_text("# Install\n\nImported text.\n")
    await _import(api, tmp_path.as_uri())
    page = (await api.get(f"{CR}/content/page/{PAGE_INSTALL}")).json()
    assert page["markdown"] == "Imported text.\n"
    intro = (await api.get(f"{CR}/content/path/getting-started")).json()
    assert intro["id"] == "pg_getting_started"
    assert intro["title"] == "Getting started"
