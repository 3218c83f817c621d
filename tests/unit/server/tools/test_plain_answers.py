"""Issue 34 §7, the small lies: a move's dry run describes the move; fix counts count fixes
(a redirect is no fix); unchecked links are named (the first 20, then a count); reviewers are
found by name or email through the default tools."""

from __future__ import annotations

from typing import Any

import pytest

from gitbook_mcp.api import Profile
from gitbook_mcp.local.seed.content import CR_INSTALL, PAGE_INSTALL
from gitbook_mcp.local.seed.ids import SPACES
from gitbook_mcp.server.tools._fixing import applied_line
from gitbook_mcp.server.tools.links import UNCHECKED_SHOWN, BrokenLink, LinkReport, _render_report
from tests.unit.server.conftest import McpFactory

pytestmark = pytest.mark.anyio

CR = {"space_id": "spc_handbook", "change_request_id": CR_INSTALL}
TOOLSETS = ("change_requests", "links", "review")


@pytest.fixture
def profile() -> Profile:
    return "live"


async def _call(client: Any, name: str, **args: Any) -> tuple[bool, str, dict[str, Any]]:
    result = await client.call_tool(name, args)
    return result.is_error, result.content[0].text, result.structured_content or {}


async def test_a_moves_dry_run_says_where_the_page_goes(mcp: McpFactory) -> None:
    move = {"op": "move", "page_id": PAGE_INSTALL, "parent_id": "root", "position": 0}
    async with mcp("gb_local_admin", toolsets=TOOLSETS, profile="live") as client:
        failed, text, _ = await _call(client, "edit_pages", **CR, edits=[move], dry_run=True)
    assert not failed, text
    assert "Nothing to change" not in text
    assert "Dry run: nothing was sent" in text
    assert (
        f"Move getting-started/install [{PAGE_INSTALL}] to the top level at position 0; "
        "its path becomes install." in text
    )


def test_a_redirect_applied_is_counted_as_a_redirect_not_as_a_fix() -> None:
    # Fix ids start with f, redirect ids with r (fix_id, _redirect_id).
    assert (
        applied_line(["f1", "f2", "r1"], 2)
        == "Applied 2 link fixes (of 2 broken links) and 1 redirect"
    )
    assert applied_line(["f1"], 3) == "Applied 1 link fix (of 3 broken links)"


async def test_links_not_checked_are_named_with_why(mcp: McpFactory) -> None:
    async with mcp("gb_local_admin", toolsets=TOOLSETS, profile="live") as client:
        failed, text, data = await _call(client, "check_links", space_id=SPACES["cloud"])
    assert not failed, text
    # The demo's overview mentions a user, and its API reference names OpenAPI specs: links
    # the API gives no way to check.
    assert data["not_checked"] == len(data["unchecked"]) <= UNCHECKED_SHOWN
    assert "links not checked (never counted as working)." in text
    assert "\nNot checked:\n" in text
    assert "- overview [pg_cloud_overview]: user usr_editor (not checked: a user mention" in text
    assert all(u["status"] == "unchecked" and u["reason"] for u in data["unchecked"])


async def test_reviewers_are_found_by_name_or_email_and_a_stranger_by_the_members(
    mcp: McpFactory,
) -> None:
    async with mcp("gb_local_admin", toolsets=TOOLSETS, profile="live") as client:
        named = await _call(
            client, "request_reviewers", **CR, user_ids=["dana docs", "EDDIE@acme.test"]
        )
        stranger = await _call(client, "request_reviewers", **CR, user_ids=["Nobody Here"])
    failed, text, data = named
    assert not failed, text
    assert {"usr_dana", "usr_editor"} <= {p["id"] for p in data["requested"]}
    failed, text, _ = stranger
    assert failed
    assert "'Nobody Here' is no one who can access the space spc_handbook" in text
    assert "Sam Support <sam@acme.test> [usr_sam]" in text
    assert "Nothing was sent." in text


def test_broken_links_come_first_and_a_shared_reason_is_said_once() -> None:
    outside = "not checked: outside URL (check with external=true)"
    report = LinkReport(
        pages_scanned=2,
        links_checked=1,
        not_checked=41,
        broken_total=1,
        broken=[BrokenLink(page_id="p1", page_path="a", target="b", reason="no page b")],
        unchecked=[
            *[
                BrokenLink(
                    page_id="p1",
                    page_path="a",
                    target=f"https://x.test/{n}",
                    reason=outside,
                    status="unchecked",
                )
                for n in range(40)
            ],
            BrokenLink(
                page_id="p2",
                page_path="c",
                target="user u1",
                status="unchecked",
                reason="not checked: a user mention",
            ),
        ],
    )
    text = _render_report(report)
    assert text.splitlines() == [
        "1 broken of 1 link in 2 pages. 41 links not checked (never counted as working).",
        "Broken:",
        "- a [p1]: b (no page b)",
        "Not checked:",
        f"- 40 links: {outside}",
        "- c [p2]: user u1 (not checked: a user mention)",
    ]
