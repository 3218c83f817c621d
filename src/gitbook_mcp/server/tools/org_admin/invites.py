"""Tools of ``org_admin`` for invites: invite links, email invites, joining with a link."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from gitbook_mcp.server.tooling import ANY_TOKEN, ToolContext, ToolFailure, read_tool, write_tool
from gitbook_mcp.server.tools._arguments import (
    Cursor,
    Limit,
    ReadOne,
    RoleOrGuest,
    given,
    need,
    role_value,
)
from gitbook_mcp.server.tools._listing import listing, one_or_page
from gitbook_mcp.server.tools.org_admin.views import ORG_ADMIN, LinkView, OrgArgs, link_view
from gitbook_mcp.server.toolsets import ORG_ADMIN as TOOLSET

__all__: list[str] = []


class LinkList(BaseModel):
    links: list[LinkView]
    next_cursor: str | None = None


class ListInvitesArgs(OrgArgs):
    invite_id: ReadOne
    cursor: Cursor
    limit: Limit


def _link_line(link: LinkView) -> str:
    where = f"{link.target} {link.target_id}" if link.target_id else link.target
    return f"link [{link.id}]: {link.role} on {where}{' (redundant)' if link.redundant else ''}"


@read_tool(
    TOOLSET, render=lambda r: listing([f"- {_link_line(x)}" for x in r.links], r.next_cursor)
)
async def list_invites(ctx: ToolContext, args: ListInvitesArgs) -> LinkList:
    """Invite links of an organization."""
    invites, org = ctx.client.invites, args.organization_id
    links, cursor = await one_or_page(
        args.invite_id,
        lambda invite_id: invites.get_link(org, invite_id),
        lambda: invites.list_links(org, page=args.cursor, limit=args.limit),
        link_view,
    )
    return LinkList(links=links, next_cursor=cursor)


class InviteWriteArgs(OrgArgs):
    method: Literal["invite_users", "create_link", "update_link", "join"]
    invite_id: str | None = Field(default=None, description="update_link, join: link id")
    emails: list[str] | None = Field(default=None, description="invite_users")
    role: RoleOrGuest | None = Field(
        default=None, description="Role granted (level on space/collection)"
    )
    sso: bool | None = Field(default=None, description="invite_users: as SSO users")
    space_id: str | None = Field(default=None, description="create_link: to this space")
    collection_id: str | None = Field(default=None, description="create_link: to this collection")


class InviteResult(BaseModel):
    link: LinkView | None = None
    invited: int | None = None
    users: list[str] | None = None
    failed_sso: list[str] | None = None
    joined: bool | None = None


def _render_invite(r: InviteResult) -> str:
    if r.link is not None:
        return _link_line(r.link)
    if r.joined:
        return "Joined."
    failed = f"; SSO refused: {', '.join(r.failed_sso)}" if r.failed_sso else ""
    return f"Invited {r.invited}: {', '.join(r.users or [])}{failed}"


@write_tool(
    TOOLSET,
    permission=ORG_ADMIN,
    method_permissions=(("join", ANY_TOKEN),),
    render=_render_invite,
)
async def write_invite(ctx: ToolContext, args: InviteWriteArgs) -> InviteResult:
    """Invite people by email, create or update an invite link, or join with one."""
    invites = ctx.client.invites
    org = args.organization_id
    if args.method == "invite_users":
        emails = need(args.emails, "emails", "invite_users")
        extra = given(sso=args.sso)
        if args.role:  # a guest's role is None, sent as null
            extra["role"] = role_value(args.role)
        result = await invites.invite_users(org, emails=list(emails), **extra)
        return InviteResult(
            invited=result.invited, users=result.users, failed_sso=result.failedSSOEmails or None
        )
    if args.method == "create_link":
        role = role_value(need(args.role, "role", "create_link"))
        if args.space_id and args.collection_id:
            raise ToolFailure("create_link takes space_id or collection_id, not both.")
        if args.space_id:
            link = await invites.create_link(org, level=role, space=args.space_id)
        elif args.collection_id:
            link = await invites.create_link(org, level=role, collection=args.collection_id)
        else:
            link = await invites.create_link(org, role=role)
        return InviteResult(link=link_view(link))
    invite_id = need(args.invite_id, "invite_id", args.method)
    if args.method == "join":
        await invites.join(org, invite_id)
        return InviteResult(joined=True)
    role = role_value(need(args.role, "role", "update_link"))
    # A link to the organization carries a role; one to a space or collection, a level.
    current = await invites.get_link(org, invite_id)
    if current.target in ("space", "collection"):
        link = await invites.update_link(org, invite_id, level=role)
    else:
        link = await invites.update_link(org, invite_id, role=role)
    return InviteResult(link=link_view(link))
