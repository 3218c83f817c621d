"""Scenario of ``sites_admin``: a site, its sections and groups, its MCP servers."""

from __future__ import annotations

from gitbook_mcp.local.seed.ids import ORG_ACME, SITE_DOCS, SPACES
from gitbook_mcp.local.seed.sites import GROUP_REFERENCE, MCP_ACME_TOOLS, SECTION_API
from tests.unit.server.reach import Caller

SITE = {"organization_id": ORG_ACME, "site_id": SITE_DOCS}


async def scenario(call: Caller) -> None:
    site = await call("get_site", **SITE)
    assert site["id"] == SITE_DOCS

    sections = await call("list_site_sections", **SITE)
    assert SECTION_API in {s["id"] for s in sections["sections"]}
    groups = await call("list_site_sections", **SITE, method="groups")
    assert groups["groups"][0]["id"] == GROUP_REFERENCE

    added = await call("write_site_section", **SITE, method="add", space_id=SPACES["runbooks"])
    new = added["id"]
    await call("write_site_section", **SITE, method="update", section_id=new, title="Runbooks")
    await call("write_site_section", **SITE, method="move", section_id=new, before=SECTION_API)

    group = await call("write_section_group", **SITE, method="add", title="Ops")
    gid = group["group"]["id"]
    await call("write_section_group", **SITE, method="update", group_id=gid, title="Operations")
    await call("write_section_group", **SITE, method="add_section", group_id=gid, section_id=new)
    await call("write_section_group", **SITE, method="move", group_id=gid, after=GROUP_REFERENCE)
    removed = await call(
        "write_section_group", **SITE, method="remove_section", group_id=gid, section_id=new
    )
    assert removed["removed"] is True

    one = await call("list_site_mcp_servers", **SITE, server_id=MCP_ACME_TOOLS)
    assert one["servers"][0]["id"] == MCP_ACME_TOOLS
    await call("list_site_mcp_servers", **SITE)
    server = await call(
        "write_site_mcp_server",
        **SITE,
        method="create",
        name="Status",
        url="https://status.example.test/mcp",
        headers={"Authorization": "Bearer secret"},
    )
    assert server["headers"] == ["Authorization"]
    await call("write_site_mcp_server", **SITE, method="update", server_id=server["id"], name="S")

    for kind, ident in (("mcp_server", server["id"]), ("group", gid), ("section", new)):
        assert (await call("delete_site_item", **SITE, kind=kind, id=ident))["deleted"] is True
