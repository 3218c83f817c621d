"""SAML single sign-on providers of an organization, and its SSO logins."""

from __future__ import annotations

from gitbook_mcp.client._types import NOT_GIVEN, NotGiven
from gitbook_mcp.client.models.common import Role
from gitbook_mcp.client.models.saml import (
    CreateSAMLProviderRequest,
    SAMLProvider,
    SSOLoginList,
    UpdateSAMLProviderRequest,
)
from gitbook_mcp.client.pagination import AsyncPaginator
from gitbook_mcp.client.resources._resource import APIResource, operation

__all__ = ["Saml"]


class Saml(APIResource):
    @operation("listSAMLProvidersInOrganizationById", "GET /orgs/{organizationId}/saml")
    def list(
        self,
        organization_id: str,
        *,
        page: str | None = None,
        limit: int | None = None,
    ) -> AsyncPaginator[SAMLProvider]:
        """The SAML providers configured for the organization."""
        return self._paginate(SAMLProvider, page=page, limit=limit)

    @operation(
        "createOrganizationSAMLProvider",
        "POST /orgs/{organizationId}/saml",
        body=CreateSAMLProviderRequest,
    )
    async def create(
        self,
        organization_id: str,
        *,
        label: str,
        entity_id: str | NotGiven = NOT_GIVEN,
        certificate: str | NotGiven = NOT_GIVEN,
        sso_url: str | NotGiven = NOT_GIVEN,
        default_team: str | NotGiven = NOT_GIVEN,
        default_role: Role | NotGiven | None = NOT_GIVEN,
    ) -> SAMLProvider:
        """Add a SAML provider (label 1 to 30 characters); ``default_team`` is a team id."""
        return await self._call(SAMLProvider)

    @operation(
        "getOrganizationSAMLProviderById", "GET /orgs/{organizationId}/saml/{samlProviderId}"
    )
    async def get(self, organization_id: str, saml_provider_id: str) -> SAMLProvider:
        """One SAML provider."""
        return await self._call(SAMLProvider)

    @operation(
        "updateOrganizationSAMLProvider",
        "PATCH /orgs/{organizationId}/saml/{samlProviderId}",
        body=UpdateSAMLProviderRequest,
    )
    async def update(
        self,
        organization_id: str,
        saml_provider_id: str,
        *,
        label: str | NotGiven = NOT_GIVEN,
        entity_id: str | NotGiven = NOT_GIVEN,
        certificate: str | NotGiven = NOT_GIVEN,
        sso_url: str | NotGiven = NOT_GIVEN,
        default_team: str | NotGiven = NOT_GIVEN,
        default_role: Role | NotGiven | None = NOT_GIVEN,
    ) -> SAMLProvider:
        """Change the provider's fields passed."""
        return await self._call(SAMLProvider)

    @operation(
        "deleteOrganizationSAMLProvider", "DELETE /orgs/{organizationId}/saml/{samlProviderId}"
    )
    async def delete(self, organization_id: str, saml_provider_id: str) -> bool:
        """Delete a SAML provider. True if deleted, False if it did not exist."""
        return await self._delete()

    @operation("listSSOProviderLoginsInOrganization", "GET /orgs/{organizationId}/sso")
    async def list_sso_logins(self, organization_id: str) -> SSOLoginList:
        """The SSO logins members can start (a plain list, not paginated)."""
        return await self._call(SSOLoginList)
