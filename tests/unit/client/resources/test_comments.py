"""Comment resources: every method's request (method, path, query, body) and answer.

Space comments and change-request comments (18 operations), each against a recording transport
and the contract; plus pagination, deletes and the refusals made before sending.
"""

from __future__ import annotations

from typing import Any

import httpx2
import pytest
from pydantic import ValidationError

from gitbook_mcp.client import GitBookClient, InvalidRequestError
from gitbook_mcp.client.models.comments import Comment, CommentersPage, CommentReply
from gitbook_mcp.client.models.common import Member
from gitbook_mcp.client.resources._resource import operation_id_of
from tests.support.contract import load_contract
from tests.unit.client.resources.payloads_content_sites import (
    COMMENT,
    MEMBER,
    REPLY,
    Case,
    Recorder,
    page_of,
    run_case,
    sent_body,
)

pytestmark = pytest.mark.anyio

S, S_ = "spc 1", "/spaces/spc%201"
"""A space id that needs percent-encoding, and the path prefix it must produce."""
CR_ = S_ + "/change-requests/7"
CM_ = CR_ + "/comments/cmt%231"
"""Comment ``cmt#1`` of change request 7."""
ATTRS = ("comments", "change_request_comments")

CASES: dict[str, Case] = {
    # -- space comments
    "listCommentsInSpace": Case(
        lambda c: c.comments.list(
            S,
            status="open",
            order="asc",
            format="markdown",
            target_page="pg_install",
            authors=["usr_1", "usr_2"],
            page="cur",
            limit=5,
        ),
        "GET",
        S_ + "/comments",
        Comment,
        page_of(COMMENT),
        query=(
            ("status", "open"),
            ("order", "asc"),
            ("format", "markdown"),
            ("targetPage", "pg_install"),
            ("authors", "usr_1"),
            ("authors", "usr_2"),
            ("page", "cur"),
            ("limit", "5"),
        ),
    ),
    "postCommentInSpace": Case(
        lambda c: c.comments.create(S, markdown="Typo in step 2", page="pg_install", node="n1"),
        "POST",
        S_ + "/comments",
        Comment,
        COMMENT,
        body={"body": {"markdown": "Typo in step 2"}, "page": "pg_install", "node": "n1"},
    ),
    "getCommentInSpace": Case(
        lambda c: c.comments.get(S, "cmt#1", format="document"),
        "GET",
        S_ + "/comments/cmt%231",
        Comment,
        COMMENT,
        query=(("format", "document"),),
    ),
    "updateCommentInSpace": Case(
        lambda c: c.comments.update(S, "cmt#1", resolved=True, added_reactions=["👍"]),
        "PUT",
        S_ + "/comments/cmt%231",
        Comment,
        COMMENT,
        body={"resolved": True, "addedReactions": ["👍"]},
    ),
    "deleteCommentInSpace": Case(
        lambda c: c.comments.delete(S, "cmt#1"),
        "DELETE",
        S_ + "/comments/cmt%231",
        bool,
        status=205,
    ),
    "postCommentReplyInSpace": Case(
        lambda c: c.comments.create_reply(S, "cmt#1", markdown="Fixed"),
        "POST",
        S_ + "/comments/cmt%231/replies",
        CommentReply,
        REPLY,
        body={"body": {"markdown": "Fixed"}},
    ),
    "getCommentReplyInSpace": Case(
        lambda c: c.comments.get_reply(S, "cmt#1", "rep_1", format="markdown"),
        "GET",
        S_ + "/comments/cmt%231/replies/rep_1",
        CommentReply,
        REPLY,
        query=(("format", "markdown"),),
    ),
    # -- change request comments
    "listCommentsInChangeRequest": Case(
        lambda c: c.change_request_comments.list(S, "7", status="resolved", authors=["usr_1"]),
        "GET",
        CR_ + "/comments",
        Comment,
        page_of(COMMENT),
        query=(("status", "resolved"), ("authors", "usr_1")),
    ),
    "postCommentInChangeRequest": Case(
        lambda c: c.change_request_comments.create(
            S, "7", markdown="Why?", table_cell={"record": "r1", "definition": "d1"}
        ),
        "POST",
        CR_ + "/comments",
        Comment,
        COMMENT,
        body={"body": {"markdown": "Why?"}, "tableCell": {"record": "r1", "definition": "d1"}},
    ),
    "getCommentInChangeRequest": Case(
        lambda c: c.change_request_comments.get(S, "7", "cmt#1"),
        "GET",
        CM_,
        Comment,
        COMMENT,
    ),
    "updateCommentInChangeRequest": Case(
        lambda c: c.change_request_comments.update(
            S, "7", "cmt#1", markdown="Edited", removed_reactions=["👍"], resolved=False
        ),
        "PUT",
        CM_,
        Comment,
        COMMENT,
        body={"resolved": False, "body": {"markdown": "Edited"}, "removedReactions": ["👍"]},
    ),
    "deleteCommentInChangeRequest": Case(
        lambda c: c.change_request_comments.delete(S, "7", "cmt#1"),
        "DELETE",
        CM_,
        bool,
        status=205,
    ),
    "listCommentRepliesInChangeRequest": Case(
        lambda c: c.change_request_comments.list_replies(S, "7", "cmt#1", format="markdown"),
        "GET",
        CM_ + "/replies",
        CommentReply,
        page_of(REPLY),
        query=(("format", "markdown"),),
    ),
    "postCommentReplyInChangeRequest": Case(
        lambda c: c.change_request_comments.create_reply(
            S, "7", "cmt#1", body={"markdown": "Done"}, format="markdown"
        ),
        "POST",
        CM_ + "/replies",
        CommentReply,
        REPLY,
        query=(("format", "markdown"),),
        body={"body": {"markdown": "Done"}},
    ),
    "getCommentReplyInChangeRequest": Case(
        lambda c: c.change_request_comments.get_reply(S, "7", "cmt#1", "rep 1"),
        "GET",
        CM_ + "/replies/rep%201",
        CommentReply,
        REPLY,
    ),
    "updateCommentReplyInChangeRequest": Case(
        lambda c: c.change_request_comments.update_reply(
            S, "7", "cmt#1", "rep 1", markdown="Done, thanks", added_reactions=["🎉"]
        ),
        "PUT",
        CM_ + "/replies/rep%201",
        CommentReply,
        REPLY,
        body={"body": {"markdown": "Done, thanks"}, "addedReactions": ["🎉"]},
    ),
    "deleteCommentReplyInChangeRequest": Case(
        lambda c: c.change_request_comments.delete_reply(S, "7", "cmt#1", "rep 1"),
        "DELETE",
        CM_ + "/replies/rep%201",
        bool,
        status=205,
    ),
    "listCommentersInChangeRequest": Case(
        lambda c: c.change_request_comments.list_commenters(S, "7", limit=50),
        "GET",
        CR_ + "/commenters",
        Member,
        page_of(MEMBER, total=1),
        query=(("limit", "50"),),
    ),
}


