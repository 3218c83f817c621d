"""Comments on a space's or a change request's content: threads, replies, resolving, reactions.

One class for both parents (``client.comments`` on a space, ``client.change_request_comments``
on a change request, whose id may be its number within the space). Text is given as
``markdown="..."``, or as the API's raw ``body={...}`` document.
"""

from __future__ import annotations

from typing import Unpack

from gitbook_mcp.client._types import NOT_GIVEN, NotGiven
from gitbook_mcp.client.errors import InvalidRequestError
from gitbook_mcp.client.models._base import Paging
from gitbook_mcp.client.models.comments import (
    Comment,
    CommentEdit,
    CommentersPage,
    CommentReply,
    CommentsQuery,
    NewComment,
    NewReply,
    PostCommentReplyRequest,
    PostCommentRequest,
    RepliesQuery,
    UpdateCommentRequest,
    comment_document,
    require_comment_document,
)
from gitbook_mcp.client.models.common import Member
from gitbook_mcp.client.models.content import ContentFormat
from gitbook_mcp.client.pagination import AsyncPaginator
from gitbook_mcp.client.resources._resource import CHANGE_REQUEST, Ids, ScopedResource, scoped

__all__ = ["Comments"]

_THREADS = "/comments"
_THREAD = _THREADS + "/{commentId}"
_REPLIES = _THREAD + "/replies"
_REPLY = _REPLIES + "/{commentReplyId}"


def _edit_body(edit: CommentEdit) -> UpdateCommentRequest:
    """The body of an edit of a comment or a reply."""
    return UpdateCommentRequest.model_validate(
        {
            "resolved": edit.get("resolved", NOT_GIVEN),
            "body": comment_document(edit),
            "addedReactions": edit.get("added_reactions", NOT_GIVEN),
            "removedReactions": edit.get("removed_reactions", NOT_GIVEN),
        }
    )


class Comments(ScopedResource[*Ids]):
    """Comment threads and replies under one parent; ids are the parent's, then the comment's."""

    @scoped(
        "GET", _THREADS, space="listCommentsInSpace", change_request="listCommentsInChangeRequest"
    )
    def list(self, *ids: *Ids, **query: Unpack[CommentsQuery]) -> AsyncPaginator[Comment]:
        """Comment threads (all statuses, newest first, unless told otherwise)."""
        return self._paginate(Comment)

    @scoped(
        "POST", _THREADS, space="postCommentInSpace", change_request="postCommentInChangeRequest"
    )
    async def create(self, *ids: *Ids, **post: Unpack[NewComment]) -> Comment:
        """Start a thread, on the parent or on ``page`` (a page id) and ``node`` within it."""
        payload = PostCommentRequest.model_validate(
            {
                "body": require_comment_document(post),
                "page": post.get("page", NOT_GIVEN),
                "node": post.get("node", NOT_GIVEN),
                "tableCell": post.get("table_cell", NOT_GIVEN),
            }
        )
        return await self._call(Comment, body=payload)

    @scoped("GET", _THREAD, space="getCommentInSpace", change_request="getCommentInChangeRequest")
    async def get(
        self, *ids: *tuple[*Ids, str], format: ContentFormat | NotGiven = NOT_GIVEN
    ) -> Comment:
        """One comment thread's first post, with the caller's ``permissions`` on it."""
        return await self._call(Comment)

    @scoped(
        "PUT", _THREAD, space="updateCommentInSpace", change_request="updateCommentInChangeRequest"
    )
    async def update(self, *ids: *tuple[*Ids, str], **edit: Unpack[CommentEdit]) -> Comment:
        """Resolve or reopen, edit the text (author or space admin), add or remove reactions."""
        return await self._call(Comment, body=_edit_body(edit))

    @scoped(
        "DELETE",
        _THREAD,
        space="deleteCommentInSpace",
        change_request="deleteCommentInChangeRequest",
    )
    async def delete(self, *ids: *tuple[*Ids, str]) -> bool:
        """True if the comment was deleted, False if it did not exist."""
        return await self._delete()

    @scoped("GET", _REPLIES, change_request="listCommentRepliesInChangeRequest")
    def list_replies(
        self, *ids: *tuple[*Ids, str], **query: Unpack[RepliesQuery]
    ) -> AsyncPaginator[CommentReply]:
        """The replies of a comment thread."""
        return self._paginate(CommentReply)

    @scoped(
        "POST",
        _REPLIES,
        space="postCommentReplyInSpace",
        change_request="postCommentReplyInChangeRequest",
    )
    async def create_reply(self, *ids: *tuple[*Ids, str], **post: Unpack[NewReply]) -> CommentReply:
        """Reply to a comment thread; ``format`` (change requests only) shapes the answer."""
        format = post.get("format", NOT_GIVEN)
        if self.parent is not CHANGE_REQUEST and not isinstance(format, NotGiven):
            raise InvalidRequestError(f"format is not accepted for {self.parent.noun}")
        payload = PostCommentReplyRequest.model_validate(
            {"body": require_comment_document(post, what="reply")}
        )
        return await self._call(CommentReply, params={"format": format}, body=payload)

    @scoped(
        "GET",
        _REPLY,
        space="getCommentReplyInSpace",
        change_request="getCommentReplyInChangeRequest",
    )
    async def get_reply(
        self, *ids: *tuple[*Ids, str, str], format: ContentFormat | NotGiven = NOT_GIVEN
    ) -> CommentReply:
        """One reply of a comment thread."""
        return await self._call(CommentReply)

    @scoped("PUT", _REPLY, change_request="updateCommentReplyInChangeRequest")
    async def update_reply(
        self, *ids: *tuple[*Ids, str, str], **edit: Unpack[CommentEdit]
    ) -> CommentReply:
        """Edit a reply's text (author or space admin), add or remove reactions."""
        return await self._call(CommentReply, body=_edit_body(edit))

    @scoped("DELETE", _REPLY, change_request="deleteCommentReplyInChangeRequest")
    async def delete_reply(self, *ids: *tuple[*Ids, str, str]) -> bool:
        """True if the reply was deleted, False if it did not exist."""
        return await self._delete()

    @scoped("GET", "/commenters", change_request="listCommentersInChangeRequest")
    def list_commenters(self, *ids: *Ids, **query: Unpack[Paging]) -> AsyncPaginator[Member]:
        """The members who commented; each page carries their ``total``."""
        return self._paginate(Member, page_type=CommentersPage)
