"""Scenario of ``fixes``: plan fixes of a change request's broken links, apply them, a redirect."""

from __future__ import annotations

from gitbook_mcp.local.seed.content import CR_INSTALL
from gitbook_mcp.local.seed.ids import SPACES
from tests.unit.server.reach import Caller

PROFILE = "live"
SPACE = SPACES["handbook"]


async def scenario(call: Caller) -> None:
    plan = await call("fix_links", space_id=SPACE, change_request_id=CR_INSTALL)
    assert plan["fixes"]
    ids = [f["id"] for f in plan["fixes"]]
    done = await call(
        "fix_links", space_id=SPACE, change_request_id=CR_INSTALL, apply=True, fixes=ids
    )
    assert done["applied"] == ids
    opened = await call("fix_links", space_id=SPACE, apply=True, min_confidence=0)
    assert opened["change_request_id"] != CR_INSTALL
    ends = await call("resolve_url", url="https://acme.gitbook.io/docs/getting-started/install")
    assert (ends["page_id"], ends.get("via", [])) == ("pg_install", [])
