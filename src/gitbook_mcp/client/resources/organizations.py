"""Organizations: the caller's, one by id, its settings, content search, lookup by email domain."""

from __future__ import annotations

from typing import Unpack

from gitbook_mcp.client.models.organizations import (
    EmailDomainOrganizations,
    Organization,
    SearchOptions,
    SearchSpaceResult,
    UpdateOrganizationRequest,
    search_query_adapter,
)
from gitbook_mcp.client.pagination import AsyncPaginator
from gitbook_mcp.client.resources._plain import listing, reading
from gitbook_mcp.client.resources._resource import ROOT, APIResource, operation

__all__ = ["Organizations"]


class Organizations(APIResource):
    list = listing(
        ROOT,
        "/orgs",
        Organization,
        "listOrganizationsForAuthenticatedUser",
        doc="The organizations the authenticated user belongs to.",
    )

    get = reading(
        ROOT,
        "/orgs/{organizationId}",
        Organization,
        "getOrganizationById",
        doc="One organization, with the caller's ``permissions`` in it.",
    )

    @operation("updateOrganizationById", "PATCH /orgs/{organizationId}")
    async def update(
        self, organization_id: str, **body: Unpack[UpdateOrganizationRequest]
    ) -> Organization:
        """Change the settings passed; ``default_content`` is ``{"site": site_id}`` or None."""
        return await self._call(Organization)

    @operation("searchOrganizationContent", "GET /orgs/{organizationId}/search")
    def search(
        self, organization_id: str, **options: Unpack[SearchOptions]
    ) -> AsyncPaginator[SearchSpaceResult]:
        """Search the organization's content (``query`` at most 512 characters); results by space."""
        query = search_query_adapter.validate_python(options["query"])
        return self._paginate(SearchSpaceResult, params={"query": query})

    list_for_email_domain = reading(
        ROOT,
        "/email-domains/{emailDomain}/orgs",
        EmailDomainOrganizations,
        "getOrganizationsForEmailDomain",
        doc="The organizations an email domain (such as ``acme.test``) belongs to.",
    )
