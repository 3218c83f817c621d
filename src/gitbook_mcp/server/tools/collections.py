"""Toolset ``collections`` (opt-in): collections (nested groups of spaces) and their permissions.

Writes of one resource share a tool with a ``method`` argument; deleting a collection and
removing a user's access share one destructive tool, so that its ``destructiveHint`` is honest.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field

from gitbook_mcp.client.errors import NotFoundError
from gitbook_mcp.client.models.collections import Collection
from gitbook_mcp.server.rendering import UntrustedLine
from gitbook_mcp.server.tooling import (
    Args,
    Permission,
    ToolContext,
    ToolFailure,
    read_tool,
    write_tool,
)
from gitbook_mcp.server.tools import _access as access
from gitbook_mcp.server.tools._arguments import (
    Cursor,
    Limit,
    RoleOrGuest,
    exactly_one,
    given,
    need,
    role_name,
)
from gitbook_mcp.server.tools._deleting import Deleted, delete_tool
from gitbook_mcp.server.tools._listing import listing, one_or_page
from gitbook_mcp.server.tools._permissions import ORG_CREATE_CONTENT
from gitbook_mcp.server.toolsets import COLLECTIONS

__all__: list[str] = []

COLLECTION_ADMIN = Permission("collection", "admin", "collection_id")
CollectionId = Annotated[str, Field(min_length=1, description="From list_collections")]


class CollectionView(BaseModel):
    id: str
    title: UntrustedLine
    parent: str | None = None
    description: UntrustedLine | None = None
    default_level: str | None = None
    can_admin: bool = False


def _collection(c: Collection) -> CollectionView:
    return CollectionView(
        id=c.id,
        title=c.title,
        parent=c.parent,
        description=c.description if c.description else None,
        default_level=role_name(c.defaultLevel),
        can_admin=c.permissions.admin,
    )


def _row(c: CollectionView) -> str:
    where = f" in {c.parent}" if c.parent else ""
    about = f": {c.description}" if c.description else ""
    admin = ", admin" if c.can_admin else ""
    return f"- {c.title} [{c.id}]{where}{about} (default {c.default_level}{admin})"


class ListCollectionsArgs(Args):
    organization_id: str | None = Field(default=None, description="All collections of this org")
    collection_id: str | None = Field(default=None, description="Or read this one")
    cursor: Cursor
    limit: Limit

    _one_target = exactly_one("organization_id", "collection_id")


class CollectionList(BaseModel):
    collections: list[CollectionView]
    next_cursor: str | None = None


def _render_list(r: CollectionList) -> str:
    return listing([_row(c) for c in r.collections], r.next_cursor, empty="No collections.")


@read_tool(COLLECTIONS, render=_render_list)
async def list_collections(ctx: ToolContext, args: ListCollectionsArgs) -> CollectionList:
    """Collections of an organization (nested ones too), or one collection."""
    collections = ctx.client.collections
    found, cursor = await one_or_page(
        args.collection_id,
        collections.get,
        # The arguments' check makes sure that organization_id is given when no collection is.
        lambda: collections.list(str(args.organization_id), page=args.cursor, limit=args.limit),
        _collection,
    )
    return CollectionList(collections=found, next_cursor=cursor)


class WriteArgs(Args):
    method: Literal["create", "update", "move", "transfer"]
    organization_id: str | None = Field(
        default=None, description="create: where; transfer: the target org"
    )
    collection_id: str | None = Field(default=None, description="From list_collections")
    title: str | None = Field(default=None, max_length=50, description="create, update")
    parent: str | None = Field(
        default=None, description='create: inside this collection; move: its id or "top"'
    )
    description: str | None = Field(default=None, max_length=100, description="update")
    default_level: Literal[RoleOrGuest, "inherit"] | None = Field(
        default=None, description="update: role of org members"
    )
    before: str | None = Field(default=None, description="move: before this space/collection")
    after: str | None = Field(default=None, description="move: after this space/collection")


@write_tool(
    COLLECTIONS,
    permission=COLLECTION_ADMIN,
    method_permissions=(("create", ORG_CREATE_CONTENT),),
    render=lambda c: _row(c).removeprefix("- "),
)
async def write_collection(ctx: ToolContext, args: WriteArgs) -> CollectionView:
    """Create, update, move or transfer (to another org) a collection."""
    collections = ctx.client.collections
    if args.method == "create":
        org_id = need(args.organization_id, "organization_id", "create")
        fields = given(title=args.title or None, parent=args.parent or None)
        return _collection(await collections.create(org_id, **fields))
    collection_id = need(args.collection_id, "collection_id", args.method)
    if args.method == "update":
        changes: dict[str, Any] = {
            k: v for k, v in (("title", args.title), ("description", args.description)) if v
        }
        if args.default_level is not None:
            changes["default_level"] = None if args.default_level == "guest" else args.default_level
        if not changes:
            raise ToolFailure("Nothing to change: give title, description or default_level.")
        return _collection(await collections.update(collection_id, **changes))
    if args.method == "move":
        return _collection(await collections.move(collection_id, **await _placement(ctx, args)))
    # transfer: collection.admin was checked; the target organization wants an admin too.
    org_id = need(args.organization_id, "organization_id", "transfer")
    await access.require_target_admin(ctx, "write_collection", org_id)
    return _collection(await collections.transfer(collection_id, organization=org_id))


async def _placement(ctx: ToolContext, args: WriteArgs) -> dict[str, Any]:
    if args.before and args.after:
        raise ToolFailure("move takes before or after, not both.")
    place: dict[str, Any] = {}
    if args.parent is not None:
        place["parent"] = None if args.parent == "top" else args.parent
    for key, sibling in (("before", args.before), ("after", args.after)):
        if sibling:
            place[key] = await _pointer(ctx, sibling)
    if not place:
        raise ToolFailure('move needs parent (a collection id or "top"), before or after.')
    return place


async def _pointer(ctx: ToolContext, sibling: str) -> str | dict[str, str]:
    """A sibling collection's pointer, else the id (taken as a space)."""
    try:
        await ctx.client.collections.get(sibling)
    except NotFoundError:
        return sibling
    return {"type": "collection", "collection": sibling}


