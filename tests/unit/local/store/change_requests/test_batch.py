"""The content batch through HTTP (live profile): one new revision or nothing, refs between
inserted pages and files, moves, deletes, reverts, uploads, and the 400 naming the change."""

from __future__ import annotations

import base64
from collections.abc import AsyncIterator
from typing import Any

import httpx2
import pytest

from gitbook_mcp.api import Profile
from gitbook_mcp.local import Store
from gitbook_mcp.local.seed.content import (
    CR_INSTALL,
    CR_MERGED,
    PAGE_CONFIGURE,
    PAGE_FAQ,
    PAGE_GETTING_STARTED,
    PAGE_GUIDES,
    PAGE_INSTALL,
    PAGE_WRITING,
)
from tests.support.local import raw_api

pytestmark = pytest.mark.anyio


@pytest.fixture
def profile() -> Profile:
    """These operations exist in the live profile only."""
    return "live"


SPACE = "/spaces/spc_handbook"
CR = f"{SPACE}/change-requests/{CR_INSTALL}"


@pytest.fixture
async def editor(app: object) -> AsyncIterator[httpx2.AsyncClient]:
    async with raw_api(app, "gb_local_editor") as client:
        yield client


async def _batch(
    client: httpx2.AsyncClient, changes: list[dict[str, Any]], *, compat: bool = True
) -> httpx2.Response:
    params = {"compat": "true" if compat else "false"}
    return await client.post(f"{CR}/content", params=params, json={"changes": changes})


async def _page(client: httpx2.AsyncClient, page_id: str, **params: str) -> dict[str, Any]:
    answer = await client.get(f"{CR}/content/page/{page_id}", params=params)
    assert answer.status_code == 200, answer.text
    page: dict[str, Any] = answer.json()
    return page


async def test_update_page_sets_markdown_and_metadata_in_one_new_revision(
    editor: httpx2.AsyncClient, store: Store
) -> None:
    before = (await editor.get(CR)).json()["revision"]
    answer = await _batch(
        editor,
        [
            {
                "operation": "update_page",
                "page": PAGE_INSTALL,
                "title": "Installing",
                "slug": "installing",
                "description": "How to install",
                "document": {"markdown": "# Install\n\nRun the installer.\n"},
            }
        ],
    )
    assert answer.status_code == 200, answer.text
    cr = answer.json()
    assert cr["object"] == "change-request"
    assert cr["revision"] != before
    page = await _page(editor, PAGE_INSTALL)
    assert (page["title"], page["path"], page["description"]) == (
        "Installing",
        "getting-started/installing",
        "How to install",
    )
    assert page["markdown"] == "## Install\n\nRun the installer.\n"
    published = (await editor.get(f"{SPACE}/content/page/{PAGE_INSTALL}")).json()
    assert published["title"] == "Install"


async def test_compat_false_lists_pages_and_files_and_resolves_refs_in_any_order(
    editor: httpx2.AsyncClient,
) -> None:
    png = base64.b64encode(b"\x89PNG fake").decode()
    answer = await _batch(
        editor,
        [
            {
                "operation": "insert_page",
                "ref": "overview",
                "document": {
                    "markdown": "# Overview\n\nSee [the details](./details.md) "
                    "and [the chart](./chart.png).\n"
                },
            },
            {
                "operation": "insert_page",
                "ref": "details",
                "into": PAGE_GUIDES,
                "at": 0,
                "title": "Details",
                "document": {"markdown": "Back to [overview](./overview.md)."},
            },
            {
                "operation": "insert_files",
                "files": [
                    {
                        "ref": "chart.png",
                        "name": "chart.png",
                        "contentType": "image/png",
                        "base64": png,
                    }
                ],
            },
            {"operation": "update_page", "page": PAGE_FAQ, "title": "Questions"},
        ],
        compat=False,
    )
    assert answer.status_code == 200, answer.text
    body = answer.json()
    kinds = [(c["object"], c.get("ref")) for c in body["changes"]]
    assert kinds == [
        ("created_page", "overview"),
        ("created_page", "details"),
        ("updated_page", None),
    ]
    overview_id = body["changes"][0]["page"]["id"]
    details_id = body["changes"][1]["page"]["id"]
    assert body["changes"][2]["page"]["id"] == PAGE_FAQ
    assert body["changes"][0]["page"]["urls"]["location"].endswith(f"/content/page/{overview_id}")
    [chart] = body["insertedFiles"]
    assert (chart["name"], chart["size"]) == ("chart.png", len(b"\x89PNG fake"))
    overview = await _page(editor, overview_id, format="document")
    assert overview["title"] == "Overview"
    refs = _refs(overview["document"])
    assert refs == [{"kind": "page", "page": details_id}, {"kind": "file", "file": chart["id"]}]
    details = await _page(editor, details_id)
    assert details["path"] == "guides/details"
    guides = await _page(editor, PAGE_GUIDES)
    assert guides["pages"][0]["id"] == details_id
    assert _refs((await _page(editor, details_id, format="document"))["document"]) == [
        {"kind": "page", "page": overview_id}
    ]


def _refs(node: Any) -> list[dict[str, Any]]:
    """The refs of every link node of a document, in order."""
    found: list[dict[str, Any]] = []
    if isinstance(node, dict):
        if node.get("type") == "link":
            found.append(node["data"]["ref"])
        for child in node.get("nodes", []):
            found += _refs(child)
    return found


