"""Tools of ``org_admin`` for the organization itself: its settings, read and changed."""

from __future__ import annotations

from pydantic import BaseModel, Field

from gitbook_mcp.client.models.organizations import Organization
from gitbook_mcp.server.rendering import UntrustedLine, UntrustedRef
from gitbook_mcp.server.tooling import Args, ToolContext, ToolFailure, read_tool, write_tool
from gitbook_mcp.server.tools._arguments import RoleOrGuest, given, role_name, role_value
from gitbook_mcp.server.tools.org_admin.views import ORG_ADMIN, OrgArgs
from gitbook_mcp.server.toolsets import ORG_ADMIN as TOOLSET

__all__: list[str] = []


class OrgView(BaseModel):
    id: str
    title: UntrustedLine
    plan: str
    hostname: UntrustedRef | None = None
    email_domains: list[UntrustedLine] = []
    default_role: str
    default_site: str | None = None
    invite_links: bool
    sso: bool = False
    ai: bool = False


class OrgList(BaseModel):
    organizations: list[OrgView]


def _org(o: Organization) -> OrgView:
    return OrgView(
        id=o.id,
        title=o.title,
        plan=o.plan,
        hostname=o.hostname,
        email_domains=o.emailDomains,
        default_role=role_name(o.defaultRole),
        default_site=o.defaultContent.site if o.defaultContent is not None else None,
        invite_links=o.inviteLinks,
        sso=bool(o.sso),
        ai=bool(o.ai),
    )


class GetOrgArgs(Args):
    organization_id: str | None = Field(default=None, description="Organization id")
    email_domain: str | None = Field(default=None, description="Or: the orgs of this domain")


def _org_line(o: OrgView) -> str:
    site = f", lands on {o.default_site}" if o.default_site else ""
    return (
        f"{o.title} [{o.id}]: {o.plan}, domains {', '.join(o.email_domains) or '-'}, "
        f"new members {o.default_role}, invite links {'on' if o.invite_links else 'off'}, "
        f"SSO {'on' if o.sso else 'off'}, AI {'on' if o.ai else 'off'}{site}"
    )


@read_tool(TOOLSET, render=lambda r: "\n".join(_org_line(o) for o in r.organizations) or "None.")
async def get_organization(ctx: ToolContext, args: GetOrgArgs) -> OrgList:
    """An organization's settings, or the organizations of an email domain."""
    if bool(args.organization_id) == bool(args.email_domain):
        raise ToolFailure("Give organization_id or email_domain.")
    if args.organization_id:
        return OrgList(organizations=[_org(await ctx.client.orgs.get(args.organization_id))])
    found = await ctx.client.orgs.list_for_email_domain(str(args.email_domain))
    return OrgList(organizations=[_org(o) for o in found.organizations])


class OrgUpdateArgs(OrgArgs):
    title: str | None = Field(default=None, description="Title")
    email_domains: list[str] | None = Field(default=None, description="Email domains")
    hostname: str | None = Field(default=None, description="Hostname")
    default_role: RoleOrGuest | None = None
    default_site: str | None = Field(default=None, description="Site id; '' clears")
    logo: str | None = Field(default=None, description="Logo URL; '' clears")
    sso: bool | None = Field(default=None, description="SSO on")
    ai: bool | None = Field(default=None, description="AI on")
    invite_links: bool | None = Field(default=None, description="Invite links on")


@write_tool(TOOLSET, permission=ORG_ADMIN, idempotent=True, render=_org_line)
async def update_organization(ctx: ToolContext, args: OrgUpdateArgs) -> OrgView:
    """Change an organization's settings."""
    changes = given(
        title=args.title,
        email_domains=args.email_domains,
        hostname=args.hostname,
        sso=args.sso,
        ai=args.ai,
        invite_links=args.invite_links,
    )
    if args.default_role is not None:
        changes["default_role"] = role_value(args.default_role)
    if args.default_site is not None:
        changes["default_content"] = {"site": args.default_site} if args.default_site else None
    if args.logo is not None:
        changes["logo"] = args.logo or None
    if not changes:
        raise ToolFailure("Nothing to change: give at least one setting.")
    return _org(await ctx.client.orgs.update(args.organization_id, **changes))
