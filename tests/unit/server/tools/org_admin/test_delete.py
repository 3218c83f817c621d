"""``org_admin`` deletions: idempotent, checked per kind."""

from __future__ import annotations

import pytest

from gitbook_mcp.local import Store
from gitbook_mcp.local.seed.orgs import FONT_BRAND, INVITE_EDIT, SPEC_INTERNAL, TEAM_SUPPORT
from tests.unit.server.conftest import McpFactory
from tests.unit.server.tools.org_admin.support import ORG, TOOLSETS, count, member_role, result_text

pytestmark = pytest.mark.anyio


async def test_delete_org_item_is_idempotent_and_checked_per_kind(
    mcp: McpFactory, store: Store
) -> None:
    async with mcp("gb_local_admin", **TOOLSETS) as client:
        first = await client.call_tool(
            "delete_org_item", {**ORG, "kind": "invite_link", "id": INVITE_EDIT}
        )
        again = await client.call_tool(
            "delete_org_item", {**ORG, "kind": "invite_link", "id": INVITE_EDIT}
        )
        member = await client.call_tool(
            "delete_org_item", {**ORG, "kind": "member", "id": "usr_sam"}
        )
        spec = await client.call_tool(
            "delete_org_item", {**ORG, "kind": "openapi_spec", "id": SPEC_INTERNAL}
        )
        no_team = await client.call_tool(
            "delete_org_item", {**ORG, "kind": "team_member", "id": "usr_dana"}
        )
    assert first.structured_content == {"deleted": True}
    assert again.structured_content == {"deleted": False}
    assert result_text(again).startswith("Nothing deleted: nothing by that id here")
    assert member.structured_content == {"deleted": True}
    assert member_role(store, "usr_sam") is None
    assert not store.db.scalar("SELECT 1 FROM members WHERE user_id = 'usr_sam'")
    assert spec.structured_content == {"deleted": True}
    assert no_team.is_error
    assert "team_member needs team_id" in result_text(no_team)

    fonts = count(store, "custom_fonts")
    async with mcp("gb_local_editor", **TOOLSETS) as client:
        font = await client.call_tool("delete_org_item", {**ORG, "kind": "font", "id": FONT_BRAND})
        team = await client.call_tool(
            "delete_org_item", {**ORG, "kind": "team", "id": TEAM_SUPPORT}
        )
    assert font.is_error
    assert "'admin' permission on organization org_acme" in result_text(font)
    assert count(store, "custom_fonts") == fonts
    assert team.is_error
    assert "'admin' permission on team team_support" in result_text(team)
    assert store.db.scalar("SELECT 1 FROM teams WHERE id = ?", (TEAM_SUPPORT,))
