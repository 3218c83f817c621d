"""``org_admin`` members: reads, role and SSO changes, ping, and what a reader is offered."""

from __future__ import annotations

import pytest

from gitbook_mcp.local import Store
from gitbook_mcp.local.seed.ids import ORG_ACME
from gitbook_mcp.local.seed.orgs import TEAM_WRITERS
from tests.unit.server.conftest import McpFactory
from tests.unit.server.tools.org_admin.support import ORG, TOOLSETS, member_role, result_text

pytestmark = pytest.mark.anyio


async def test_list_members_reads_a_member_their_spaces_and_teams(mcp: McpFactory) -> None:
    async with mcp("gb_local_admin", **TOOLSETS) as client:
        everyone = await client.call_tool("list_members", {**ORG, "limit": 100})
        one = await client.call_tool(
            "list_members", {**ORG, "method": "get", "user_id": "usr_editor"}
        )
        teams = await client.call_tool(
            "list_members", {**ORG, "method": "teams", "user_id": "usr_editor"}
        )
        spaces = await client.call_tool(
            "list_members", {**ORG, "method": "spaces", "user_id": "usr_reader"}
        )
        missing = await client.call_tool("list_members", {**ORG, "method": "spaces"})
    assert len(everyone.structured_content["members"]) == 6
    member = one.structured_content["members"][0]
    assert member == {
        "id": "usr_editor",
        "name": "Eddie Editor",
        "email": "eddie@acme.test",
        "role": "edit",
        "sso": False,
        "last_seen": member["last_seen"],
    }
    assert teams.structured_content["teams"] == [
        {"id": TEAM_WRITERS, "title": "Writers", "role": "owner"}
    ]
    assert spaces.structured_content["spaces"]
    assert all({"id", "title", "role"} <= set(s) for s in spaces.structured_content["spaces"])
    assert missing.is_error
    assert "spaces needs user_id" in result_text(missing)


async def test_write_member_changes_role_and_sso(mcp: McpFactory, store: Store) -> None:
    async with mcp("gb_local_admin", **TOOLSETS) as client:
        guest = await client.call_tool(
            "write_member", {**ORG, "method": "update", "user_id": "usr_sam", "role": "guest"}
        )
        sso = await client.call_tool(
            "write_member", {**ORG, "method": "set_sso", "user_id": "usr_sam"}
        )
        no_role = await client.call_tool(
            "write_member", {**ORG, "method": "update", "user_id": "usr_sam"}
        )
    assert guest.structured_content["member"]["role"] == "guest"
    assert member_role(store, "usr_sam") is None
    assert sso.structured_content["member"]["sso"] is True
    assert store.db.scalar(
        "SELECT sso FROM members WHERE org_id = ? AND user_id = 'usr_sam'", (ORG_ACME,)
    )
    assert no_role.is_error
    assert "update needs role" in result_text(no_role)


async def test_ping_needs_only_membership_but_role_changes_need_admin(
    mcp: McpFactory, store: Store
) -> None:
    seen = "SELECT last_seen_at FROM members WHERE org_id = ? AND user_id = 'usr_reader'"
    assert store.db.scalar(seen, (ORG_ACME,)) is None
    async with mcp("gb_local_reader", **TOOLSETS) as client:
        ping = await client.call_tool("write_member", {**ORG, "method": "ping"})
        refused = await client.call_tool(
            "write_member", {**ORG, "method": "update", "user_id": "usr_reader", "role": "admin"}
        )
    assert not ping.is_error
    assert ping.structured_content == {"seen": True}
    assert result_text(ping) == "Marked as seen now."  # the visitor claims are not echoed
    assert store.db.scalar(seen, (ORG_ACME,)) is not None
    assert refused.is_error
    assert "'admin' permission on organization org_acme" in result_text(refused)
    assert member_role(store, "usr_reader") == "read"


async def test_the_reader_is_offered_only_ping_and_join_among_writes(mcp: McpFactory) -> None:
    async with mcp("gb_local_reader", **TOOLSETS) as client:
        offered = {t.name for t in (await client.list_tools()).tools}
    assert offered == {
        "get_organization",
        "list_members",
        "write_member",
        "list_invites",
        "write_invite",
        "list_teams",
        "list_saml_providers",
        "list_fonts",
        "list_openapi_specs",
    }
