"""The comment store below HTTP: the demo seed, live page targets, reactions and replies going
with their comment (also when a space is purged), the reactions dropped with their subject, and bodies
sent as JSON documents."""

from __future__ import annotations

from datetime import timedelta

import pytest

from gitbook_mcp.local import Store
from gitbook_mcp.local.clock import ManualClock
from gitbook_mcp.local.errors import Invalid
from gitbook_mcp.local.seed.comments import (
    COMMENT_DIAGRAM,
    COMMENT_FAQ_FIXED,
    COMMENT_INSTALL_TYPO,
    COMMENT_SCREENSHOT,
    COMMENT_STYLE,
    COMMENT_TROUBLESHOOTING,
    CR_COMMENT_LOOKS_GOOD,
    CR_COMMENT_PACKAGE,
    CR_COMMENT_VERIFY,
)
from gitbook_mcp.local.seed.content import CR_INSTALL, PAGE_INSTALL, PAGE_PUBLISHING
from gitbook_mcp.local.store import MIGRATIONS
from gitbook_mcp.local.store.access import Actor
from gitbook_mcp.local.store.comments.bodies import (
    CommentUpdate,
    body_markdown,
    check_emoji,
    document_markdown,
)
from gitbook_mcp.local.store.comments.replies import CommentThread
from gitbook_mcp.local.store.content.pagedoc import markdown_document
from gitbook_mcp.local.store.db import Database

ADMIN = Actor("usr_admin")
HANDBOOK = "spc_handbook"


def _reactions(store: Store, comment_id: str) -> dict[str, set[str]]:
    comment = store.comments.get(ADMIN, HANDBOOK, None, comment_id)
    return {r["emoji"]: {u["user"]["id"] for u in r["users"]} for r in comment["reactions"]}


# -- the demo seed ------------------------------------------------------------------------


def test_the_seed_threads(store: Store) -> None:
    listed = store.comments.list_comments(ADMIN, HANDBOOK, None, order="asc")
    by_id = {c["id"]: c for c in listed["items"]}
    assert list(by_id) == [
        COMMENT_INSTALL_TYPO,
        COMMENT_STYLE,
        COMMENT_FAQ_FIXED,
        COMMENT_SCREENSHOT,
        COMMENT_TROUBLESHOOTING,
        COMMENT_DIAGRAM,
    ]
    assert len({c["postedBy"]["id"] for c in by_id.values()}) == 4
    assert {i for i, c in by_id.items() if c["status"] == "resolved"} == {
        COMMENT_FAQ_FIXED,
        COMMENT_SCREENSHOT,
    }
    assert {i: c["replies"] for i, c in by_id.items() if c["replies"]} == {
        COMMENT_INSTALL_TYPO: 1,
        COMMENT_STYLE: 2,
        COMMENT_FAQ_FIXED: 1,
        COMMENT_TROUBLESHOOTING: 1,
    }
    assert sum("page" in c["target"] for c in by_id.values()) == 5
    assert _reactions(store, COMMENT_INSTALL_TYPO) == {"👍": {"usr_editor", "usr_sam"}}
    assert _reactions(store, COMMENT_STYLE) == {
        "👍": {"usr_editor", "usr_dana"},
        "🎉": {"usr_dana"},
    }
    assert _reactions(store, COMMENT_FAQ_FIXED) == {"🎉": {"usr_commenter"}}
    threads = store.comments.list_comments(ADMIN, HANDBOOK, "1")["items"]
    assert {c["id"] for c in threads} == {
        CR_COMMENT_VERIFY,
        CR_COMMENT_PACKAGE,
        CR_COMMENT_LOOKS_GOOD,
    }
    assert all(c["replies"] == 1 for c in threads)
    assert [c["id"] for c in threads if c["status"] == "resolved"] == [CR_COMMENT_PACKAGE]


