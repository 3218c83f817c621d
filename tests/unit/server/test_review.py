"""The review toolset against the local workspace in the live profile: gating and outcomes."""

from __future__ import annotations

from datetime import timedelta

import pytest

from gitbook_mcp.local import Store
from gitbook_mcp.local.clock import ManualClock
from gitbook_mcp.local.seed.content import CR_INSTALL, PAGE_FAQ, PAGE_INSTALL, PAGE_WRITING
from tests.unit.server.conftest import McpFactory, confirmed, unfenced

pytestmark = pytest.mark.anyio

SPACE = "spc_handbook"
CR = {"space_id": SPACE, "change_request_id": CR_INSTALL}


async def test_a_reader_is_refused_merge_and_review_on_a_space_it_cannot_edit(
    mcp: McpFactory, store: Store
) -> None:
    async with mcp("gb_local_reader", toolsets=("review",), profile="live") as client:
        merged = await client.call_tool("merge_change_request", CR)
        reviewed = await client.call_tool("submit_review", {**CR, "status": "approved"})
        names = {t.name for t in (await client.list_tools()).tools}
        # Offered (the reader edits spc_changelog) but checked on the target space at call time.
        asked = await client.call_tool("request_reviewers", {**CR, "user_ids": ["usr_sam"]})
    assert "merge_change_request" not in names
    assert "request_reviewers" in names
    assert asked.is_error
    assert "'edit' permission on space spc_handbook" in asked.content[0].text
    assert merged.is_error
    assert "'space.merge'" in merged.content[0].text
    assert reviewed.is_error
    assert "review" in reviewed.content[0].text
    async with mcp("gb_local_admin", toolsets=("review",), profile="live") as admin:
        state = await admin.call_tool("list_reviews", CR)
    assert not state.is_error
    # Only the seeded review: the refused call sent nothing.
    assert [r["id"] for r in state.structured_content["reviews"]] == ["usr_admin"]


async def test_an_admin_merges_and_the_answer_says_so(mcp: McpFactory) -> None:
    async with mcp("gb_local_admin", toolsets=("review",), profile="live") as client:
        tools = {t.name: t for t in (await client.list_tools()).tools}
        assert tools["merge_change_request"].annotations.destructive_hint is True
        result = await confirmed(client, "merge_change_request", CR)
    assert not result.is_error
    assert result.structured_content["result"] == "merge"
    assert "Merged." in result.content[0].text


async def test_the_toolset_is_not_offered_on_the_seed_profile(mcp: McpFactory) -> None:
    async with mcp("gb_local_admin", toolsets=("review",), profile="seed") as client:
        names = {t.name for t in (await client.list_tools()).tools}
    assert "merge_change_request" not in names


def _edit(store: Store, revision: str, page_id: str, markdown: str) -> None:
    store.content.revisions.set_markdown(revision, page_id, markdown)


def _diverged(store: Store) -> tuple[str, str]:
    """A change request creating a page and editing Writing and FAQ; main then edits Writing
    otherwise (a conflict), Install (main only) and FAQ the same way (no conflict)."""
    changes = store.change_requests.rows
    ours, mine = changes.create(SPACE, subject="Ours", status="open", created_by="usr_admin")
    theirs, other = changes.create(SPACE, subject="Theirs", status="open", created_by="usr_admin")
    store.content.revisions.add_page(mine, page_id="pg_new", title="New", slug="new")
    _edit(store, mine, PAGE_WRITING, "# Writing\n\nOurs.\n")
    _edit(store, mine, PAGE_FAQ, "# FAQ\n\nAgreed.\n")
    _edit(store, other, PAGE_WRITING, "# Writing\n\nTheirs.\n")
    _edit(store, other, PAGE_INSTALL, "# Install\n\nTheirs only.\n")
    _edit(store, other, PAGE_FAQ, "# FAQ\n\nAgreed.\n")
    return ours, theirs


@pytest.mark.parametrize("tool", ["merge_change_request", "update_change_request"])
async def test_conflicts_name_only_the_pages_changed_on_both_sides_differently(
    mcp: McpFactory, store: Store, tool: str
) -> None:
    ours, theirs = _diverged(store)
    async with mcp("gb_local_admin", toolsets=("review",), profile="live") as client:
        first = await confirmed(
            client, tool.replace("update", "merge"), {**CR, "change_request_id": theirs}
        )
        assert first.structured_content["result"] == "merge"
        result = await confirmed(client, tool, {"space_id": SPACE, "change_request_id": ours})
    assert not result.is_error, result.content
    assert result.structured_content["result"] == "conflicts"
    named = result.structured_content["conflicting_pages"]
    assert len(named) == 1, named
    assert PAGE_WRITING in named[0]
    assert "pg_new" not in result.content[0].text


async def test_list_reviews_shows_each_reviewer_once_with_the_latest_verdict_and_comment(
    mcp: McpFactory, clock: ManualClock
) -> None:
    async with mcp("gb_local_admin", toolsets=("review",), profile="live") as client:
        for status, comment in (("changes-requested", "Fix step 2."), ("approved", "LGTM.")):
            clock.advance(timedelta(minutes=1))
            sent = await client.call_tool(
                "submit_review", {**CR, "status": status, "comment": comment}
            )
            assert not sent.is_error, sent.content
        state = await client.call_tool("list_reviews", CR)
    reviews = state.structured_content["reviews"]
    assert [(r["id"], r["detail"], unfenced(r["comment"])) for r in reviews] == [
        ("usr_admin", "approved", "LGTM.")
    ]
    text = state.content[0].text
    assert text.count("[usr_admin] approved") == 1
    assert "LGTM." in text
    assert "Fix step 2." not in text


async def test_list_change_requests_shows_who_reviews_and_their_verdicts(mcp: McpFactory) -> None:
    async with mcp("gb_local_admin", toolsets=("navigate",), profile="live") as client:
        live = await client.call_tool("list_change_requests", {"space_id": SPACE})
    async with mcp("gb_local_admin", toolsets=("navigate",), profile="seed") as client:
        seed = await client.call_tool("list_change_requests", {"space_id": SPACE})
    rows = {c["id"]: c for c in live.structured_content["change_requests"]}
    install = rows[CR_INSTALL]
    assert [r["id"] for r in install["requested_reviewers"]] == ["usr_sam"]
    assert [(r["id"], r["detail"]) for r in install["reviews"]] == [
        ("usr_admin", "changes-requested")
    ]
    line = next(x for x in live.content[0].text.splitlines() if CR_INSTALL in x)
    assert "review requested from" in line
    assert "[usr_sam]" in line
    assert "[usr_admin] changes-requested" in line
    # The seed profile has no review operations: the list is as before, without reviewers.
    assert not seed.is_error
    assert all("reviews" not in c for c in seed.structured_content["change_requests"])


async def test_list_reviews_names_each_contributor_once_whatever_they_did(mcp: McpFactory) -> None:
    async with mcp("gb_local_admin", toolsets=("review", "comments"), profile="live") as client:
        posted = await client.call_tool("post_comment", {**CR, "markdown": "One question."})
        assert not posted.is_error, posted.content
        reviewed = await client.call_tool("submit_review", {**CR, "status": "approved"})
        assert not reviewed.is_error, reviewed.content
        state = await client.call_tool("list_reviews", CR)
    ids = [p["id"] for p in state.structured_content["contributors"]]
    assert "usr_admin" in ids
    assert len(ids) == len(set(ids))  # the API lists one entry per kind of work
