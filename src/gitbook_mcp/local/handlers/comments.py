"""HTTP translation for comments of spaces and change requests, their replies and commenters."""

from __future__ import annotations

from typing import Any

from starlette.responses import Response

from gitbook_mcp.local.errors import Invalid
from gitbook_mcp.local.http.call import Body, Call, deleted, ok
from gitbook_mcp.local.http.route import RouteSpec

__all__ = ["ROUTES"]

SPACE = "/spaces/{spaceId}/comments"
CR = "/spaces/{spaceId}/change-requests/{changeRequestId}/comments"


def _cr(call: Call) -> str | None:
    return call.request.path_params.get("changeRequestId")


def _markdown(body: Body, *, required: bool) -> str | None:
    value: Any = body.object("body", required=required)
    if value is None:
        return None
    if "markdown" in value:
        text = value["markdown"]
        if not isinstance(text, str) or not text.strip():
            raise Invalid("body.markdown", "must be a non-empty string")
        return text
    if "document" in value:
        raise Invalid("body", "the local workspace stores markdown bodies: send {markdown}")
    raise Invalid("body.markdown", "is required")


def _emoji(body: Body, name: str) -> list[str]:
    return body.strings(name, max_items=20) or []


async def list_comments(call: Call) -> Response:
    q = call.query
    q.string("format", choices=("document", "markdown"))
    return ok(
        call.store.comments.list_comments(
            call.actor,
            call.path("spaceId"),
            _cr(call),
            status=q.string("status", choices=("all", "open", "resolved"), default="all"),
            order=q.string("order", choices=("asc", "desc"), default="desc"),
            target_page=q.string("targetPage"),
            authors=q.strings("authors"),
            page=q.page(),
            limit=q.limit(),
        )
    )


async def post_comment(call: Call) -> Response:
    b = call.body
    markdown = _markdown(b, required=True)
    assert markdown is not None
    if b.has("tableCell"):
        b.object("tableCell")
    comment = call.store.comments.post(
        call.actor,
        call.path("spaceId"),
        _cr(call),
        markdown=markdown,
        page_id=b.string("page"),
        node=b.string("node"),
    )
    return ok(comment)


async def get_comment(call: Call) -> Response:
    call.query.string("format", choices=("document", "markdown"))
    return ok(
        call.store.comments.get(call.actor, call.path("spaceId"), _cr(call), call.path("commentId"))
    )


async def update_comment(call: Call) -> Response:
    b = call.body
    comment = call.store.comments.update(
        call.actor,
        call.path("spaceId"),
        _cr(call),
        call.path("commentId"),
        resolved=b.boolean("resolved"),
        markdown=_markdown(b, required=False),
        added=_emoji(b, "addedReactions"),
        removed=_emoji(b, "removedReactions"),
    )
    return ok(comment)


async def delete_comment(call: Call) -> Response:
    return deleted(
        call.store.comments.delete(
            call.actor, call.path("spaceId"), _cr(call), call.path("commentId")
        )
    )


async def list_replies(call: Call) -> Response:
    q = call.query
    q.string("format", choices=("document", "markdown"))
    return ok(
        call.store.comments.list_replies(
            call.actor,
            call.path("spaceId"),
            call.path("changeRequestId"),
            call.path("commentId"),
            page=q.page(),
            limit=q.limit(),
        )
    )


async def post_reply(call: Call) -> Response:
    call.query.string("format", choices=("document", "markdown"))
    markdown = _markdown(call.body, required=True)
    assert markdown is not None
    return ok(
        call.store.comments.post_reply(
            call.actor, call.path("spaceId"), _cr(call), call.path("commentId"), markdown=markdown
        )
    )


async def get_reply(call: Call) -> Response:
    call.query.string("format", choices=("document", "markdown"))
    comments = call.store.comments
    return ok(
        comments.get_reply(
            call.actor,
            call.path("spaceId"),
            _cr(call),
            call.path("commentId"),
            call.path("commentReplyId"),
        )
    )


async def update_reply(call: Call) -> Response:
    b = call.body
    b.boolean("resolved")
    reply = call.store.comments.update_reply(
        call.actor,
        call.path("spaceId"),
        call.path("changeRequestId"),
        call.path("commentId"),
        call.path("commentReplyId"),
        markdown=_markdown(b, required=False),
        added=_emoji(b, "addedReactions"),
        removed=_emoji(b, "removedReactions"),
    )
    return ok(reply)


async def delete_reply(call: Call) -> Response:
    comments = call.store.comments
    return deleted(
        comments.delete_reply(
            call.actor,
            call.path("spaceId"),
            call.path("changeRequestId"),
            call.path("commentId"),
            call.path("commentReplyId"),
        )
    )


async def commenters(call: Call) -> Response:
    q = call.query
    comments = call.store.comments
    return ok(
        comments.commenters(
            call.actor,
            call.path("spaceId"),
            call.path("changeRequestId"),
            page=q.page(),
            limit=q.limit(),
        )
    )


ROUTES: list[RouteSpec] = [
    RouteSpec("GET", SPACE, list_comments, "listCommentsInSpace"),
    RouteSpec("POST", SPACE, post_comment, "postCommentInSpace"),
    RouteSpec("GET", f"{SPACE}/{{commentId}}", get_comment, "getCommentInSpace"),
    RouteSpec("PUT", f"{SPACE}/{{commentId}}", update_comment, "updateCommentInSpace"),
    RouteSpec("DELETE", f"{SPACE}/{{commentId}}", delete_comment, "deleteCommentInSpace"),
    RouteSpec("POST", f"{SPACE}/{{commentId}}/replies", post_reply, "postCommentReplyInSpace"),
    RouteSpec(
        "GET",
        f"{SPACE}/{{commentId}}/replies/{{commentReplyId}}",
        get_reply,
        "getCommentReplyInSpace",
    ),
    RouteSpec("GET", CR, list_comments, "listCommentsInChangeRequest"),
    RouteSpec("POST", CR, post_comment, "postCommentInChangeRequest"),
    RouteSpec("GET", f"{CR}/{{commentId}}", get_comment, "getCommentInChangeRequest"),
    RouteSpec("PUT", f"{CR}/{{commentId}}", update_comment, "updateCommentInChangeRequest"),
    RouteSpec("DELETE", f"{CR}/{{commentId}}", delete_comment, "deleteCommentInChangeRequest"),
    RouteSpec(
        "GET", f"{CR}/{{commentId}}/replies", list_replies, "listCommentRepliesInChangeRequest"
    ),
    RouteSpec("POST", f"{CR}/{{commentId}}/replies", post_reply, "postCommentReplyInChangeRequest"),
    RouteSpec(
        "GET",
        f"{CR}/{{commentId}}/replies/{{commentReplyId}}",
        get_reply,
        "getCommentReplyInChangeRequest",
    ),
    RouteSpec(
        "PUT",
        f"{CR}/{{commentId}}/replies/{{commentReplyId}}",
        update_reply,
        "updateCommentReplyInChangeRequest",
    ),
    RouteSpec(
        "DELETE",
        f"{CR}/{{commentId}}/replies/{{commentReplyId}}",
        delete_reply,
        "deleteCommentReplyInChangeRequest",
    ),
    RouteSpec(
        "GET",
        "/spaces/{spaceId}/change-requests/{changeRequestId}/commenters",
        commenters,
        "listCommentersInChangeRequest",
    ),
]
