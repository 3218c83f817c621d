"""Toolset ``org_admin`` (opt-in): an organization's settings, members, invites, teams, SAML
providers, custom fonts and OpenAPI specs.

Reads and writes of each resource live in ``_org_people`` and ``_org_config``; the one tool
that deletes or removes is here, so that its ``destructiveHint`` is honest.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from gitbook_mcp.server.tooling import Permission, ToolContext, ToolDef
from gitbook_mcp.server.tools import _org_config, _org_people
from gitbook_mcp.server.tools._org_config import SPEC_WRITER
from gitbook_mcp.server.tools._org_views import ORG_ADMIN, TEAM_ADMIN, OrgArgs
from gitbook_mcp.server.tools._shared import Deleted, need

__all__ = ["TOOLS"]


class DeleteArgs(OrgArgs):
    kind: Literal[
        "member", "team", "team_member", "invite_link", "saml_provider", "font", "openapi_spec"
    ]
    id: str = Field(min_length=1, description="Its id (user id for members, slug for specs)")
    team_id: str | None = Field(default=None, description="team_member: the team")


async def delete_org_item(ctx: ToolContext, args: DeleteArgs) -> Deleted:
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


_BY_NAME = {t.name: t for t in (*_org_config.TOOLS, *_org_people.TOOLS)}

TOOLS = [
    *(
        _BY_NAME[name]
        for name in (
            "get_organization",
            "update_organization",
            "list_members",
            "write_member",
            "list_invites",
            "write_invite",
            "list_teams",
            "write_team",
            "list_saml_providers",
            "write_saml_provider",
            "list_fonts",
            "write_font",
            "list_openapi_specs",
            "write_openapi_spec",
        )
    ),
    ToolDef(
        name="delete_org_item",
        toolset="org_admin",
        description="Remove a member, team, team member, invite link, SAML provider, font or spec.",
        input=DeleteArgs,
        output=Deleted,
        handler=delete_org_item,
        render=lambda r: "Deleted." if r.deleted else "Already gone.",
        read_only=False,
        destructive=True,
        idempotent=True,
        permission=ORG_ADMIN,
        method_arg="kind",
        method_permissions=(
            ("team", Permission("team", "admin", "id")),
            ("team_member", TEAM_ADMIN),
            ("openapi_spec", SPEC_WRITER),
        ),
    ),
]
