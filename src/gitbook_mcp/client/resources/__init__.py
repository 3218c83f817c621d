"""One module per area of the API: organizations and their people, what an organization owns
(collections, fonts, SAML, OpenAPI specs), spaces and their permissions, content, change
requests, comments, sites and site sections. Every resource class is exported here, with
`operation_id_of` (the operation a method implements) for those that name a method."""

from gitbook_mcp.client.resources._resource import operation_id_of, operation_of
from gitbook_mcp.client.resources.change_requests import ChangeRequestReviews, ChangeRequests
from gitbook_mcp.client.resources.comments import ChangeRequestComments, SpaceComments
from gitbook_mcp.client.resources.content import ChangeRequestContent, SpaceContent
from gitbook_mcp.client.resources.org_assets import Collections, Fonts, OpenAPISpecs, Saml
from gitbook_mcp.client.resources.organizations import Invites, Members, Organizations, Teams, Users
from gitbook_mcp.client.resources.sections import SiteSectionGroups, SiteSections
from gitbook_mcp.client.resources.sites import (
    SiteFindings,
    SiteMcpServers,
    SiteRedirects,
    Sites,
    SiteSpaces,
)
from gitbook_mcp.client.resources.spaces import CollectionAccess, SpaceAccess, Spaces

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
