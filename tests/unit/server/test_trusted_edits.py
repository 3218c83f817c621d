"""Edits an agent can trust (issue 34), in process against the demo in the live profile: text an
edit writes is read with the page's own links, a rewrite of `get_page`'s own markdown changes
nothing, block edits change only the blocks they name, and a conflict settles in one call."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from typing import Any

import httpx2
import pytest

from gitbook_mcp.api import Profile
from gitbook_mcp.local import Store
from gitbook_mcp.local.seed.content import PAGE_CONFIGURE, PAGE_INSTALL, PAGE_WRITING
from gitbook_mcp.local.seed.ids import SPACES
from tests.conftest import CANARY
from tests.support.fenced import unfenced
from tests.support.local import raw_api
from tests.unit.server.conftest import McpFactory, confirmed

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
            markdown = unfenced(read.structured_content["markdown"])
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
        markdown = unfenced(read.structured_content["markdown"])
        assert ".gitbook/assets/" in markdown
        changed = markdown.replace(OLD, "Run the installer.")
        result = await _edit(
            client, cr, {"op": "rewrite", "page_id": PAGE_INSTALL, "markdown": changed}
        )
    assert not result.is_error, result.content[0].text
    diff = result.structured_content["pages"][0]["diff"]
    removed = [line for line in diff.splitlines() if line.startswith("-") and "---" not in line]
    assert removed == [f"-{OLD}"]


async def test_two_hints_inserted_below_a_paragraph_change_exactly_two_blocks(
    mcp: McpFactory, api: httpx2.AsyncClient
) -> None:
    hints = (
        '{% hint style="warning" %}\nBack up first.\n{% endhint %}\n\n'
        '{% hint style="success" %}\nSee [Configure](configure.md).\n{% endhint %}\n'
    )
    async with mcp("gb_local_admin", toolsets=("all",), profile="live") as client:
        cr = await _open(client)
        before = await _document(api, cr, PAGE_INSTALL)
        edit = {"op": "insert_blocks", "page_id": PAGE_INSTALL, "block": OLD, "markdown": hints}
        dry = await _edit(client, cr, edit, dry_run=True)
        assert not dry.is_error, dry.content[0].text
        assert "+Back up first." in dry.structured_content["pages"][0]["diff"]
        assert await _document(api, cr, PAGE_INSTALL) == before
        result = await _edit(client, cr, edit)
    assert not result.is_error, result.content[0].text
    after = await _document(api, cr, PAGE_INSTALL)
    at = next(i for i, n in enumerate(before["nodes"]) if OLD in json.dumps(n))
    assert after["nodes"][: at + 1] == before["nodes"][: at + 1]
    assert after["nodes"][at + 3 :] == before["nodes"][at + 1 :]
    added = after["nodes"][at + 1 : at + 3]
    assert [(n["type"], n["data"].get("style")) for n in added] == [
        ("hint", "warning"),
        ("hint", "success"),
    ]
    assert {"kind": "page", "page": PAGE_CONFIGURE} in _links(added[1])


async def test_replace_delete_and_move_one_block_leave_the_others_as_they_were(
    mcp: McpFactory, api: httpx2.AsyncClient
) -> None:
    async with mcp("gb_local_admin", toolsets=("all",), profile="live") as client:
        cr = await _open(client)
        before = await _document(api, cr, PAGE_INSTALL)
        nodes = before["nodes"]
        at = next(i for i, n in enumerate(nodes) if OLD in json.dumps(n))
        replaced = await _edit(
            client,
            cr,
            {"op": "replace_block", "page_id": PAGE_INSTALL, "block": OLD, "markdown": "New."},
        )
        assert not replaced.is_error, replaced.content[0].text
        after = (await _document(api, cr, PAGE_INSTALL))["nodes"]
        assert after[:at] + after[at + 1 :] == nodes[:at] + nodes[at + 1 :]
        assert after[at]["nodes"][0]["leaves"][0]["text"] == "New."
        last = after[-1]
        moved = await _edit(
            client,
            cr,
            {"op": "move_block", "page_id": PAGE_INSTALL, "block": "New.", "to": _text(last)},
        )
        assert not moved.is_error, moved.content[0].text
        now = (await _document(api, cr, PAGE_INSTALL))["nodes"]
        assert now == after[:at] + after[at + 1 :] + [after[at]]
        deleted = await _edit(
            client, cr, {"op": "delete_block", "page_id": PAGE_INSTALL, "block": "New."}
        )
        assert not deleted.is_error, deleted.content[0].text
    final = (await _document(api, cr, PAGE_INSTALL))["nodes"]
    assert final == now[:-1]


def _text(node: Any) -> str:
    parts: list[str] = []
    stack = [node]
    while stack:
        item = stack.pop(0)
        if item.get("object") == "text":
            parts += [leaf["text"] for leaf in item["leaves"]]
        stack[:0] = [n for n in item.get("nodes") or [] if isinstance(n, dict)]
    return "".join(parts)


async def test_a_block_found_twice_or_never_is_refused_by_name(mcp: McpFactory) -> None:
    async with mcp("gb_local_admin", toolsets=("all",), profile="live") as client:
        cr = await _open(client)
        missing = await _edit(
            client, cr, {"op": "delete_block", "page_id": PAGE_INSTALL, "block": "No such text"}
        )
        twice = await _edit(
            client, cr, {"op": "delete_block", "page_id": PAGE_INSTALL, "block": "the"}
        )
    assert missing.is_error
    assert "no top-level block has the text" in missing.content[0].text
    assert twice.is_error
    assert "top-level blocks hold the text" in twice.content[0].text


def _diverged(store: Store) -> tuple[str, str]:
    """A change request that rewrote Writing, after which main rewrote it otherwise."""
    rows = store.change_requests.rows
    ours, mine = rows.create(SPACE, subject="Ours", status="open", created_by="usr_admin")
    theirs, other = rows.create(SPACE, subject="Theirs", status="open", created_by="usr_admin")
    store.content.revisions.set_markdown(mine, PAGE_WRITING, "# Writing\n\nOurs.\n\nOurs too.\n")
    store.content.revisions.set_markdown(other, PAGE_WRITING, "# Writing\n\nTheirs.\n")
    return ours, theirs


@pytest.mark.parametrize(
    ("op", "kept"), [("settle", ["Ours.", "Ours too."]), ("revert", ["Theirs."])]
)
async def test_a_conflict_is_settled_on_one_side_in_one_call(
    mcp: McpFactory, api: httpx2.AsyncClient, store: Store, op: str, kept: list[str]
) -> None:
    ours, theirs = _diverged(store)
    cr = {"space_id": SPACE}
    async with mcp("gb_local_admin", toolsets=("all",), profile="live") as client:
        merged = await confirmed(
            client, "merge_change_request", {**cr, "change_request_id": theirs}
        )
        assert merged.structured_content["result"] == "merge"
        updated = await confirmed(
            client, "update_change_request", {**cr, "change_request_id": ours}
        )
        assert updated.structured_content["result"] == "conflicts"
        conflicted = await _document(api, ours, PAGE_WRITING)
        assert "<<<<<<<" in json.dumps(conflicted)
        settled = await _edit(client, ours, {"op": op, "page_id": PAGE_WRITING})
        assert not settled.is_error, settled.content[0].text
        again = await _edit(client, ours, {"op": "settle", "page_id": PAGE_WRITING})
    after = await _document(api, ours, PAGE_WRITING)
    texts = [_text(n) for n in after["nodes"]]
    assert texts == ["Writing", *kept]
    assert not any(c in json.dumps(after) for c in ("<<<<<<<", "=======", ">>>>>>>"))
    if op == "settle":  # the change request's blocks are those it had, keys and content
        ours_blocks = [n for n in conflicted["nodes"] if _text(n) in kept]
        assert after["nodes"][1:] == ours_blocks
    assert again.is_error
    assert "holds no merge conflict" in again.content[0].text


async def test_a_rewrite_standing_in_for_content_is_refused(mcp: McpFactory) -> None:
    async with mcp("gb_local_admin", toolsets=("all",), profile="live") as client:
        cr = await _open(client)
        markdown = "## Install the CLI\n\nRun it.\n\n(rest unchanged)\n"
        result = await _edit(
            client, cr, {"op": "rewrite", "page_id": PAGE_INSTALL, "markdown": markdown}
        )
    assert result.is_error
    assert "placeholder 'rest unchanged'" in result.content[0].text