async def test_a_batch_failing_on_its_third_change_leaves_nothing_behind(
    editor: httpx2.AsyncClient, store: Store
) -> None:
    before = (await editor.get(CR)).json()
    revisions = store.db.scalar("SELECT COUNT(*) FROM revisions")
    pages = store.db.scalar("SELECT COUNT(*) FROM pages")
    answer = await _batch(
        editor,
        [
            {"operation": "update_page", "page": PAGE_FAQ, "title": "Changed"},
            {"operation": "insert_page", "title": "New", "document": {"markdown": "new"}},
            {"operation": "delete_page", "page": "pg_missing"},
        ],
    )
    assert answer.status_code == 400
    assert "changes[2].page" in answer.json()["error"]["message"]
    assert (await editor.get(CR)).json()["revision"] == before["revision"]
    assert store.db.scalar("SELECT COUNT(*) FROM revisions") == revisions
    assert store.db.scalar("SELECT COUNT(*) FROM pages") == pages
    assert (await _page(editor, PAGE_FAQ))["title"] != "Changed"


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (
            {"operation": "update_page", "page": PAGE_GETTING_STARTED, "into": PAGE_INSTALL},
            "changes[0].into",
        ),
        (
            {"operation": "update_page", "page": PAGE_INSTALL, "slug": "configure"},
            "changes[0].slug",
        ),
        (
            {"operation": "update_page", "page": PAGE_INSTALL, "into": "pg_nowhere"},
            "changes[0].into",
        ),
        ({"operation": "insert_page", "title": "x"}, "changes[0].document"),
        ({"operation": "rename_page", "page": PAGE_INSTALL}, "changes[0].operation"),
        (
            {"operation": "revert_page", "page": PAGE_INSTALL, "revision": "rev_elsewhere"},
            "changes[0].revision",
        ),
        (
            {
                "operation": "insert_files",
                "files": [{"name": "a.png", "url": "https://example.com/a.png"}],
            },
            "changes[0].files[0].url",
        ),
        (
            {
                "operation": "insert_files",
                "files": [
                    {
                        "name": "big.bin",
                        "contentType": "application/octet-stream",
                        "base64": base64.b64encode(b"x" * (1024 * 1024 + 1)).decode(),
                    }
                ],
            },
            "changes[0].files[0].base64",
        ),
    ],
)
async def test_a_bad_change_is_a_400_naming_its_index_and_field(
    editor: httpx2.AsyncClient, change: dict[str, Any], field: str
) -> None:
    answer = await _batch(editor, [change])
    assert answer.status_code == 400
    assert field in answer.json()["error"]["message"]


async def test_batch_size_refs_and_access_are_checked(
    app: object, editor: httpx2.AsyncClient
) -> None:
    empty = await _batch(editor, [])
    assert empty.status_code == 400
    one = {"operation": "update_page", "page": PAGE_FAQ, "title": "t"}
    assert (await _batch(editor, [one] * 51)).status_code == 400
    twice = {"operation": "insert_page", "ref": "same", "document": {"markdown": "x"}}
    duplicate = await _batch(editor, [twice, twice])
    assert "changes[1].ref" in duplicate.json()["error"]["message"]
    taken = {"operation": "insert_page", "ref": "faq", "document": {"markdown": "x"}}
    clash = await _batch(editor, [one, taken])
    assert clash.status_code == 400
    assert "changes[1].ref" in clash.json()["error"]["message"]
    merged = await editor.post(
        f"{SPACE}/change-requests/{CR_MERGED}/content", json={"changes": [one]}
    )
    assert merged.status_code == 409
    async with raw_api(app, "gb_local_reader") as reader:
        assert (await _batch(reader, [one])).status_code == 403


async def test_move_delete_and_revert(editor: httpx2.AsyncClient) -> None:
    moved = await _batch(
        editor,
        [
            {"operation": "update_page", "page": PAGE_WRITING, "into": None, "at": 0},
            {"operation": "delete_page", "page": PAGE_GETTING_STARTED},
        ],
    )
    assert moved.status_code == 200, moved.text
    tree = (await editor.get(f"{CR}/content/pages")).json()["pages"]
    assert tree[0]["id"] == PAGE_WRITING
    assert tree[0]["path"] == "writing"
    ids = {p["id"] for p in tree}
    assert PAGE_GETTING_STARTED not in ids
    assert (await editor.get(f"{CR}/content/page/{PAGE_CONFIGURE}")).status_code == 404
    reverted = await _batch(editor, [{"operation": "revert_page", "page": PAGE_GETTING_STARTED}])
    assert reverted.status_code == 200, reverted.text
    restored = await _page(editor, PAGE_GETTING_STARTED)
    assert restored["path"] == "getting-started"
    assert restored["markdown"].startswith("## Welcome")


async def test_a_document_read_edited_in_one_ref_and_sent_back_changes_nothing_else(
    editor: httpx2.AsyncClient,
) -> None:
    page = await _page(editor, PAGE_GETTING_STARTED, format="document")
    document = page["document"]
    refs = _refs(document)
    assert {"kind": "page", "page": PAGE_FAQ} in refs
    edited = _replace_ref(
        document, {"kind": "page", "page": PAGE_FAQ}, {"kind": "page", "page": PAGE_WRITING}
    )
    answer = await _batch(
        editor,
        [
            {
                "operation": "update_page",
                "page": PAGE_GETTING_STARTED,
                "document": {"document": edited},
            }
        ],
    )
    assert answer.status_code == 200, answer.text
    again = await _page(editor, PAGE_GETTING_STARTED, format="document")
    assert again["document"] == edited
    assert again["document"] != document


def _replace_ref(node: Any, old: dict[str, Any], new: dict[str, Any]) -> Any:
    if isinstance(node, dict):
        out = {k: _replace_ref(v, old, new) for k, v in node.items()}
        if node.get("type") == "link" and node["data"]["ref"] == old:
            out["data"] = {"ref": new}
        return out
    if isinstance(node, list):
        return [_replace_ref(child, old, new) for child in node]
    return node
