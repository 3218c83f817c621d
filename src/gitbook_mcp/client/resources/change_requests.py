"""Change requests of a space: list them by status or contributor, read one."""

from __future__ import annotations

from gitbook_mcp.client._types import NOT_GIVEN, NotGiven
from gitbook_mcp.client.models.content import ChangeRequest, ChangeRequestStatus
from gitbook_mcp.client.pagination import AsyncPaginator
from gitbook_mcp.client.resources._resource import APIResource, operation

__all__ = ["ChangeRequests"]


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
