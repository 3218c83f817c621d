"""Sections of a docs site, and the groups that gather sections in its navigation."""

from __future__ import annotations

from typing import Unpack

from gitbook_mcp.client.models.sites import (
    AddSectionGroupRequest,
    AddSectionRequest,
    AddSectionToGroupRequest,
    GroupPlacement,
    MoveRequest,
    Placement,
    SectionGroupPointer,
    SiteSection,
    SiteSectionGroup,
    SiteSectionPointer,
    SiteSectionsQuery,
    UpdateSectionGroupRequest,
    UpdateSectionRequest,
)
from gitbook_mcp.client.pagination import AsyncPaginator
from gitbook_mcp.client.resources._plain import deleting, listing
from gitbook_mcp.client.resources._resource import SITE, APIResource, operation

__all__ = ["SiteSectionGroups", "SiteSections"]


def _section_pointer(section_id: str) -> dict[str, str]:
    return {"type": "site-section", "siteSection": section_id}


class SiteSections(APIResource):
    @operation("listSiteSections", "GET /orgs/{organizationId}/sites/{siteId}/sections")
    def list(
        self, organization_id: str, site_id: str, **query: Unpack[SiteSectionsQuery]
    ) -> AsyncPaginator[SiteSection]:
        """The site's sections, each with its site spaces."""
        return self._paginate(SiteSection)

    @operation("addSectionToSite", "POST /orgs/{organizationId}/sites/{siteId}/sections")
    async def add(
        self, organization_id: str, site_id: str, **body: Unpack[AddSectionRequest]
    ) -> SiteSection:
        """Add a section to the site, publishing ``space_id`` as its first site space."""
        return await self._call(SiteSection)

    @operation(
        "updateSiteSectionById",
        "PATCH /orgs/{organizationId}/sites/{siteId}/sections/{siteSectionId}",
    )
    async def update(
        self,
        organization_id: str,
        site_id: str,
        site_section_id: str,
        **body: Unpack[UpdateSectionRequest],
    ) -> SiteSection:
        """Only the fields passed change; None removes ``condition``, ``icon`` or ``description``.
        ``site_section_group_id`` (live profile) puts the section in a group, None takes it out.
        """
        return await self._call(SiteSection)

    @operation(
        "moveSiteSection",
        "POST /orgs/{organizationId}/sites/{siteId}/sections/{siteSectionId}/move",
    )
    async def move(
        self,
        organization_id: str,
        site_id: str,
        site_section_id: str,
        **where: Unpack[Placement],
    ) -> SiteSection:
        """Place it ``before`` or ``after`` another section (an id), or at a raw ``position``.
        Deprecated by the API in favour of sortSiteStructure.
        """
        body = MoveRequest[SiteSectionPointer].of(where, pointer=_section_pointer)
        return await self._call(SiteSection, body=body)

    delete = deleting(SITE, "/sections/{siteSectionId}", "deleteSiteSectionById")


class SiteSectionGroups(APIResource):
    list = listing(
        SITE,
        "/section-groups",
        SiteSectionGroup,
        "listSiteSectionGroups",
        doc="The site's section groups, each with its sections.",
    )

    @operation("addSectionGroupToSite", "POST /orgs/{organizationId}/sites/{siteId}/section-groups")
    async def add(
        self, organization_id: str, site_id: str, **body: Unpack[AddSectionGroupRequest]
    ) -> SiteSectionGroup:
        """Add a section group, gathering the given ``sections`` (ids)."""
        return await self._call(SiteSectionGroup)

    @operation(
        "updateSiteSectionGroupById",
        "PATCH /orgs/{organizationId}/sites/{siteId}/section-groups/{siteSectionGroupId}",
    )
    async def update(
        self,
        organization_id: str,
        site_id: str,
        site_section_group_id: str,
        **body: Unpack[UpdateSectionGroupRequest],
    ) -> SiteSectionGroup:
        """Rename the group or change its icon (None removes it)."""
        return await self._call(SiteSectionGroup)

    @operation(
        "moveSiteSectionGroup",
        "POST /orgs/{organizationId}/sites/{siteId}/section-groups/{siteSectionGroupId}/move",
    )
    async def move(
        self,
        organization_id: str,
        site_id: str,
        site_section_group_id: str,
        **where: Unpack[GroupPlacement],
    ) -> SiteSectionGroup:
        """Place it ``before`` or ``after`` another group (or a section, with
        ``relative_to="site-section"``), or at a raw ``position``. Deprecated by the API.
        """

        relative_to = where.get("relative_to", "site-section-group")

        def pointer(neighbour_id: str) -> dict[str, str]:
            return {"type": relative_to, "id": neighbour_id}

        body = MoveRequest[SectionGroupPointer].of(where, pointer=pointer)
        return await self._call(SiteSectionGroup, body=body)

    delete = deleting(SITE, "/section-groups/{siteSectionGroupId}", "deleteSiteSectionGroupById")

    @operation(
        "addSectionToGroup",
        "POST /orgs/{organizationId}/sites/{siteId}/section-groups/{siteSectionGroupId}/sections",
    )
    async def add_section(
        self,
        organization_id: str,
        site_id: str,
        site_section_group_id: str,
        **body: Unpack[AddSectionToGroupRequest],
    ) -> SiteSectionGroup:
        """Put a section in the group."""
        return await self._call(SiteSectionGroup)

    @operation(
        "removeSectionFromGroup",
        "DELETE /orgs/{organizationId}/sites/{siteId}/section-groups/{siteSectionGroupId}/sections/{siteSectionId}",
    )
    async def remove_section(
        self,
        organization_id: str,
        site_id: str,
        site_section_group_id: str,
        site_section_id: str,
    ) -> bool:
        """Take a section out of the group. True if removed, False if it was not in the group."""
        return await self._delete_running()
