"""``org_admin`` teams: create, rename, members, and what a team owner may do."""

from __future__ import annotations

import pytest

from gitbook_mcp.local import Store
from gitbook_mcp.local.seed.orgs import TEAM_SUPPORT, TEAM_WRITERS
from tests.unit.server.conftest import McpFactory
from tests.unit.server.tools.org_admin.support import ORG, TOOLSETS, result_text

pytestmark = pytest.mark.anyio


async def test_teams_create_rename_and_members(mcp: McpFactory, store: Store) -> None:
    async with mcp("gb_local_admin", **TOOLSETS) as client:
        created = await client.call_tool(
            "write_team", {**ORG, "method": "create", "title": "Ops", "add": ["usr_sam"]}
        )
        tid = created.structured_content["id"]
        renamed = await client.call_tool(
            "write_team", {**ORG, "method": "update", "team_id": tid, "title": "Operations"}
        )
        changed = await client.call_tool(
            "write_team",
            {
                **ORG,
                "method": "set_members",
                "team_id": tid,
                "add": ["dana@acme.test"],
                "remove": ["usr_sam"],
            },
        )
        owner = await client.call_tool(
            "write_team",
            {
                **ORG,
                "method": "add_member",
                "team_id": tid,
                "user_id": "usr_reader",
                "role": "owner",
            },
        )
        roster = await client.call_tool("list_teams", {**ORG, "method": "members", "team_id": tid})
        found = await client.call_tool("list_teams", {**ORG, "title": "oper"})
        empty = await client.call_tool(
            "write_team", {**ORG, "method": "set_members", "team_id": tid}
        )
        no_team = await client.call_tool("write_team", {**ORG, "method": "update", "title": "X"})
    assert created.structured_content["members"] == 1
    assert renamed.structured_content["title"] == "Operations"
    assert store.db.scalar("SELECT title FROM teams WHERE id = ?", (tid,)) == "Operations"
    assert changed.structured_content["members"] == 1
    assert owner.structured_content["members"] == 2
    assert roster.structured_content["members"] == [
        {"id": "usr_reader", "name": "Reed Reader", "role": "owner"},
        {"id": "usr_dana", "name": "Dana Docs", "role": "member"},
    ]
    assert [t["id"] for t in found.structured_content["teams"]] == [tid]
    assert empty.is_error
    assert "add or remove" in result_text(empty)
    assert no_team.is_error
    assert "update needs team_id" in result_text(no_team)


async def test_a_team_owner_manages_their_team_only(mcp: McpFactory, store: Store) -> None:
    async with mcp("gb_local_editor", **TOOLSETS) as client:
        own = await client.call_tool(
            "write_team",
            {**ORG, "method": "update", "team_id": TEAM_WRITERS, "title": "Authors"},
        )
        other = await client.call_tool(
            "write_team",
            {**ORG, "method": "update", "team_id": TEAM_SUPPORT, "title": "Helpdesk"},
        )
        create = await client.call_tool("write_team", {**ORG, "method": "create", "title": "Mine"})
        removed = await client.call_tool(
            "delete_org_item",
            {**ORG, "kind": "team_member", "id": "usr_dana", "team_id": TEAM_WRITERS},
        )
    assert not own.is_error, result_text(own)
    assert store.db.scalar("SELECT title FROM teams WHERE id = ?", (TEAM_WRITERS,)) == "Authors"
    assert other.is_error
    assert "'admin' permission on team team_support" in result_text(other)
    assert store.db.scalar("SELECT title FROM teams WHERE id = ?", (TEAM_SUPPORT,)) == "Support"
    assert create.is_error
    assert "'ownTeam' permission on organization org_acme" in result_text(create)
    assert removed.structured_content == {"deleted": True}
