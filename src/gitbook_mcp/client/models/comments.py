"""Comments and replies (on a space or a change request), reactions, targets and write bodies.

Space comments and change-request comments share these models and request bodies.
`comment_document` turns the resources' ``markdown=`` / ``body=`` options into one body.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypedDict, cast

from pydantic import Field

from gitbook_mcp.client._types import NOT_GIVEN, NotGiven
from gitbook_mcp.client.errors import InvalidRequestError
from gitbook_mcp.client.models._base import APIModel, Paging, RequestModel
from gitbook_mcp.client.models.common import Member, User
from gitbook_mcp.client.models.content import ContentFormat, JSONDocument
from gitbook_mcp.client.pagination import ListPage

__all__ = [
    "Comment",
    "CommentBody",
    "CommentDocument",
    "CommentEdit",
    "CommentPermissions",
    "CommentPost",
    "CommentReply",
    "CommentTarget",
    "CommentTargetNode",
    "CommentTargetPage",
    "CommentText",
    "CommentUrls",
    "CommentersPage",
    "CommentsQuery",
    "EmojiReaction",
    "JSONDocumentBody",
    "MarkdownBody",
    "NewComment",
    "NewReply",
    "PostCommentReplyRequest",
    "PostCommentRequest",
    "ReactionUser",
    "RepliesQuery",
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


class CommentText(TypedDict, total=False):
    """A comment's or a reply's text: ``markdown="..."``, or the API's raw ``body={...}``."""

    markdown: str
    body: Mapping[str, Any]


class NewComment(CommentText, total=False):
    """A new thread, on the parent or on ``page`` (a page id) and ``node`` within it."""

    page: str
    node: str
    table_cell: Mapping[str, str]


class NewReply(CommentText, total=False):
    format: ContentFormat
    """How the answer is shaped (change requests only)."""


class CommentEdit(CommentText, total=False):
    """An edit of a comment or a reply: resolve or reopen, new text, reactions."""

    resolved: bool
    added_reactions: list[str]
    removed_reactions: list[str]


class CommentsQuery(Paging, total=False):
    status: Literal["all", "open", "resolved"]
    order: Literal["asc", "desc"]
    format: ContentFormat
    target_page: str
    authors: list[str]


class RepliesQuery(Paging, total=False):
    format: ContentFormat


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


def comment_document(text: Mapping[str, Any]) -> Mapping[str, Any] | NotGiven:
    """The ``body`` of a comment write from its `CommentText`: ``markdown="..."`` or a raw
    ``body={...}`` (the API's own shape, ``{"markdown": ...}`` or ``{"document": ...}``).

    Giving both is refused before sending; a key left at ``NOT_GIVEN`` counts as not given.
    """
    markdown = text.get("markdown", NOT_GIVEN)
    body = text.get("body", NOT_GIVEN)
    if isinstance(markdown, NotGiven):
        return cast("Mapping[str, Any] | NotGiven", body)
    if not isinstance(body, NotGiven):
        raise InvalidRequestError("give markdown or body, not both")
    return {"markdown": markdown}


def require_comment_document(
    text: Mapping[str, Any], *, what: str = "comment"
) -> Mapping[str, Any]:
    """As `comment_document`, for writes that need a text (a new comment or reply)."""
    document = comment_document(text)
    if isinstance(document, NotGiven):
        raise InvalidRequestError(f"a {what} needs markdown (or body)")
    return document
