"""A change request's semantic changes against its base, through HTTP (live profile)."""

from __future__ import annotations

import base64
from collections.abc import AsyncIterator

import httpx2
import pytest

from gitbook_mcp.api import Profile
from gitbook_mcp.local.seed.content import (
    CR_INSTALL,
    CR_REORGANISE,
    FILE_PRICING,
    PAGE_FAQ,
    PAGE_GUIDES,
    PAGE_INSTALL,
    PAGE_UPGRADE,
    PAGE_WRITING,
)
from tests.support.local import raw_api

pytestmark = pytest.mark.anyio


@pytest.fixture
def profile() -> Profile:
    """These operations exist in the live profile only."""
    return "live"


SPACE = "/spaces/spc_handbook"


@pytest.fixture
async def editor(app: object) -> AsyncIterator[httpx2.AsyncClient]:
    async with raw_api(app, "gb_local_editor") as client:
        yield client


async def test_a_fresh_change_request_has_no_changes(editor: httpx2.AsyncClient) -> None:
    cr = (await editor.post(f"{SPACE}/change-requests", json={})).json()
    answer = await editor.get(f"{SPACE}/change-requests/{cr['id']}/changes")
    assert answer.status_code == 200
    assert answer.json() == {"changes": []}


async def test_pages_and_files_created_edited_moved_and_deleted(editor: httpx2.AsyncClient) -> None:
    cr = (await editor.post(f"{SPACE}/change-requests", json={})).json()
    url = f"{SPACE}/change-requests/{cr['id']}"
    data = base64.b64encode(b"abc").decode()
    batch = await editor.post(
        f"{url}/content",
        json={
            "changes": [
                {"operation": "insert_page", "title": "Fresh", "document": {"markdown": "new"}},
                {"operation": "update_page", "page": PAGE_INSTALL, "title": "Installing"},
                {"operation": "update_page", "page": PAGE_WRITING, "into": None},
                {"operation": "delete_page", "page": PAGE_FAQ},
                {
                    "operation": "insert_files",
                    "files": [{"name": "a.txt", "contentType": "text/plain", "base64": data}],
                },
            ]
        },
    )
    assert batch.status_code == 200, batch.text
    changes = (await editor.get(f"{url}/changes", params={"limit": 50})).json()
    assert "more" not in changes
    by_type = {(c["type"], (c.get("page") or c.get("file"))["id"]) for c in changes["changes"]}
    fresh = next(c["page"]["id"] for c in changes["changes"] if c["type"] == "page_created")
    created_file = next(c["file"]["id"] for c in changes["changes"] if c["type"] == "file_created")
    assert by_type == {
        ("page_created", fresh),
        ("page_edited", PAGE_INSTALL),
        ("page_moved", PAGE_WRITING),
        ("page_deleted", PAGE_FAQ),
        ("file_created", created_file),
    }
    edited = next(
        c
        for c in changes["changes"]
        if c["type"] == "page_edited" and c["page"]["id"] == PAGE_INSTALL
    )
    assert edited["attributes"] == {"title": {"before": "Install", "after": "Installing"}}
    moved = next(c for c in changes["changes"] if c["type"] == "page_moved")
    assert moved["parent"]["before"]["title"] == "Guides"
    assert "after" not in moved["parent"]
    assert FILE_PRICING not in {c.get("file", {}).get("id") for c in changes["changes"]}


async def test_limit_cuts_and_more_counts_the_rest(editor: httpx2.AsyncClient) -> None:
    url = f"{SPACE}/change-requests/{CR_INSTALL}/changes"
    everything = (await editor.get(url, params={"limit": 100})).json()["changes"]
    assert {"type": "page_created"}.items() <= next(
        c for c in everything if c["page"]["id"] == PAGE_UPGRADE
    ).items()
    cut = (await editor.get(url, params={"limit": 1})).json()
    assert cut["changes"] == everything[:1]
    assert cut["more"] == len(everything) - 1
    assert (await editor.get(url, params={"limit": 0})).status_code == 400


async def test_the_demo_reorganisation_moves_writing_and_links_to_it_follow(
    editor: httpx2.AsyncClient, api: httpx2.AsyncClient
) -> None:
    url = f"{SPACE}/change-requests/{CR_REORGANISE}"
    cr = (await editor.get(url)).json()
    assert (cr["status"], cr["outdated"]) == ("open", False)
    changes = (await editor.get(f"{url}/changes")).json()["changes"]
    assert [(c["type"], c["page"]["id"]) for c in changes] == [("page_moved", PAGE_WRITING)]
    published = (
        await api.get(f"{SPACE}/content/page/{PAGE_GUIDES}", params={"format": "document"})
    ).json()
    moved = (
        await editor.get(f"{url}/content/page/{PAGE_GUIDES}", params={"format": "document"})
    ).json()
    writing = {"kind": "page", "page": PAGE_WRITING}
    assert writing in _refs(published["document"])
    assert writing in _refs(moved["document"])
    markdown = (await editor.get(f"{url}/content/page/{PAGE_GUIDES}")).json()["markdown"]
    assert "[Writing](../writing.md)" in markdown
    stable = (
        await editor.get(
            f"{url}/content/page/{PAGE_GUIDES}", params={"format.markdown.refs": "stable"}
        )
    ).json()["markdown"]
    assert f"[Writing](/pages/{PAGE_WRITING})" in stable


def _refs(node: object) -> list[object]:
    found: list[object] = []
    if isinstance(node, dict):
        if node.get("type") == "link":
            found.append(node["data"]["ref"])
        for child in node.get("nodes", []):
            found += _refs(child)
    return found
