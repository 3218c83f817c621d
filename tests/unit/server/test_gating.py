"""Permission gating: the exact tools each demo token is offered, refusals, read-only mode,
and ``tools/list_changed`` when the offered set changes."""

from __future__ import annotations

from typing import Any

import pytest
from mcp.client import Client

from gitbook_mcp.local import Store
from gitbook_mcp.server.toolsets import Selection, build_tool_list
from tests.unit.server.conftest import McpFactory, confirmed, make_server

pytestmark = pytest.mark.anyio

READS = {
    "list_organizations",
    "list_spaces",
    "list_sites",
    "list_change_requests",
    "get_page_tree",
    "refresh_permissions",
    "list_toolsets",
    "enable_toolset",
    "search_content",
    "list_comments",
    "list_commenters",
    "get_page",
    "list_files",
    "list_backlinks",
    "check_links",
    "list_redirects",
    "list_site_spaces",
}
OPT_IN_READS = {
    "get_site",
    "list_site_sections",
    "list_site_mcp_servers",
    "get_space",
    "get_change_request",
    "list_space_permissions",
    "list_collections",
    "list_collection_permissions",
    "get_organization",
    "list_members",
    "list_invites",
    "list_teams",
    "list_saml_providers",
    "list_fonts",
    "list_openapi_specs",
    "resolve_url",
}
COMMENT_WRITES = {"post_comment", "reply_to_comment", "update_comment", "delete_comment"}
SITE_WRITES = {
    "create_redirect",
    "update_redirect",
    "delete_redirect",
    "add_site_space",
    "update_site_space",
    "move_site_space",
    "remove_site_space",
}
SITE_ADMIN_WRITES = {
    "write_site_section",
    "write_section_group",
    "write_site_mcp_server",
    "delete_site_item",
}
# Every member may mark itself seen (write_member: ping) and any token may join with an invite
# link (write_invite: join); the other methods of these tools are checked per call.
EVERYONE_WRITES = {"write_member", "write_invite"}
ORG_WRITES = EVERYONE_WRITES | {
    "update_organization",
    "write_team",
    "write_saml_provider",
    "write_font",
    "write_openapi_spec",
    "delete_org_item",
}
SPACE_WRITES = {"write_space", "write_space_permissions", "import_content", "delete_space_item"}
COLLECTION_ADMIN_WRITES = {"write_collection_permissions", "delete_collection_item"}
ADMIN_WRITES = (
    COMMENT_WRITES
    | SITE_WRITES
    | SITE_ADMIN_WRITES
    | ORG_WRITES
    | SPACE_WRITES
    | {"write_collection", "delete_redirects"}
)
EXPECTED = {
    "gb_local_admin": READS | OPT_IN_READS | ADMIN_WRITES | COLLECTION_ADMIN_WRITES,
    # The editor administers the second organization (Globex), which has a site of its own and
    # no collection: nothing to hold collection.admin on.
    "gb_local_editor": READS | OPT_IN_READS | ADMIN_WRITES,
    "gb_local_commenter": READS | OPT_IN_READS | COMMENT_WRITES | EVERYONE_WRITES,
    # The reader may edit one space (spc_changelog): the tools that need space.edit are offered,
    # and checked per space.
    "gb_local_reader": READS
    | OPT_IN_READS
    | COMMENT_WRITES
    | EVERYONE_WRITES
    | {"write_space", "import_content"},
}
SAMPLE_ARGS: dict[str, dict[str, Any]] = {
    "create_redirect": {
        "organization_id": "org_acme",
        "site_id": "site_docs",
        "source": "/x",
        "section_id": "sec_guides",
    },
    "delete_redirect": {
        "organization_id": "org_acme",
        "site_id": "site_docs",
        "redirect_id": "rd_1",
    },
    "add_site_space": {
        "organization_id": "org_acme",
        "site_id": "site_docs",
        "space_id": "spc_runbooks",
    },
}


@pytest.mark.parametrize("token", sorted(EXPECTED))
async def test_each_token_is_offered_exactly_its_tools(mcp: McpFactory, token: str) -> None:
    async with mcp(token, toolsets=("all",)) as client:
        offered = {t.name for t in (await client.list_tools()).tools}
    assert offered == EXPECTED[token]


@pytest.mark.parametrize("token", ["gb_local_commenter", "gb_local_reader"])
async def test_hidden_tools_are_refused_by_name(mcp: McpFactory, store: Store, token: str) -> None:
    before = store.db.scalar("SELECT COUNT(*) FROM site_redirects")
    async with mcp(token, toolsets=("all",)) as client:
        for name in sorted(SITE_WRITES & set(SAMPLE_ARGS)):
            result = await client.call_tool(name, SAMPLE_ARGS[name])
            assert result.is_error
            assert "not offered" in result.content[0].text
            assert "organization.admin" in result.content[0].text
    assert store.db.scalar("SELECT COUNT(*) FROM site_redirects") == before


