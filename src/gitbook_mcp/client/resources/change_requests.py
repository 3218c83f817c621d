"""Change requests: list and read them; in the live profile, open, edit, merge them, and their
reviews and requested reviewers.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Literal, Unpack, overload

from gitbook_mcp.client._types import NOT_GIVEN, NotGiven
from gitbook_mcp.client.models._base import Paging
from gitbook_mcp.client.models.authoring import (
    ChangeRequestContentChange,
    ChangeRequestContentUpdate,
    ChangeRequestContributor,
    ChangeRequestReview,
    ContentUpdateRequest,
    CreateChangeRequestRequest,
    MergeResult,
    RequestedReviewer,
    RequestedReviewers,
    RequestReviewersRequest,
    ReviewsQuery,
    RevisionSemanticChanges,
    SubmitReviewRequest,
    UpdateChangeRequestRequest,
    UpdateResult,
)
from gitbook_mcp.client.models.content import (
    ChangeRequest,
    ChangeRequestsQuery,
    OrganizationChangeRequestsQuery,
)
from gitbook_mcp.client.pagination import AsyncPaginator
from gitbook_mcp.client.resources._resource import APIResource, body_of, operation, query_of

__all__ = ["ChangeRequestReviews", "ChangeRequests"]


Change = ChangeRequestContentChange | Mapping[str, Any]


class ChangeRequests(APIResource):
    """Change requests of a space. ``update_content``, ``merge`` and ``update_from_main`` are
    POSTs: never retried once sent."""

    @operation("listChangeRequestsForSpace")
    def list(
        self, space_id: str, **query: Unpack[ChangeRequestsQuery]
    ) -> AsyncPaginator[ChangeRequest]:
        """Change requests of the space; the API lists ``open`` ones unless ``status`` is given."""
        ids = {"spaceId": space_id}
        return self._list(
            "/spaces/{spaceId}/change-requests",
            ids=ids,
            item=ChangeRequest,
            query=query_of(ChangeRequestsQuery, query),
        )

    @operation("getChangeRequestById")
    async def get(self, space_id: str, change_request_id: str) -> ChangeRequest:
        """One change request, by id or by its number within the space."""
        ids = {"spaceId": space_id, "changeRequestId": change_request_id}
        return await self._get(
            "/spaces/{spaceId}/change-requests/{changeRequestId}", ids=ids, cast_to=ChangeRequest
        )

    # -- live profile: authoring, merging, the organization's list ------------------------

    @operation("listChangeRequestsForOrganization")
    def list_for_organization(
        self, organization_id: str, **query: Unpack[OrganizationChangeRequestsQuery]
    ) -> AsyncPaginator[ChangeRequest]:
        """Change requests across the organization (``open`` ones unless ``status`` is given)."""
        ids = {"organizationId": organization_id}
        return self._list(
            "/orgs/{organizationId}/change-requests",
            ids=ids,
            item=ChangeRequest,
            query=query_of(OrganizationChangeRequestsQuery, query),
        )

    @operation("createChangeRequest")
    async def create(
        self, space_id: str, **body: Unpack[CreateChangeRequestRequest]
    ) -> ChangeRequest:
        """Open a draft change request on the space's current revision."""
        ids = {"spaceId": space_id}
        return await self._post(
            "/spaces/{spaceId}/change-requests",
            ids=ids,
            body=body_of(CreateChangeRequestRequest, body),
            cast_to=ChangeRequest,
        )

    @operation("updateChangeRequestById")
    async def update(
        self, space_id: str, change_request_id: str, **body: Unpack[UpdateChangeRequestRequest]
    ) -> ChangeRequest:
        """Change the subject, or the status (``draft``, ``open``, ``archived``)."""
        ids = {"spaceId": space_id, "changeRequestId": change_request_id}
        return await self._patch(
            "/spaces/{spaceId}/change-requests/{changeRequestId}",
            ids=ids,
            body=body_of(UpdateChangeRequestRequest, body),
            cast_to=ChangeRequest,
        )

    @overload
    async def update_content(
        self,
        space_id: str,
        change_request_id: str,
        *,
        changes: Sequence[Change],
        compat: Literal[True] = True,
    ) -> ChangeRequest: ...

    @overload
    async def update_content(
        self,
        space_id: str,
        change_request_id: str,
        *,
        changes: Sequence[Change],
        compat: Literal[False],
    ) -> ChangeRequestContentUpdate: ...

    @operation("updateChangeRequestContent")
    async def update_content(
        self,
        space_id: str,
        change_request_id: str,
        *,
        changes: Sequence[Change],
        compat: bool = True,
    ) -> ChangeRequest | ChangeRequestContentUpdate:
        """Apply 1 to 50 changes as one revision, or none. With ``compat=False`` the answer says
        what each change did (`ChangeRequestContentUpdate`). Never retried once sent.
        """
        body = ContentUpdateRequest.model_validate({"changes": list(changes)})
        cast_to: type[ChangeRequest | ChangeRequestContentUpdate]
        cast_to = ChangeRequest if compat else ChangeRequestContentUpdate
        ids = {"spaceId": space_id, "changeRequestId": change_request_id}
        return await self._post(
            "/spaces/{spaceId}/change-requests/{changeRequestId}/content",
            ids=ids,
            query={"compat": compat},
            body=body,
            cast_to=cast_to,
        )

    @operation("getChangeRequestChanges")
    async def get_changes(
        self, space_id: str, change_request_id: str, *, limit: int | NotGiven = NOT_GIVEN
    ) -> RevisionSemanticChanges:
        """What the change request changes against its base; ``more`` counts those cut."""
        ids = {"spaceId": space_id, "changeRequestId": change_request_id}
        return await self._get(
            "/spaces/{spaceId}/change-requests/{changeRequestId}/changes",
            ids=ids,
            cast_to=RevisionSemanticChanges,
            query={} if isinstance(limit, NotGiven) else {"limit": limit},
        )

    @operation("mergeChangeRequest")
    async def merge(self, space_id: str, change_request_id: str) -> MergeResult:
        """Publish the change request; ``result`` is ``conflicts`` when it could not. Not retried."""
        ids = {"spaceId": space_id, "changeRequestId": change_request_id}
        return await self._post(
            "/spaces/{spaceId}/change-requests/{changeRequestId}/merge",
            ids=ids,
            cast_to=MergeResult,
        )

    @operation("updateChangeRequest")
    async def update_from_main(self, space_id: str, change_request_id: str) -> UpdateResult:
        """Bring the main content's changes into the change request. Not retried."""
        ids = {"spaceId": space_id, "changeRequestId": change_request_id}
        return await self._post(
            "/spaces/{spaceId}/change-requests/{changeRequestId}/update",
            ids=ids,
            cast_to=UpdateResult,
        )

    @operation("getContributorsByChangeRequestId")
    def list_contributors(
        self, space_id: str, change_request_id: str, **query: Unpack[Paging]
    ) -> AsyncPaginator[ChangeRequestContributor]:
        """The users who edited the change request."""
        ids = {"spaceId": space_id, "changeRequestId": change_request_id}
        return self._list(
            "/spaces/{spaceId}/change-requests/{changeRequestId}/contributors",
            ids=ids,
            item=ChangeRequestContributor,
            query=query_of(Paging, query),
        )


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
