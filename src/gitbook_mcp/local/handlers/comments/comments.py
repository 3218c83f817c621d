"""HTTP translation for comments of spaces and change requests, their replies and commenters.

Space and change-request operations share handlers: the change request, when the path names
one, scopes every read and write to its comments.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any, TypeVar

from anyio import to_thread
from starlette.responses import Response

from gitbook_mcp.local.errors import Invalid
from gitbook_mcp.local.http.call import Call, deleted, ok
from gitbook_mcp.local.store.access import Actor
from gitbook_mcp.local.store.comments.bodies import CommentUpdate, body_markdown
from gitbook_mcp.local.store.comments.comments import STATUS_FILTERS
from gitbook_mcp.local.store.comments.render import BodyFormat
from gitbook_mcp.local.store.comments.replies import CommentThread

__all__ = [
    "commenters",
    "delete_comment",
    "delete_reply",
    "get_comment",
    "get_reply",
    "list_comments",
    "list_replies",
    "post_comment",
    "post_reply",
    "update_comment",
    "update_reply",
]

SPACE = "/spaces/{spaceId}/comments"
CR = "/spaces/{spaceId}/change-requests/{changeRequestId}/comments"
FORMATS = ("markdown", "document")


T = TypeVar("T")


def _format(call: Call) -> BodyFormat:
    value = call.query.string("format", choices=FORMATS, default="markdown")
    return "document" if value == "document" else "markdown"


async def _rendered(fmt: BodyFormat, read: Callable[[], T]) -> T:
    """``read()``, in a worker thread when bodies are parsed into documents: parsing someone
    else's markdown is CPU work that must not hold the event loop (the store locks itself)."""
    return await to_thread.run_sync(read) if fmt == "document" else read()


def _text(call: Call, *, required: bool) -> str | None:
    """The text of ``body`` (a ``Document``: {markdown}, {document} or, for updates, {})."""
    value: Any = call.body.object("body", required=required)
    if value is None:
        return None
    return body_markdown(value, allow_empty=not required)


def _table_cell(call: Call) -> dict[str, str] | None:
    value: Any = call.body.object("tableCell")
    if value is None:
        return None
    cell: dict[str, str] = {}
    for name in ("record", "definition"):
        item = value.get(name)
        if not isinstance(item, str) or not item:
            raise Invalid(f"tableCell.{name}", "is required and must be a non-empty string")
        cell[name] = item
    return cell


def _reactions(call: Call) -> tuple[list[str], list[str]]:
    """(addedReactions, removedReactions), each a list of emoji."""
    b = call.body
    return b.strings("addedReactions") or [], b.strings("removedReactions") or []


def _thread(call: Call) -> tuple[Actor, str, str | None, str]:
    """`Call.in_space` and the comment the route names."""
    return (*call.in_space(), call.path("commentId"))


def _in_thread(call: Call) -> tuple[Actor, CommentThread]:
    """The caller and the comment the route names, as a reply operation takes them."""
    actor, space_id, cr_ref = call.in_space()
    return actor, CommentThread(space_id, cr_ref, call.path("commentId"))


async def list_comments(call: Call) -> Response:
    q = call.query
    authors = (q.strings("authors") or []) + (q.strings("authors[]") or [])
    fmt = _format(call)
    read = partial(
        call.store.comments.list_comments,
        *call.in_space(),
        status=q.string("status", choices=STATUS_FILTERS, default="all"),
        order=q.string("order", choices=("asc", "desc"), default="desc"),
        target_page=q.string("targetPage") or None,
        authors=authors or None,
        paging=q.paging(),
        fmt=fmt,
    )
    return ok(await _rendered(fmt, read))


async def post_comment(call: Call) -> Response:
    b = call.body
    markdown = _text(call, required=True)
    if markdown is None:
        raise Invalid("body", "is required in the body")
    comment = call.store.comments.post(
        *call.in_space(),
        markdown=markdown,
        page_id=b.string("page", min_len=1),
        node=b.string("node", min_len=1),
        table_cell=_table_cell(call),
    )
    return ok(comment)


async def get_comment(call: Call) -> Response:
    fmt = _format(call)
    return ok(await _rendered(fmt, partial(call.store.comments.get, *_thread(call), fmt=fmt)))


async def update_comment(call: Call) -> Response:
    added, removed = _reactions(call)
    resolved = call.body.boolean("resolved")
    edit = CommentUpdate.of(_text(call, required=False), added, removed)
    return ok(call.store.comments.update(*_thread(call), edit, resolved=resolved))


async def delete_comment(call: Call) -> Response:
    return deleted(call.store.comments.delete(*_thread(call)))


async def list_replies(call: Call) -> Response:
    fmt = _format(call)
    replies = call.store.comments.replies
    read = partial(replies.list_replies, *_in_thread(call), paging=call.query.paging(), fmt=fmt)
    return ok(await _rendered(fmt, read))


async def post_reply(call: Call) -> Response:
    markdown = _text(call, required=True)
    if markdown is None:
        raise Invalid("body", "is required in the body")
    replies = call.store.comments.replies
    return ok(replies.post(*_in_thread(call), markdown=markdown, fmt=_format(call)))


async def get_reply(call: Call) -> Response:
    fmt = _format(call)
    replies = call.store.comments.replies
    read = partial(replies.get, *_in_thread(call), call.path("commentReplyId"), fmt=fmt)
    return ok(await _rendered(fmt, read))


async def update_reply(call: Call) -> Response:
    call.body.boolean("resolved")  # accepted by the contract; a reply has no status
    added, removed = _reactions(call)
    edit = CommentUpdate.of(_text(call, required=False), added, removed)
    replies = call.store.comments.replies
    return ok(replies.update(*_in_thread(call), call.path("commentReplyId"), edit))


async def delete_reply(call: Call) -> Response:
    replies = call.store.comments.replies
    return deleted(replies.delete(*_in_thread(call), call.path("commentReplyId")))


async def commenters(call: Call) -> Response:
    q = call.query
    return ok(call.store.comments.commenters(*call.in_change_request(), paging=q.paging()))
