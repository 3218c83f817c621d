"""Sections of a docs site, and the groups that gather sections in its navigation."""

from __future__ import annotations

from typing import Unpack

from gitbook_mcp.client.models._base import Paging
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
from gitbook_mcp.client.resources._resource import APIResource, body_of, operation, query_of

__all__ = ["SiteSectionGroups", "SiteSections"]


def _section_pointer(section_id: str) -> dict[str, str]:
    return {"type": "site-section", "siteSection": section_id}


class SiteSections(APIResource):
    @operation("listSiteSections")
    def list(
        self, organization_id: str, site_id: str, **query: Unpack[SiteSectionsQuery]
    ) -> AsyncPaginator[SiteSection]:
        """The site's sections, each with its site spaces."""
        ids = {"organizationId": organization_id, "siteId": site_id}
        return self._list(
            "/orgs/{organizationId}/sites/{siteId}/sections",
            ids=ids,
            item=SiteSection,
            query=query_of(SiteSectionsQuery, query),
        )

    @operation("addSectionToSite")
    async def add(
        self, organization_id: str, site_id: str, **body: Unpack[AddSectionRequest]
    ) -> SiteSection:
        """Add a section to the site, publishing ``space_id`` as its first site space."""
        ids = {"organizationId": organization_id, "siteId": site_id}
        return await self._post(
            "/orgs/{organizationId}/sites/{siteId}/sections",
            ids=ids,
            body=body_of(AddSectionRequest, body),
            cast_to=SiteSection,
        )

    @operation("updateSiteSectionById")
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
        ids = {
            "organizationId": organization_id,
            "siteId": site_id,
            "siteSectionId": site_section_id,
        }
        return await self._patch(
            "/orgs/{organizationId}/sites/{siteId}/sections/{siteSectionId}",
            ids=ids,
            body=body_of(UpdateSectionRequest, body),
            cast_to=SiteSection,
        )

    @operation("moveSiteSection")
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
        body_of(Placement, where)  # checks each option, name and type
        ids = {
            "organizationId": organization_id,
            "siteId": site_id,
            "siteSectionId": site_section_id,
        }
        return await self._post(
            "/orgs/{organizationId}/sites/{siteId}/sections/{siteSectionId}/move",
            ids=ids,
            body=MoveRequest[SiteSectionPointer].of(where, pointer=_section_pointer),
            cast_to=SiteSection,
        )

    @operation("deleteSiteSectionById")
    async def delete(self, organization_id: str, site_id: str, site_section_id: str) -> bool:
        """True if deleted, False if it did not exist."""
        ids = {
            "organizationId": organization_id,
            "siteId": site_id,
            "siteSectionId": site_section_id,
        }
        return await self._delete(
            "/orgs/{organizationId}/sites/{siteId}/sections/{siteSectionId}", ids=ids
        )


class SiteSectionGroups(APIResource):
    @operation("listSiteSectionGroups")
    def list(
        self, organization_id: str, site_id: str, **query: Unpack[Paging]
    ) -> AsyncPaginator[SiteSectionGroup]:
        """The site's section groups, each with its sections."""
        ids = {"organizationId": organization_id, "siteId": site_id}
        return self._list(
            "/orgs/{organizationId}/sites/{siteId}/section-groups",
            ids=ids,
            item=SiteSectionGroup,
            query=query_of(Paging, query),
        )

    @operation("addSectionGroupToSite")
    async def add(
        self, organization_id: str, site_id: str, **body: Unpack[AddSectionGroupRequest]
    ) -> SiteSectionGroup:
        """Add a section group, gathering the given ``sections`` (ids)."""
        ids = {"organizationId": organization_id, "siteId": site_id}
        return await self._post(
            "/orgs/{organizationId}/sites/{siteId}/section-groups",
            ids=ids,
            body=body_of(AddSectionGroupRequest, body),
            cast_to=SiteSectionGroup,
        )

    @operation("updateSiteSectionGroupById")
    async def update(
        self,
        organization_id: str,
        site_id: str,
        site_section_group_id: str,
        **body: Unpack[UpdateSectionGroupRequest],
    ) -> SiteSectionGroup:
        """Rename the group or change its icon (None removes it)."""
        ids = {
            "organizationId": organization_id,
            "siteId": site_id,
            "siteSectionGroupId": site_section_group_id,
        }
        return await self._patch(
            "/orgs/{organizationId}/sites/{siteId}/section-groups/{siteSectionGroupId}",
            ids=ids,
            body=body_of(UpdateSectionGroupRequest, body),
            cast_to=SiteSectionGroup,
        )

    @operation("moveSiteSectionGroup")
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
        body_of(GroupPlacement, where)  # checks each option, name and type
        relative_to = where.get("relative_to", "site-section-group")

        def pointer(neighbour_id: str) -> dict[str, str]:
            return {"type": relative_to, "id": neighbour_id}

        ids = {
            "organizationId": organization_id,
            "siteId": site_id,
            "siteSectionGroupId": site_section_group_id,
        }
        return await self._post(
            "/orgs/{organizationId}/sites/{siteId}/section-groups/{siteSectionGroupId}/move",
            ids=ids,
            body=MoveRequest[SectionGroupPointer].of(where, pointer=pointer),
            cast_to=SiteSectionGroup,
        )

    @operation("deleteSiteSectionGroupById")
    async def delete(self, organization_id: str, site_id: str, site_section_group_id: str) -> bool:
        """True if deleted, False if it did not exist."""
        ids = {
            "organizationId": organization_id,
            "siteId": site_id,
            "siteSectionGroupId": site_section_group_id,
        }
        return await self._delete(
            "/orgs/{organizationId}/sites/{siteId}/section-groups/{siteSectionGroupId}", ids=ids
        )

    @operation("addSectionToGroup")
    async def add_section(
        self,
        organization_id: str,
        site_id: str,
        site_section_group_id: str,
        **body: Unpack[AddSectionToGroupRequest],
    ) -> SiteSectionGroup:
        """Put a section in the group."""
        ids = {
            "organizationId": organization_id,
            "siteId": site_id,
            "siteSectionGroupId": site_section_group_id,
        }
        return await self._post(
            "/orgs/{organizationId}/sites/{siteId}/section-groups/{siteSectionGroupId}/sections",
            ids=ids,
            body=body_of(AddSectionToGroupRequest, body),
            cast_to=SiteSectionGroup,
        )

    @operation("removeSectionFromGroup")
    async def remove_section(
        self,
        organization_id: str,
        site_id: str,
        site_section_group_id: str,
        site_section_id: str,
    ) -> bool:
        """Take a section out of the group. True if removed, False if it was not in the group."""
        ids = {
            "organizationId": organization_id,
            "siteId": site_id,
            "siteSectionGroupId": site_section_group_id,
            "siteSectionId": site_section_id,
        }
        return await self._delete(
            "/orgs/{organizationId}/sites/{siteId}/section-groups/{siteSectionGroupId}"
            "/sections/{siteSectionId}",
            ids=ids,
        )
