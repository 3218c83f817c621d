"""Organizations, their settings, content search results and the email-domain lookup.

Enums the service may extend (plan, type, use case, trial status) are read as plain strings.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any, Literal, Required, TypedDict

from pydantic import Field, TypeAdapter, model_validator

from gitbook_mcp.client.models._base import APIModel, Paging, Pointer, Wire
from gitbook_mcp.client.models.common import Role
from gitbook_mcp.client.models.fields import URLString

__all__ = [
    "EmailDomainOrganizations",
    "Organization",
    "OrganizationBilling",
    "OrganizationBillingMigration",
    "OrganizationBlocked",
    "OrganizationPermissions",
    "OrganizationPricePair",
    "OrganizationPricing",
    "OrganizationTrial",
    "OrganizationUrls",
    "SearchOptions",
    "SearchPageResult",
    "SearchQuery",
    "SearchSectionResult",
    "SearchSpaceResult",
    "SearchUrls",
    "SitePointer",
    "SitePointerInput",
    "UpdateOrganizationRequest",
    "search_query_adapter",
]

OrganizationTitle = Annotated[str, Field(min_length=2, max_length=255)]
OrganizationHostname = Annotated[str, Field(min_length=3, max_length=32)]
SearchQuery = Annotated[str, Field(max_length=512)]

search_query_adapter: TypeAdapter[str] = TypeAdapter(SearchQuery)
"""Validates the search ``query`` (at most 512 characters) before it is sent."""


# -- responses -----------------------------------------------------------------------------


class OrganizationPermissions(APIModel):
    """What the caller may do in the organization."""

    view: bool
    admin: bool
    ownTeam: bool
    createContent: bool
    createOpenAPISpec: bool
    ingestConversations: bool | None = None
    viewBilling: bool
    listMembers: bool
    listTeams: bool
    listIntegrations: bool


class OrganizationUrls(APIModel):
    location: str
    app: str
    logo: str | None = None


class OrganizationTrial(APIModel):
    status: str
    endDate: str | None = None
    decision: str | None = None


class OrganizationBlocked(APIModel):
    reason: str


class OrganizationPricePair(APIModel):
    monthly: float
    yearly: float


class OrganizationPricing(APIModel):
    """Prices per plan: ``members`` by ``plus_2024``/``pro_2024``, ``sites`` by tier."""

    members: dict[str, OrganizationPricePair]
    sites: dict[str, OrganizationPricePair]


class OrganizationBilling(APIModel):
    interval: str
    endDate: str | None
    hasPaymentFailed: bool
    isScheduledToCancel: bool
    pricing: OrganizationPricing
    usageAddons: dict[str, Any] | None = None


class OrganizationBillingMigration(APIModel):
    deadline: str | None = None
    discountPercent: float | None = None
    discountEndDate: str | None = None


class SitePointer(APIModel):
    """A reference to a site by id (``type`` is ``site``)."""

    type: str
    site: str


class Organization(APIModel):
    object: str
    id: str
    title: str
    createdAt: str
    emailDomains: list[str]
    type: str
    inviteLinks: bool
    plan: str
    urls: OrganizationUrls
    trial: OrganizationTrial
    permissions: OrganizationPermissions
    hostname: str | None = None
    useCase: str | None = None
    communityType: str | None = None
    defaultRole: str | None = None
    """The role of new members; None means guest."""
    defaultContent: SitePointer | None = None
    sso: bool | None = None
    ai: bool | None = None
    billing: OrganizationBilling | None = None
    customHostname: str | None = None
    blocked: OrganizationBlocked | None = None
    internal_isOnNewTrial: bool | None = None
    internal_billingMigration: OrganizationBillingMigration | None = None


class SearchUrls(APIModel):
    app: str


class SearchSectionResult(APIModel):
    id: str
    title: str
    path: str
    body: str
    urls: SearchUrls


class SearchPageResult(APIModel):
    id: str
    title: str
    path: str
    urls: SearchUrls
    sections: list[SearchSectionResult] | None = None


class SearchSpaceResult(APIModel):
    """A space with matches: its pages, and in each page the matching sections."""

    id: str
    title: str
    pages: list[SearchPageResult]


class EmailDomainOrganizations(APIModel):
    """The organizations an email domain belongs to.

    The contract's schema spells the key ``organizaitons``; either spelling is read.
    """

    organizations: list[Organization] = Field(default_factory=list)

    @model_validator(mode="before")
    @classmethod
    def _misspelt_key(cls, data: Any) -> Any:
        if isinstance(data, dict) and "organizations" not in data and "organizaitons" in data:
            return {**data, "organizations": data["organizaitons"]}
        return data


# -- requests ------------------------------------------------------------------------------


class SitePointerInput(Pointer):
    type: Literal["site"] = "site"
    site: str = Field(min_length=1)


class UpdateOrganizationRequest(TypedDict, total=False):
    """The settings given change; ``default_content`` is ``{"site": site_id}`` or None."""

    title: OrganizationTitle
    email_domains: list[str]
    hostname: OrganizationHostname
    default_role: Role | None
    default_content: Annotated[Mapping[str, Any] | None, Wire(SitePointerInput)]
    logo: URLString | None
    sso: bool
    ai: bool
    invite_links: bool


class SearchOptions(Paging, total=False):
    query: Required[SearchQuery]
    """What to look for (at most 512 characters)."""