def test_seeding_twice_is_refused_by_the_fixed_ids(store: Store) -> None:
    from gitbook_mcp.local.seed import comments

    count = store.db.scalar("SELECT COUNT(*) FROM comments")
    with pytest.raises(Exception, match="UNIQUE"):
        comments.seed(store)
    assert store.db.scalar("SELECT COUNT(*) FROM comments") == count, "nothing half written"


# -- targets ------------------------------------------------------------------------------


def test_the_page_target_follows_the_page(store: Store) -> None:
    revision = str(store.db.scalar("SELECT revision_id FROM spaces WHERE id = ?", (HANDBOOK,)))
    store.content.revisions.update_page(revision, PAGE_PUBLISHING, title="Publishing sites")
    page = store.comments.get(ADMIN, HANDBOOK, None, COMMENT_DIAGRAM)["target"]["page"]
    assert (page["title"], page["outdated"]) == ("Publishing sites", False)
    store.content.revisions.remove_page(revision, PAGE_PUBLISHING)
    gone = store.comments.get(ADMIN, HANDBOOK, None, COMMENT_DIAGRAM)["target"]["page"]
    assert (gone["id"], gone["title"], gone["outdated"]) == (PAGE_PUBLISHING, "Publishing", True)
    assert [
        c["id"]
        for c in store.comments.list_comments(ADMIN, HANDBOOK, None, target_page=PAGE_PUBLISHING)[
            "items"
        ]
    ] == [COMMENT_DIAGRAM], "the filter still finds comments on a removed page"


# -- what goes with a comment -------------------------------------------------------------


def _rows(store: Store, sql: str, *params: str) -> int:
    return int(store.db.scalar(sql, params) or 0)


def test_deleting_a_comment_takes_replies_and_all_reactions(store: Store) -> None:
    reply = store.db.scalar(
        "SELECT id FROM comment_replies WHERE comment_id = ? LIMIT 1", (COMMENT_STYLE,)
    )
    store.comments.replies.update(
        Actor("usr_sam"),
        CommentThread(HANDBOOK, None, COMMENT_STYLE),
        str(reply),
        CommentUpdate.of(added=["👀"]),
    )
    assert _rows(store, "SELECT COUNT(*) FROM reactions WHERE subject_id = ?", str(reply)) == 1
    assert store.comments.delete(ADMIN, HANDBOOK, None, COMMENT_STYLE) is True
    assert (
        _rows(store, "SELECT COUNT(*) FROM comment_replies WHERE comment_id = ?", COMMENT_STYLE)
        == 0
    )
    assert _rows(store, "SELECT COUNT(*) FROM reactions WHERE subject_id = ?", COMMENT_STYLE) == 0
    assert _rows(store, "SELECT COUNT(*) FROM reactions WHERE subject_id = ?", str(reply)) == 0
    assert store.comments.delete(ADMIN, HANDBOOK, None, COMMENT_STYLE) is False


def test_a_purged_space_takes_its_comments(store: Store, clock: ManualClock) -> None:
    space = "spc_changelog"
    posted = store.comments.post(ADMIN, space, None, markdown="Release notes?")
    store.comments.update(
        Actor("usr_editor"), space, None, posted["id"], CommentUpdate.of(added=["👍"])
    )
    thread = CommentThread(space, None, posted["id"])
    store.comments.replies.post(Actor("usr_dana"), thread, markdown="Soon.")
    assert store.spaces.delete(ADMIN, space) is True
    clock.advance(timedelta(days=8))
    store.spaces.purge_expired()
    assert _rows(store, "SELECT COUNT(*) FROM comments WHERE space_id = ?", space) == 0
    assert (
        _rows(store, "SELECT COUNT(*) FROM comment_replies WHERE comment_id = ?", posted["id"]) == 0
    )
    assert _rows(store, "SELECT COUNT(*) FROM reactions WHERE subject_id = ?", posted["id"]) == 0


def test_a_change_request_comment_counts_toward_its_change_request_only(store: Store) -> None:
    store.comments.post(ADMIN, HANDBOOK, CR_INSTALL, markdown="CR only", page_id=PAGE_INSTALL)
    space = store.spaces.render_space(ADMIN, HANDBOOK)
    assert space["comments"] == 4


