"""Scenario of ``bulk_redirects``: delete several redirects at once, confirmed."""

from __future__ import annotations

from gitbook_mcp.local.seed.ids import ORG_ACME, SITE_DOCS
from gitbook_mcp.local.seed.sites import SECTION_API
from tests.unit.server.reach import Caller

PROFILE = "seed"  # one delete at a time: a seeded source need not match the live pattern
SITE = {"organization_id": ORG_ACME, "site_id": SITE_DOCS}


async def scenario(call: Caller) -> None:
    made = [
        await call("create_redirect", **SITE, source=f"/gone/{n}", section_id=SECTION_API)
        for n in range(2)
    ]
    ids = [m["id"] for m in made]
    gone = await call("delete_redirects", **SITE, redirect_ids=ids)
    assert [d.rsplit("[", 1)[1].rstrip("]") for d in gone["deleted"]] == ids
    # The site's last redirect by source as well: someone else's text in the list confirmed.
    listed = await call("list_redirects", **SITE)
    last = max(listed["redirects"], key=lambda r: r["source"])["id"]
    again = await call("delete_redirects", **SITE, redirect_ids=[last])
    assert [d.rsplit("[", 1)[1].rstrip("]") for d in again["deleted"]] == [last]
