"""Reviews and requested reviewers of a change request (live profile)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gitbook_mcp.client._types import NOT_GIVEN, NotGiven
from gitbook_mcp.client.models.authoring import (
    ChangeRequestReview,
    ChangeRequestReviewStatus,
    RequestedReviewer,
    RequestedReviewers,
    RequestReviewersRequest,
    SubmitReviewRequest,
)
from gitbook_mcp.client.pagination import AsyncPaginator
from gitbook_mcp.client.resources._resource import APIResource, operation

__all__ = ["ChangeRequestReviews"]


class ChangeRequestReviews(APIResource):
    @operation(
        "getReviewsByChangeRequestId",
        "GET /spaces/{spaceId}/change-requests/{changeRequestId}/reviews",
    )
    def list(
        self,
        space_id: str,
        change_request_id: str,
        *,
        outdated: bool | NotGiven = NOT_GIVEN,
        page: str | None = None,
        limit: int | None = None,
    ) -> AsyncPaginator[ChangeRequestReview]:
        """The reviews of the change request; ``outdated`` keeps those of older revisions or not."""
        return self._paginate(
            ChangeRequestReview, params={"outdated": outdated}, page=page, limit=limit
        )

    @operation(
        "submitChangeRequestReview",
        "POST /spaces/{spaceId}/change-requests/{changeRequestId}/reviews",
        body=SubmitReviewRequest,
    )
    async def submit(
        self,
        space_id: str,
        change_request_id: str,
        *,
        status: ChangeRequestReviewStatus,
        comment: dict[str, Any] | NotGiven = NOT_GIVEN,
    ) -> ChangeRequestReview:
        """Approve or request changes, with an optional comment (``{"markdown": ...}``). Not retried."""
        return await self._call(ChangeRequestReview)

    @operation(
        "getChangeRequestReviewById",
        "GET /spaces/{spaceId}/change-requests/{changeRequestId}/reviews/{reviewId}",
    )
    async def get(
        self, space_id: str, change_request_id: str, review_id: str
    ) -> ChangeRequestReview:
        """One review."""
        return await self._call(ChangeRequestReview)

    @operation(
        "getRequestedReviewersByChangeRequestId",
        "GET /spaces/{spaceId}/change-requests/{changeRequestId}/requested-reviewers",
    )
    def list_requested(
        self,
        space_id: str,
        change_request_id: str,
        *,
        page: str | None = None,
        limit: int | None = None,
    ) -> AsyncPaginator[RequestedReviewer]:
        """The users asked to review the change request."""
        return self._paginate(RequestedReviewer, page=page, limit=limit)

    @operation(
        "requestReviewersForChangeRequest",
        "POST /spaces/{spaceId}/change-requests/{changeRequestId}/requested-reviewers",
    )
    async def request_reviewers(
        self,
        space_id: str,
        change_request_id: str,
        *,
        users: Sequence[str],
        subject: str | NotGiven = NOT_GIVEN,
    ) -> RequestedReviewers:
        """Ask ``users`` (user ids) to review. Not retried once sent."""
        body = RequestReviewersRequest.model_validate({"users": [*users], "subject": subject})
        return await self._call(RequestedReviewers, body=body)

    @operation(
        "removeRequestedReviewerFromChangeRequest",
        "DELETE /spaces/{spaceId}/change-requests/{changeRequestId}/requested-reviewers/{userId}",
    )
    async def remove_requested(self, space_id: str, change_request_id: str, user_id: str) -> bool:
        """Withdraw a review request: True when removed, False when it did not exist."""
        return await self._delete()
