"""SAML single sign-on providers of an organization, and the SSO logins members can start."""

from __future__ import annotations

from typing import Annotated, Required, TypedDict

from pydantic import Field

from gitbook_mcp.client.models._base import APIModel
from gitbook_mcp.client.models.common import Role, Team
from gitbook_mcp.client.models.fields import URLString

__all__ = [
    "CreateSAMLProviderRequest",
    "SAMLProvider",
    "SAMLProviderUrls",
    "SAMLServiceProvider",
    "SSOLogin",
    "SSOLoginList",
    "UpdateSAMLProviderRequest",
]

SAMLLabel = Annotated[str, Field(min_length=1, max_length=30)]
SAMLEntityID = Annotated[str, Field(max_length=1024)]
SAMLCertificate = Annotated[str, Field(max_length=10000)]


# -- responses -----------------------------------------------------------------------------


class SAMLServiceProvider(APIModel):
    """The service-provider side to configure in the identity provider."""

    acsURL: str
    startURL: str
    entityID: str


class SAMLProviderUrls(APIModel):
    location: str


class SAMLProvider(APIModel):
    object: str
    id: str
    label: str
    ssoURL: str
    entityID: str
    certificate: str
    defaultRole: str | None
    """The role given to members joining through this provider; None means guest."""
    createdAt: str
    status: str
    """``active`` or ``pending``."""
    service: SAMLServiceProvider
    urls: SAMLProviderUrls
    defaultTeam: Team | None = None


class SSOLogin(APIModel):
    id: str
    label: str
    startURL: str


class SSOLoginList(APIModel):
    """The SSO logins of an organization (a plain list, not paginated)."""

    items: list[SSOLogin]


# -- requests ------------------------------------------------------------------------------


class _SAMLProviderFields(TypedDict, total=False):
    entity_id: Annotated[SAMLEntityID, Field(alias="entityID")]
    certificate: SAMLCertificate
    sso_url: Annotated[URLString, Field(alias="ssoURL")]
    default_team: str
    """A team id."""
    default_role: Role | None
    """None: members joining through the provider are guests."""


class CreateSAMLProviderRequest(_SAMLProviderFields, total=False):
    label: Required[SAMLLabel]


class UpdateSAMLProviderRequest(_SAMLProviderFields, total=False):
    label: SAMLLabel
