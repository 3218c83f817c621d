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
from gitbook_mcp.client.resources._declared import (
    DeleteOp,
    ListOp,
    ReadOp,
    delete_op,
    list_op,
    read_op,
)
from gitbook_mcp.client.resources._resource import APIResource, operation

__all__ = ["Saml"]


class Saml(APIResource):
    list: ListOp[SAMLProvider, str] = list_op(
        "listSAMLProvidersInOrganizationById",
        "GET /orgs/{organizationId}/saml",
        SAMLProvider,
        "The SAML providers configured for the organization.",
    )

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

    get: ReadOp[SAMLProvider, str, str] = read_op(
        "getOrganizationSAMLProviderById",
        "GET /orgs/{organizationId}/saml/{samlProviderId}",
        SAMLProvider,
        "One SAML provider.",
    )

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

    delete: DeleteOp[str, str] = delete_op(
        "deleteOrganizationSAMLProvider",
        "DELETE /orgs/{organizationId}/saml/{samlProviderId}",
        "Delete a SAML provider. True if deleted, False if it did not exist.",
    )

    list_sso_logins: ReadOp[SSOLoginList, str] = read_op(
        "listSSOProviderLoginsInOrganization",
        "GET /orgs/{organizationId}/sso",
        SSOLoginList,
        "The SSO logins members can start (a plain list, not paginated).",
    )
