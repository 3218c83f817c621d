"""One module per resource group, as the API groups its operations; every resource class,
and `operation_id_of` (the operation a method implements), for those that name a method."""

from gitbook_mcp.client.resources._resource import operation_id_of
from gitbook_mcp.client.resources.change_requests import ChangeRequests
from gitbook_mcp.client.resources.collections import Collections
from gitbook_mcp.client.resources.comments import ChangeRequestComments, SpaceComments
from gitbook_mcp.client.resources.content import ChangeRequestContent, SpaceContent
from gitbook_mcp.client.resources.findings import SiteFindings
from gitbook_mcp.client.resources.fonts import Fonts
from gitbook_mcp.client.resources.invites import Invites
from gitbook_mcp.client.resources.mcp_servers import SiteMcpServers
from gitbook_mcp.client.resources.members import Members
from gitbook_mcp.client.resources.openapi_specs import OpenAPISpecs
from gitbook_mcp.client.resources.organizations import Organizations
from gitbook_mcp.client.resources.permissions import CollectionPermissions, SpacePermissions
from gitbook_mcp.client.resources.redirects import SiteRedirects
from gitbook_mcp.client.resources.reviews import ChangeRequestReviews
from gitbook_mcp.client.resources.saml import Saml
from gitbook_mcp.client.resources.sections import SiteSectionGroups, SiteSections
from gitbook_mcp.client.resources.site_spaces import SiteSpaces
from gitbook_mcp.client.resources.sites import Sites
from gitbook_mcp.client.resources.spaces import Spaces
from gitbook_mcp.client.resources.teams import Teams
from gitbook_mcp.client.resources.users import Users

__all__ = [
    "ChangeRequestComments",
    "ChangeRequestContent",
    "ChangeRequestReviews",
    "ChangeRequests",
    "CollectionPermissions",
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
    "SpaceComments",
    "SpaceContent",
    "SpacePermissions",
    "Spaces",
    "Teams",
    "Users",
    "operation_id_of",
]
