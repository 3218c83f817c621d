"""The ``site_spaces`` toolset: a space added to a site goes to its default section, and moves."""

from __future__ import annotations

import pytest

from gitbook_mcp.local import Store
from tests.unit.server.conftest import McpFactory, confirmed

pytestmark = pytest.mark.anyio


async def test_a_site_space_is_added_then_moved_before_another(
    mcp: McpFactory, store: Store
) -> None:
    async with mcp() as client:
        added = await client.call_tool(
            "add_site_space",
            {"organization_id": "org_acme", "site_id": "site_docs", "space_id": "spc_runbooks"},
        )
        first = added.structured_content
        moved = await client.call_tool(
            "move_site_space",
            {
                "organization_id": "org_acme",
                "site_id": "site_docs",
                "site_space_id": first["id"],
                "before": "ss_handbook",
            },
        )
    assert first["section_id"] == "sec_guides"
    assert not moved.is_error
    order = [
        r["id"]
        for r in store.db.all(
            "SELECT id FROM site_spaces WHERE section_id = 'sec_guides' ORDER BY position"
        )
    ]
    assert order.index(first["id"]) < order.index("ss_handbook")


SITE = {"organization_id": "org_acme", "site_id": "site_docs"}


async def test_removing_a_site_space_lists_the_redirects_the_service_deleted_with_it(
    mcp: McpFactory,
) -> None:
    async with mcp(toolsets=("all",)) as client:
        made = await client.call_tool(
            "create_redirect", {**SITE, "source": "/old-handbook", "site_space_id": "ss_handbook"}
        )
        args = {**SITE, "site_space_id": "ss_handbook"}
        preview = await client.call_tool("remove_site_space", args)
        removed = await confirmed(client, "remove_site_space", args)
    redirect_id = made.structured_content["id"]
    # What the user is asked to confirm names the redirects that will go.
    assert not preview.is_error  # asking is a normal result
    assert f"/old-handbook [{redirect_id}]" in preview.content[0].text
    assert not removed.is_error, removed.content[0].text
    assert f"/old-handbook [{redirect_id}]" in removed.structured_content["redirects_deleted"]
    assert "/old-handbook" in removed.content[0].text


async def test_publishing_a_space_twice_is_refused(mcp: McpFactory) -> None:
    async with mcp() as client:
        listed = await client.call_tool("list_site_spaces", SITE)
        published = listed.structured_content["site_spaces"][0]
        again = await client.call_tool(
            "add_site_space",
            {**SITE, "space_id": published["space_id"], "section_id": published["section_id"]},
        )
        listed_after = await client.call_tool("list_site_spaces", SITE)
    assert again.is_error
    assert "already published" in again.content[0].text
    count = len(listed.structured_content["site_spaces"])
    assert len(listed_after.structured_content["site_spaces"]) == count


async def test_a_site_space_path_is_checked_and_a_path_change_suggests_a_redirect(
    mcp: McpFactory,
) -> None:
    async with mcp() as client:
        spaced = await client.call_tool(
            "update_site_space", {**SITE, "site_space_id": "ss_handbook", "path": "my handbook"}
        )
        before = await client.call_tool("list_site_spaces", SITE)
        old = next(
            s["path"] for s in before.structured_content["site_spaces"] if s["id"] == "ss_handbook"
        )
        moved = await client.call_tool(
            "update_site_space", {**SITE, "site_space_id": "ss_handbook", "path": "handbook-v2"}
        )
    assert spaced.is_error
    assert "not a site space path" in spaced.content[0].text
    assert not moved.is_error, moved.content[0].text
    assert f"source=/{old}" in moved.content[0].text
    assert "create_redirect" in moved.content[0].text
