"""Link listings: each link's status (``ok``, ``broken``, ``in-app``) and where it appears."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from gitbook_mcp.client.models._base import APIModel
from gitbook_mcp.client.pagination import ListPage

__all__ = ["BrokenStats", "ContentLocation", "LinkListing", "LinkStats", "LinkUsage"]


class ContentLocation(APIModel):
    """Where a link points or appears; ``kind`` says which of the other fields is set.

    ``page`` and ``file`` are the revision's page or file objects, ``space`` and
    ``organization`` the full objects; kept loose because the API has nine kinds.
    """

    kind: str
    page: dict[str, Any] | None = None
    file: dict[str, Any] | None = None
    space: dict[str, Any] | None = None
    organization: dict[str, Any] | None = None
    url: str | None = None
    versionContext: dict[str, Any] | None = None


class LinkUsage(APIModel):
    status: str
    """``ok``, ``broken`` or ``in-app``."""
    relation: str
    targetReference: ContentLocation | None = None
    locationReferences: list[ContentLocation] = Field(default_factory=list)


class BrokenStats(APIModel):
    total: float = 0
    changeRequest: float | None = None


class LinkStats(APIModel):
    total: float = 0
    broken: BrokenStats = Field(default_factory=BrokenStats)


class LinkListing(ListPage[LinkUsage]):
    """One page of links, with ``stats`` over the whole listing."""

    stats: LinkStats = Field(default_factory=LinkStats)
