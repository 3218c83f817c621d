"""Scenario of ``site_spaces``: list, add, update, move, remove."""

from __future__ import annotations

from gitbook_mcp.local.seed.ids import ORG_ACME, SITE_DOCS, SPACES
from gitbook_mcp.local.seed.sites import SECTION_GUIDES, SITE_SPACE_HANDBOOK
from tests.unit.server.reach import Caller

SITE = {"organization_id": ORG_ACME, "site_id": SITE_DOCS}


async def scenario(call: Caller) -> None:
    assert (await call("list_site_spaces", **SITE))["site_spaces"]
    added = await call(
        "add_site_space", **SITE, space_id=SPACES["runbooks"], section_id=SECTION_GUIDES
    )
    await call("update_site_space", **SITE, site_space_id=added["id"], path="runbooks")
    await call("move_site_space", **SITE, site_space_id=added["id"], before=SITE_SPACE_HANDBOOK)
    await call("remove_site_space", **SITE, site_space_id=added["id"])
