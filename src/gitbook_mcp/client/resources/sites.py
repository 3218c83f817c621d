"""Docs sites of an organization and what hangs off a site but its sections: the spaces it
publishes, its redirects, its findings (live profile) and its external MCP servers.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Unpack

from gitbook_mcp.client._types import NOT_GIVEN, NotGiven
from gitbook_mcp.client.models._base import Paging
from gitbook_mcp.client.models.findings import (
    BulkRedirectsRequest,
    BulkRedirectsResult,
    SiteFinding,
    SiteFindingsQuery,
    UpdateSiteFindingRequest,
)
from gitbook_mcp.client.models.mcp_servers import (
    CreateSiteMcpServerRequest,
    SiteMcpServer,
    UpdateSiteMcpServerRequest,
)
from gitbook_mcp.client.models.redirects import (
    CreateSiteRedirectRequest,
    SiteRedirect,
    SiteRedirectLookup,
    UpdateSiteRedirectRequest,
    source_adapter,
)
from gitbook_mcp.client.models.sites import (
    AddSiteSpaceRequest,
    MoveRequest,
    Placement,
    Site,
    SiteSpace,
    SiteSpacePointer,
    SiteSpacesQuery,
    SitesQuery,
    UpdateSiteSpaceRequest,
)
from gitbook_mcp.client.pagination import AsyncPaginator
from gitbook_mcp.client.resources._resource import APIResource, body_of, operation, query_of

__all__ = ["SiteFindings", "SiteMcpServers", "SiteRedirects", "SiteSpaces", "Sites"]


class Sites(APIResource):
    @operation("listSites")
    def list(self, organization_id: str, **query: Unpack[SitesQuery]) -> AsyncPaginator[Site]:
        """Sites of the organization; ``space`` keeps those publishing that space id."""
        ids = {"organizationId": organization_id}
        return self._list(
            "/orgs/{organizationId}/sites", ids=ids, item=Site, query=query_of(SitesQuery, query)
        )

    @operation("getSiteById")
    async def get(self, organization_id: str, site_id: str) -> Site:
        """One Site."""
        ids = {"organizationId": organization_id, "siteId": site_id}
        return await self._get("/orgs/{organizationId}/sites/{siteId}", ids=ids, cast_to=Site)


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


class SiteRedirects(APIResource):
    """Redirects of a site. Source paths are checked against the API's pattern (absolute, no
    trailing slash, at most 512 characters) before anything is sent. A ``destination`` names its
    ``kind``:

    - ``{"kind": "site-section", "siteSectionId": ...}``
    - ``{"kind": "site-space", "siteSpaceId": ...}``
    - ``{"kind": "site-page", "siteSpaceId": ..., "pageId": ...}``
    """

    @operation("listSiteRedirects")
    def list(
        self, organization_id: str, site_id: str, **query: Unpack[Paging]
    ) -> AsyncPaginator[SiteRedirect]:
        """Await it for one page, or ``async for`` over every item."""
        ids = {"organizationId": organization_id, "siteId": site_id}
        return self._list(
            "/orgs/{organizationId}/sites/{siteId}/redirects",
            ids=ids,
            item=SiteRedirect,
            query=query_of(Paging, query),
        )

    @operation("createSiteRedirect")
    async def create(
        self, organization_id: str, site_id: str, **body: Unpack[CreateSiteRedirectRequest]
    ) -> SiteRedirect:
        """Redirect ``source`` (a path such as ``/old``) to ``destination``."""
        ids = {"organizationId": organization_id, "siteId": site_id}
        return await self._post(
            "/orgs/{organizationId}/sites/{siteId}/redirects",
            ids=ids,
            body=body_of(CreateSiteRedirectRequest, body),
            cast_to=SiteRedirect,
        )

    @operation("updateSiteRedirectById")
    async def update(
        self,
        organization_id: str,
        site_id: str,
        site_redirect_id: str,
        **body: Unpack[UpdateSiteRedirectRequest],
    ) -> SiteRedirect:
        """Change the source path, the destination, or both."""
        ids = {
            "organizationId": organization_id,
            "siteId": site_id,
            "siteRedirectId": site_redirect_id,
        }
        return await self._patch(
            "/orgs/{organizationId}/sites/{siteId}/redirects/{siteRedirectId}",
            ids=ids,
            body=body_of(UpdateSiteRedirectRequest, body),
            cast_to=SiteRedirect,
        )

    @operation("deleteSiteRedirectById")
    async def delete(self, organization_id: str, site_id: str, site_redirect_id: str) -> bool:
        """True if deleted, False if it did not exist."""
        ids = {
            "organizationId": organization_id,
            "siteId": site_id,
            "siteRedirectId": site_redirect_id,
        }
        return await self._delete(
            "/orgs/{organizationId}/sites/{siteId}/redirects/{siteRedirectId}", ids=ids
        )

    @operation("getSiteRedirectBySource")
    async def get_by_source(
        self,
        organization_id: str,
        site_id: str,
        *,
        source: str,
        share_key: str | NotGiven = NOT_GIVEN,
    ) -> SiteRedirectLookup:
        """The redirect whose source is ``source``, and the URL it resolves to (404 if none)."""
        ids = {"organizationId": organization_id, "siteId": site_id}
        return await self._get(
            "/orgs/{organizationId}/sites/{siteId}/redirect",
            ids=ids,
            query={"source": source_adapter.validate_python(source), "shareKey": share_key},
            cast_to=SiteRedirectLookup,
        )

    @operation("bulkUpsertSiteRedirects")
    async def bulk_upsert(
        self, organization_id: str, site_id: str, *, redirects: Sequence[Mapping[str, Any]]
    ) -> BulkRedirectsResult:
        """Create, update (``destination``), delete (``destination: None``) or publish (``intent:
        "publish"``) up to 500 redirects in one atomic call (live profile).
        """
        ids = {"organizationId": organization_id, "siteId": site_id}
        return await self._put(
            "/orgs/{organizationId}/sites/{siteId}/redirects",
            ids=ids,
            body=BulkRedirectsRequest.model_validate({"redirects": list(redirects)}),
            cast_to=BulkRedirectsResult,
        )


class SiteFindings(APIResource):
    @operation("listSiteFindings")
    def list(
        self, organization_id: str, site_id: str, **query: Unpack[SiteFindingsQuery]
    ) -> AsyncPaginator[SiteFinding]:
        """The site's findings, by status and type (``broken-link``, ``outbound-link-error``...)."""
        ids = {"organizationId": organization_id, "siteId": site_id}
        return self._list(
            "/orgs/{organizationId}/sites/{siteId}/findings",
            ids=ids,
            item=SiteFinding,
            query=query_of(SiteFindingsQuery, query),
        )

    @operation("getSiteFindingById")
    async def get(self, organization_id: str, site_id: str, site_finding_id: str) -> SiteFinding:
        """One finding, with the pages it affects."""
        ids = {
            "organizationId": organization_id,
            "siteId": site_id,
            "siteFindingId": site_finding_id,
        }
        return await self._get(
            "/orgs/{organizationId}/sites/{siteId}/findings/{siteFindingId}",
            ids=ids,
            cast_to=SiteFinding,
        )

    @operation("updateSiteFindingById")
    async def update(
        self,
        organization_id: str,
        site_id: str,
        site_finding_id: str,
        **body: Unpack[UpdateSiteFindingRequest],
    ) -> SiteFinding:
        """Resolve (``done``), dismiss (``canceled``) or reopen (``open``) a finding."""
        ids = {
            "organizationId": organization_id,
            "siteId": site_id,
            "siteFindingId": site_finding_id,
        }
        return await self._patch(
            "/orgs/{organizationId}/sites/{siteId}/findings/{siteFindingId}",
            ids=ids,
            body=body_of(UpdateSiteFindingRequest, body),
            cast_to=SiteFinding,
        )


