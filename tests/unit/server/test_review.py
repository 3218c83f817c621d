"""The review toolset against the local workspace in the live profile: gating and outcomes."""

from __future__ import annotations

import pytest

from gitbook_mcp.local import Store
from gitbook_mcp.local.seed.content import CR_INSTALL
from tests.unit.server.conftest import McpFactory, confirmed

pytestmark = pytest.mark.anyio

CR = {"space_id": "spc_handbook", "change_request_id": CR_INSTALL}


async def test_a_reader_is_refused_merge_and_review_on_a_space_it_cannot_edit(
    mcp: McpFactory, store: Store
) -> None:
    async with mcp("gb_local_reader", toolsets=("review",), profile="live") as client:
        merged = await client.call_tool("merge_change_request", CR)
        reviewed = await client.call_tool("submit_review", {**CR, "status": "approved"})
        names = {t.name for t in (await client.list_tools()).tools}
        # Offered (the reader edits spc_changelog) but checked on the target space at call time.
        asked = await client.call_tool("request_reviewers", {**CR, "user_ids": ["usr_sam"]})
    assert "merge_change_request" not in names
    assert "request_reviewers" in names
    assert asked.is_error
    assert "'edit' permission on space spc_handbook" in asked.content[0].text
    assert merged.is_error
    assert "'space.merge'" in merged.content[0].text
    assert reviewed.is_error
    assert "review" in reviewed.content[0].text
    async with mcp("gb_local_admin", toolsets=("review",), profile="live") as admin:
        state = await admin.call_tool("list_reviews", CR)
    assert not state.is_error
    # Only the seeded review: the refused call sent nothing.
    assert [r["id"] for r in state.structured_content["reviews"]] == ["usr_admin"]


async def test_an_admin_merges_and_the_answer_says_so(mcp: McpFactory) -> None:
    async with mcp("gb_local_admin", toolsets=("review",), profile="live") as client:
        tools = {t.name: t for t in (await client.list_tools()).tools}
        assert tools["merge_change_request"].annotations.destructive_hint is True
        result = await confirmed(client, "merge_change_request", CR)
    assert not result.is_error
    assert result.structured_content["result"] == "merge"
    assert "Merged." in result.content[0].text


async def test_the_toolset_is_not_offered_on_the_seed_profile(mcp: McpFactory) -> None:
    async with mcp("gb_local_admin", toolsets=("review",), profile="seed") as client:
        names = {t.name for t in (await client.list_tools()).tools}
    assert "merge_change_request" not in names


async def test_a_change_request_is_archived_reopened_for_review_and_refused_once_merged(
    mcp: McpFactory, store: Store
) -> None:
    def status() -> str:
        rows = store.db.all("SELECT status FROM change_requests WHERE id = ?", (CR_INSTALL,))
        return str(rows[0]["status"])

    async with mcp("gb_local_admin", toolsets=("review",), profile="live") as client:
        archived = await client.call_tool("update_change_request", {**CR, "status": "archived"})
        assert status() == "archived"
        drafted = await client.call_tool("update_change_request", {**CR, "status": "draft"})
        assert status() == "draft"
        opened = await client.call_tool("update_change_request", {**CR, "status": "open"})
        assert status() == "open"
        await confirmed(client, "merge_change_request", CR)
        late = await client.call_tool("update_change_request", {**CR, "status": "draft"})
    assert archived.structured_content["result"] == "archived"
    assert "Status: archived." in archived.content[0].text
    assert drafted.structured_content["result"] == "draft"
    assert opened.structured_content["result"] == "open"
    assert late.is_error
    assert status() == "merged"


async def test_a_reader_cannot_change_the_status(mcp: McpFactory, store: Store) -> None:
    async with mcp("gb_local_reader", toolsets=("review",), profile="live") as client:
        refused = await client.call_tool("update_change_request", {**CR, "status": "archived"})
    assert refused.is_error
    rows = store.db.all("SELECT status FROM change_requests WHERE id = ?", (CR_INSTALL,))
    assert rows[0]["status"] == "open"
