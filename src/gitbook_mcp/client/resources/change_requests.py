"""Change requests: list and read them; in the live profile, open, edit, review and merge them.

``update_content``, ``merge`` and ``update_from_main`` are POSTs: never retried once sent.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Literal, Unpack, overload

from gitbook_mcp.client._types import NOT_GIVEN, NotGiven
from gitbook_mcp.client.models.authoring import (
    ChangeRequestContentChange,
    ChangeRequestContentUpdate,
    ChangeRequestContributor,
    ContentUpdateRequest,
    CreateChangeRequestRequest,
    MergeResult,
    RevisionSemanticChanges,
    UpdateChangeRequestRequest,
    UpdateResult,
)
from gitbook_mcp.client.models.content import (
    ChangeRequest,
    ChangeRequestsQuery,
    OrganizationChangeRequestsQuery,
)
from gitbook_mcp.client.pagination import AsyncPaginator
from gitbook_mcp.client.resources._plain import listing, posting, reading
from gitbook_mcp.client.resources._resource import CHANGE_REQUEST, SPACE, APIResource, operation

__all__ = ["ChangeRequests"]

Change = ChangeRequestContentChange | Mapping[str, Any]


class ChangeRequests(APIResource):
    @operation("listChangeRequestsForSpace", "GET /spaces/{spaceId}/change-requests")
    def list(
        self, space_id: str, **query: Unpack[ChangeRequestsQuery]
    ) -> AsyncPaginator[ChangeRequest]:
        """Change requests of the space; the API lists ``open`` ones unless ``status`` is given."""
        return self._paginate(ChangeRequest)

    get = reading(
        SPACE,
        "/change-requests/{changeRequestId}",
        ChangeRequest,
        "getChangeRequestById",
        doc="One change request, by id or by its number within the space.",
    )

    # -- live profile: authoring, merging, the organization's list ------------------------

    @operation("listChangeRequestsForOrganization", "GET /orgs/{organizationId}/change-requests")
    def list_for_organization(
        self, organization_id: str, **query: Unpack[OrganizationChangeRequestsQuery]
    ) -> AsyncPaginator[ChangeRequest]:
        """Change requests across the organization (``open`` ones unless ``status`` is given)."""
        return self._paginate(ChangeRequest)

    @operation("createChangeRequest", "POST /spaces/{spaceId}/change-requests")
    async def create(
        self, space_id: str, **body: Unpack[CreateChangeRequestRequest]
    ) -> ChangeRequest:
        """Open a draft change request on the space's current revision."""
        return await self._call(ChangeRequest)

    @operation(
        "updateChangeRequestById", "PATCH /spaces/{spaceId}/change-requests/{changeRequestId}"
    )
    async def update(
        self, space_id: str, change_request_id: str, **body: Unpack[UpdateChangeRequestRequest]
    ) -> ChangeRequest:
        """Change the subject, or the status (``draft``, ``open``, ``archived``)."""
        return await self._call(ChangeRequest)

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

    @operation(
        "updateChangeRequestContent",
        "POST /spaces/{spaceId}/change-requests/{changeRequestId}/content",
    )
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
        return await self._call(cast_to, params={"compat": compat}, body=body)

    @operation(
        "getChangeRequestChanges", "GET /spaces/{spaceId}/change-requests/{changeRequestId}/changes"
    )
    async def get_changes(
        self, space_id: str, change_request_id: str, *, limit: int | NotGiven = NOT_GIVEN
    ) -> RevisionSemanticChanges:
        """What the change request changes against its base; ``more`` counts those cut."""
        return await self._call(RevisionSemanticChanges)

    merge = posting(
        SPACE,
        "/change-requests/{changeRequestId}/merge",
        MergeResult,
        "mergeChangeRequest",
        doc="Publish the change request; ``result`` is ``conflicts`` when it could not. Not retried.",
    )

    update_from_main = posting(
        SPACE,
        "/change-requests/{changeRequestId}/update",
        UpdateResult,
        "updateChangeRequest",
        doc="Bring the main content's changes into the change request. Not retried.",
    )

    list_contributors = listing(
        CHANGE_REQUEST,
        "/contributors",
        ChangeRequestContributor,
        "getContributorsByChangeRequestId",
        doc="The users who edited the change request.",
    )
