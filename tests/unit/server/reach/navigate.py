"""Scenario of ``navigate``: organizations, spaces (of an organization and of a collection),
sites, change requests and page trees, and refreshing permissions."""

from __future__ import annotations

from gitbook_mcp.local.seed.content import CR_INSTALL
from gitbook_mcp.local.seed.ids import COLLECTIONS, ORG_ACME, SITE_DOCS, SPACES
from tests.unit.server.reach import Caller


async def scenario(call: Caller) -> None:
    orgs = await call("list_organizations")
    assert ORG_ACME in {o["id"] for o in orgs["organizations"]}
    spaces = await call("list_spaces", organization_id=ORG_ACME)
    assert SPACES["changelog"] in {s["id"] for s in spaces["spaces"]}
    in_guides = await call("list_spaces", collection_id=COLLECTIONS["guides"])
    assert [s["id"] for s in in_guides["spaces"]] == [SPACES["handbook"]]
    sites = await call("list_sites", organization_id=ORG_ACME)
    assert SITE_DOCS in {s["id"] for s in sites["sites"]}
    crs = await call("list_change_requests", space_id=SPACES["handbook"])
    assert CR_INSTALL in {c["id"] for c in crs["change_requests"]}
    published = await call("get_page_tree", space_id=SPACES["handbook"])
    in_cr = await call("get_page_tree", space_id=SPACES["handbook"], change_request_id=CR_INSTALL)
    assert published["pages"]
    assert in_cr["pages"] != published["pages"]
    await call("refresh_permissions")
    toolsets = await call("list_toolsets")
    assert {t["id"] for t in toolsets["toolsets"]} >= {"navigate", "spaces"}
    await call("enable_toolset", toolset="spaces")
