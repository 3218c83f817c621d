"""The settings tools of ``org_admin``: the organization, SAML providers, fonts, OpenAPI specs."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

from pydantic import BaseModel, Field

from gitbook_mcp.client import NOT_GIVEN
from gitbook_mcp.server.rendering import UntrustedLine, UntrustedRef
from gitbook_mcp.server.tooling import Args, Permission, ToolContext, ToolDef, ToolFailure
from gitbook_mcp.server.tools._org_views import (
    ORG_ADMIN,
    FontView,
    OrgArgs,
    SamlView,
    SpecView,
    font_view,
    saml_view,
    spec_view,
)
from gitbook_mcp.server.tools._shared import Cursor, Limit, RoleOrGuest, listing, need, role_value

__all__ = ["SPEC_WRITER", "TOOLS"]

SPEC_WRITER = Permission("organization", "createOpenAPISpec", "organization_id")


def _given(**values: Any) -> dict[str, Any]:
    return {k: v for k, v in values.items() if v is not None}


# -- the organization ----------------------------------------------------------------------


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


def _org(o: Any) -> OrgView:
    return OrgView(
        id=o.id,
        title=o.title,
        plan=o.plan,
        hostname=o.hostname,
        email_domains=o.emailDomains,
        default_role=o.defaultRole or "guest",
        default_site=o.defaultContent.site if o.defaultContent is not None else None,
        invite_links=o.inviteLinks,
        sso=bool(o.sso),
        ai=bool(o.ai),
    )


class GetOrgArgs(Args):
    organization_id: str | None = Field(default=None, description="Organization id")
    email_domain: str | None = Field(default=None, description="Or: the orgs of this domain")


async def get_organization(ctx: ToolContext, args: GetOrgArgs) -> OrgList:
    if bool(args.organization_id) == bool(args.email_domain):
        raise ToolFailure("Give organization_id or email_domain.")
    if args.organization_id:
        return OrgList(organizations=[_org(await ctx.client.orgs.get(args.organization_id))])
    found = await ctx.client.orgs.list_for_email_domain(str(args.email_domain))
    return OrgList(organizations=[_org(o) for o in found.organizations])


def _org_line(o: OrgView) -> str:
    site = f", lands on {o.default_site}" if o.default_site else ""
    return (
        f"{o.title} [{o.id}]: {o.plan}, domains {', '.join(o.email_domains) or '-'}, "
        f"new members {o.default_role}, invite links {'on' if o.invite_links else 'off'}, "
        f"SSO {'on' if o.sso else 'off'}, AI {'on' if o.ai else 'off'}{site}"
    )


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


async def update_organization(ctx: ToolContext, args: OrgUpdateArgs) -> OrgView:
    changes = _given(
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


# -- SAML ----------------------------------------------------------------------------------


class LoginView(BaseModel):
    id: str
    label: UntrustedLine
    start_url: UntrustedRef


class SamlList(BaseModel):
    providers: list[SamlView] = []
    logins: list[LoginView] = []
    next_cursor: str | None = None


class ListSamlArgs(OrgArgs):
    method: Literal["list", "get", "sso_logins"] = "list"
    provider_id: str | None = Field(default=None, description="get")
    cursor: Cursor
    limit: Limit


async def list_saml_providers(ctx: ToolContext, args: ListSamlArgs) -> SamlList:
    saml = ctx.client.saml
    org = args.organization_id
    if args.method == "sso_logins":
        logins = await saml.list_sso_logins(org)
        return SamlList(
            logins=[LoginView(id=x.id, label=x.label, start_url=x.startURL) for x in logins.items]
        )
    if args.method == "get":
        provider_id = need(args.provider_id, "provider_id", "get")
        return SamlList(providers=[saml_view(await saml.get(org, provider_id))])
    page = await saml.list(org, page=args.cursor, limit=args.limit)
    return SamlList(providers=[saml_view(p) for p in page.items], next_cursor=page.next_cursor)


def _saml_line(p: SamlView) -> str:
    team = f", team {p.default_team}" if p.default_team else ""
    return (
        f"{p.label} [{p.id}]: {p.status}, IdP {p.entity_id} at {p.sso_url}, "
        f"new users {p.default_role}{team}; ACS {p.acs_url}"
    )


def _render_saml(r: SamlList) -> str:
    lines = [f"- {_saml_line(p)}" for p in r.providers]
    lines += [f"- login {x.label} [{x.id}]: {x.start_url}" for x in r.logins]
    return listing(lines, r.next_cursor)


class SamlWriteArgs(OrgArgs):
    method: Literal["create", "update"]
    provider_id: str | None = Field(default=None, description="update")
    label: str | None = Field(default=None, max_length=30, description="create, update")
    entity_id: str | None = Field(default=None, description="IdP entity id")
    certificate: str | None = Field(default=None, description="IdP signing certificate")
    sso_url: str | None = Field(default=None, description="IdP sign-in URL")
    default_team: str | None = Field(default=None, description="Team id new users join")
    default_role: RoleOrGuest | None = None


async def write_saml_provider(ctx: ToolContext, args: SamlWriteArgs) -> SamlView:
    saml = ctx.client.saml
    org = args.organization_id
    fields = _given(
        entity_id=args.entity_id,
        certificate=args.certificate,
        sso_url=args.sso_url,
        default_team=args.default_team,
    )
    if args.default_role is not None:
        fields["default_role"] = role_value(args.default_role)
    if args.method == "create":
        return saml_view(
            await saml.create(org, label=need(args.label, "label", "create"), **fields)
        )
    provider_id = need(args.provider_id, "provider_id", "update")
    if args.label is not None:
        fields["label"] = args.label
    if not fields:
        raise ToolFailure("Nothing to change: give label, entity_id, sso_url, certificate...")
    return saml_view(await saml.update(org, provider_id, **fields))


# -- fonts ---------------------------------------------------------------------------------


class FontList(BaseModel):
    fonts: list[FontView]


class ListFontsArgs(OrgArgs):
    font_id: str | None = Field(default=None, description="Read this one")


async def list_fonts(ctx: ToolContext, args: ListFontsArgs) -> FontList:
    fonts = ctx.client.fonts
    if args.font_id:
        return FontList(fonts=[font_view(await fonts.get(args.organization_id, args.font_id))])
    return FontList(fonts=[font_view(f) async for f in fonts.list(args.organization_id)])


def _font_line(f: FontView) -> str:
    return f"{f.family} [{f.id}]: weights {', '.join(map(str, f.weights))}"


class FontWriteArgs(OrgArgs):
    method: Literal["create", "update"]
    font_id: str | None = Field(default=None, description="update")
    family: str | None = Field(default=None, max_length=50, description="create, update")
    faces: dict[int, str | None] | None = Field(
        default=None, description="Weight: uploaded file key (create needs 400, 700); null drops"
    )


async def write_font(ctx: ToolContext, args: FontWriteArgs) -> FontView:
    fonts = ctx.client.fonts
    org = args.organization_id
    faces: list[Mapping[str, Any]] = [
        {"weight": w, "storageKey": k} for w, k in sorted((args.faces or {}).items())
    ]
    if args.method == "create":
        if not faces or None in (args.faces or {}).values():
            raise ToolFailure("create needs faces: a file key for each weight.")
        family = need(args.family, "family", "create")
        return font_view(await fonts.create(org, font_family=family, font_faces=faces))
    font_id = need(args.font_id, "font_id", "update")
    if args.family is None and not faces:
        raise ToolFailure("Nothing to change: give family or faces.")
    updated = await fonts.update(
        org,
        font_id,
        font_family=args.family if args.family is not None else NOT_GIVEN,
        font_faces=faces or NOT_GIVEN,
    )
    return font_view(updated)


# -- OpenAPI specs -------------------------------------------------------------------------


class SpecList(BaseModel):
    specs: list[SpecView]
    next_cursor: str | None = None


class ListSpecsArgs(OrgArgs):
    slug: str | None = Field(default=None, description="Read this one")
    cursor: Cursor
    limit: Limit


async def list_openapi_specs(ctx: ToolContext, args: ListSpecsArgs) -> SpecList:
    specs = ctx.client.openapi_specs
    if args.slug:
        return SpecList(specs=[spec_view(await specs.get(args.organization_id, args.slug))])
    page = await specs.list(args.organization_id, page=args.cursor, limit=args.limit)
    return SpecList(specs=[spec_view(s) for s in page.items], next_cursor=page.next_cursor)


def _spec_line(s: SpecView) -> str:
    source = f" from {s.source_url}" if s.source_url else ""
    error = f", error {s.error}" if s.error else ""
    return f"{s.slug}: {s.visibility or 'private'}, {s.state}, version {s.version or '-'}{source}{error}"


class SpecWriteArgs(OrgArgs):
    method: Literal["create", "put", "update"]
    slug: str = Field(min_length=1, description="Spec slug (put creates or replaces)")
    url: str | None = Field(default=None, description="create, put: source URL")
    text: str | None = Field(default=None, description="create, put: or source text")
    visibility: Literal["private", "public"] | None = None


async def write_openapi_spec(ctx: ToolContext, args: SpecWriteArgs) -> SpecView:
    specs = ctx.client.openapi_specs
    org = args.organization_id
    if args.method == "update":
        visibility: Literal["private", "public"] = need(args.visibility, "visibility", "update")
        return spec_view(await specs.update(org, args.slug, visibility=visibility))
    if bool(args.url) == bool(args.text):
        raise ToolFailure(f"{args.method} needs exactly one of url or text.")
    source = {"url": args.url} if args.url else {"text": args.text or ""}
    if args.method == "create":
        return spec_view(await specs.create(org, slug=args.slug, source=source))
    return spec_view(await specs.create_or_update(org, args.slug, source=source))


TOOLS = [
    ToolDef(
        name="get_organization",
        toolset="org_admin",
        description="An organization's settings, or the organizations of an email domain.",
        input=GetOrgArgs,
        output=OrgList,
        handler=get_organization,
        render=lambda r: "\n".join(_org_line(o) for o in r.organizations) or "None.",
        read_only=True,
        idempotent=True,
    ),
    ToolDef(
        name="update_organization",
        toolset="org_admin",
        description="Change an organization's settings.",
        input=OrgUpdateArgs,
        output=OrgView,
        handler=update_organization,
        render=_org_line,
        read_only=False,
        idempotent=True,
        permission=ORG_ADMIN,
    ),
    ToolDef(
        name="list_saml_providers",
        toolset="org_admin",
        description="SAML providers (no certificates), one provider, or the SSO logins.",
        input=ListSamlArgs,
        output=SamlList,
        handler=list_saml_providers,
        render=_render_saml,
        read_only=True,
        idempotent=True,
    ),
    ToolDef(
        name="write_saml_provider",
        toolset="org_admin",
        description="Create or update a SAML provider.",
        input=SamlWriteArgs,
        output=SamlView,
        handler=write_saml_provider,
        render=_saml_line,
        read_only=False,
        permission=ORG_ADMIN,
    ),
    ToolDef(
        name="list_fonts",
        toolset="org_admin",
        description="Custom fonts of an organization.",
        input=ListFontsArgs,
        output=FontList,
        handler=list_fonts,
        render=lambda r: listing([f"- {_font_line(f)}" for f in r.fonts], None),
        read_only=True,
        idempotent=True,
    ),
    ToolDef(
        name="write_font",
        toolset="org_admin",
        description="Create or update a custom font from uploaded files.",
        input=FontWriteArgs,
        output=FontView,
        handler=write_font,
        render=_font_line,
        read_only=False,
        permission=ORG_ADMIN,
    ),
    ToolDef(
        name="list_openapi_specs",
        toolset="org_admin",
        description="OpenAPI specs of an organization.",
        input=ListSpecsArgs,
        output=SpecList,
        handler=list_openapi_specs,
        render=lambda r: listing([f"- {_spec_line(s)}" for s in r.specs], r.next_cursor),
        read_only=True,
        idempotent=True,
    ),
    ToolDef(
        name="write_openapi_spec",
        toolset="org_admin",
        description="Create an OpenAPI spec, give it a new source (put), or set its visibility.",
        input=SpecWriteArgs,
        output=SpecView,
        handler=write_openapi_spec,
        render=_spec_line,
        read_only=False,
        permission=SPEC_WRITER,
    ),
]
