"""Who may use a space or a collection: the listings and grants both toolsets share.

The API has the same permission operations for spaces and for collections; only the path
differs, and the client has a resource of each (`SpaceAccess`, `CollectionAccess`).
The tools of `spaces` and `collections` pass theirs here.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, Field

from gitbook_mcp.client import NOT_GIVEN
from gitbook_mcp.client.models.common import Role
from gitbook_mcp.client.models.permissions import UserPermission
from gitbook_mcp.client.pagination import ListPage
from gitbook_mcp.client.resources import CollectionAccess, SpaceAccess
from gitbook_mcp.server.rendering import UntrustedLine
from gitbook_mcp.server.tooling import Args, ToolContext, ToolFailure
from gitbook_mcp.server.tools._arguments import Cursor, Limit, RoleOrGuest, given, need, role_value
from gitbook_mcp.server.tools._deleting import Deleted
from gitbook_mcp.server.tools._listing import listing

__all__ = [
    "AccessListArgs",
    "AccessWriteArgs",
    "Granted",
    "UserRole",
    "UserRoleList",
    "WhoseAccess",
    "grant",
    "list_access",
    "remove_access",
    "render_granted",
    "render_users",
    "require_target_admin",
    "user_roles",
]

Access = SpaceAccess | CollectionAccess
"""The permissions of a space or of a collection: the same operations, under either path."""


class UserRole(BaseModel):
    user_id: str
    name: UntrustedLine
    role: str


class UserRoleList(BaseModel):
    users: list[UserRole]
    next_cursor: str | None = None


def user_roles(page: ListPage[UserPermission]) -> UserRoleList:
    """A page of user permissions, compact."""
    return UserRoleList(
        users=[
            UserRole(user_id=p.user.id, name=p.user.displayName, role=p.permission)
            for p in page.items
        ],
        next_cursor=page.next_cursor,
    )


def render_users(r: UserRoleList) -> str:
    rows = [f"- {u.name} [{u.user_id}]: {u.role}" for u in r.users]
    return listing(rows, r.next_cursor, empty="No users.")


class AccessListArgs(Args):
    """The fields of a permission listing; a toolset adds the id of its space or collection."""

    method: Literal["users", "aggregate"] = "users"
    role: Role | None = Field(default=None, description="aggregate: only this role")
    cursor: Cursor
    limit: Limit


async def list_access(args: AccessListArgs, target: str, permissions: Access) -> UserRoleList:
    """The users with an explicit role on ``target``, or everyone with access (aggregate)."""
    if args.method == "aggregate":
        filters = given(role=args.role or None)
        page = await permissions.list_aggregate(
            target, page=args.cursor, limit=args.limit, **filters
        )
    else:
        page = await permissions.list_users(target, page=args.cursor, limit=args.limit)
    return user_roles(page)


async def require_target_admin(ctx: ToolContext, tool: str, organization_id: str) -> None:
    """A transfer needs admin on the receiving organization too: refuse before sending."""
    if not (await ctx.client.orgs.get(organization_id)).permissions.admin:
        raise ToolFailure(
            f"Refused: {tool} (method=transfer) needs the 'admin' permission on organization "
            f"{organization_id}, the target, and this token does not have it. Nothing was sent."
        )


class AccessWriteArgs(Args):
    """The fields of a permission write; a toolset adds the id of its space or collection."""

    method: Literal["invite", "update"]
    role: RoleOrGuest = Field(description="guest: no explicit role")
    users: list[str] | None = Field(default=None, description="invite: user ids or emails")
    teams: list[str] | None = Field(default=None, description="invite: team ids")
    user_id: str | None = Field(default=None, description="update: user id")


class Granted(BaseModel):
    kind: str
    id: str
    role: str
    users: list[str] = []
    teams: list[str] = []


async def grant(
    args: AccessWriteArgs,
    kind: Literal["space", "collection"],
    target: str,
    permissions: Access,
) -> Granted:
    """Invite users or teams with a role, or change one user's role, on ``target``."""
    role = role_value(args.role)
    if args.method == "update":
        user_id = need(args.user_id, "user_id", "update")
        await permissions.update_user(target, user_id, role=role)
        return Granted(kind=kind, id=target, role=args.role, users=[user_id])
    if not args.users and not args.teams:
        raise ToolFailure("invite needs users or teams.")
    users, teams = args.users or NOT_GIVEN, args.teams or NOT_GIVEN
    await permissions.invite(target, role=role, users=users, teams=teams)
    return Granted(
        kind=kind, id=target, role=args.role, users=args.users or [], teams=args.teams or []
    )


def render_granted(g: Granted) -> str:
    who = ", ".join([*g.users, *(f"team {t}" for t in g.teams)])
    return f"Role {g.role} on {g.kind} {g.id} for {who}."


WhoseAccess = Annotated[str | None, Field(default=None, description="user_access: whose")]
"""The user whose role a delete tool's ``user_access`` kind removes (see `remove_access`)."""


async def remove_access(user_id: str | None, target: str, permissions: Access) -> Deleted:
    """Remove a user's explicit role on ``target``: the ``user_access`` kind of a delete tool."""
    user = need(user_id, "user_id", "user_access")
    return Deleted(deleted=await permissions.remove_user(target, user))
