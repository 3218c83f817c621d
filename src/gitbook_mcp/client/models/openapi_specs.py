"""OpenAPI specs of an organization, by slug: the spec object and its source (a URL or text)."""

from __future__ import annotations

from typing import Annotated, Literal, TypedDict

from pydantic import Field

from gitbook_mcp.client.models._base import APIModel, RequestModel
from gitbook_mcp.client.models.fields import URLString

__all__ = [
    "SPEC_SLUG_PATTERN",
    "CreateOpenAPISpecRequest",
    "OpenAPISpec",
    "OpenAPISpecPermissions",
    "OpenAPISpecUrls",
    "PutOpenAPISpecRequest",
    "SpecSlug",
    "TextSource",
    "UpdateOpenAPISpecRequest",
    "UrlSource",
]

SPEC_SLUG_PATTERN = r"^[a-z0-9]+(?:-[a-z0-9]+)*$"
"""Lowercase letters and digits, in groups separated by single hyphens."""

SpecSlug = Annotated[str, Field(min_length=1, max_length=100, pattern=SPEC_SLUG_PATTERN)]


# -- responses -----------------------------------------------------------------------------


class OpenAPISpecPermissions(APIModel):
    view: bool
    edit: bool
    delete: bool | None = None


class OpenAPISpecUrls(APIModel):
    location: str
    app: str
    published: str | None = None


class OpenAPISpec(APIModel):
    object: str
    id: str
    createdAt: str
    updatedAt: str
    slug: str
    processingState: str
    """``pending``, ``progress`` or ``complete``."""
    permissions: OpenAPISpecPermissions
    urls: OpenAPISpecUrls
    sourceURL: str | None = None
    visibility: str | None = None
    """``private`` or ``public``."""
    lastVersion: str | None = None
    lastProcessedAt: str | None = None
    lastProcessErrorCode: str | None = None


# -- requests ------------------------------------------------------------------------------


class UrlSource(RequestModel):
    """A spec fetched from a URL."""

    url: URLString


class TextSource(RequestModel):
    """A spec given as its text (JSON or YAML)."""

    text: str = Field(min_length=1)


class PutOpenAPISpecRequest(RequestModel):
    source: UrlSource | TextSource


class CreateOpenAPISpecRequest(PutOpenAPISpecRequest):
    slug: SpecSlug


class UpdateOpenAPISpecRequest(TypedDict):
    visibility: Literal["private", "public"]
    """``public``: anyone with the spec's public link can read it."""
