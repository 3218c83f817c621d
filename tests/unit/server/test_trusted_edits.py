"""Edits an agent can trust (issue 34), in process against the demo in the live profile: text an
edit writes is read with the page's own links, and a rewrite of `get_page`'s own markdown
changes nothing."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import httpx2
import pytest

from gitbook_mcp.api import Profile
from gitbook_mcp.local.seed.content import PAGE_CONFIGURE, PAGE_INSTALL
from gitbook_mcp.local.seed.ids import SPACES
from tests.conftest import CANARY
from tests.support.local import raw_api
from tests.unit.server.conftest import McpFactory

pytestmark = pytest.mark.anyio

SPACE = SPACES["handbook"]
OLD = "Download the installer and run it."


@pytest.fixture
def profile() -> Profile:
    return "live"


@pytest.fixture
async def api(app: object) -> AsyncIterator[httpx2.AsyncClient]:
    """The admin's raw client, unchecked: a demo page of the cloud space answers a shape the
    live contract does not list (not what these tests are about)."""
    async with raw_api(app, CANARY, check=False) as client:
        yield client


async def _open(client: Any, space: str = SPACE) -> str:
    made = await client.call_tool("create_change_request", {"space_id": space, "subject": "Edit"})
    assert not made.is_error, made.content
    cr: str = made.structured_content["id"]
    return cr


async def _edit(client: Any, cr: str, *edits: dict[str, Any], **more: Any) -> Any:
    args = {"space_id": more.pop("space", SPACE), "change_request_id": cr, "edits": list(edits)}
    return await client.call_tool("edit_pages", {**args, **more})


async def _document(api: httpx2.AsyncClient, cr: str, page: str, space: str = SPACE) -> Any:
    answer = await api.get(
        f"/spaces/{space}/change-requests/{cr}/content/page/{page}", params={"format": "document"}
    )
    assert answer.status_code == 200, answer.text
    return answer.json()["document"]


def _links(doc: Any) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = []
    stack = [doc]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            if node.get("type") == "link":
                found.append(node["data"]["ref"])
            stack.extend(node.get("nodes") or [])
    return found


async def test_a_replacement_with_a_relative_link_stores_the_link(
    mcp: McpFactory, api: httpx2.AsyncClient
) -> None:
    async with mcp("gb_local_admin", toolsets=("all",), profile="live") as client:
        cr = await _open(client)
        edit = {
            "op": "replace",
            "page_id": PAGE_INSTALL,
            "replacements": [{"find": OLD, "replace": "See [Configure](configure.md)."}],
        }
        result = await _edit(client, cr, edit)
    assert not result.is_error, result.content
    refs = _links(await _document(api, cr, PAGE_INSTALL))
    assert {"kind": "page", "page": PAGE_CONFIGURE} in refs


async def test_a_replacement_with_a_link_to_nothing_is_refused_with_the_nearest_page(
    mcp: McpFactory, api: httpx2.AsyncClient
) -> None:
    async with mcp("gb_local_admin", toolsets=("all",), profile="live") as client:
        cr = await _open(client)
        before = await _document(api, cr, PAGE_INSTALL)
        edit = {
            "op": "replace",
            "page_id": PAGE_INSTALL,
            "replacements": [{"find": OLD, "replace": "See [Configure](configur.md)."}],
        }
        result = await _edit(client, cr, edit)
    assert result.is_error
    text = result.content[0].text
    assert "configur.md: no page at getting-started/configur.md" in text
    assert "did you mean configure.md?" in text
    assert "Nothing was sent" in text
    assert await _document(api, cr, PAGE_INSTALL) == before


async def _pages(api: httpx2.AsyncClient, space: str) -> list[str]:
    answer = await api.get(f"/spaces/{space}/content")
    assert answer.status_code == 200, answer.text
    out: list[str] = []
    stack = list(answer.json()["pages"])
    while stack:
        page = stack.pop()
        if page.get("type", "document") == "document":
            out.append(page["id"])
        stack.extend(page.get("pages") or [])
    return out


@pytest.mark.parametrize("space", ["handbook", "cloud", "api", "changelog", "runbooks", "globex"])
async def test_a_rewrite_of_get_pages_own_markdown_changes_nothing_on_every_demo_page(
    mcp: McpFactory, api: httpx2.AsyncClient, space: str
) -> None:
    space_id = SPACES[space]
    async with mcp("gb_local_admin", toolsets=("all",), profile="live") as client:
        cr = await _open(client, space_id)
        pages = await _pages(api, space_id)
        assert pages
        for page in pages:
            before = await _document(api, cr, page, space_id)
            read = await client.call_tool(
                "get_page",
                {
                    "space_id": space_id,
                    "page_id": page,
                    "change_request_id": cr,
                    "max_chars": 50000,
                },
            )
            assert not read.is_error, read.content
            markdown = read.structured_content["markdown"]
            assert read.structured_content.get("next_offset") is None
            edit = {"op": "rewrite", "page_id": page, "markdown": markdown}
            result = await _edit(client, cr, edit, space=space_id)
            assert not result.is_error, (page, result.content[0].text)
            assert result.structured_content["sent"] is False, page
            assert await _document(api, cr, page, space_id) == before, page


async def test_get_page_and_the_diff_write_a_file_the_same_way(
    mcp: McpFactory, api: httpx2.AsyncClient
) -> None:
    async with mcp("gb_local_admin", toolsets=("all",), profile="live") as client:
        cr = await _open(client)
        read = await client.call_tool(
            "get_page", {"space_id": SPACE, "page_id": PAGE_INSTALL, "change_request_id": cr}
        )
        markdown = read.structured_content["markdown"]
        assert ".gitbook/assets/" in markdown
        changed = markdown.replace(OLD, "Run the installer.")
        result = await _edit(
            client, cr, {"op": "rewrite", "page_id": PAGE_INSTALL, "markdown": changed}
        )
    assert not result.is_error, result.content[0].text
    diff = result.structured_content["pages"][0]["diff"]
    removed = [line for line in diff.splitlines() if line.startswith("-") and "---" not in line]
    assert removed == [f"-{OLD}"]
