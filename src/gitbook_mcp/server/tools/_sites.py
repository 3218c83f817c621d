"""Argument and output pieces shared by the site toolsets."""

from __future__ import annotations

from pydantic import BaseModel

from gitbook_mcp.client.models.sites import SiteSpace
from gitbook_mcp.server.rendering import UntrustedLine, UntrustedRef
from gitbook_mcp.server.tooling import Args
from gitbook_mcp.server.tools._arguments import OrganizationId, SiteId
from gitbook_mcp.server.tools._permissions import ORG_ADMIN

__all__ = ["SITE_ADMIN", "SiteArgs", "SiteSpaceView", "site_space_view"]

SITE_ADMIN = ORG_ADMIN
"""Every site write needs the admin flag on the site's organization."""


class SiteArgs(Args):
    organization_id: OrganizationId
    site_id: SiteId


class SiteSpaceView(BaseModel):
    id: str
    path: UntrustedRef
    space_id: str
    title: UntrustedLine
    section_id: str | None = None
    default: bool = False
    condition: UntrustedRef | None = None


def site_space_view(ss: SiteSpace) -> SiteSpaceView:
    return SiteSpaceView(
        id=ss.id,
        path=ss.path,
        space_id=ss.space.id,
        title=ss.title,
        section_id=ss.section,
        default=bool(ss.default),
        condition=ss.condition,
    )
