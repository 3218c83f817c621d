"""Comments on a change request: threads, replies, resolving, reactions and commenters."""

from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, Literal

from gitbook_mcp.client._types import NOT_GIVEN, NotGiven
from gitbook_mcp.client.models.comments import (
    Comment,
    CommentersPage,
    CommentReply,
    PostCommentReplyRequest,
    PostCommentRequest,
    UpdateCommentRequest,
    comment_document,
    require_comment_document,
)
from gitbook_mcp.client.models.common import Member
from gitbook_mcp.client.models.content import ContentFormat
from gitbook_mcp.client.pagination import AsyncPaginator
from gitbook_mcp.client.resources._resource import APIResource, operation

__all__ = ["ChangeRequestComments"]


def _update_body(
    resolved: bool | NotGiven,
    markdown: str | NotGiven,
    body: Mapping[str, Any] | NotGiven,
    added_reactions: builtins.list[str] | NotGiven,
    removed_reactions: builtins.list[str] | NotGiven,
) -> UpdateCommentRequest:
    return UpdateCommentRequest.model_validate(
        {
            "resolved": resolved,
            "body": comment_document(markdown, body),
            "addedReactions": added_reactions,
            "removedReactions": removed_reactions,
        }
    )


class ChangeRequestComments(APIResource):
    """``change_request_id`` is the change request's id or its number within the space."""

    @operation("listCommentsInChangeRequest")
    def list(
        self,
        space_id: str,
        change_request_id: str,
        *,
        status: Literal["all", "open", "resolved"] | NotGiven = NOT_GIVEN,
        order: Literal["asc", "desc"] | NotGiven = NOT_GIVEN,
        format: ContentFormat | NotGiven = NOT_GIVEN,
        target_page: str | NotGiven = NOT_GIVEN,
        authors: builtins.list[str] | NotGiven = NOT_GIVEN,
        page: str | None = None,
        limit: int | None = None,
    ) -> AsyncPaginator[Comment]:
        """GET /spaces/{spaceId}/change-requests/{changeRequestId}/comments

        Comment threads of the change request (all statuses, newest first, unless told otherwise).
        """
        return self._client.paginate(
            "/spaces/{spaceId}/change-requests/{changeRequestId}/comments",
            item=Comment,
            path_params={"spaceId": space_id, "changeRequestId": change_request_id},
            params={
                "status": status,
                "order": order,
                "format": format,
                "targetPage": target_page,
                "authors": authors,
            },
            page=page,
            limit=limit,
        )

    @operation("postCommentInChangeRequest")
    async def create(
        self,
        space_id: str,
        change_request_id: str,
        *,
        markdown: str | NotGiven = NOT_GIVEN,
        body: Mapping[str, Any] | NotGiven = NOT_GIVEN,
        page: str | NotGiven = NOT_GIVEN,
        node: str | NotGiven = NOT_GIVEN,
        table_cell: Mapping[str, str] | NotGiven = NOT_GIVEN,
    ) -> Comment:
        """POST /spaces/{spaceId}/change-requests/{changeRequestId}/comments

        Start a thread on the change request, or on ``page`` (a page id) of it.
        """
        payload = PostCommentRequest.model_validate(
            {
                "body": require_comment_document(markdown, body),
                "page": page,
                "node": node,
                "tableCell": table_cell,
            }
        )
        return await self._client.request(
            "POST",
            "/spaces/{spaceId}/change-requests/{changeRequestId}/comments",
            path_params={"spaceId": space_id, "changeRequestId": change_request_id},
            body=payload,
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
        """GET /spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}

        One comment thread's first post, with the caller's ``permissions`` on it.
        """
        return await self._client.request(
            "GET",
            "/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}",
            path_params={
                "spaceId": space_id,
                "changeRequestId": change_request_id,
                "commentId": comment_id,
            },
            params={"format": format},
            cast_to=Comment,
        )

    @operation("updateCommentInChangeRequest")
    async def update(
        self,
        space_id: str,
        change_request_id: str,
        comment_id: str,
        *,
        resolved: bool | NotGiven = NOT_GIVEN,
        markdown: str | NotGiven = NOT_GIVEN,
        body: Mapping[str, Any] | NotGiven = NOT_GIVEN,
        added_reactions: builtins.list[str] | NotGiven = NOT_GIVEN,
        removed_reactions: builtins.list[str] | NotGiven = NOT_GIVEN,
    ) -> Comment:
        """PUT /spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}

        Resolve or reopen, edit the text (author or space admin), add or remove reactions.
        """
        return await self._client.request(
            "PUT",
            "/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}",
            path_params={
                "spaceId": space_id,
                "changeRequestId": change_request_id,
                "commentId": comment_id,
            },
            body=_update_body(resolved, markdown, body, added_reactions, removed_reactions),
            cast_to=Comment,
        )

    @operation("deleteCommentInChangeRequest")
    async def delete(self, space_id: str, change_request_id: str, comment_id: str) -> bool:
        """DELETE /spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}

        True if the comment was deleted, False if it did not exist.
        """
        return await self._client.request_delete(
            "/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}",
            path_params={
                "spaceId": space_id,
                "changeRequestId": change_request_id,
                "commentId": comment_id,
            },
        )

    @operation("listCommentRepliesInChangeRequest")
    def list_replies(
        self,
        space_id: str,
        change_request_id: str,
        comment_id: str,
        *,
        format: ContentFormat | NotGiven = NOT_GIVEN,
        page: str | None = None,
        limit: int | None = None,
    ) -> AsyncPaginator[CommentReply]:
        """GET /spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}/replies

        The replies of a comment thread.
        """
        return self._client.paginate(
            "/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}/replies",
            item=CommentReply,
            path_params={
                "spaceId": space_id,
                "changeRequestId": change_request_id,
                "commentId": comment_id,
            },
            params={"format": format},
            page=page,
            limit=limit,
        )

    @operation("postCommentReplyInChangeRequest")
    async def create_reply(
        self,
        space_id: str,
        change_request_id: str,
        comment_id: str,
        *,
        markdown: str | NotGiven = NOT_GIVEN,
        body: Mapping[str, Any] | NotGiven = NOT_GIVEN,
        format: ContentFormat | NotGiven = NOT_GIVEN,
    ) -> CommentReply:
        """POST /spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}/replies

        Reply to a comment thread; ``format`` is the format of the reply returned.
        """
        payload = PostCommentReplyRequest.model_validate(
            {"body": require_comment_document(markdown, body, what="reply")}
        )
        return await self._client.request(
            "POST",
            "/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}/replies",
            path_params={
                "spaceId": space_id,
                "changeRequestId": change_request_id,
                "commentId": comment_id,
            },
            params={"format": format},
            body=payload,
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
        """GET /spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}/replies/{commentReplyId}

        One reply of a comment thread.
        """
        return await self._client.request(
            "GET",
            "/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}"
            "/replies/{commentReplyId}",
            path_params={
                "spaceId": space_id,
                "changeRequestId": change_request_id,
                "commentId": comment_id,
                "commentReplyId": comment_reply_id,
            },
            params={"format": format},
            cast_to=CommentReply,
        )

    @operation("updateCommentReplyInChangeRequest")
    async def update_reply(
        self,
        space_id: str,
        change_request_id: str,
        comment_id: str,
        comment_reply_id: str,
        *,
        markdown: str | NotGiven = NOT_GIVEN,
        body: Mapping[str, Any] | NotGiven = NOT_GIVEN,
        added_reactions: builtins.list[str] | NotGiven = NOT_GIVEN,
        removed_reactions: builtins.list[str] | NotGiven = NOT_GIVEN,
        resolved: bool | NotGiven = NOT_GIVEN,
    ) -> CommentReply:
        """PUT /spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}/replies/{commentReplyId}

        Edit a reply's text (author or space admin), add or remove reactions.
        """
        return await self._client.request(
            "PUT",
            "/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}"
            "/replies/{commentReplyId}",
            path_params={
                "spaceId": space_id,
                "changeRequestId": change_request_id,
                "commentId": comment_id,
                "commentReplyId": comment_reply_id,
            },
            body=_update_body(resolved, markdown, body, added_reactions, removed_reactions),
            cast_to=CommentReply,
        )

    @operation("deleteCommentReplyInChangeRequest")
    async def delete_reply(
        self, space_id: str, change_request_id: str, comment_id: str, comment_reply_id: str
    ) -> bool:
        """DELETE /spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}/replies/{commentReplyId}

        True if the reply was deleted, False if it did not exist.
        """
        return await self._client.request_delete(
            "/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}"
            "/replies/{commentReplyId}",
            path_params={
                "spaceId": space_id,
                "changeRequestId": change_request_id,
                "commentId": comment_id,
                "commentReplyId": comment_reply_id,
            },
        )

    @operation("listCommentersInChangeRequest")
    def list_commenters(
        self,
        space_id: str,
        change_request_id: str,
        *,
        page: str | None = None,
        limit: int | None = None,
    ) -> AsyncPaginator[Member]:
        """GET /spaces/{spaceId}/change-requests/{changeRequestId}/commenters

        The members who commented on the change request; each page carries their ``total``.
        """
        return self._client.paginate(
            "/spaces/{spaceId}/change-requests/{changeRequestId}/commenters",
            item=Member,
            page_type=CommentersPage,
            path_params={"spaceId": space_id, "changeRequestId": change_request_id},
            page=page,
            limit=limit,
        )