async def test_offered_site_tools_are_still_checked_on_the_target_organization(
    mcp: McpFactory, store: Store
) -> None:
    before = store.db.scalar("SELECT COUNT(*) FROM site_redirects")
    async with mcp("gb_local_editor") as client:
        result = await client.call_tool("create_redirect", SAMPLE_ARGS["create_redirect"])
    assert result.is_error
    assert "'admin' permission on organization org_acme" in result.content[0].text
    assert store.db.scalar("SELECT COUNT(*) FROM site_redirects") == before


async def test_call_time_check_refuses_a_target_without_the_flag(
    mcp: McpFactory, store: Store
) -> None:
    before = store.db.scalar("SELECT COUNT(*) FROM comments")
    async with mcp("gb_local_reader") as client:
        refused = await client.call_tool(
            "post_comment", {"space_id": "spc_handbook", "markdown": "hi"}
        )
        allowed = await client.call_tool(
            "post_comment", {"space_id": "spc_changelog", "markdown": "hi"}
        )
    assert refused.is_error
    assert "'comment' permission on space spc_handbook" in refused.content[0].text
    assert not allowed.is_error
    assert store.db.scalar("SELECT COUNT(*) FROM comments") == before + 1


async def test_read_only_lists_no_tool_that_writes(mcp: McpFactory) -> None:
    async with mcp("gb_local_admin", toolsets=("all",), read_only=True) as client:
        tools = (await client.list_tools()).tools
    assert {t.name for t in tools} == READS | OPT_IN_READS
    assert all(t.annotations and t.annotations.read_only_hint for t in tools)


async def test_refresh_sends_list_changed_when_access_grows(store: Store) -> None:
    notifications: list[str] = []

    async def on_message(message: Any) -> None:
        method = getattr(getattr(message, "root", message), "method", None)
        if isinstance(method, str):
            notifications.append(method)

    server = make_server(store, "gb_local_reader")
    async with Client(server, cache=None, message_handler=on_message, mode="legacy") as client:
        before = {t.name for t in (await client.list_tools()).tools}
        with store.db.transaction():
            store.db.execute(
                "UPDATE members SET role = 'admin' WHERE org_id = 'org_acme' AND user_id = 'usr_reader'"
            )
        result = await client.call_tool("refresh_permissions", {})
        after = {t.name for t in (await client.list_tools()).tools}
    assert not result.is_error
    assert after - before == SITE_WRITES
    assert "notifications/tools/list_changed" in notifications


def test_the_permission_table_covers_every_writing_tool() -> None:
    from gitbook_mcp.server.calls.gating import permission_table

    tools = build_tool_list(Selection(toolsets=("all",)))
    table = {name for name, _, _, _ in permission_table(tools)}
    assert table == {t.name for t in tools if not t.read_only}


async def test_refresh_publishes_list_changed_on_the_2026_07_28_path(store: Store) -> None:
    import anyio

    server = make_server(store, "gb_local_reader")
    async with Client(server, cache=None, mode="2026-07-28") as client:
        await client.list_tools()
        async with client.listen(tools_list_changed=True) as subscription:
            with store.db.transaction():
                store.db.execute(
                    "UPDATE members SET role = 'admin' WHERE org_id = 'org_acme' AND user_id = 'usr_reader'"
                )
            result = await client.call_tool("refresh_permissions", {})
            with anyio.fail_after(5):
                event = await subscription.__anext__()
    assert not result.is_error
    assert "ToolsListChanged" in type(event).__name__


@pytest.mark.parametrize(
    ("tool", "arguments"),
    [
        ("delete_space_item", {"kind": "space", "space_id": "spc_runbooks"}),
        ("delete_org_item", {"organization_id": "org_acme", "kind": "team", "id": "team_support"}),
    ],
)
async def test_deleting_twice_answers_already_gone(
    mcp: McpFactory, tool: str, arguments: dict[str, str]
) -> None:
    # The call-time check cannot read what is gone; the delete then answers for itself.
    async with mcp("gb_local_admin", toolsets=("all",)) as client:
        first = await confirmed(client, tool, arguments)
        second = await client.call_tool(tool, arguments)
    assert first.structured_content == {"deleted": True}
    assert not second.is_error
    assert second.structured_content == {"deleted": False}
