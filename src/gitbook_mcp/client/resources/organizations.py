"""Organizations: the caller's, one by id, its settings, content search, lookup by email domain."""

from __future__ import annotations

from typing import Unpack

from gitbook_mcp.client.models._base import Paging
from gitbook_mcp.client.models.organizations import (
    EmailDomainOrganizations,
    Organization,
    SearchOptions,
    SearchSpaceResult,
    UpdateOrganizationRequest,
    search_query_adapter,
)
from gitbook_mcp.client.pagination import AsyncPaginator
from gitbook_mcp.client.resources._resource import APIResource, body_of, operation, query_of

__all__ = ["Organizations"]


class Organizations(APIResource):
    @operation("listOrganizationsForAuthenticatedUser")
    def list(self, **query: Unpack[Paging]) -> AsyncPaginator[Organization]:
        """The organizations the authenticated user belongs to."""
        return self._list("/orgs", ids={}, item=Organization, query=query_of(Paging, query))

    @operation("getOrganizationById")
    async def get(self, organization_id: str) -> Organization:
        """One organization, with the caller's ``permissions`` in it."""
        return await self._get(
            "/orgs/{organizationId}", ids={"organizationId": organization_id}, cast_to=Organization
        )

    @operation("updateOrganizationById")
    async def update(
        self, organization_id: str, **body: Unpack[UpdateOrganizationRequest]
    ) -> Organization:
        """Change the settings passed; ``default_content`` is ``{"site": site_id}`` or None."""
        ids = {"organizationId": organization_id}
        return await self._patch(
            "/orgs/{organizationId}",
            ids=ids,
            body=body_of(UpdateOrganizationRequest, body),
            cast_to=Organization,
        )

    @operation("searchOrganizationContent")
    def search(
        self, organization_id: str, **options: Unpack[SearchOptions]
    ) -> AsyncPaginator[SearchSpaceResult]:
        """Search the organization's content (``query`` at most 512 characters); results by space."""
        query = query_of(SearchOptions, options)
        query["query"] = search_query_adapter.validate_python(options["query"])
        ids = {"organizationId": organization_id}
        return self._list(
            "/orgs/{organizationId}/search", ids=ids, item=SearchSpaceResult, query=query
        )

    @operation("getOrganizationsForEmailDomain")
    async def list_for_email_domain(self, email_domain: str) -> EmailDomainOrganizations:
        """The organizations an email domain (such as ``acme.test``) belongs to."""
        ids = {"emailDomain": email_domain}
        return await self._get(
            "/email-domains/{emailDomain}/orgs", ids=ids, cast_to=EmailDomainOrganizations
        )
