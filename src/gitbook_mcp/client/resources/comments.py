"""Comments on a space's content: threads, replies, resolving and reactions."""

from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, Literal

from gitbook_mcp.client._types import NOT_GIVEN, NotGiven
from gitbook_mcp.client.models.comments import (
    Comment,
    CommentReply,
    PostCommentReplyRequest,
    PostCommentRequest,
    UpdateCommentRequest,
    comment_document,
    require_comment_document,
)
from gitbook_mcp.client.models.content import ContentFormat
from gitbook_mcp.client.pagination import AsyncPaginator
from gitbook_mcp.client.resources._resource import APIResource, operation

__all__ = ["Comments"]


class Comments(APIResource):
    """Text is given as ``markdown="..."``, or as the API's raw ``body={...}`` document."""

    @operation("listCommentsInSpace")
    def list(
        self,
        space_id: str,
        *,
        status: Literal["all", "open", "resolved"] | NotGiven = NOT_GIVEN,
        order: Literal["asc", "desc"] | NotGiven = NOT_GIVEN,
        format: ContentFormat | NotGiven = NOT_GIVEN,
        target_page: str | NotGiven = NOT_GIVEN,
        authors: builtins.list[str] | NotGiven = NOT_GIVEN,
        page: str | None = None,
        limit: int | None = None,
    ) -> AsyncPaginator[Comment]:
        """GET /spaces/{spaceId}/comments

        Comment threads of the space (all statuses, newest first, unless told otherwise).
        """
        return self._client.paginate(
            "/spaces/{spaceId}/comments",
            item=Comment,
            path_params={"spaceId": space_id},
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

    @operation("postCommentInSpace")
    async def create(
        self,
        space_id: str,
        *,
        markdown: str | NotGiven = NOT_GIVEN,
        body: Mapping[str, Any] | NotGiven = NOT_GIVEN,
        page: str | NotGiven = NOT_GIVEN,
        node: str | NotGiven = NOT_GIVEN,
        table_cell: Mapping[str, str] | NotGiven = NOT_GIVEN,
    ) -> Comment:
        """POST /spaces/{spaceId}/comments

        Start a thread, on the space or on ``page`` (a page id) and ``node`` within it.
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
            "/spaces/{spaceId}/comments",
            path_params={"spaceId": space_id},
            body=payload,
            cast_to=Comment,
        )

    @operation("getCommentInSpace")
    async def get(
        self, space_id: str, comment_id: str, *, format: ContentFormat | NotGiven = NOT_GIVEN
    ) -> Comment:
        """GET /spaces/{spaceId}/comments/{commentId}

        One comment thread's first post, with the caller's ``permissions`` on it.
        """
        return await self._client.request(
            "GET",
            "/spaces/{spaceId}/comments/{commentId}",
            path_params={"spaceId": space_id, "commentId": comment_id},
            params={"format": format},
            cast_to=Comment,
        )

    @operation("updateCommentInSpace")
    async def update(
        self,
        space_id: str,
        comment_id: str,
        *,
        resolved: bool | NotGiven = NOT_GIVEN,
        markdown: str | NotGiven = NOT_GIVEN,
        body: Mapping[str, Any] | NotGiven = NOT_GIVEN,
        added_reactions: builtins.list[str] | NotGiven = NOT_GIVEN,
        removed_reactions: builtins.list[str] | NotGiven = NOT_GIVEN,
    ) -> Comment:
        """PUT /spaces/{spaceId}/comments/{commentId}

        Resolve or reopen, edit the text (author or space admin), add or remove reactions.
        """
        payload = UpdateCommentRequest.model_validate(
            {
                "resolved": resolved,
                "body": comment_document(markdown, body),
                "addedReactions": added_reactions,
                "removedReactions": removed_reactions,
            }
        )
        return await self._client.request(
            "PUT",
            "/spaces/{spaceId}/comments/{commentId}",
            path_params={"spaceId": space_id, "commentId": comment_id},
            body=payload,
            cast_to=Comment,
        )

    @operation("deleteCommentInSpace")
    async def delete(self, space_id: str, comment_id: str) -> bool:
        """DELETE /spaces/{spaceId}/comments/{commentId}

        True if the comment was deleted, False if it did not exist.
        """
        return await self._client.request_delete(
            "/spaces/{spaceId}/comments/{commentId}",
            path_params={"spaceId": space_id, "commentId": comment_id},
        )

    @operation("postCommentReplyInSpace")
    async def create_reply(
        self,
        space_id: str,
        comment_id: str,
        *,
        markdown: str | NotGiven = NOT_GIVEN,
        body: Mapping[str, Any] | NotGiven = NOT_GIVEN,
    ) -> CommentReply:
        """POST /spaces/{spaceId}/comments/{commentId}/replies

        Reply to a comment thread.
        """
        payload = PostCommentReplyRequest.model_validate(
            {"body": require_comment_document(markdown, body, what="reply")}
        )
        return await self._client.request(
            "POST",
            "/spaces/{spaceId}/comments/{commentId}/replies",
            path_params={"spaceId": space_id, "commentId": comment_id},
            body=payload,
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
        """GET /spaces/{spaceId}/comments/{commentId}/replies/{commentReplyId}

        One reply of a comment thread.
        """
        return await self._client.request(
            "GET",
            "/spaces/{spaceId}/comments/{commentId}/replies/{commentReplyId}",
            path_params={
                "spaceId": space_id,
                "commentId": comment_id,
                "commentReplyId": comment_reply_id,
            },
            params={"format": format},
            cast_to=CommentReply,
        )