async def test_every_operation_of_these_resources_has_a_case() -> None:
    async with GitBookClient(token="t", base_url="http://api.test/v1") as client:
        implemented = {
            operation_id_of(getattr(resource, attr))
            for name, resource in client.resources()
            if name in ATTRS
            for attr in dir(resource)
        } - {None}
    assert implemented == set(CASES)
    assert len(CASES) == 18


@pytest.mark.parametrize("operation_id", sorted(CASES))
async def test_request_and_answer(operation_id: str) -> None:
    await run_case(operation_id, CASES[operation_id])


# -- answers parsed into models ------------------------------------------------------------------


async def test_comment_target_reactions_and_permissions_are_typed() -> None:
    comment: Comment = await run_case("getCommentInSpace", CASES["getCommentInSpace"])
    assert comment.target.page is not None
    assert comment.target.page.path == "guides/install"
    assert comment.reactions[0].users[0].user.displayName == "Ada"
    assert comment.permissions.edit is True
    assert comment.permissions.delete is False
    assert comment.body.markdown == "Typo in step 2"


async def test_commenter_pages_keep_the_total() -> None:
    page = await run_case("listCommentersInChangeRequest", CASES["listCommentersInChangeRequest"])
    assert isinstance(page, CommentersPage)
    assert page.total == 1


# -- pagination, deletes, refusals ---------------------------------------------------------------


async def test_async_for_follows_three_pages_of_comments() -> None:
    pages = {
        None: page_of({**COMMENT, "id": "c1"}, next_page="p2"),
        "p2": page_of({**COMMENT, "id": "c2"}, next_page="p3"),
        "p3": page_of({**COMMENT, "id": "c3"}),
    }

    def answer(request: httpx2.Request) -> httpx2.Response:
        return httpx2.Response(200, json=pages[request.url.params.get("page")])

    recorder = Recorder(answer)
    async with recorder.client() as client:
        ids = [c.id async for c in client.comments.list(S, status="all", limit=1)]
    assert ids == ["c1", "c2", "c3"]
    assert [r.url.params.get("page") for r in recorder.requests] == [None, "p2", "p3"]
    assert all(r.url.params.get("status") == "all" for r in recorder.requests)
    assert all(r.url.params.get("limit") == "1" for r in recorder.requests)


DELETES = [
    "deleteCommentInSpace",
    "deleteCommentInChangeRequest",
    "deleteCommentReplyInChangeRequest",
]


@pytest.mark.parametrize(("status", "expected"), [(205, True), (204, False)])
@pytest.mark.parametrize("operation_id", DELETES)
async def test_delete_tells_deleted_from_missing(
    operation_id: str, status: int, expected: bool
) -> None:
    recorder = Recorder.always(status)
    async with recorder.client() as client:
        assert await CASES[operation_id].call(client) is expected
    load_contract().check_response("DELETE", str(recorder.only.url), status, b"")


async def test_a_raw_json_document_body_is_sent_as_given() -> None:
    document = {"object": "document", "data": {}, "nodes": []}
    recorder = Recorder.always(200, COMMENT)
    async with recorder.client() as client:
        await client.comments.create(S, body={"document": document})
    assert sent_body(recorder.only) == {"body": {"document": document}}
    load_contract().check_request("POST", str(recorder.only.url), recorder.only.content)


REFUSED: list[Any] = [
    pytest.param(lambda c: c.comments.create(S), InvalidRequestError, id="comment-without-text"),
    pytest.param(
        lambda c: c.comments.create(S, markdown="a", body={"markdown": "b"}),
        InvalidRequestError,
        id="comment-with-markdown-and-body",
    ),
    pytest.param(
        lambda c: c.comments.update(S, "c", body={"markdown": "x", "html": "<p>"}),
        ValidationError,
        id="update-with-unknown-body-field",
    ),
    pytest.param(
        lambda c: c.comments.create(S, markdown="x", table_cell={"record": "r"}),
        ValidationError,
        id="table-cell-without-definition",
    ),
    pytest.param(
        lambda c: c.change_request_comments.create_reply(S, "7", "c"),
        InvalidRequestError,
        id="reply-without-text",
    ),
]


@pytest.mark.parametrize(("call", "error"), REFUSED)
async def test_invalid_calls_are_refused_before_sending(call: Any, error: type[Exception]) -> None:
    recorder = Recorder.always(200, COMMENT)
    async with recorder.client() as client:
        with pytest.raises(error):
            await call(client)
    assert recorder.requests == []
