"""Issue 34 §6: the merge preview names what stands in the way (a pending requested review, a
reviewer's changes-requested verdict, the broken links the check finds, main having moved on and
the pages that would conflict), and asking is a normal result, not an error."""

from __future__ import annotations

import pytest

from gitbook_mcp.api import Profile
from gitbook_mcp.local import Store
from gitbook_mcp.local.seed.content import CR_INSTALL
from tests.unit.server.conftest import McpFactory

pytestmark = pytest.mark.anyio

CR = {"space_id": "spc_handbook", "change_request_id": CR_INSTALL}
TOOLSETS = ("review", "change_requests", "links")


@pytest.fixture
def profile() -> Profile:
    return "live"


async def test_the_preview_names_pending_reviews_verdicts_broken_links_and_conflicts(
    mcp: McpFactory, store: Store
) -> None:
    async with mcp("gb_local_admin", toolsets=TOOLSETS, profile="live") as client:
        preview = await client.call_tool("merge_change_request", CR)
        links = await client.call_tool("check_links", CR)
    text = preview.content[0].text
    assert not preview.is_error, text
    # The seed: Sam was asked to review and has not; Ada requested changes; the change request
    # links to a verify page it never created; main edited the install page since it began.
    assert "Requested reviews pending: Sam Support [usr_sam]." in text
    assert "Changes requested by: Ada Admin [usr_admin]" in text
    assert (
        f"Broken links in the change request ({links.structured_content['broken_total']})" in text
    )
    assert "getting-started/install: getting-started/verify" in text
    assert "Main moved on since it began" in text
    assert "Install (getting-started/install) [pg_install] (update_change_request first)" in text
    assert preview.structured_content["will"] in text
    rows = store.db.all("SELECT status FROM change_requests WHERE id = ?", (CR_INSTALL,))
    assert rows[0]["status"] == "open"


async def test_a_change_request_nobody_blocks_says_so(mcp: McpFactory) -> None:
    async with mcp("gb_local_admin", toolsets=TOOLSETS, profile="live") as client:
        made = await client.call_tool(
            "create_change_request", {"space_id": "spc_handbook", "subject": "Clean"}
        )
        cr = {"space_id": "spc_handbook", "change_request_id": made.structured_content["id"]}
        preview = await client.call_tool("merge_change_request", cr)
    text = preview.content[0].text
    assert not preview.is_error, text
    assert "Requested reviews pending: none." in text
    assert "Changes requested by" not in text
    assert "Main has not moved on since it began: no page conflicts." in text
