"""Site redirects: a source path and a destination discriminated by ``kind``.

Responses tolerate a destination kind this client does not know (`OtherDestination`); request
bodies accept only the three documented kinds, with the source path's pattern checked first.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any, Literal, TypedDict

from pydantic import Discriminator, Field, Tag, TypeAdapter

from gitbook_mcp.client.models._base import APIModel, RequestModel, Wire

__all__ = [
    "SOURCE_PATTERN",
    "CreateSiteRedirectRequest",
    "DestinationGiven",
    "OtherDestination",
    "PageDestination",
    "PageDestinationInput",
    "RedirectDestination",
    "RedirectDestinationInput",
    "SectionDestination",
    "SectionDestinationInput",
    "SiteRedirect",
    "SiteRedirectLookup",
    "SiteRedirectSource",
    "SiteSpaceDestination",
    "SiteSpaceDestinationInput",
    "UpdateSiteRedirectRequest",
    "source_adapter",
]

SOURCE_PATTERN = (
    r"^\/(?:[A-Za-z0-9\-._~]|%[0-9A-Fa-f]{2})+(?:\/(?:[A-Za-z0-9\-._~]|%[0-9A-Fa-f]{2})+)*$"
)
"""An absolute path: ``/`` then non-empty segments of unreserved or percent-encoded characters."""

SiteRedirectSource = Annotated[str, Field(max_length=512, pattern=SOURCE_PATTERN)]

source_adapter: TypeAdapter[str] = TypeAdapter(SiteRedirectSource)
"""Validates a source path given as a query parameter (the lookup by source)."""

_KINDS = ("site-section", "site-space", "site-page")


# -- responses -----------------------------------------------------------------------------


class SectionDestination(APIModel):
    kind: Literal["site-section"]
    siteSectionId: str


class SiteSpaceDestination(APIModel):
    kind: Literal["site-space"]
    siteSpaceId: str


class PageDestination(APIModel):
    kind: Literal["site-page"]
    siteSpaceId: str
    pageId: str


class OtherDestination(APIModel):
    """A destination kind added to the API after this client; its fields are kept as extras."""

    kind: str


def _kind(value: Any) -> str:
    kind = value.get("kind") if isinstance(value, dict) else getattr(value, "kind", None)
    return kind if kind in _KINDS else "other"


RedirectDestination = Annotated[
    Annotated[SectionDestination, Tag("site-section")]
    | Annotated[SiteSpaceDestination, Tag("site-space")]
    | Annotated[PageDestination, Tag("site-page")]
    | Annotated[OtherDestination, Tag("other")],
    Discriminator(_kind),
]


class SiteRedirect(APIModel):
    object: str
    id: str
    source: str
    destination: RedirectDestination


class SiteRedirectLookup(APIModel):
    """The redirect matching a source path, and the URL it resolves to."""

    redirect: SiteRedirect
    target: str


# -- request bodies ----------------------------------------------------------------------------


class SectionDestinationInput(RequestModel):
    kind: Literal["site-section"]
    siteSectionId: str = Field(min_length=1)


class SiteSpaceDestinationInput(RequestModel):
    kind: Literal["site-space"]
    siteSpaceId: str = Field(min_length=1)


class PageDestinationInput(RequestModel):
    kind: Literal["site-page"]
    siteSpaceId: str = Field(min_length=1)
    pageId: str = Field(min_length=1)


RedirectDestinationInput = Annotated[
    SectionDestinationInput | SiteSpaceDestinationInput | PageDestinationInput,
    Field(discriminator="kind"),
]


DestinationGiven = Annotated[Mapping[str, Any], Wire(RedirectDestinationInput)]
"""A destination as callers give it: ``{"kind": ..., ...}``, checked by its kind."""


class CreateSiteRedirectRequest(TypedDict):
    source: SiteRedirectSource
    destination: DestinationGiven


class UpdateSiteRedirectRequest(TypedDict, total=False):
    source: SiteRedirectSource
    destination: DestinationGiven
