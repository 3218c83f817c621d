"""Issue 11 §6, journey 2, end to end over stdio in the live profile: an editor drafts a change
request; a reviewer reads what it changed, posts a comment on the page and submits a review."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.e2e.test_process import stdio_client
from tests.support.fenced import unfenced

pytestmark = [pytest.mark.anyio, pytest.mark.slow]

SPACE = {"space_id": "spc_handbook"}
PAGE = "pg_configure"
OLD = "before running."
NEW = "before running, or pass the token flag."
TOOLSETS = ("--toolsets", "default,change_requests,review", "--profile", "live")


async def _ok(client: Any, name: str, **arguments: Any) -> dict[str, Any]:
    result = await client.call_tool(name, arguments)
    assert not result.is_error, f"{name}: {result.content}"
    data: dict[str, Any] = result.structured_content
    return data


async def _draft(db: Path) -> dict[str, Any]:
    async with stdio_client(db, *TOOLSETS, token="gb_local_editor") as editor:
        cr = await _ok(editor, "create_change_request", **SPACE, subject="Document --token")
        edit = {"op": "replace", "page_id": PAGE, "replacements": [{"find": OLD, "replace": NEW}]}
        ref = {**SPACE, "change_request_id": cr["id"]}
        await _ok(editor, "edit_pages", **ref, edits=[edit], expected_revision=cr["revision"])
    return ref


async def test_a_review_reads_the_changes_comments_and_submits(tmp_path: Path) -> None:
    db = tmp_path / "local.db"
    cr = await _draft(db)
    async with stdio_client(db, *TOOLSETS, token="gb_local_admin") as reviewer:
        changes = await _ok(reviewer, "get_change_request_changes", **cr)
        comment = "Say which of the two wins when both are set."
        await _ok(reviewer, "post_comment", **cr, page_id=PAGE, markdown=comment)
        review = await _ok(
            reviewer,
            "submit_review",
            **cr,
            status="changes-requested",
            comment="One question on the configure page.",
        )
        state = await _ok(reviewer, "list_reviews", **cr)
        thread = await _ok(reviewer, "list_comments", **cr, status="all")
    assert [(c["kind"], c["id"]) for c in changes["changes"]] == [("page_edited", PAGE)]
    lines = unfenced(changes["diff"]).splitlines()
    removed, added = [line for line in lines[2:] if line[:1] in "+-"]
    # One line of the page's markdown changes, only by the replaced words (the rest of the line,
    # its code and its link, is rendered the same on both sides).
    assert removed.startswith("-Set ")
    assert OLD in removed
    assert added == "+" + removed[1:].replace(OLD, NEW)
    assert "spec sheet" in added
    assert review["status"] == "changes-requested"
    assert [(r["id"], r["detail"]) for r in state["reviews"]] == [
        ("usr_admin", "changes-requested")
    ]
    assert any(comment in str(c) for c in thread["comments"])
