"""The ``comments`` toolset: triage, resolve, replies edited and deleted one by one, flags."""

from __future__ import annotations

import pytest

from gitbook_mcp.local import Store
from gitbook_mcp.local.seed.comments import COMMENT_INSTALL_TYPO
from tests.unit.server.conftest import McpFactory, unfenced

pytestmark = pytest.mark.anyio


async def test_triage_and_resolve_a_comment(mcp: McpFactory, store: Store) -> None:
    async with mcp() as client:
        listed = await client.call_tool(
            "list_comments", {"space_id": "spc_handbook", "status": "open"}
        )
        assert COMMENT_INSTALL_TYPO in {c["id"] for c in listed.structured_content["comments"]}
        thread = await client.call_tool(
            "list_comments", {"space_id": "spc_handbook", "comment_id": COMMENT_INSTALL_TYPO}
        )
        assert thread.structured_content["comments"][0]["replies"] == 1
        cr_thread = await client.call_tool(
            "list_comments",
            {
                "space_id": "spc_handbook",
                "change_request_id": "1",
                "comment_id": "cm_cr_verify_page",
            },
        )
        reply = unfenced(cr_thread.structured_content["replies"][0]["markdown"])
        assert reply.startswith("I'll add it")
        done = await client.call_tool(
            "update_comment",
            {"space_id": "spc_handbook", "comment_id": COMMENT_INSTALL_TYPO, "resolved": True},
        )
    assert done.structured_content == {"id": COMMENT_INSTALL_TYPO, "status": "resolved"}
    assert (
        store.db.scalar("SELECT status FROM comments WHERE id = ?", (COMMENT_INSTALL_TYPO,))
        == "resolved"
    )


async def test_replies_are_read_edited_and_deleted_one_by_one(
    mcp: McpFactory, store: Store
) -> None:
    from gitbook_mcp.local.seed.comments import CR_COMMENT_VERIFY, REPLY_INSTALL_TYPO, REPLY_VERIFY

    cr = {"space_id": "spc_handbook", "change_request_id": "cr_install_rewrite"}
    async with mcp() as client:
        space_reply = await client.call_tool(
            "list_comments",
            {
                "space_id": "spc_handbook",
                "comment_id": COMMENT_INSTALL_TYPO,
                "reply_id": REPLY_INSTALL_TYPO,
            },
        )
        edited = await client.call_tool(
            "update_comment",
            {**cr, "comment_id": CR_COMMENT_VERIFY, "reply_id": REPLY_VERIFY, "markdown": "Done."},
        )
        no_cr = await client.call_tool(
            "delete_comment",
            {"space_id": "spc_handbook", "comment_id": COMMENT_INSTALL_TYPO, "reply_id": "x"},
        )
    assert space_reply.structured_content["replies"][0]["id"] == REPLY_INSTALL_TYPO
    assert space_reply.structured_content["comments"] == []
    assert "Reply by" in space_reply.content[0].text
    assert not edited.is_error, edited.content
    markdown = store.db.scalar("SELECT markdown FROM comment_replies WHERE id = ?", (REPLY_VERIFY,))
    assert markdown == "Done."
    assert no_cr.is_error
    assert "cannot edit or delete a reply to a space comment" in no_cr.content[0].text


async def test_deleting_someone_elses_reply_is_refused_on_the_reply(
    mcp: McpFactory, store: Store
) -> None:
    from gitbook_mcp.local.seed.comments import CR_COMMENT_VERIFY, REPLY_VERIFY

    args = {
        "space_id": "spc_handbook",
        "change_request_id": "cr_install_rewrite",
        "comment_id": CR_COMMENT_VERIFY,
        "reply_id": REPLY_VERIFY,
    }
    async with mcp("gb_local_commenter") as client:
        refused = await client.call_tool("delete_comment", args)
    assert refused.is_error
    assert "'delete' permission on comment" in refused.content[0].text
    assert store.db.scalar("SELECT COUNT(*) FROM comment_replies WHERE id = ?", (REPLY_VERIFY,))


