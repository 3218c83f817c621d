"""Comments and replies (on a space or a change request), reactions, targets and write bodies.

Space comments and change-request comments share these models and request bodies.
`comment_document` turns the resources' ``markdown=`` / ``body=`` options into one body.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import Field

from gitbook_mcp.client._types import NotGiven
from gitbook_mcp.client.errors import InvalidRequestError
from gitbook_mcp.client.models._base import APIModel, RequestModel
from gitbook_mcp.client.models.common import Member, User
from gitbook_mcp.client.models.content import JSONDocument
from gitbook_mcp.client.pagination import ListPage

__all__ = [
    "Comment",
    "CommentBody",
    "CommentDocument",
    "CommentPermissions",
    "CommentPost",
    "CommentReply",
    "CommentTarget",
    "CommentTargetNode",
    "CommentTargetPage",
    "CommentUrls",
    "CommentersPage",
    "EmojiReaction",
    "JSONDocumentBody",
    "MarkdownBody",
    "PostCommentReplyRequest",
    "PostCommentRequest",
    "ReactionUser",
    "TableCell",
    "TableCellTarget",
    "UpdateCommentRequest",
    "comment_document",
    "require_comment_document",
]


# -- responses -----------------------------------------------------------------------------


class CommentBody(APIModel):
    """A comment's text: ``markdown``, or a JSON ``document`` when that format was asked for."""

    markdown: str | None = None
    document: JSONDocument | None = None


class ReactionUser(APIModel):
    user: User
    reactedAt: str


class EmojiReaction(APIModel):
    emoji: str
    count: int
    users: list[ReactionUser]


class CommentPermissions(APIModel):
    """What the caller may do with this comment."""

    view: bool
    edit: bool
    react: bool | None = None
    delete: bool
    reply: bool | None = None


class CommentTargetNode(APIModel):
    id: str
    preview: str | None = None


class TableCellTarget(APIModel):
    record: str
    definition: str


class CommentTargetPage(APIModel):
    """The page a comment is on; the live service (0.202.0) guarantees only its ``id``."""

    id: str
    title: str | None = None
    path: str | None = None
    outdated: bool | None = None
    emoji: str | None = None
    icon: str | None = None
    createdAt: str | None = None
    updatedAt: str | None = None


class CommentTarget(APIModel):
    """What a comment is attached to: always a space and revision, maybe a page and node."""

    space: str
    revision: str
    page: CommentTargetPage | None = None
    node: CommentTargetNode | None = None
    tableCell: TableCellTarget | None = None
    changeRequest: str | None = None
    review: str | None = None


class CommentUrls(APIModel):
    location: str


class CommentPost(APIModel):
    """What a thread's first post and its replies share: author, time, text, reactions."""

    object: str
    id: str
    postedBy: User
    postedAt: str
    editedAt: str | None = None
    reactions: list[EmojiReaction]
    body: CommentBody
    urls: CommentUrls
    permissions: CommentPermissions


class Comment(CommentPost):
    """A comment thread's first post. ``status`` is ``open`` or ``resolved``."""

    replies: int
    target: CommentTarget
    status: str
    resolvedAt: str | None = None
    resolvedBy: User | None = None


class CommentReply(CommentPost):
    """A reply in a comment thread."""


class CommentersPage(ListPage[Member]):
    """One page of the members who commented on a change request, with their ``total``."""

    total: int | None = None


# -- request bodies ----------------------------------------------------------------------------


class MarkdownBody(RequestModel):
    markdown: str


class JSONDocumentBody(RequestModel):
    document: dict[str, Any]


CommentDocument = MarkdownBody | JSONDocumentBody
"""A comment's text as sent: ``{"markdown": ...}`` or ``{"document": <JSON document>}``."""


class TableCell(RequestModel):
    record: str
    definition: str


class PostCommentRequest(RequestModel):
    body: CommentDocument
    page: str | None = None
    node: str | None = None
    tableCell: TableCell | None = None


class PostCommentReplyRequest(RequestModel):
    body: CommentDocument


class UpdateCommentRequest(RequestModel):
    """Every field optional: resolve or reopen, edit the text, add or remove reactions."""

    resolved: bool | None = None
    body: CommentDocument | None = None
    addedReactions: list[str] | None = Field(default=None)
    removedReactions: list[str] | None = Field(default=None)


def comment_document(
    markdown: str | NotGiven, body: Mapping[str, Any] | NotGiven
) -> Mapping[str, Any] | NotGiven:
    """The ``body`` of a comment write from ``markdown="..."`` or a raw ``body={...}``.

    ``body`` is the API's own shape (``{"markdown": ...}`` or ``{"document": ...}``); giving both
    is refused before sending.
    """
    if isinstance(markdown, NotGiven):
        return body
    if not isinstance(body, NotGiven):
        raise InvalidRequestError("give markdown or body, not both")
    return {"markdown": markdown}


def require_comment_document(
    markdown: str | NotGiven, body: Mapping[str, Any] | NotGiven, *, what: str = "comment"
) -> Mapping[str, Any]:
    """As `comment_document`, for writes that need a text (a new comment or reply)."""
    document = comment_document(markdown, body)
    if isinstance(document, NotGiven):
        raise InvalidRequestError(f"a {what} needs markdown (or body)")
    return document
