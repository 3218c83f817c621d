"""Issue 34 §5: an edit that renames a heading names the links that point at it and the one
call that updates them; that call (fix_links at confidence 1) follows the rename, and leaves no
broken anchor behind."""

from __future__ import annotations

from typing import Any

import pytest

from gitbook_mcp.api import Profile
from gitbook_mcp.local.seed.cloud import PAGE_CLOUD_OVERVIEW, PAGE_CLOUD_QUICKSTART
from gitbook_mcp.local.seed.ids import SPACES
from tests.unit.server.conftest import McpFactory

pytestmark = pytest.mark.anyio

SPACE = SPACES["cloud"]
TOOLSETS = ("change_requests", "links", "fixes")
# The demo's overview has "## Tokens"; the quickstart links to #tokens twice (a hint, a table),
# and troubleshooting still links to #access-tokens, the heading's older name.
RENAME = {
    "op": "replace",
    "page_id": PAGE_CLOUD_OVERVIEW,
    "replacements": [{"find": "Tokens", "replace": "Access tokens"}],
}


@pytest.fixture
def profile() -> Profile:
    return "live"


async def _ok(client: Any, name: str, **args: Any) -> tuple[dict[str, Any], str]:
    result = await client.call_tool(name, args)
    text = result.content[0].text
    assert not result.is_error, text
    return result.structured_content, text


async def test_a_renamed_heading_offers_its_links_update_and_the_update_leaves_none_broken(
    mcp: McpFactory,
) -> None:
    async with mcp("gb_local_admin", toolsets=TOOLSETS, profile="live") as client:
        made, _ = await _ok(client, "create_change_request", space_id=SPACE, subject="Rename")
        cr = {"space_id": SPACE, "change_request_id": made["id"]}
        dry, dry_text = await _ok(client, "edit_pages", **cr, edits=[RENAME], dry_run=True)
        done, text = await _ok(client, "edit_pages", **cr, edits=[RENAME])
        before, _ = await _ok(client, "check_links", **cr)
        call = "fix_links(space_id={space_id}, change_request_id={change_request_id}, apply=true, "
        assert (call.format(**cr) + "min_confidence=1)") in text
        fixed, _ = await _ok(client, "fix_links", **cr, apply=True, min_confidence=1)
        after, _ = await _ok(client, "check_links", **cr)
        page, _ = await _ok(client, "check_links", **cr, page_id=PAGE_CLOUD_QUICKSTART)
    [renamed] = done["renamed_headings"]
    assert (renamed["old_anchor"], renamed["new_anchor"]) == ("tokens", "access-tokens")
    assert renamed["links"] == [
        f"quickstart [{PAGE_CLOUD_QUICKSTART}]: API token",
        f"quickstart [{PAGE_CLOUD_QUICKSTART}]: Overview",
    ]
    assert dry["renamed_headings"] == done["renamed_headings"]
    assert "Once applied, update them in one call: " in dry_text
    assert before["by_kind"].get("anchor") == 2  # the two links to #tokens broke
    assert len(fixed["applied"]) == 2
    assert "anchor" not in after["by_kind"]  # #access-tokens now resolves too
    to_overview = [x for x in page["links"] if x["target"].startswith("overview#")]
    assert [(x["target"], x["status"]) for x in to_overview] == [
        ("overview#access-tokens", "ok"),
        ("overview#access-tokens", "ok"),
    ]


async def test_an_edit_that_keeps_every_heading_says_nothing_of_links(mcp: McpFactory) -> None:
    edit = {
        "op": "replace",
        "page_id": PAGE_CLOUD_OVERVIEW,
        "replacements": [{"find": "Create a token in the settings", "replace": "Make a token"}],
    }
    async with mcp("gb_local_admin", toolsets=TOOLSETS, profile="live") as client:
        made, _ = await _ok(client, "create_change_request", space_id=SPACE, subject="Words")
        cr = {"space_id": SPACE, "change_request_id": made["id"]}
        done, text = await _ok(client, "edit_pages", **cr, edits=[edit], dry_run=True)
    assert "renamed_headings" not in done or done["renamed_headings"] == []
    assert "fix_links" not in text