async def test_comment_views_carry_author_ids(mcp: McpFactory) -> None:
    async with mcp() as client:
        listed = await client.call_tool("list_comments", {"space_id": "spc_handbook"})
    first = listed.structured_content["comments"][0]
    assert first["author_id"].startswith("usr_")
    assert first["author_id"] in listed.content[0].text


@pytest.mark.parametrize(
    ("filters", "said"),
    [
        ({"authors": ["Eddie Editor"]}, "did not write here"),
        ({"page_id": "pg_nowhere"}, "get_page_tree"),
    ],
)
async def test_a_filter_naming_nothing_is_an_error_not_no_comments(
    mcp: McpFactory, filters: dict[str, object], said: str
) -> None:
    async with mcp() as client:
        result = await client.call_tool("list_comments", {"space_id": "spc_handbook", **filters})
    assert result.is_error
    assert said in result.content[0].text


async def test_a_space_comment_reply_edit_says_the_api_cannot_not_to_give_a_change_request(
    mcp: McpFactory,
) -> None:
    async with mcp() as client:
        result = await client.call_tool(
            "delete_comment",
            {"space_id": "spc_handbook", "comment_id": "cm_style_question", "reply_id": "r_1"},
        )
    assert result.is_error
    assert "change_request_id" not in result.content[0].text
    assert "cannot edit or delete a reply to a space comment" in result.content[0].text


@pytest.mark.parametrize("reaction", [":+1:", "like", "x" * 51])
async def test_a_reaction_must_be_an_emoji(mcp: McpFactory, reaction: str) -> None:
    async with mcp() as client:
        result = await client.call_tool(
            "update_comment",
            {
                "space_id": "spc_handbook",
                "comment_id": "cm_style_question",
                "add_reactions": [reaction],
            },
        )
        fine = await client.call_tool(
            "update_comment",
            {
                "space_id": "spc_handbook",
                "comment_id": "cm_style_question",
                "add_reactions": ["👍"],
            },
        )
    assert result.is_error
    assert "add_reactions" in result.content[0].text
    assert not fine.is_error, fine.content[0].text


async def test_deleting_a_comment_that_is_not_there_is_not_told_as_a_deletion(
    mcp: McpFactory,
) -> None:
    async with mcp() as client:
        result = await client.call_tool(
            "delete_comment", {"space_id": "spc_handbook", "comment_id": "cm_nope"}
        )
    assert not result.is_error  # a retried delete of a real deletion answers the same
    assert result.structured_content == {"deleted": False, "target": "comment cm_nope"}
    text = result.content[0].text
    assert text.startswith("Nothing deleted: no comment cm_nope here")
    assert "Already gone" not in text


@pytest.mark.parametrize("profile", ["seed", "live"])  # live names a comment's page by id only
async def test_links_in_comments_are_checked_as_page_links_are(
    mcp: McpFactory, profile: str
) -> None:
    space = {"space_id": "spc_handbook"}
    body = (
        "Compare [install](install.md) with [the old page](old-setup.md) "
        "and [a gone page](/pages/pg_gone)."
    )
    async with mcp(profile=profile) as client:
        posted = await client.call_tool(
            "post_comment", {**space, "page_id": "pg_configure", "markdown": body}
        )
        comment_id = posted.structured_content["id"]
        plain = await client.call_tool(
            "post_comment", {**space, "page_id": "pg_configure", "markdown": "No links."}
        )
        listed = await client.call_tool("list_comments", {**space, "page_id": "pg_configure"})
        thread = await client.call_tool("list_comments", {**space, "comment_id": comment_id})
    views = {c["id"]: c for c in listed.structured_content["comments"]}
    links = views[comment_id]["links"]
    # relative links start from the commented page's folder, as that page's own links do
    assert links["checked"] == 3
    assert {b["target"] for b in links["broken"]} == {"getting-started/old-setup", "pg_gone"}
    assert "links" not in views[plain.structured_content["id"]]  # nothing to check, no read
    assert thread.structured_content["comments"][0]["links"] == links
    text = thread.content[0].text
    assert "links: 3 checked, 2 broken: getting-started/old-setup (no page" in text
