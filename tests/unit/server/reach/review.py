"""Scenario of ``review``: reviewers, reviews, update from main and merge of a change request."""

from __future__ import annotations

from gitbook_mcp.local.seed.content import CR_INSTALL
from gitbook_mcp.local.seed.ids import SPACES
from tests.unit.server.reach import Caller

PROFILE = "live"
CR = {"space_id": SPACES["handbook"], "change_request_id": CR_INSTALL}


async def scenario(call: Caller) -> None:
    asked = await call("request_reviewers", **CR, user_ids=["usr_sam"])
    assert "usr_sam" in [p["id"] for p in asked["requested"]]
    await call("request_reviewers", **CR, user_ids=["usr_sam"], remove=True)
    done = await call("submit_review", **CR, status="approved", comment="Looks right.")
    assert done["status"] == "approved"
    state = await call("list_reviews", **CR)
    assert state["reviews"]
    assert (await call("update_change_request", **CR))["result"] in {"update", "conflicts"}
    assert (await call("update_change_request", **CR, status="draft"))["result"] == "draft"
    assert (await call("update_change_request", **CR, status="open"))["result"] == "open"
    assert (await call("merge_change_request", **CR))["result"] in {"merge", "conflicts"}
