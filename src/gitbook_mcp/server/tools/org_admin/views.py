"""Pieces the ``org_admin`` tools share: compact views of members, teams, invite links, SAML
providers, fonts and OpenAPI specs, the organization argument, and the flags they need."""

from __future__ import annotations

from pydantic import BaseModel

from gitbook_mcp.client.models.common import Member, Team
from gitbook_mcp.client.models.fonts import CustomFont
from gitbook_mcp.client.models.invites import InviteLink
from gitbook_mcp.client.models.openapi_specs import OpenAPISpec
from gitbook_mcp.client.models.saml import SAMLProvider
from gitbook_mcp.server.rendering import UntrustedLine, UntrustedRef
from gitbook_mcp.server.tooling import Args, Permission
from gitbook_mcp.server.tools._arguments import OrganizationId, role_name
from gitbook_mcp.server.tools._permissions import ORG_ADMIN

__all__ = [
    "ORG_ADMIN",
    "SPEC_WRITER",
    "TEAM_ADMIN",
    "FontView",
    "LinkView",
    "MemberView",
    "OrgArgs",
    "SamlView",
    "SpecView",
    "TeamView",
    "font_view",
    "link_view",
    "member_view",
    "saml_view",
    "spec_view",
    "team_view",
]

TEAM_ADMIN = Permission("team", "admin", "team_id")
SPEC_WRITER = Permission("organization", "createOpenAPISpec", "organization_id")


class OrgArgs(Args):
    organization_id: OrganizationId


class MemberView(BaseModel):
    id: str
    name: UntrustedLine
    email: UntrustedLine | None = None
    role: str
    sso: bool = False
    last_seen: str | None = None


def member_view(m: Member) -> MemberView:
    return MemberView(
        id=m.user.id,
        name=m.user.displayName,
        email=m.user.email,
        role=role_name(m.role),
        sso=bool(m.sso),
        last_seen=m.lastSeenAt,
    )


class TeamView(BaseModel):
    id: str
    title: UntrustedLine
    members: int | None = None
    spaces: int | None = None


def team_view(t: Team) -> TeamView:
    return TeamView(id=t.id, title=t.title, members=t.members, spaces=t.spaces)


class LinkView(BaseModel):
    id: str
    role: str
    target: str = "organization"
    target_id: str | None = None
    redundant: bool = False


def link_view(link: InviteLink) -> LinkView:
    if link.target in ("space", "collection"):
        thing = link.space if link.target == "space" else link.collection
        return LinkView(
            id=link.id,
            role=role_name(link.level),
            target=link.target,
            target_id=thing.id if thing is not None else None,
            redundant=link.redundant,
        )
    return LinkView(id=link.id, role=role_name(link.role), redundant=link.redundant)


class SamlView(BaseModel):
    """A SAML provider without its certificate."""

    id: str
    label: UntrustedLine
    status: str
    sso_url: UntrustedRef
    entity_id: UntrustedRef
    default_role: str
    default_team: str | None = None
    acs_url: UntrustedRef | None = None


def saml_view(p: SAMLProvider) -> SamlView:
    return SamlView(
        id=p.id,
        label=p.label,
        status=p.status,
        sso_url=p.ssoURL,
        entity_id=p.entityID,
        default_role=role_name(p.defaultRole),
        default_team=p.defaultTeam.id if p.defaultTeam is not None else None,
        acs_url=p.service.acsURL,
    )


class FontView(BaseModel):
    id: str
    family: UntrustedLine
    weights: list[int] = []


def font_view(f: CustomFont) -> FontView:
    return FontView(id=f.id, family=f.fontFamily, weights=[face.weight for face in f.fontFaces])


class SpecView(BaseModel):
    slug: UntrustedLine
    state: str
    visibility: str | None = None
    version: UntrustedLine | None = None
    source_url: UntrustedRef | None = None
    error: UntrustedLine | None = None


def spec_view(s: OpenAPISpec) -> SpecView:
    return SpecView(
        slug=s.slug,
        state=s.processingState,
        visibility=s.visibility,
        version=s.lastVersion,
        source_url=s.sourceURL,
        error=s.lastProcessErrorCode,
    )
