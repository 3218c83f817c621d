"""Reviews and requested reviewers of a change request (live profile)."""

from __future__ import annotations

from typing import Unpack

from gitbook_mcp.client.models._base import Paging
from gitbook_mcp.client.models.authoring import (
    ChangeRequestReview,
    RequestedReviewer,
    RequestedReviewers,
    RequestReviewersRequest,
    ReviewsQuery,
    SubmitReviewRequest,
)
from gitbook_mcp.client.pagination import AsyncPaginator
from gitbook_mcp.client.resources._resource import APIResource, body_of, operation, query_of

__all__ = ["ChangeRequestReviews"]


class ChangeRequestReviews(APIResource):
    @operation("getReviewsByChangeRequestId")
    def list(
        self, space_id: str, change_request_id: str, **query: Unpack[ReviewsQuery]
    ) -> AsyncPaginator[ChangeRequestReview]:
        """The reviews of the change request; ``outdated`` keeps those of older revisions or not."""
        ids = {"spaceId": space_id, "changeRequestId": change_request_id}
        return self._list(
            "/spaces/{spaceId}/change-requests/{changeRequestId}/reviews",
            ids=ids,
            item=ChangeRequestReview,
            query=query_of(ReviewsQuery, query),
        )

    @operation("submitChangeRequestReview")
    async def submit(
        self, space_id: str, change_request_id: str, **body: Unpack[SubmitReviewRequest]
    ) -> ChangeRequestReview:
        """Approve or request changes, with an optional comment (``{"markdown": ...}``). Not retried."""
        ids = {"spaceId": space_id, "changeRequestId": change_request_id}
        return await self._post(
            "/spaces/{spaceId}/change-requests/{changeRequestId}/reviews",
            ids=ids,
            body=body_of(SubmitReviewRequest, body),
            cast_to=ChangeRequestReview,
        )

    @operation("getChangeRequestReviewById")
    async def get(
        self, space_id: str, change_request_id: str, review_id: str
    ) -> ChangeRequestReview:
        """One ChangeRequestReview."""
        ids = {"spaceId": space_id, "changeRequestId": change_request_id, "reviewId": review_id}
        return await self._get(
            "/spaces/{spaceId}/change-requests/{changeRequestId}/reviews/{reviewId}",
            ids=ids,
            cast_to=ChangeRequestReview,
        )

    @operation("getRequestedReviewersByChangeRequestId")
    def list_requested(
        self, space_id: str, change_request_id: str, **query: Unpack[Paging]
    ) -> AsyncPaginator[RequestedReviewer]:
        """Await it for one page, or ``async for`` over every item."""
        ids = {"spaceId": space_id, "changeRequestId": change_request_id}
        return self._list(
            "/spaces/{spaceId}/change-requests/{changeRequestId}/requested-reviewers",
            ids=ids,
            item=RequestedReviewer,
            query=query_of(Paging, query),
        )

    @operation("requestReviewersForChangeRequest")
    async def request_reviewers(
        self,
        space_id: str,
        change_request_id: str,
        **body: Unpack[RequestReviewersRequest],
    ) -> RequestedReviewers:
        """Ask ``users`` (user ids) to review. Not retried once sent."""
        ids = {"spaceId": space_id, "changeRequestId": change_request_id}
        return await self._post(
            "/spaces/{spaceId}/change-requests/{changeRequestId}/requested-reviewers",
            ids=ids,
            body=body_of(RequestReviewersRequest, body),
            cast_to=RequestedReviewers,
        )

    @operation("removeRequestedReviewerFromChangeRequest")
    async def remove_requested(self, space_id: str, change_request_id: str, user_id: str) -> bool:
        """True if deleted, False if it did not exist."""
        ids = {"spaceId": space_id, "changeRequestId": change_request_id, "userId": user_id}
        return await self._delete(
            "/spaces/{spaceId}/change-requests/{changeRequestId}/requested-reviewers/{userId}",
            ids=ids,
        )
