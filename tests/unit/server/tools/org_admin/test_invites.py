"""``org_admin`` invites: by email, invite links, and joining with one."""

from __future__ import annotations

import pytest

from gitbook_mcp.local import Store
from gitbook_mcp.local.seed.ids import COLLECTIONS, SPACES
from gitbook_mcp.local.seed.orgs import INVITE_EDIT, INVITE_READ
from tests.unit.server.conftest import McpFactory
from tests.unit.server.tools.org_admin.support import ORG, TOOLSETS, count, member_role, result_text

pytestmark = pytest.mark.anyio


async def test_invites_by_email_and_invite_links(mcp: McpFactory, store: Store) -> None:
    async with mcp("gb_local_admin", **TOOLSETS) as client:
        invited = await client.call_tool(
            "write_invite",
            {**ORG, "method": "invite_users", "emails": ["new@acme.test"], "role": "comment"},
        )
        org_link = await client.call_tool(
            "write_invite", {**ORG, "method": "create_link", "role": "guest"}
        )
        col_link = await client.call_tool(
            "write_invite",
            {
                **ORG,
                "method": "create_link",
                "role": "edit",
                "collection_id": COLLECTIONS["internal"],
            },
        )
        col_id = col_link.structured_content["link"]["id"]
        updated = await client.call_tool(
            "write_invite", {**ORG, "method": "update_link", "invite_id": col_id, "role": "read"}
        )
        listed = await client.call_tool("list_invites", ORG)
        no_emails = await client.call_tool("write_invite", {**ORG, "method": "invite_users"})
        both = await client.call_tool(
            "write_invite",
            {
                **ORG,
                "method": "create_link",
                "role": "read",
                "space_id": SPACES["api"],
                "collection_id": COLLECTIONS["internal"],
            },
        )
    assert invited.structured_content["invited"] == 1
    user_id = invited.structured_content["users"][0]
    assert member_role(store, user_id) == "comment"
    assert org_link.structured_content["link"]["role"] == "guest"
    assert col_link.structured_content["link"]["target"] == "collection"
    assert updated.structured_content["link"] == {
        "id": col_id,
        "role": "read",
        "target": "collection",
        "target_id": COLLECTIONS["internal"],
        "redundant": False,
    }
    assert store.db.scalar("SELECT role FROM org_invite_links WHERE id = ?", (col_id,)) == "read"
    ids = {link["id"] for link in listed.structured_content["links"]}
    assert {INVITE_READ, INVITE_EDIT, org_link.structured_content["link"]["id"]} <= ids
    assert no_emails.is_error
    assert "invite_users needs emails" in result_text(no_emails)
    assert both.is_error
    assert "not both" in result_text(both)


async def test_join_with_a_link_needs_no_flag_but_links_need_admin(
    mcp: McpFactory, store: Store
) -> None:
    async with mcp("gb_local_admin", **TOOLSETS) as client:
        link = await client.call_tool(
            "write_invite",
            {**ORG, "method": "create_link", "role": "edit", "space_id": SPACES["api"]},
        )
    invite_id = link.structured_content["link"]["id"]
    links_before = count(store, "org_invite_links")
    grant = (
        "SELECT role FROM grants WHERE target_kind = 'space' AND target_id = ? "
        "AND principal_kind = 'user' AND principal_id = 'usr_reader'"
    )
    assert store.db.scalar(grant, (SPACES["api"],)) is None
    async with mcp("gb_local_reader", **TOOLSETS) as client:
        joined = await client.call_tool(
            "write_invite", {**ORG, "method": "join", "invite_id": invite_id}
        )
        refused = await client.call_tool(
            "write_invite", {**ORG, "method": "create_link", "role": "admin"}
        )
    assert not joined.is_error, result_text(joined)
    assert joined.structured_content == {"joined": True}
    assert store.db.scalar(grant, (SPACES["api"],)) == "edit"
    assert refused.is_error
    assert "'admin' permission on organization org_acme" in result_text(refused)
    assert count(store, "org_invite_links") == links_before
