"""Scenario of ``change_requests``: open one, edit its pages (dry run, then for real), read it."""

from __future__ import annotations

from gitbook_mcp.local.seed.content import PAGE_INSTALL
from gitbook_mcp.local.seed.ids import SPACES
from tests.unit.server.reach import Caller

PROFILE = "live"
SPACE = SPACES["handbook"]


async def scenario(call: Caller) -> None:
    made = await call(
        "create_change_request", space_id=SPACE, subject="Flags", description="Document them."
    )
    cr = {"space_id": SPACE, "change_request_id": made["id"]}
    edit = {
        "op": "replace",
        "page_id": PAGE_INSTALL,
        "replacements": [{"find": "run it.", "replace": "run it as an admin."}],
    }
    dry = await call("edit_pages", **cr, edits=[edit], dry_run=True)
    assert dry["sent"] is False
    done = await call("edit_pages", **cr, edits=[edit], expected_revision=made["revision"])
    assert done["change_request"]["revision"] != made["revision"]
    changes = await call("get_change_request_changes", **cr, page_id=PAGE_INSTALL)
    assert "+Download the installer and run it as an admin." in changes["diff"]
