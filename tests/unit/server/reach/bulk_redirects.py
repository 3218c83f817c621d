"""Scenario of ``bulk_redirects``: delete several redirects at once, confirmed."""

from __future__ import annotations

from gitbook_mcp.local.seed.ids import ORG_ACME, SITE_DOCS
from gitbook_mcp.local.seed.sites import SECTION_API
from tests.unit.server.reach import Caller

PROFILE = "live"
SITE = {"organization_id": ORG_ACME, "site_id": SITE_DOCS}


async def scenario(call: Caller) -> None:
    made = [
        await call("create_redirect", **SITE, source=f"/gone/{n}", section_id=SECTION_API)
        for n in range(2)
    ]
    ids = [m["id"] for m in made]
    gone = await call("delete_redirects", **SITE, redirect_ids=ids)
    assert [d.rsplit("[", 1)[1].rstrip("]") for d in gone["deleted"]] == ids
