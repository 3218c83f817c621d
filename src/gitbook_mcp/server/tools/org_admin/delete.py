"""The one tool of ``org_admin`` that deletes or removes: its ``destructiveHint`` is honest."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from gitbook_mcp.server.tooling import Permission, ToolContext
from gitbook_mcp.server.tools._arguments import need
from gitbook_mcp.server.tools._deleting import Deleted, delete_tool
from gitbook_mcp.server.tools.org_admin.views import ORG_ADMIN, SPEC_WRITER, TEAM_ADMIN, OrgArgs
from gitbook_mcp.server.toolsets import ORG_ADMIN as TOOLSET

__all__: list[str] = []


class DeleteOrgObjectArgs(OrgArgs):
    kind: Literal[
        "member", "team", "team_member", "invite_link", "saml_provider", "font", "openapi_spec"
    ]
    id: str = Field(min_length=1, description="Its id (user id for members, slug for specs)")
    team_id: str | None = Field(default=None, description="team_member: the team")


@delete_tool(
    TOOLSET,
    permission=ORG_ADMIN,
    method_permissions=(
        ("team", Permission("team", "admin", "id")),
        ("team_member", TEAM_ADMIN),
        ("openapi_spec", SPEC_WRITER),
    ),
)
async def delete_org_item(ctx: ToolContext, args: DeleteOrgObjectArgs) -> Deleted:
    """Remove a member, team, team member, invite link, SAML provider, font or spec."""
    c = ctx.client
    org = args.organization_id
    if args.kind == "member":
        return Deleted(deleted=await c.members.remove(org, args.id))
    if args.kind == "team":
        return Deleted(deleted=await c.teams.delete(org, args.id))
    if args.kind == "team_member":
        team_id = need(args.team_id, "team_id", "team_member")
        return Deleted(deleted=await c.teams.remove_member(org, team_id, args.id))
    if args.kind == "invite_link":
        return Deleted(deleted=await c.invites.delete_link(org, args.id))
    if args.kind == "saml_provider":
        return Deleted(deleted=await c.saml.delete(org, args.id))
    if args.kind == "font":
        return Deleted(deleted=await c.fonts.delete(org, args.id))
    return Deleted(deleted=await c.openapi_specs.delete(org, args.id))