class SiteMcpServers(APIResource):
    @operation("listSiteMcpServers")
    def list(
        self, organization_id: str, site_id: str, **query: Unpack[Paging]
    ) -> AsyncPaginator[SiteMcpServer]:
        """Await it for one page, or ``async for`` over every item."""
        ids = {"organizationId": organization_id, "siteId": site_id}
        return self._list(
            "/orgs/{organizationId}/sites/{siteId}/mcp-servers",
            ids=ids,
            item=SiteMcpServer,
            query=query_of(Paging, query),
        )

    @operation("createSiteMcpServer")
    async def create(
        self,
        organization_id: str,
        site_id: str,
        *,
        name: str,
        url: str,
        headers: Mapping[str, str] | NotGiven = NOT_GIVEN,
    ) -> SiteMcpServer:
        """Add an MCP server (name 1..100, URL up to 2048) with the ``headers`` sent to it."""
        body = CreateSiteMcpServerRequest(
            name=name, url=url, headers=dict(headers) if isinstance(headers, Mapping) else {}
        )
        ids = {"organizationId": organization_id, "siteId": site_id}
        return await self._post(
            "/orgs/{organizationId}/sites/{siteId}/mcp-servers",
            ids=ids,
            body=body,
            cast_to=SiteMcpServer,
        )

    @operation("getSiteMcpServerById")
    async def get(
        self, organization_id: str, site_id: str, site_mcp_server_id: str
    ) -> SiteMcpServer:
        """One SiteMcpServer."""
        ids = {
            "organizationId": organization_id,
            "siteId": site_id,
            "siteMcpServerId": site_mcp_server_id,
        }
        return await self._get(
            "/orgs/{organizationId}/sites/{siteId}/mcp-servers/{siteMcpServerId}",
            ids=ids,
            cast_to=SiteMcpServer,
        )

    @operation("updateSiteMcpServerById")
    async def update(
        self,
        organization_id: str,
        site_id: str,
        site_mcp_server_id: str,
        **body: Unpack[UpdateSiteMcpServerRequest],
    ) -> SiteMcpServer:
        """Only the fields passed change; ``headers`` replaces the whole map."""
        ids = {
            "organizationId": organization_id,
            "siteId": site_id,
            "siteMcpServerId": site_mcp_server_id,
        }
        return await self._patch(
            "/orgs/{organizationId}/sites/{siteId}/mcp-servers/{siteMcpServerId}",
            ids=ids,
            body=body_of(UpdateSiteMcpServerRequest, body),
            cast_to=SiteMcpServer,
        )

    @operation("deleteSiteMcpServerById")
    async def delete(self, organization_id: str, site_id: str, site_mcp_server_id: str) -> bool:
        """True if deleted, False if it did not exist."""
        ids = {
            "organizationId": organization_id,
            "siteId": site_id,
            "siteMcpServerId": site_mcp_server_id,
        }
        return await self._delete(
            "/orgs/{organizationId}/sites/{siteId}/mcp-servers/{siteMcpServerId}", ids=ids
        )
