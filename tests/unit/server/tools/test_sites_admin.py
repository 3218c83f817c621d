"""The ``sites_admin`` toolset: a site's details, sections, groups and MCP servers."""

from __future__ import annotations

import pytest

from gitbook_mcp.local import Store
from gitbook_mcp.local.seed.ids import ORG_ACME, ORG_GLOBEX, SITE_DOCS, SPACES
from gitbook_mcp.local.seed.sites import (
    GROUP_REFERENCE,
    MCP_ACME_TOOLS,
    SECTION_API,
    SECTION_GUIDES,
    SITE_GLOBEX,
)
from tests.unit.server.conftest import McpFactory

pytestmark = pytest.mark.anyio

SITE = {"organization_id": ORG_ACME, "site_id": SITE_DOCS}
TOOLSETS = {"toolsets": ("sites_admin",)}


async def test_get_site_is_compact(mcp: McpFactory) -> None:
    async with mcp(**TOOLSETS) as client:
        result = await client.call_tool("get_site", SITE)
    site = result.structured_content
    assert site["id"] == SITE_DOCS
    assert site["site_spaces"] >= 1
    assert "urls" not in site
    assert "permissions" not in site


async def test_sections_and_groups_are_listed(mcp: McpFactory) -> None:
    async with mcp(**TOOLSETS) as client:
        sections = await client.call_tool("list_site_sections", SITE)
        groups = await client.call_tool("list_site_sections", {**SITE, "method": "groups"})
    by_id = {s["id"]: s for s in sections.structured_content["sections"]}
    assert {SECTION_GUIDES, SECTION_API} <= set(by_id)
    assert by_id[SECTION_API]["group_id"] == GROUP_REFERENCE
    assert groups.structured_content["groups"] == [
        {"id": GROUP_REFERENCE, "title": "Reference", "sections": [SECTION_API]}
    ]


async def test_add_and_rename_a_section(mcp: McpFactory, store: Store) -> None:
    async with mcp(**TOOLSETS) as client:
        added = await client.call_tool(
            "write_site_section",
            {**SITE, "method": "add", "space_id": SPACES["runbooks"], "title": "Ops"},
        )
        assert not added.is_error, added.content
        section_id = added.structured_content["id"]
        renamed = await client.call_tool(
            "write_site_section",
            {**SITE, "method": "update", "section_id": section_id, "title": "Operations"},
        )
    assert not renamed.is_error
    title = store.db.scalar("SELECT title FROM site_sections WHERE id = ?", (section_id,))
    assert title == "Operations"


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"method": "add"}, "add needs space_id"),
        ({"method": "update", "title": "x"}, "update needs section_id"),
        ({"method": "update", "section_id": SECTION_API}, "Nothing to change"),
        ({"method": "move", "section_id": SECTION_API}, "exactly one of before or after"),
    ],
)
async def test_section_writes_name_what_is_missing(
    mcp: McpFactory, arguments: dict[str, str], message: str
) -> None:
    async with mcp(**TOOLSETS) as client:
        result = await client.call_tool("write_site_section", {**SITE, **arguments})
    assert result.is_error
    assert message in result.content[0].text


async def test_group_membership_round_trip(mcp: McpFactory, store: Store) -> None:
    async with mcp(**TOOLSETS) as client:
        group = await client.call_tool(
            "write_section_group", {**SITE, "method": "add", "title": "More"}
        )
        group_id = group.structured_content["group"]["id"]
        await client.call_tool(
            "write_section_group",
            {**SITE, "method": "add_section", "group_id": group_id, "section_id": SECTION_GUIDES},
        )
        grouped = store.db.scalar(
            "SELECT group_id FROM site_sections WHERE id = ?", (SECTION_GUIDES,)
        )
        removed = await client.call_tool(
            "write_section_group",
            {
                **SITE,
                "method": "remove_section",
                "group_id": group_id,
                "section_id": SECTION_GUIDES,
            },
        )
    assert grouped == group_id
    assert removed.structured_content == {"removed": True}
    assert (
        store.db.scalar("SELECT group_id FROM site_sections WHERE id = ?", (SECTION_GUIDES,))
        is None
    )


async def test_mcp_server_header_values_are_never_shown(mcp: McpFactory) -> None:
    async with mcp(**TOOLSETS) as client:
        created = await client.call_tool(
            "write_site_mcp_server",
            {
                **SITE,
                "method": "create",
                "name": "Status",
                "url": "https://status.example.test/mcp",
                "headers": {"X-Api-Key": "s3cr3t-value"},
            },
        )
        listed = await client.call_tool("list_site_mcp_servers", SITE)
    assert created.structured_content["headers"] == ["X-Api-Key"]
    assert "s3cr3t-value" not in created.model_dump_json()
    assert "s3cr3t-value" not in listed.model_dump_json()
    assert MCP_ACME_TOOLS in {s["id"] for s in listed.structured_content["servers"]}


async def test_delete_is_idempotent(mcp: McpFactory, store: Store) -> None:
    async with mcp(**TOOLSETS) as client:
        args = {**SITE, "kind": "mcp_server", "id": MCP_ACME_TOOLS}
        first = await client.call_tool("delete_site_item", args)
        second = await client.call_tool("delete_site_item", args)
    assert first.structured_content == {"deleted": True}
    assert second.structured_content == {"deleted": False}
    assert (
        store.db.scalar("SELECT COUNT(*) FROM site_mcp_servers WHERE id = ?", (MCP_ACME_TOOLS,))
        == 0
    )


async def test_writes_need_admin_of_the_site_organization(mcp: McpFactory, store: Store) -> None:
    # The editor administers Globex (so the tools are offered) but only edits in Acme.
    before = store.db.scalar("SELECT COUNT(*) FROM site_sections")
    async with mcp("gb_local_editor", **TOOLSETS) as client:
        offered = {t.name for t in (await client.list_tools()).tools}
        refused = await client.call_tool(
            "write_site_section", {**SITE, "method": "add", "space_id": SPACES["runbooks"]}
        )
        own = await client.call_tool(
            "list_site_sections", {"organization_id": ORG_GLOBEX, "site_id": SITE_GLOBEX}
        )
    assert {"write_site_section", "delete_site_item"} <= offered
    assert refused.is_error
    assert "'admin' permission on organization org_acme" in refused.content[0].text
    assert not own.is_error
    assert store.db.scalar("SELECT COUNT(*) FROM site_sections") == before


async def test_a_commenter_is_offered_only_the_reads(mcp: McpFactory) -> None:
    async with mcp("gb_local_commenter", **TOOLSETS) as client:
        offered = {t.name for t in (await client.list_tools()).tools}
    assert offered == {"get_site", "list_site_sections", "list_site_mcp_servers"}
