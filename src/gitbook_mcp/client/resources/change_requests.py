"""Change requests: list and read them; in the live profile, open, edit, review and merge them.

``update_content``, ``merge`` and ``update_from_main`` are POSTs: never retried once sent.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Literal, overload

from gitbook_mcp.client._types import NOT_GIVEN, NotGiven
from gitbook_mcp.client.models.authoring import (
    ChangeRequestContentChange,
    ChangeRequestContentUpdate,
    ChangeRequestContributor,
    ContentUpdateRequest,
    CreateChangeRequestRequest,
    EditableStatus,
    MergeResult,
    RevisionSemanticChanges,
    UpdateChangeRequestRequest,
    UpdateResult,
)
from gitbook_mcp.client.models.content import ChangeRequest, ChangeRequestStatus
from gitbook_mcp.client.pagination import AsyncPaginator
from gitbook_mcp.client.resources._resource import APIResource, operation

__all__ = ["ChangeRequests"]

_CR = "/spaces/{spaceId}/change-requests/{changeRequestId}"
Change = ChangeRequestContentChange | Mapping[str, Any]


class ChangeRequests(APIResource):
    @operation("listChangeRequestsForSpace")
    def list(
        self,
        space_id: str,
        *,
        status: ChangeRequestStatus | NotGiven = NOT_GIVEN,
        contributor: str | NotGiven = NOT_GIVEN,
        page: str | None = None,
        limit: int | None = None,
    ) -> AsyncPaginator[ChangeRequest]:
        """GET /spaces/{spaceId}/change-requests

        Change requests of the space; the API lists ``open`` ones unless ``status`` is given.
        """
        return self._client.paginate(
            "/spaces/{spaceId}/change-requests",
            item=ChangeRequest,
            ids=(space_id,),
            params={"status": status, "contributor": contributor},
            page=page,
            limit=limit,
        )

    @operation("getChangeRequestById")
    async def get(self, space_id: str, change_request_id: str) -> ChangeRequest:
        """GET /spaces/{spaceId}/change-requests/{changeRequestId}

        One change request, by id or by its number within the space.
        """
        return await self._client.request(
            "GET",
            "/spaces/{spaceId}/change-requests/{changeRequestId}",
            ids=(space_id, change_request_id),
            cast_to=ChangeRequest,
        )

    # -- live profile: authoring, merging, the organization's list ------------------------

    @operation("listChangeRequestsForOrganization")
    def list_for_organization(
        self,
        organization_id: str,
        *,
        status: Sequence[ChangeRequestStatus] | NotGiven = NOT_GIVEN,
        creator: str | NotGiven = NOT_GIVEN,
        contributor: str | NotGiven = NOT_GIVEN,
        requested_reviewer: str | NotGiven = NOT_GIVEN,
        space: str | NotGiven = NOT_GIVEN,
        site: str | NotGiven = NOT_GIVEN,
        page: str | None = None,
        limit: int | None = None,
    ) -> AsyncPaginator[ChangeRequest]:
        """GET /orgs/{organizationId}/change-requests

        Change requests across the organization (``open`` ones unless ``status`` is given).
        """
        params = {
            "status": list(status) if isinstance(status, Sequence) else status,
            "creator": creator,
            "contributor": contributor,
            "requestedReviewer": requested_reviewer,
            "space": space,
            "site": site,
        }
        return self._client.paginate(
            "/orgs/{organizationId}/change-requests",
            item=ChangeRequest,
            ids=(organization_id,),
            params=params,
            page=page,
            limit=limit,
        )

    @operation("createChangeRequest")
    async def create(self, space_id: str, *, subject: str | NotGiven = NOT_GIVEN) -> ChangeRequest:
        """POST /spaces/{spaceId}/change-requests

        Open a draft change request on the space's current revision.
        """
        return await self._client.request(
            "POST",
            "/spaces/{spaceId}/change-requests",
            ids=(space_id,),
            body=CreateChangeRequestRequest.model_validate({"subject": subject}),
            cast_to=ChangeRequest,
        )

    @operation("updateChangeRequestById")
    async def update(
        self,
        space_id: str,
        change_request_id: str,
        *,
        subject: str | NotGiven = NOT_GIVEN,
        status: EditableStatus | NotGiven = NOT_GIVEN,
    ) -> ChangeRequest:
        """PATCH /spaces/{spaceId}/change-requests/{changeRequestId}

        Change the subject, or the status (``draft``, ``open``, ``archived``).
        """
        body = UpdateChangeRequestRequest.model_validate({"subject": subject, "status": status})
        return await self._client.request(
            "PATCH", _CR, ids=(space_id, change_request_id), body=body, cast_to=ChangeRequest
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
        """POST /spaces/{spaceId}/change-requests/{changeRequestId}/content

        Apply 1 to 50 changes as one revision, or none. With ``compat=False`` the answer says
        what each change did (`ChangeRequestContentUpdate`). Never retried once sent.
        """
        body = ContentUpdateRequest.model_validate({"changes": list(changes)})
        cast_to: type[ChangeRequest | ChangeRequestContentUpdate]
        cast_to = ChangeRequest if compat else ChangeRequestContentUpdate
        return await self._client.request(
            "POST",
            _CR + "/content",
            ids=(space_id, change_request_id),
            params={"compat": compat},
            body=body,
            cast_to=cast_to,
        )

    @operation("getChangeRequestChanges")
    async def get_changes(
        self, space_id: str, change_request_id: str, *, limit: int | NotGiven = NOT_GIVEN
    ) -> RevisionSemanticChanges:
        """GET /spaces/{spaceId}/change-requests/{changeRequestId}/changes

        What the change request changes against its base; ``more`` counts those cut.
        """
        return await self._client.request(
            "GET",
            _CR + "/changes",
            ids=(space_id, change_request_id),
            params={"limit": limit},
            cast_to=RevisionSemanticChanges,
        )

    @operation("mergeChangeRequest")
    async def merge(self, space_id: str, change_request_id: str) -> MergeResult:
        """POST /spaces/{spaceId}/change-requests/{changeRequestId}/merge

        Publish the change request; ``result`` is ``conflicts`` when it could not. Not retried.
        """
        return await self._client.request(
            "POST", _CR + "/merge", ids=(space_id, change_request_id), cast_to=MergeResult
        )

    @operation("updateChangeRequest")
    async def update_from_main(self, space_id: str, change_request_id: str) -> UpdateResult:
        """POST /spaces/{spaceId}/change-requests/{changeRequestId}/update

        Bring the main content's changes into the change request. Not retried.
        """
        return await self._client.request(
            "POST", _CR + "/update", ids=(space_id, change_request_id), cast_to=UpdateResult
        )

    @operation("getContributorsByChangeRequestId")
    def list_contributors(
        self,
        space_id: str,
        change_request_id: str,
        *,
        page: str | None = None,
        limit: int | None = None,
    ) -> AsyncPaginator[ChangeRequestContributor]:
        """GET /spaces/{spaceId}/change-requests/{changeRequestId}/contributors

        The users who edited the change request.
        """
        return self._client.paginate(
            _CR + "/contributors",
            item=ChangeRequestContributor,
            ids=(space_id, change_request_id),
            page=page,
            limit=limit,
        )
