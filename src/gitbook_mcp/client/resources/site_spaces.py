"""The spaces a docs site publishes: list, add, update (path, condition), move, remove."""

from __future__ import annotations

from typing import Unpack

from gitbook_mcp.client.models.sites import (
    AddSiteSpaceRequest,
    MoveRequest,
    Placement,
    SiteSpace,
    SiteSpacePointer,
    SiteSpacesQuery,
    UpdateSiteSpaceRequest,
)
from gitbook_mcp.client.pagination import AsyncPaginator
from gitbook_mcp.client.resources._resource import APIResource, body_of, operation, query_of

__all__ = ["SiteSpaces"]


def _pointer(site_space_id: str) -> dict[str, str]:
    return {"type": "site-space", "siteSpace": site_space_id}


class SiteSpaces(APIResource):
    @operation("listSiteSpaces")
    def list(
        self, organization_id: str, site_id: str, **query: Unpack[SiteSpacesQuery]
    ) -> AsyncPaginator[SiteSpace]:
        """The site's spaces; ``default=True`` only the default one, ``False`` only the others."""
        ids = {"organizationId": organization_id, "siteId": site_id}
        return self._list(
            "/orgs/{organizationId}/sites/{siteId}/site-spaces",
            ids=ids,
            item=SiteSpace,
            query=query_of(SiteSpacesQuery, query),
        )

    @operation("addSpaceToSite")
    async def add(
        self, organization_id: str, site_id: str, **body: Unpack[AddSiteSpaceRequest]
    ) -> SiteSpace:
        """Publish a space on the site, in ``section_id`` (else the default section, or the root)."""
        ids = {"organizationId": organization_id, "siteId": site_id}
        return await self._post(
            "/orgs/{organizationId}/sites/{siteId}/site-spaces",
            ids=ids,
            body=body_of(AddSiteSpaceRequest, body),
            cast_to=SiteSpace,
        )

    @operation("updateSiteSpaceById")
    async def update(
        self,
        organization_id: str,
        site_id: str,
        site_space_id: str,
        **body: Unpack[UpdateSiteSpaceRequest],
    ) -> SiteSpace:
        """Change the path (1..100), the visibility ``condition`` (None removes it) or the space."""
        ids = {"organizationId": organization_id, "siteId": site_id, "siteSpaceId": site_space_id}
        return await self._patch(
            "/orgs/{organizationId}/sites/{siteId}/site-spaces/{siteSpaceId}",
            ids=ids,
            body=body_of(UpdateSiteSpaceRequest, body),
            cast_to=SiteSpace,
        )

    @operation("moveSiteSpace")
    async def move(
        self,
        organization_id: str,
        site_id: str,
        site_space_id: str,
        **where: Unpack[Placement],
    ) -> SiteSpace:
        """Place it ``before`` or ``after`` another site space (an id), or at a raw ``position``.
        Deprecated by the API in favour of sortSiteStructure.
        """
        body_of(Placement, where)  # checks each option, name and type
        ids = {"organizationId": organization_id, "siteId": site_id, "siteSpaceId": site_space_id}
        return await self._post(
            "/orgs/{organizationId}/sites/{siteId}/site-spaces/{siteSpaceId}/move",
            ids=ids,
            body=MoveRequest[SiteSpacePointer].of(where, pointer=_pointer),
            cast_to=SiteSpace,
        )

    @operation("deleteSiteSpaceById")
    async def delete(self, organization_id: str, site_id: str, site_space_id: str) -> bool:
        """Unpublish the space from the site. True if removed, False if it was not there."""
        ids = {"organizationId": organization_id, "siteId": site_id, "siteSpaceId": site_space_id}
        return await self._delete(
            "/orgs/{organizationId}/sites/{siteId}/site-spaces/{siteSpaceId}", ids=ids
        )
