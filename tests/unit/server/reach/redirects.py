"""Scenario of ``redirects``: list, resolve, create, update, delete."""

from __future__ import annotations

from gitbook_mcp.local.seed.ids import ORG_ACME, SITE_DOCS
from gitbook_mcp.local.seed.sites import SECTION_API, SITE_SPACE_HANDBOOK
from tests.unit.server.reach import Caller

SITE = {"organization_id": ORG_ACME, "site_id": SITE_DOCS}


async def scenario(call: Caller) -> None:
    listed = await call("list_redirects", **SITE)
    source = listed["redirects"][0]["source"]
    assert (await call("list_redirects", **SITE, source=source))["redirects"][0]["source"] == source
    made = await call("create_redirect", **SITE, source="/old/guide", section_id=SECTION_API)
    await call("update_redirect", **SITE, redirect_id=made["id"], site_space_id=SITE_SPACE_HANDBOOK)
    assert (await call("delete_redirect", **SITE, redirect_id=made["id"]))["deleted"] is True
