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

_PROVIDERS = "/orgs/{organizationId}/saml"
_PROVIDER = "/orgs/{organizationId}/saml/{samlProviderId}"


class Saml(APIResource):
    @operation("listSAMLProvidersInOrganizationById")
    def list(
        self,
        organization_id: str,
        *,
        page: str | None = None,
        limit: int | None = None,
    ) -> AsyncPaginator[SAMLProvider]:
        """GET /orgs/{organizationId}/saml

        The SAML providers configured for the organization.
        """
        return self._client.paginate(
            _PROVIDERS,
            item=SAMLProvider,
            ids=(organization_id,),
            page=page,
            limit=limit,
        )

    @operation("createOrganizationSAMLProvider")
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
        """POST /orgs/{organizationId}/saml

        Add a SAML provider (label 1 to 30 characters); ``default_team`` is a team id.
        """
        body = CreateSAMLProviderRequest.model_validate(
            {
                "label": label,
                "entityID": entity_id,
                "certificate": certificate,
                "ssoURL": sso_url,
                "defaultTeam": default_team,
                "defaultRole": default_role,
            }
        )
        return await self._client.request(
            "POST",
            _PROVIDERS,
            ids=(organization_id,),
            body=body,
            cast_to=SAMLProvider,
        )

    @operation("getOrganizationSAMLProviderById")
    async def get(self, organization_id: str, saml_provider_id: str) -> SAMLProvider:
        """GET /orgs/{organizationId}/saml/{samlProviderId}

        One SAML provider.
        """
        return await self._client.request(
            "GET",
            _PROVIDER,
            ids=(organization_id, saml_provider_id),
            cast_to=SAMLProvider,
        )

    @operation("updateOrganizationSAMLProvider")
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
        """PATCH /orgs/{organizationId}/saml/{samlProviderId}

        Change the provider's fields passed.
        """
        body = UpdateSAMLProviderRequest.model_validate(
            {
                "label": label,
                "entityID": entity_id,
                "certificate": certificate,
                "ssoURL": sso_url,
                "defaultTeam": default_team,
                "defaultRole": default_role,
            }
        )
        return await self._client.request(
            "PATCH",
            _PROVIDER,
            ids=(organization_id, saml_provider_id),
            body=body,
            cast_to=SAMLProvider,
        )

    @operation("deleteOrganizationSAMLProvider")
    async def delete(self, organization_id: str, saml_provider_id: str) -> bool:
        """DELETE /orgs/{organizationId}/saml/{samlProviderId}

        Delete a SAML provider. True if deleted, False if it did not exist.
        """
        return await self._client.request_delete(
            _PROVIDER,
            ids=(organization_id, saml_provider_id),
        )

    @operation("listSSOProviderLoginsInOrganization")
    async def list_sso_logins(self, organization_id: str) -> SSOLoginList:
        """GET /orgs/{organizationId}/sso

        The SSO logins members can start (a plain list, not paginated).
        """
        return await self._client.request(
            "GET",
            "/orgs/{organizationId}/sso",
            ids=(organization_id,),
            cast_to=SSOLoginList,
        )
