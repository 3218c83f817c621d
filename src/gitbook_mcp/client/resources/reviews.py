"""Reviews and requested reviewers of a change request (live profile)."""

from __future__ import annotations

from typing import Unpack

from gitbook_mcp.client.models.authoring import (
    ChangeRequestReview,
    RequestedReviewer,
    RequestedReviewers,
    RequestReviewersRequest,
    ReviewsQuery,
    SubmitReviewRequest,
)
from gitbook_mcp.client.pagination import AsyncPaginator
from gitbook_mcp.client.resources._plain import deleting, listing, reading
from gitbook_mcp.client.resources._resource import CHANGE_REQUEST, APIResource, operation

__all__ = ["ChangeRequestReviews"]


class ChangeRequestReviews(APIResource):
    @operation(
        "getReviewsByChangeRequestId",
        "GET /spaces/{spaceId}/change-requests/{changeRequestId}/reviews",
    )
    def list(
        self, space_id: str, change_request_id: str, **query: Unpack[ReviewsQuery]
    ) -> AsyncPaginator[ChangeRequestReview]:
        """The reviews of the change request; ``outdated`` keeps those of older revisions or not."""
        return self._paginate(ChangeRequestReview)

    @operation(
        "submitChangeRequestReview",
        "POST /spaces/{spaceId}/change-requests/{changeRequestId}/reviews",
    )
    async def submit(
        self, space_id: str, change_request_id: str, **body: Unpack[SubmitReviewRequest]
    ) -> ChangeRequestReview:
        """Approve or request changes, with an optional comment (``{"markdown": ...}``). Not retried."""
        return await self._call(ChangeRequestReview)

    get = reading(
        CHANGE_REQUEST, "/reviews/{reviewId}", ChangeRequestReview, "getChangeRequestReviewById"
    )

    list_requested = listing(
        CHANGE_REQUEST,
        "/requested-reviewers",
        RequestedReviewer,
        "getRequestedReviewersByChangeRequestId",
    )

    @operation(
        "requestReviewersForChangeRequest",
        "POST /spaces/{spaceId}/change-requests/{changeRequestId}/requested-reviewers",
    )
    async def request_reviewers(
        self,
        space_id: str,
        change_request_id: str,
        **body: Unpack[RequestReviewersRequest],
    ) -> RequestedReviewers:
        """Ask ``users`` (user ids) to review. Not retried once sent."""
        return await self._call(RequestedReviewers)

    remove_requested = deleting(
        CHANGE_REQUEST, "/requested-reviewers/{userId}", "removeRequestedReviewerFromChangeRequest"
    )
