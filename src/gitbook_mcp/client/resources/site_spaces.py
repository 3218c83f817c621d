"""The spaces a docs site publishes: list, add, update (path, condition), move, remove."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gitbook_mcp.client._types import NOT_GIVEN, NotGiven
from gitbook_mcp.client.models.sites import (
    AddSiteSpaceRequest,
    MoveSiteSpaceRequest,
    SiteSpace,
    UpdateSiteSpaceRequest,
    move_position,
)
from gitbook_mcp.client.pagination import AsyncPaginator
from gitbook_mcp.client.resources._resource import APIResource, operation

__all__ = ["SiteSpaces"]


def _pointer(site_space_id: str) -> dict[str, str]:
    return {"type": "site-space", "siteSpace": site_space_id}


class SiteSpaces(APIResource):
    @operation("listSiteSpaces")
    def list(
        self,
        organization_id: str,
        site_id: str,
        *,
        default: bool | NotGiven = NOT_GIVEN,
        share_key: str | NotGiven = NOT_GIVEN,
        page: str | None = None,
        limit: int | None = None,
    ) -> AsyncPaginator[SiteSpace]:
        """GET /orgs/{organizationId}/sites/{siteId}/site-spaces

        The site's spaces; ``default=True`` only the default one, ``False`` only the others.
        """
        return self._client.paginate(
            "/orgs/{organizationId}/sites/{siteId}/site-spaces",
            item=SiteSpace,
            ids=(organization_id, site_id),
            params={"default": default, "shareKey": share_key},
            page=page,
            limit=limit,
        )

    @operation("addSpaceToSite")
    async def add(
        self,
        organization_id: str,
        site_id: str,
        *,
        space_id: str,
        section_id: str | NotGiven = NOT_GIVEN,
    ) -> SiteSpace:
        """POST /orgs/{organizationId}/sites/{siteId}/site-spaces

        Publish a space on the site, in ``section_id`` (else the default section, or the root).
        """
        body = AddSiteSpaceRequest.model_validate({"spaceId": space_id, "sectionId": section_id})
        return await self._client.request(
            "POST",
            "/orgs/{organizationId}/sites/{siteId}/site-spaces",
            ids=(organization_id, site_id),
            body=body,
            cast_to=SiteSpace,
        )

    @operation("updateSiteSpaceById")
    async def update(
        self,
        organization_id: str,
        site_id: str,
        site_space_id: str,
        *,
        path: str | NotGiven = NOT_GIVEN,
        condition: str | NotGiven | None = NOT_GIVEN,
        space_id: str | NotGiven = NOT_GIVEN,
    ) -> SiteSpace:
        """PATCH /orgs/{organizationId}/sites/{siteId}/site-spaces/{siteSpaceId}

        Change the path (1..100), the visibility ``condition`` (None removes it) or the space.
        """
        body = UpdateSiteSpaceRequest.model_validate(
            {"path": path, "condition": condition, "spaceId": space_id}
        )
        return await self._client.request(
            "PATCH",
            "/orgs/{organizationId}/sites/{siteId}/site-spaces/{siteSpaceId}",
            ids=(organization_id, site_id, site_space_id),
            body=body,
            cast_to=SiteSpace,
        )

    @operation("moveSiteSpace")
    async def move(
        self,
        organization_id: str,
        site_id: str,
        site_space_id: str,
        *,
        before: str | NotGiven = NOT_GIVEN,
        after: str | NotGiven = NOT_GIVEN,
        position: Mapping[str, Any] | NotGiven = NOT_GIVEN,
    ) -> SiteSpace:
        """POST /orgs/{organizationId}/sites/{siteId}/site-spaces/{siteSpaceId}/move

        Place it ``before`` or ``after`` another site space (an id), or at a raw ``position``.
        Deprecated by the API in favour of sortSiteStructure.
        """
        body = MoveSiteSpaceRequest.model_validate(
            {
                "position": move_position(
                    before=before, after=after, position=position, pointer=_pointer
                )
            }
        )
        return await self._client.request(
            "POST",
            "/orgs/{organizationId}/sites/{siteId}/site-spaces/{siteSpaceId}/move",
            ids=(organization_id, site_id, site_space_id),
            body=body,
            cast_to=SiteSpace,
        )

    @operation("deleteSiteSpaceById")
    async def delete(self, organization_id: str, site_id: str, site_space_id: str) -> bool:
        """DELETE /orgs/{organizationId}/sites/{siteId}/site-spaces/{siteSpaceId}

        Unpublish the space from the site. True if removed, False if it was not there.
        """
        return await self._client.request_delete(
            "/orgs/{organizationId}/sites/{siteId}/site-spaces/{siteSpaceId}",
            ids=(organization_id, site_id, site_space_id),
        )
