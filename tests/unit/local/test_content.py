"""Content through HTTP: page trees, pages, files, computed link status, backlinks, change
requests, full-text search and markdown import."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from pathlib import Path
from typing import Any

import httpx2
import pytest

from gitbook_mcp.local.seed.content import CR_INSTALL, FILE_DIAGRAM, PAGE_INSTALL, PAGE_WRITING

pytestmark = pytest.mark.anyio
ApiAs = Callable[[str | None], AbstractAsyncContextManager[httpx2.AsyncClient]]
SPACE = "/spaces/spc_handbook"
CR = f"{SPACE}/change-requests/{CR_INSTALL}"


def _paths(pages: list[dict[str, Any]]) -> list[str]:
    out: list[str] = []
    for page in pages:
        out.append(page["path"])
        out += _paths(page.get("pages", []))
    return out


async def _all(api: httpx2.AsyncClient, url: str, **params: Any) -> list[dict[str, Any]]:
    items: list[dict[str, Any]] = []
    cursor = None
    while True:
        body = (
            await api.get(url, params={**params, **({"page": cursor} if cursor else {})})
        ).json()
        items += body["items"]
        cursor = (body.get("next") or {}).get("page")
        if not cursor:
            return items


async def test_space_revision_and_page_tree(api: httpx2.AsyncClient) -> None:
    revision = (await api.get(f"{SPACE}/content")).json()
    assert revision["object"] == "revision"
    paths = _paths((await api.get(f"{SPACE}/content/pages")).json()["pages"])
    assert "getting-started/install" in paths
    assert "guides/writing" in paths
    assert (await api.get("/spaces/spc_nope/content")).status_code == 404


async def test_page_by_id_and_by_path(api: httpx2.AsyncClient) -> None:
    by_id = (
        await api.get(f"{SPACE}/content/page/{PAGE_INSTALL}", params={"format": "markdown"})
    ).json()
    by_path = (await api.get(f"{SPACE}/content/path/getting-started/install")).json()
    assert by_id["id"] == by_path["id"] == PAGE_INSTALL
    assert "Install the CLI" in by_id["markdown"]
    assert (await api.get(f"{SPACE}/content/page/pg_nope")).status_code == 404
    assert (await api.get(f"{SPACE}/content/path/no/such/page")).status_code == 404
    assert (
        await api.get(f"{SPACE}/content/page/{PAGE_INSTALL}", params={"format": "pdf"})
    ).status_code == 400


async def test_change_requests_by_id_or_number_and_status(api: httpx2.AsyncClient) -> None:
    open_ones = (await api.get(f"{SPACE}/change-requests")).json()["items"]
    assert [c["id"] for c in open_ones] == [CR_INSTALL]
    drafts = (await api.get(f"{SPACE}/change-requests", params={"status": "draft"})).json()["items"]
    assert [c["subject"] for c in drafts] == ["Add troubleshooting"]
    by_number = (await api.get(f"{SPACE}/change-requests/1")).json()
    assert by_number["id"] == CR_INSTALL
    assert (await api.get(f"{SPACE}/change-requests/99")).status_code == 404
    assert (
        await api.get(f"{SPACE}/change-requests", params={"status": "weird"})
    ).status_code == 400


async def test_change_request_content_differs_from_the_space(api: httpx2.AsyncClient) -> None:
    cr_paths = _paths((await api.get(f"{CR}/content/pages")).json()["pages"])
    space_paths = _paths((await api.get(f"{SPACE}/content/pages")).json()["pages"])
    assert set(cr_paths) - set(space_paths) == {"getting-started/upgrade"}
    page = (await api.get(f"{CR}/content/page/{PAGE_INSTALL}")).json()
    assert "acme install" in page["markdown"]
    assert (await api.get(f"{CR}/content/path/getting-started/upgrade")).json()[
        "id"
    ] == "pg_upgrade"
    assert (await api.get(f"{CR}/content")).json()["id"] != (
        await api.get(f"{SPACE}/content")
    ).json()["id"]


async def test_files_paging_and_file(api: httpx2.AsyncClient) -> None:
    files = await _all(api, f"{CR}/content/files", limit=1)
    assert {f["name"] for f in files} == {"diagram.png", "pricing.pdf"}
    diagram = (await api.get(f"{CR}/content/files/{FILE_DIAGRAM}")).json()
    assert diagram["dimensions"] == {"width": 1200, "height": 800}
    assert (await api.get(f"{CR}/content/files/fl_nope")).status_code == 404


async def test_link_status_is_computed_from_markdown(api: httpx2.AsyncClient) -> None:
    listing = (await api.get(f"{CR}/content/page/{PAGE_INSTALL}/links")).json()
    statuses = sorted(item["status"] for item in listing["items"])
    assert statuses == ["broken", "ok", "ok"]
    assert listing["stats"]["broken"] == {"total": 1, "changeRequest": 1}
    broken = next(i for i in listing["items"] if i["status"] == "broken")
    assert broken["targetReference"] == {"kind": "url", "url": "verify.md"}
    writing = (await api.get(f"{CR}/content/page/{PAGE_WRITING}/links")).json()
    assert [i["status"] for i in writing["items"]] == ["ok", "in-app"]
    assert (await api.get(f"{CR}/content/page/pg_nope/links")).status_code == 404


async def test_space_links_cover_every_page(api: httpx2.AsyncClient) -> None:
    items = await _all(api, f"{SPACE}/links", limit=4)
    broken = {
        (i["locationReferences"][0]["page"]["path"], i["targetReference"]["url"])
        for i in items
        if i["status"] == "broken"
    }
    assert broken == {
        ("getting-started/install", "../guides/old-page.md"),
        ("getting-started/configure", "../.gitbook/assets/spec-sheet.pdf"),
    }
    stats = (await api.get(f"{SPACE}/links")).json()["stats"]
    assert stats["total"] == len(items)
    assert stats["broken"]["total"] == 2


async def test_backlinks_are_the_reverse_of_links(api: httpx2.AsyncClient) -> None:
    to_install = (await api.get(f"{CR}/content/page/{PAGE_INSTALL}/backlinks")).json()["items"]
    assert {b["page"]["path"] for b in to_install} == {
        "getting-started",
        "guides/publishing",
        "getting-started/upgrade",
    }
    to_diagram = (await api.get(f"{CR}/content/files/{FILE_DIAGRAM}/backlinks")).json()["items"]
    assert [b["page"]["id"] for b in to_diagram] == [PAGE_INSTALL]
    assert (await api.get(f"{CR}/content/files/fl_nope/backlinks")).status_code == 404


async def test_search_finds_words_in_titles_and_markdown(
    api: httpx2.AsyncClient, api_as: ApiAs
) -> None:
    results = (await api.get("/orgs/org_acme/search", params={"query": "incident channel"})).json()[
        "items"
    ]
    assert [r["id"] for r in results] == ["spc_runbooks"]
    install = (await api.get("/orgs/org_acme/search", params={"query": "installer"})).json()[
        "items"
    ]
    page = install[0]["pages"][0]
    assert page["path"] == "getting-started/install"
    assert page["sections"][0]["title"] == "Install the CLI"
    async with api_as("gb_local_reader") as reader:
        assert (
            await reader.get("/orgs/org_globex/search", params={"query": "platform"})
        ).status_code == 404
    assert (await api.get("/orgs/org_acme/search", params={"query": "q" * 513})).status_code == 400
    assert (await api.get("/orgs/org_acme/search")).status_code == 400


async def test_import_markdown_folder_into_a_change_request(
    api: httpx2.AsyncClient, api_as: ApiAs, tmp_path: Path
) -> None:
    (tmp_path / "tutorials").mkdir()
    (tmp_path / "tutorials" / "README.md").write_text("# Tutorials\n\nStart here.\n")
    (tmp_path / "tutorials" / "first-steps.md").write_text(
        "# First steps\n\nA zebracorn walkthrough.\n"
    )
    (tmp_path / "notes.txt").write_text("not markdown")
    result = await api.post(
        f"{CR}/content/import", json={"url": tmp_path.as_uri(), "source": "markdown"}
    )
    assert result.status_code == 201
    assert result.json()["importedResources"] == 2
    assert result.json()["totalResources"] == 3
    paths = _paths((await api.get(f"{CR}/content/pages")).json()["pages"])
    assert "tutorials/first-steps" in paths
    assert (await api.get(f"{CR}/content")).json()["id"] == result.json()["revision"]
    remote = await api.post(
        f"{CR}/content/import", json={"url": "https://example.com/docs.zip", "source": "zip"}
    )
    assert remote.status_code == 400
    assert "url" in remote.json()["error"]["message"]
    async with api_as("gb_local_reader") as reader:
        refused = await reader.post(
            f"{CR}/content/import", json={"url": tmp_path.as_uri(), "source": "markdown"}
        )
    assert refused.status_code == 403
