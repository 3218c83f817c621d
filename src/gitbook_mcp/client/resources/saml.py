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
from gitbook_mcp.client.resources._plain import deleting, listing, reading
from gitbook_mcp.client.resources._resource import ORG, ROOT, APIResource, operation

__all__ = ["Saml"]


class Saml(APIResource):
    list = listing(ORG, "/saml", SAMLProvider, "listSAMLProvidersInOrganizationById")

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

    get = reading(ORG, "/saml/{samlProviderId}", SAMLProvider, "getOrganizationSAMLProviderById")

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

    delete = deleting(ORG, "/saml/{samlProviderId}", "deleteOrganizationSAMLProvider")

    list_sso_logins = reading(
        ROOT,
        "/orgs/{organizationId}/sso",
        SSOLoginList,
        "listSSOProviderLoginsInOrganization",
        doc="The SSO logins members can start (a plain list, not paginated).",
    )
