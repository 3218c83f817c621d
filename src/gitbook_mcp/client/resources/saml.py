"""SAML single sign-on providers of an organization, and its SSO logins."""

from __future__ import annotations

from typing import Unpack

from gitbook_mcp.client.models.saml import (
    CreateSAMLProviderRequest,
    SAMLProvider,
    SSOLoginList,
    UpdateSAMLProviderRequest,
)
from gitbook_mcp.client.resources._plain import deleting, listing, reading
from gitbook_mcp.client.resources._resource import ORG, ROOT, APIResource, operation

__all__ = ["Saml"]


class Saml(APIResource):
    list = listing(ORG, "/saml", SAMLProvider, "listSAMLProvidersInOrganizationById")

    @operation("createOrganizationSAMLProvider", "POST /orgs/{organizationId}/saml")
    async def create(
        self, organization_id: str, **body: Unpack[CreateSAMLProviderRequest]
    ) -> SAMLProvider:
        """Add a SAML provider (label 1 to 30 characters)."""
        return await self._call(SAMLProvider)

    get = reading(ORG, "/saml/{samlProviderId}", SAMLProvider, "getOrganizationSAMLProviderById")

    @operation(
        "updateOrganizationSAMLProvider", "PATCH /orgs/{organizationId}/saml/{samlProviderId}"
    )
    async def update(
        self, organization_id: str, saml_provider_id: str, **body: Unpack[UpdateSAMLProviderRequest]
    ) -> SAMLProvider:
        """Change the provider's fields passed."""
        return await self._call(SAMLProvider)

    delete = deleting(ORG, "/saml/{samlProviderId}", "deleteOrganizationSAMLProvider")

    list_sso_logins = reading(
        ROOT,
        "/orgs/{organizationId}/sso",
        SSOLoginList,
        "listSSOProviderLoginsInOrganization",
        doc="The SSO logins members can start (a plain list, not paginated).",
    )
