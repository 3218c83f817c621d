"""One module per area of the API: organizations and their people, what an organization owns
(collections, fonts, SAML, OpenAPI specs), spaces and their permissions, content, change
requests, comments, sites and site sections. Every resource class is exported here, with
`operation_of` and `operation_id_of` (the operation a method implements).

A class is imported on first use (PEP 562), so that naming one resource, or the marker, does not
build every wire model: the server answers ``initialize`` before it needs them."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from gitbook_mcp.client.resources._resource import operation_id_of, operation_of

if TYPE_CHECKING:
    from gitbook_mcp.client.resources.change_requests import ChangeRequestReviews, ChangeRequests
    from gitbook_mcp.client.resources.comments import ChangeRequestComments, SpaceComments
    from gitbook_mcp.client.resources.content import ChangeRequestContent, SpaceContent
    from gitbook_mcp.client.resources.org_assets import Collections, Fonts, OpenAPISpecs, Saml
    from gitbook_mcp.client.resources.organizations import (
        Invites,
        Members,
        Organizations,
        Teams,
        Users,
    )
    from gitbook_mcp.client.resources.sections import SiteSectionGroups, SiteSections
    from gitbook_mcp.client.resources.sites import (
        SiteFindings,
        SiteMcpServers,
        SiteRedirects,
        Sites,
        SiteSpaces,
    )
    from gitbook_mcp.client.resources.spaces import CollectionAccess, SpaceAccess, Spaces

_HOMES = {
    "ChangeRequestComments": "comments",
    "ChangeRequestContent": "content",
    "ChangeRequestReviews": "change_requests",
    "ChangeRequests": "change_requests",
    "CollectionAccess": "spaces",
    "Collections": "org_assets",
    "Fonts": "org_assets",
    "Invites": "organizations",
    "Members": "organizations",
    "OpenAPISpecs": "org_assets",
    "Organizations": "organizations",
    "Saml": "org_assets",
    "SiteFindings": "sites",
    "SiteMcpServers": "sites",
    "SiteRedirects": "sites",
    "SiteSectionGroups": "sections",
    "SiteSections": "sections",
    "SiteSpaces": "sites",
    "Sites": "sites",
    "SpaceAccess": "spaces",
    "SpaceComments": "comments",
    "SpaceContent": "content",
    "Spaces": "spaces",
    "Teams": "organizations",
    "Users": "organizations",
}
"""Each resource class, by the module of its area."""


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(name)
    value = getattr(importlib.import_module(f"gitbook_mcp.client.resources.{home}"), name)
    globals()[name] = value
    return value


__all__ = [
    "ChangeRequestComments",
    "ChangeRequestContent",
    "ChangeRequestReviews",
    "ChangeRequests",
    "CollectionAccess",
    "Collections",
    "Fonts",
    "Invites",
    "Members",
    "OpenAPISpecs",
    "Organizations",
    "Saml",
    "SiteFindings",
    "SiteMcpServers",
    "SiteRedirects",
    "SiteSectionGroups",
    "SiteSections",
    "SiteSpaces",
    "Sites",
    "SpaceAccess",
    "SpaceComments",
    "SpaceContent",
    "Spaces",
    "Teams",
    "Users",
    "operation_id_of",
    "operation_of",
]
