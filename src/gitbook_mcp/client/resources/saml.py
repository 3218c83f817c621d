"""SAML single sign-on providers of an organization, and its SSO logins."""

from __future__ import annotations

from typing import Unpack

from gitbook_mcp.client.models._base import Paging
from gitbook_mcp.client.models.saml import (
    CreateSAMLProviderRequest,
    SAMLProvider,
    SSOLoginList,
    UpdateSAMLProviderRequest,
)
from gitbook_mcp.client.pagination import AsyncPaginator
from gitbook_mcp.client.resources._resource import APIResource, body_of, operation, query_of

__all__ = ["Saml"]


class Saml(APIResource):
    @operation("listSAMLProvidersInOrganizationById")
    def list(self, organization_id: str, **query: Unpack[Paging]) -> AsyncPaginator[SAMLProvider]:
        """Await it for one page, or ``async for`` over every item."""
        ids = {"organizationId": organization_id}
        return self._list(
            "/orgs/{organizationId}/saml", ids=ids, item=SAMLProvider, query=query_of(Paging, query)
        )

    @operation("createOrganizationSAMLProvider")
    async def create(
        self, organization_id: str, **body: Unpack[CreateSAMLProviderRequest]
    ) -> SAMLProvider:
        """Add a SAML provider (label 1 to 30 characters)."""
        ids = {"organizationId": organization_id}
        return await self._post(
            "/orgs/{organizationId}/saml",
            ids=ids,
            body=body_of(CreateSAMLProviderRequest, body),
            cast_to=SAMLProvider,
        )

    @operation("getOrganizationSAMLProviderById")
    async def get(self, organization_id: str, saml_provider_id: str) -> SAMLProvider:
        """One SAMLProvider."""
        ids = {"organizationId": organization_id, "samlProviderId": saml_provider_id}
        return await self._get(
            "/orgs/{organizationId}/saml/{samlProviderId}", ids=ids, cast_to=SAMLProvider
        )

    @operation("updateOrganizationSAMLProvider")
    async def update(
        self, organization_id: str, saml_provider_id: str, **body: Unpack[UpdateSAMLProviderRequest]
    ) -> SAMLProvider:
        """Change the provider's fields passed."""
        ids = {"organizationId": organization_id, "samlProviderId": saml_provider_id}
        return await self._patch(
            "/orgs/{organizationId}/saml/{samlProviderId}",
            ids=ids,
            body=body_of(UpdateSAMLProviderRequest, body),
            cast_to=SAMLProvider,
        )

    @operation("deleteOrganizationSAMLProvider")
    async def delete(self, organization_id: str, saml_provider_id: str) -> bool:
        """True if deleted, False if it did not exist."""
        ids = {"organizationId": organization_id, "samlProviderId": saml_provider_id}
        return await self._delete("/orgs/{organizationId}/saml/{samlProviderId}", ids=ids)

    @operation("listSSOProviderLoginsInOrganization")
    async def list_sso_logins(self, organization_id: str) -> SSOLoginList:
        """The SSO logins members can start (a plain list, not paginated)."""
        ids = {"organizationId": organization_id}
        return await self._get("/orgs/{organizationId}/sso", ids=ids, cast_to=SSOLoginList)
