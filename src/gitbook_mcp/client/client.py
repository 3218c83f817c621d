"""`GitBookClient`: the typed async client, one attribute per resource group of the API."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from gitbook_mcp.client._base import BaseClient
from gitbook_mcp.client.resources import (
    ChangeRequestComments,
    ChangeRequestContent,
    ChangeRequestReviews,
    ChangeRequests,
    CollectionAccess,
    Collections,
    Fonts,
    Invites,
    Members,
    OpenAPISpecs,
    Organizations,
    Saml,
    SiteFindings,
    SiteMcpServers,
    SiteRedirects,
    Sites,
    SiteSectionGroups,
    SiteSections,
    SiteSpaces,
    SpaceAccess,
    SpaceComments,
    SpaceContent,
    Spaces,
    Teams,
    Users,
)
from gitbook_mcp.client.resources._resource import APIResource, operation_id_of

__all__ = ["GitBookClient"]


class GitBookClient(BaseClient):
    """The workspace API. Use as ``async with GitBookClient(token=...) as client:``.

    Every operation is a method of a resource attribute, named as the API groups it:
    ``await client.spaces.get(space_id)``, ``async for s in client.spaces.list(org_id)``.
    ``profile`` (``"live"``, the real service today, or ``"seed"``) says which API it speaks: a method whose
    operation the profile lacks raises `OperationNotInProfile` before sending anything.
    """

    def __init__(self, *, token: str, **options: Any) -> None:
        super().__init__(token=token, **options)
        self.orgs = Organizations(self)
        self.members = Members(self)
        self.invites = Invites(self)
        self.teams = Teams(self)
        self.saml = Saml(self)
        self.collections = Collections(self)
        self.space_permissions = SpaceAccess(self)
        self.collection_permissions = CollectionAccess(self)
        self.fonts = Fonts(self)
        self.openapi_specs = OpenAPISpecs(self)
        self.spaces = Spaces(self)
        self.space_content = SpaceContent(self)
        self.change_requests = ChangeRequests(self)
        self.comments = SpaceComments(self)
        self.change_request_comments = ChangeRequestComments(self)
        self.change_request_content = ChangeRequestContent(self)
        self.sites = Sites(self)
        self.site_spaces = SiteSpaces(self)
        self.sections = SiteSections(self)
        self.section_groups = SiteSectionGroups(self)
        self.redirects = SiteRedirects(self)
        self.mcp_servers = SiteMcpServers(self)
        self.users = Users(self)
        self.reviews = ChangeRequestReviews(self)
        self.findings = SiteFindings(self)

    async def __aenter__(self) -> GitBookClient:
        return self

    def resources(self) -> Iterator[tuple[str, APIResource]]:
        """Every resource group, as (attribute name, resource)."""
        for name, value in vars(self).items():
            if isinstance(value, APIResource):
                yield name, value

    def operations(self) -> dict[str, Any]:
        """Every implemented operation: operationId -> bound method."""
        found: dict[str, Any] = {}
        for _, resource in self.resources():
            for attr in dir(type(resource)):
                method = getattr(resource, attr)
                op = operation_id_of(method)
                if op is not None:
                    found[op] = method
        return found
