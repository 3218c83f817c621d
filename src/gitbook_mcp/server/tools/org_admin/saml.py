"""Tools of ``org_admin`` for SAML providers (never their certificates) and SSO logins."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from gitbook_mcp.server.rendering import UntrustedLine, UntrustedRef
from gitbook_mcp.server.tooling import ToolContext, ToolFailure, read_tool, write_tool
from gitbook_mcp.server.tools._arguments import Cursor, Limit, RoleOrGuest, given, need, role_value
from gitbook_mcp.server.tools._listing import listing
from gitbook_mcp.server.tools.org_admin.views import ORG_ADMIN, OrgArgs, SamlView, saml_view
from gitbook_mcp.server.toolsets import ORG_ADMIN as TOOLSET

__all__: list[str] = []


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


def _render_saml(r: SamlList) -> str:
    lines = [f"- {_saml_line(p)}" for p in r.providers]
    lines += [f"- login {x.label} [{x.id}]: {x.start_url}" for x in r.logins]
    return listing(lines, r.next_cursor)


@read_tool(TOOLSET, render=_render_saml)
async def list_saml_providers(ctx: ToolContext, args: ListSamlArgs) -> SamlList:
    """SAML providers (no certificates), one provider, or the SSO logins."""
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


class SamlWriteArgs(OrgArgs):
    method: Literal["create", "update"]
    provider_id: str | None = Field(default=None, description="update")
    label: str | None = Field(default=None, max_length=30, description="create, update")
    entity_id: str | None = Field(default=None, description="IdP entity id")
    certificate: str | None = Field(default=None, description="IdP signing certificate")
    sso_url: str | None = Field(default=None, description="IdP sign-in URL")
    default_team: str | None = Field(default=None, description="Team id new users join")
    default_role: RoleOrGuest | None = None


@write_tool(TOOLSET, permission=ORG_ADMIN, render=_saml_line)
async def write_saml_provider(ctx: ToolContext, args: SamlWriteArgs) -> SamlView:
    """Create or update a SAML provider."""
    saml = ctx.client.saml
    org = args.organization_id
    fields = given(
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
