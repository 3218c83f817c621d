"""The ``org_admin`` tools for people: the organization, members, invites and teams (reads,
each write's effect, missing arguments, permission checks per method)."""

from __future__ import annotations

import json

import pytest

from gitbook_mcp.local import Store
from gitbook_mcp.local.seed.ids import COLLECTIONS, ORG_ACME, ORG_GLOBEX, SITE_DOCS, SPACES
from gitbook_mcp.local.seed.orgs import (
    INVITE_EDIT,
    INVITE_READ,
    TEAM_SUPPORT,
    TEAM_WRITERS,
)
from tests.unit.server.conftest import McpFactory
from tests.unit.server.org_support import ORG, TOOLSETS, count, member_role, result_text

pytestmark = pytest.mark.anyio


async def test_get_organization_by_id_or_email_domain(mcp: McpFactory) -> None:
    async with mcp("gb_local_admin", **TOOLSETS) as client:
        one = await client.call_tool("get_organization", ORG)
        by_domain = await client.call_tool("get_organization", {"email_domain": "GLOBEX.test"})
        neither = await client.call_tool("get_organization", {})
    org = one.structured_content["organizations"][0]
    assert org["title"] == "Acme Docs"
    assert org["email_domains"] == ["acme.test"]
    assert org["default_role"] == "read"
    assert org["invite_links"] is True
    assert "permissions" not in org
    assert "urls" not in org
    assert "Acme Docs [org_acme]: pro" in result_text(one)
    assert [o["id"] for o in by_domain.structured_content["organizations"]] == [ORG_GLOBEX]
    assert neither.is_error
    assert "organization_id or email_domain" in result_text(neither)


async def test_update_organization_writes_settings_and_clears_with_empty(
    mcp: McpFactory, store: Store
) -> None:
    async with mcp("gb_local_admin", **TOOLSETS) as client:
        set_ = await client.call_tool(
            "update_organization",
            {**ORG, "default_role": "guest", "default_site": SITE_DOCS, "invite_links": False},
        )
        cleared = await client.call_tool("update_organization", {**ORG, "default_site": ""})
        nothing = await client.call_tool("update_organization", ORG)
    assert set_.structured_content["default_role"] == "guest"
    assert set_.structured_content["default_site"] == SITE_DOCS
    assert set_.structured_content["invite_links"] is False
    assert "default_site" not in cleared.structured_content
    data = json.loads(store.db.scalar("SELECT data FROM organizations WHERE id = ?", (ORG_ACME,)))
    assert data["defaultRole"] is None
    assert data["inviteLinks"] is False
    assert "defaultContent" not in data
    assert nothing.is_error
    assert "Nothing to change" in result_text(nothing)


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