class CollectionPermissionsArgs(access.AccessListArgs):
    collection_id: CollectionId


@read_tool(COLLECTIONS, render=access.render_users)
async def list_collection_permissions(
    ctx: ToolContext, args: CollectionPermissionsArgs
) -> access.UserRoleList:
    """Users invited to a collection, or everyone with access and their role."""
    return await access.list_access(args, args.collection_id, ctx.client.collection_permissions)


class CollectionPermissionWriteArgs(access.AccessWriteArgs):
    collection_id: CollectionId


@write_tool(COLLECTIONS, permission=COLLECTION_ADMIN, idempotent=True, render=access.render_granted)
async def write_collection_permissions(
    ctx: ToolContext, args: CollectionPermissionWriteArgs
) -> access.Granted:
    """Give users or teams a role on a collection, or change a user's role."""
    return await access.grant(
        args, "collection", args.collection_id, ctx.client.collection_permissions
    )


class DeleteCollectionArgs(Args):
    collection_id: CollectionId
    kind: Literal["collection", "user_access"]
    user_id: access.WhoseAccess


@delete_tool(COLLECTIONS, permission=COLLECTION_ADMIN)
async def delete_collection_item(ctx: ToolContext, args: DeleteCollectionArgs) -> Deleted:
    """Delete a collection or remove a user's access to it."""
    if args.kind == "user_access":
        return await access.remove_access(
            args.user_id, args.collection_id, ctx.client.collection_permissions
        )
    return Deleted(deleted=await ctx.client.collections.delete(args.collection_id))
