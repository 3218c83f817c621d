"""Comments on a space's or a change request's content: threads, replies, resolving, reactions.

Two classes, one per parent: ``client.comments`` on a space and ``client.change_request_comments``
on a change request (whose id may be its number within the space); the bodies they send are
built once, below. Text is given as ``markdown="..."``, or as the API's raw ``body={...}``
document.
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
from gitbook_mcp.client.resources._resource import APIResource, check_options, operation, query_of

__all__ = ["ChangeRequestComments", "SpaceComments"]


def _thread_body(post: NewComment) -> PostCommentRequest:
    """The body of a new thread, on the parent or on ``page`` and ``node`` within it."""
    check_options(NewComment, post)
    return PostCommentRequest.model_validate(
        {
            "body": require_comment_document(post),
            "page": post.get("page", NOT_GIVEN),
            "node": post.get("node", NOT_GIVEN),
            "tableCell": post.get("table_cell", NOT_GIVEN),
        }
    )


def _reply_body(post: NewReply) -> PostCommentReplyRequest:
    """The body of a reply."""
    check_options(NewReply, post)
    return PostCommentReplyRequest.model_validate(
        {"body": require_comment_document(post, what="reply")}
    )


def _edit_body(edit: CommentEdit) -> UpdateCommentRequest:
    """The body of an edit of a comment or a reply."""
    check_options(CommentEdit, edit)
    return UpdateCommentRequest.model_validate(
        {
            "resolved": edit.get("resolved", NOT_GIVEN),
            "body": comment_document(edit),
            "addedReactions": edit.get("added_reactions", NOT_GIVEN),
            "removedReactions": edit.get("removed_reactions", NOT_GIVEN),
        }
    )


def _format(format: ContentFormat | NotGiven) -> dict[str, object]:
    """The query of a read that takes only ``format``."""
    return query_of(RepliesQuery, {"format": format})


class SpaceComments(APIResource):
    """Comment threads on a space's content, and their replies."""

    @operation("listCommentsInSpace")
    def list(self, space_id: str, **query: Unpack[CommentsQuery]) -> AsyncPaginator[Comment]:
        """Comment threads (all statuses, newest first, unless told otherwise)."""
        ids = {"spaceId": space_id}
        return self._list(
            "/spaces/{spaceId}/comments",
            ids=ids,
            item=Comment,
            query=query_of(CommentsQuery, query),
        )

    @operation("postCommentInSpace")
    async def create(self, space_id: str, **post: Unpack[NewComment]) -> Comment:
        """Start a thread, on the space or on ``page`` (a page id) and ``node`` within it."""
        ids = {"spaceId": space_id}
        return await self._post(
            "/spaces/{spaceId}/comments", ids=ids, body=_thread_body(post), cast_to=Comment
        )

    @operation("getCommentInSpace")
    async def get(
        self, space_id: str, comment_id: str, *, format: ContentFormat | NotGiven = NOT_GIVEN
    ) -> Comment:
        """One comment thread's first post, with the caller's ``permissions`` on it."""
        ids = {"spaceId": space_id, "commentId": comment_id}
        return await self._get(
            "/spaces/{spaceId}/comments/{commentId}",
            ids=ids,
            query=_format(format),
            cast_to=Comment,
        )

    @operation("updateCommentInSpace")
    async def update(self, space_id: str, comment_id: str, **edit: Unpack[CommentEdit]) -> Comment:
        """Resolve or reopen, edit the text (author or space admin), add or remove reactions."""
        ids = {"spaceId": space_id, "commentId": comment_id}
        return await self._put(
            "/spaces/{spaceId}/comments/{commentId}",
            ids=ids,
            body=_edit_body(edit),
            cast_to=Comment,
        )

    @operation("deleteCommentInSpace")
    async def delete(self, space_id: str, comment_id: str) -> bool:
        """True if the comment was deleted, False if it did not exist."""
        ids = {"spaceId": space_id, "commentId": comment_id}
        return await self._delete("/spaces/{spaceId}/comments/{commentId}", ids=ids)

    @operation("postCommentReplyInSpace")
    async def create_reply(
        self, space_id: str, comment_id: str, **post: Unpack[NewReply]
    ) -> CommentReply:
        """Reply to a comment thread (``format`` is for change requests only)."""
        if not isinstance(post.get("format", NOT_GIVEN), NotGiven):
            raise InvalidRequestError("format is not accepted for a space")
        ids = {"spaceId": space_id, "commentId": comment_id}
        return await self._post(
            "/spaces/{spaceId}/comments/{commentId}/replies",
            ids=ids,
            body=_reply_body(post),
            cast_to=CommentReply,
        )

    @operation("getCommentReplyInSpace")
    async def get_reply(
        self,
        space_id: str,
        comment_id: str,
        comment_reply_id: str,
        *,
        format: ContentFormat | NotGiven = NOT_GIVEN,
    ) -> CommentReply:
        """One reply of a comment thread."""
        ids = {"spaceId": space_id, "commentId": comment_id, "commentReplyId": comment_reply_id}
        return await self._get(
            "/spaces/{spaceId}/comments/{commentId}/replies/{commentReplyId}",
            ids=ids,
            query=_format(format),
            cast_to=CommentReply,
        )


