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

_CR = "/spaces/{spaceId}/change-requests/{changeRequestId}"


class ChangeRequestReviews(APIResource):
    @operation("getReviewsByChangeRequestId")
    def list(
        self,
        space_id: str,
        change_request_id: str,
        *,
        outdated: bool | NotGiven = NOT_GIVEN,
        page: str | None = None,
        limit: int | None = None,
    ) -> AsyncPaginator[ChangeRequestReview]:
        """GET /spaces/{spaceId}/change-requests/{changeRequestId}/reviews

        The reviews of the change request; ``outdated`` keeps those of older revisions or not.
        """
        return self._client.paginate(
            _CR + "/reviews",
            item=ChangeRequestReview,
            ids=(space_id, change_request_id),
            params={"outdated": outdated},
            page=page,
            limit=limit,
        )

    @operation("submitChangeRequestReview")
    async def submit(
        self,
        space_id: str,
        change_request_id: str,
        *,
        status: ChangeRequestReviewStatus,
        comment: dict[str, Any] | NotGiven = NOT_GIVEN,
    ) -> ChangeRequestReview:
        """POST /spaces/{spaceId}/change-requests/{changeRequestId}/reviews

        Approve or request changes, with an optional comment (``{"markdown": ...}``). Not retried.
        """
        body = SubmitReviewRequest.model_validate({"status": status, "comment": comment})
        return await self._client.request(
            "POST",
            _CR + "/reviews",
            ids=(space_id, change_request_id),
            body=body,
            cast_to=ChangeRequestReview,
        )

    @operation("getChangeRequestReviewById")
    async def get(
        self, space_id: str, change_request_id: str, review_id: str
    ) -> ChangeRequestReview:
        """GET /spaces/{spaceId}/change-requests/{changeRequestId}/reviews/{reviewId}

        One review.
        """
        return await self._client.request(
            "GET",
            _CR + "/reviews/{reviewId}",
            ids=(space_id, change_request_id, review_id),
            cast_to=ChangeRequestReview,
        )

    @operation("getRequestedReviewersByChangeRequestId")
    def list_requested(
        self,
        space_id: str,
        change_request_id: str,
        *,
        page: str | None = None,
        limit: int | None = None,
    ) -> AsyncPaginator[RequestedReviewer]:
        """GET /spaces/{spaceId}/change-requests/{changeRequestId}/requested-reviewers

        The users asked to review the change request.
        """
        return self._client.paginate(
            _CR + "/requested-reviewers",
            item=RequestedReviewer,
            ids=(space_id, change_request_id),
            page=page,
            limit=limit,
        )

    @operation("requestReviewersForChangeRequest")
    async def request_reviewers(
        self,
        space_id: str,
        change_request_id: str,
        *,
        users: Sequence[str],
        subject: str | NotGiven = NOT_GIVEN,
    ) -> RequestedReviewers:
        """POST /spaces/{spaceId}/change-requests/{changeRequestId}/requested-reviewers

        Ask ``users`` (user ids) to review. Not retried once sent.
        """
        body = RequestReviewersRequest.model_validate({"users": [*users], "subject": subject})
        return await self._client.request(
            "POST",
            _CR + "/requested-reviewers",
            ids=(space_id, change_request_id),
            body=body,
            cast_to=RequestedReviewers,
        )

    @operation("removeRequestedReviewerFromChangeRequest")
    async def remove_requested(self, space_id: str, change_request_id: str, user_id: str) -> bool:
        """DELETE /spaces/{spaceId}/change-requests/{changeRequestId}/requested-reviewers/{userId}

        Withdraw a review request: True when removed, False when it did not exist.
        """
        return await self._client.request_delete(
            _CR + "/requested-reviewers/{userId}", ids=(space_id, change_request_id, user_id)
        )
