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
from gitbook_mcp.client.resources._plain import deleting
from gitbook_mcp.client.resources._resource import SITE, APIResource, operation

__all__ = ["SiteSpaces"]


def _pointer(site_space_id: str) -> dict[str, str]:
    return {"type": "site-space", "siteSpace": site_space_id}


class SiteSpaces(APIResource):
    @operation("listSiteSpaces", "GET /orgs/{organizationId}/sites/{siteId}/site-spaces")
    def list(
        self, organization_id: str, site_id: str, **query: Unpack[SiteSpacesQuery]
    ) -> AsyncPaginator[SiteSpace]:
        """The site's spaces; ``default=True`` only the default one, ``False`` only the others."""
        return self._paginate(SiteSpace)

    @operation("addSpaceToSite", "POST /orgs/{organizationId}/sites/{siteId}/site-spaces")
    async def add(
        self, organization_id: str, site_id: str, **body: Unpack[AddSiteSpaceRequest]
    ) -> SiteSpace:
        """Publish a space on the site, in ``section_id`` (else the default section, or the root)."""
        return await self._call(SiteSpace)

    @operation(
        "updateSiteSpaceById",
        "PATCH /orgs/{organizationId}/sites/{siteId}/site-spaces/{siteSpaceId}",
    )
    async def update(
        self,
        organization_id: str,
        site_id: str,
        site_space_id: str,
        **body: Unpack[UpdateSiteSpaceRequest],
    ) -> SiteSpace:
        """Change the path (1..100), the visibility ``condition`` (None removes it) or the space."""
        return await self._call(SiteSpace)

    @operation(
        "moveSiteSpace", "POST /orgs/{organizationId}/sites/{siteId}/site-spaces/{siteSpaceId}/move"
    )
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
        body = MoveRequest[SiteSpacePointer].of(where, pointer=_pointer)
        return await self._call(SiteSpace, body=body)

    delete = deleting(
        SITE,
        "/site-spaces/{siteSpaceId}",
        "deleteSiteSpaceById",
        doc="Unpublish the space from the site. True if removed, False if it was not there.",
    )