class ChangeRequestComments(APIResource):
    """Comment threads on a change request, their replies and commenters."""

    @operation("listCommentsInChangeRequest")
    def list(
        self, space_id: str, change_request_id: str, **query: Unpack[CommentsQuery]
    ) -> AsyncPaginator[Comment]:
        """Comment threads (all statuses, newest first, unless told otherwise)."""
        ids = {"spaceId": space_id, "changeRequestId": change_request_id}
        return self._list(
            "/spaces/{spaceId}/change-requests/{changeRequestId}/comments",
            ids=ids,
            item=Comment,
            query=query_of(CommentsQuery, query),
        )

    @operation("postCommentInChangeRequest")
    async def create(
        self, space_id: str, change_request_id: str, **post: Unpack[NewComment]
    ) -> Comment:
        """Start a thread, on the change request or on ``page`` and ``node`` within it."""
        ids = {"spaceId": space_id, "changeRequestId": change_request_id}
        return await self._post(
            "/spaces/{spaceId}/change-requests/{changeRequestId}/comments",
            ids=ids,
            body=_thread_body(post),
            cast_to=Comment,
        )

    @operation("getCommentInChangeRequest")
    async def get(
        self,
        space_id: str,
        change_request_id: str,
        comment_id: str,
        *,
        format: ContentFormat | NotGiven = NOT_GIVEN,
    ) -> Comment:
        """One comment thread's first post, with the caller's ``permissions`` on it."""
        ids = {"spaceId": space_id, "changeRequestId": change_request_id, "commentId": comment_id}
        return await self._get(
            "/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}",
            ids=ids,
            query=_format(format),
            cast_to=Comment,
        )

    @operation("updateCommentInChangeRequest")
    async def update(
        self, space_id: str, change_request_id: str, comment_id: str, **edit: Unpack[CommentEdit]
    ) -> Comment:
        """Resolve or reopen, edit the text (author or space admin), add or remove reactions."""
        ids = {"spaceId": space_id, "changeRequestId": change_request_id, "commentId": comment_id}
        return await self._put(
            "/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}",
            ids=ids,
            body=_edit_body(edit),
            cast_to=Comment,
        )

    @operation("deleteCommentInChangeRequest")
    async def delete(self, space_id: str, change_request_id: str, comment_id: str) -> bool:
        """True if the comment was deleted, False if it did not exist."""
        ids = {"spaceId": space_id, "changeRequestId": change_request_id, "commentId": comment_id}
        return await self._delete(
            "/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}", ids=ids
        )

    @operation("listCommentRepliesInChangeRequest")
    def list_replies(
        self,
        space_id: str,
        change_request_id: str,
        comment_id: str,
        **query: Unpack[RepliesQuery],
    ) -> AsyncPaginator[CommentReply]:
        """The replies of a comment thread."""
        ids = {"spaceId": space_id, "changeRequestId": change_request_id, "commentId": comment_id}
        return self._list(
            "/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}/replies",
            ids=ids,
            item=CommentReply,
            query=query_of(RepliesQuery, query),
        )

    @operation("postCommentReplyInChangeRequest")
    async def create_reply(
        self, space_id: str, change_request_id: str, comment_id: str, **post: Unpack[NewReply]
    ) -> CommentReply:
        """Reply to a comment thread; ``format`` shapes the answer."""
        ids = {"spaceId": space_id, "changeRequestId": change_request_id, "commentId": comment_id}
        return await self._post(
            "/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}/replies",
            ids=ids,
            query=_format(post.get("format", NOT_GIVEN)),
            body=_reply_body(post),
            cast_to=CommentReply,
        )

    @operation("getCommentReplyInChangeRequest")
    async def get_reply(
        self,
        space_id: str,
        change_request_id: str,
        comment_id: str,
        comment_reply_id: str,
        *,
        format: ContentFormat | NotGiven = NOT_GIVEN,
    ) -> CommentReply:
        """One reply of a comment thread."""
        ids = {
            "spaceId": space_id,
            "changeRequestId": change_request_id,
            "commentId": comment_id,
            "commentReplyId": comment_reply_id,
        }
        return await self._get(
            "/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}"
            "/replies/{commentReplyId}",
            ids=ids,
            query=_format(format),
            cast_to=CommentReply,
        )

    @operation("updateCommentReplyInChangeRequest")
    async def update_reply(
        self,
        space_id: str,
        change_request_id: str,
        comment_id: str,
        comment_reply_id: str,
        **edit: Unpack[CommentEdit],
    ) -> CommentReply:
        """Edit a reply's text (author or space admin), add or remove reactions."""
        ids = {
            "spaceId": space_id,
            "changeRequestId": change_request_id,
            "commentId": comment_id,
            "commentReplyId": comment_reply_id,
        }
        return await self._put(
            "/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}"
            "/replies/{commentReplyId}",
            ids=ids,
            body=_edit_body(edit),
            cast_to=CommentReply,
        )

    @operation("deleteCommentReplyInChangeRequest")
    async def delete_reply(
        self, space_id: str, change_request_id: str, comment_id: str, comment_reply_id: str
    ) -> bool:
        """True if the reply was deleted, False if it did not exist."""
        ids = {
            "spaceId": space_id,
            "changeRequestId": change_request_id,
            "commentId": comment_id,
            "commentReplyId": comment_reply_id,
        }
        return await self._delete(
            "/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}"
            "/replies/{commentReplyId}",
            ids=ids,
        )

    @operation("listCommentersInChangeRequest")
    def list_commenters(
        self, space_id: str, change_request_id: str, **query: Unpack[Paging]
    ) -> AsyncPaginator[Member]:
        """The members who commented; each page carries their ``total``."""
        ids = {"spaceId": space_id, "changeRequestId": change_request_id}
        return self._list(
            "/spaces/{spaceId}/change-requests/{changeRequestId}/commenters",
            ids=ids,
            item=Member,
            query=query_of(Paging, query),
            page_type=CommentersPage,
        )