# -- the squashed schema keeps what the upgrade used to guarantee --------------------------


def test_deleting_a_comment_or_reply_drops_their_reactions() -> None:
    db = Database(":memory:")
    db.migrate(MIGRATIONS)
    db.execute("INSERT INTO users(id, display_name, email) VALUES ('u', 'U', 'u@x.test')")
    db.execute("INSERT INTO organizations(id, title, created_at) VALUES ('o', 'O', 't')")
    db.execute(
        "INSERT INTO spaces(id, org_id, title, created_at, updated_at) VALUES ('s', 'o', 'S', 't', 't')"
    )
    db.execute(
        "INSERT INTO comments(id, space_id, posted_by, posted_at, markdown) "
        "VALUES ('c1', 's', 'u', 't', 'x')"
    )
    db.execute(
        "INSERT INTO comment_replies(id, comment_id, posted_by, posted_at, markdown) "
        "VALUES ('r1', 'c1', 'u', 't', 'y')"
    )
    db.execute(
        "INSERT INTO reactions VALUES ('comment', 'c1', 'u', '👍', 't'), "
        "('reply', 'r1', 'u', '👍', 't')"
    )
    db.execute("DELETE FROM comment_replies WHERE id = 'r1'")
    assert [r["subject_id"] for r in db.all("SELECT subject_id FROM reactions")] == ["c1"]
    db.execute("DELETE FROM comments WHERE id = 'c1'")
    assert db.scalar("SELECT COUNT(*) FROM reactions") == 0
    db.close()


# -- bodies -------------------------------------------------------------------------------


def test_a_document_reads_back_as_the_markdown_it_came_from() -> None:
    markdown = (
        "## Title\n\nFirst paragraph.\n\n* one\n* two\n\n<!---->\n\n1. first\n2. second\n\n***\n\n"
        "```python\nprint(1)\n```"
    )
    assert document_markdown(markdown_document(markdown)) == markdown


def test_a_document_keeps_marks_links_and_quotes() -> None:
    text = {"object": "text", "leaves": [{"text": "bold", "marks": [{"type": "bold"}]}]}
    link = {
        "object": "inline",
        "type": "link",
        "data": {"ref": {"kind": "url", "url": "https://example.com"}},
        "nodes": [{"object": "text", "leaves": [{"text": "site", "marks": []}]}],
    }
    paragraph = {"object": "block", "type": "paragraph", "nodes": [text, link]}
    quote = {"object": "block", "type": "blockquote", "nodes": [paragraph]}
    assert document_markdown({"nodes": [quote]}) == "> **bold**[site](https://example.com)"
    with pytest.raises(Invalid, match=r"body\.document\.nodes\[0\]\.type"):
        document_markdown({"nodes": [{"object": "block", "type": "x"}]})


def test_body_variants() -> None:
    assert body_markdown({"markdown": "hi", "extra": 1}, allow_empty=False) == "hi"
    assert body_markdown({}, allow_empty=True) is None
    with pytest.raises(Invalid) as both:
        body_markdown({"markdown": "a", "document": {"nodes": []}}, allow_empty=False)
    assert both.value.field == "body"
    with pytest.raises(Invalid) as unknown:
        body_markdown({"html": "<p>"}, allow_empty=True)
    assert unknown.value.field == "body.markdown"
    assert check_emoji(["👍", "🎉", "👍"], "addedReactions") == ["👍", "🎉"]


def test_store_rules_without_http(store: Store) -> None:
    with pytest.raises(Invalid) as empty:
        store.comments.post(ADMIN, HANDBOOK, None, markdown=" ")
    assert empty.value.field == "body.markdown"
    with pytest.raises(Invalid) as status:
        store.comments.list_comments(ADMIN, HANDBOOK, None, status="closed")
    assert status.value.field == "status"
