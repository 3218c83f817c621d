"""Toolset ``spaces`` (opt-in): a space's details, revision, change requests and permissions.

Writes of one resource share a tool with a ``method`` argument; deleting a space and removing a
user's access share one destructive tool, so that its ``destructiveHint`` is honest.
"""

from __future__ import annotations

from contextlib import suppress
from typing import Any, Literal

from pydantic import BaseModel, Field

from gitbook_mcp.client.errors import NotFoundError
from gitbook_mcp.client.models.common import Role
from gitbook_mcp.client.models.content import ImportContentResult, ImportContentSource
from gitbook_mcp.client.resources import ChangeRequestContent, Spaces
from gitbook_mcp.server.calls.confirm import Plan, confirm, confirm_field
from gitbook_mcp.server.rendering import UntrustedLine, UntrustedRef, one_line
from gitbook_mcp.server.tooling import Args, Needs, ToolContext, ToolFailure, read_tool, write_tool
from gitbook_mcp.server.tools._access import (
    AccessListArgs,
    AccessWriteArgs,
    Granted,
    UserRoleList,
    WhoseAccess,
    grant,
    list_access,
    remove_access,
    render_granted,
    render_users,
    require_target_admin,
)
from gitbook_mcp.server.tools._arguments import ChangeRequestId, EditMode, SpaceId, changed, need
from gitbook_mcp.server.tools._deleting import Deleted, delete_tool
from gitbook_mcp.server.tools._permissions import (
    ORG_ADMIN,
    ORG_CREATE_CONTENT,
    SPACE_ADMIN,
    SPACE_EDIT,
)
from gitbook_mcp.server.tools._space_views import (
    ChangeRequestView,
    RevisionView,
    SpaceView,
    render_change_request,
    render_revision,
    render_space,
    revision_view,
    space_view,
)
from gitbook_mcp.server.toolsets import SPACES

__all__: list[str] = []


class GetSpaceArgs(Args):
    space_id: SpaceId
    method: Literal["space", "revision"] = "space"


class SpaceRead(BaseModel):
    space: SpaceView | None = None
    revision: RevisionView | None = None


def _render_space_read(r: SpaceRead) -> str:
    if r.revision is not None:
        return render_revision(r.revision)
    return render_space(r.space) if r.space is not None else "Nothing."


@read_tool(SPACES, render=_render_space_read)
async def get_space(ctx: ToolContext, args: GetSpaceArgs) -> SpaceRead:
    """A space's details, or its current revision's summary."""
    if args.method == "revision":
        revision = await ctx.client.space_content.get_revision(args.space_id, computed=False)
        return SpaceRead(revision=revision_view(revision))
    return SpaceRead(space=space_view(await ctx.client.spaces.get(args.space_id)))


class GetChangeRequestArgs(Args):
    space_id: SpaceId
    change_request_id: ChangeRequestId
    method: Literal["details", "revision"] = "details"


class ChangeRequestRead(BaseModel):
    change_request: ChangeRequestView | None = None
    revision: RevisionView | None = None


def _render_change_request_read(r: ChangeRequestRead) -> str:
    if r.revision is not None:
        return render_revision(r.revision)
    if r.change_request is not None:
        return render_change_request(r.change_request)
    return "Nothing."


@read_tool(SPACES, render=_render_change_request_read)
async def get_change_request(ctx: ToolContext, args: GetChangeRequestArgs) -> ChangeRequestRead:
    """A change request's status, author and revisions, or its revision's summary."""
    ids = (args.space_id, args.change_request_id)
    if args.method == "revision":
        revision = await ctx.client.change_request_content.get_revision(*ids, computed=False)
        return ChangeRequestRead(revision=revision_view(revision))
    cr = await ctx.client.change_requests.get(*ids)
    return ChangeRequestRead(
        change_request=ChangeRequestView(
            id=cr.id,
            number=cr.number,
            status=cr.status,
            subject=cr.subject,
            author=cr.createdBy.displayName,
            created_at=cr.createdAt,
            updated_at=cr.updatedAt,
            revision=cr.revision,
            revision_initial=cr.revisionInitial,
            revision_merged=cr.revisionMerged,
            comments=cr.comments,
            outdated=cr.outdated,
        )
    )


class SpaceWriteArgs(Args):
    space_id: SpaceId
    method: Literal["update", "duplicate", "move", "transfer", "restore"]
    organization_id: str | None = Field(
        default=None,
        description="duplicate, restore: the space's organization; transfer: the target one",
    )
    title: str | None = Field(default=None, max_length=50, description="update")
    emoji: str | None = Field(default=None, max_length=50, description="update")
    edit_mode: EditMode | None = None
    default_level: Role | None = Field(default=None, description="update: role of org members")
    language: str | None = Field(default=None, max_length=20, description="update")
    parent: str | None = Field(default=None, description='move: collection id, or "top"')
    before: str | None = Field(default=None, description="move: before this sibling space")
    after: str | None = Field(default=None, description="move: after this sibling space")


@write_tool(
    SPACES,
    permission=SPACE_ADMIN,
    method_permissions=(
        ("update", SPACE_EDIT),
        ("duplicate", ORG_CREATE_CONTENT),
        # A deleted space cannot be read, so its flags cannot be: an organization admin
        # is admin of every space of the organization (the handler checks that it is the
        # space's own organization).
        ("restore", ORG_ADMIN),
    ),
    method_needs=(
        ("transfer", Needs((Spaces.transfer,), instead="no transfer between organizations")),
    ),
    render=render_space,
)
async def write_space(ctx: ToolContext, args: SpaceWriteArgs) -> SpaceView:
    """Update, duplicate, move, transfer or restore (deleted <7 days) a space."""
    spaces = ctx.client.spaces
    if args.method == "update":
        changes = changed(
            "title, emoji, edit_mode, default_level or language",
            title=args.title,
            emoji=args.emoji,
            edit_mode=args.edit_mode,
            default_level=args.default_level,
            language=args.language,
        )
        return space_view(await spaces.update(args.space_id, **changes))
    if args.method == "move":
        return space_view(await spaces.move(args.space_id, **_placement(args)))
    org_id = need(args.organization_id, "organization_id", args.method)
    if args.method in ("restore", "duplicate"):
        # The flag was checked on organization_id: make sure it is the space's organization.
        owner = await _owner(ctx, args.space_id, deleted=args.method == "restore")
        if owner != org_id:
            raise ToolFailure(
                f"The space {args.space_id} is in organization {owner}: give organization_id="
                f"{owner!r}. Nothing was sent."
            )
        if args.method == "restore":
            return space_view(await spaces.restore(args.space_id))
        return space_view(await spaces.duplicate(args.space_id))
    # transfer: space.admin was checked on the space; the target wants an admin too.
    await require_target_admin(ctx, "write_space", org_id)
    return space_view(await spaces.transfer(args.space_id, organization=org_id))


async def _owner(ctx: ToolContext, space_id: str, *, deleted: bool) -> str | None:
    """The space's own organization: read from the API, else for a ``deleted`` space (the API
    may not show it) as seen by the last permissions load; refused when neither knows it."""
    try:
        return (await ctx.client.spaces.get(space_id)).organization
    except NotFoundError:
        if not deleted:
            raise
        owner = ctx.server.space_owner(space_id) if ctx.server is not None else None
        if owner is None:
            raise ToolFailure(
                f"Refused: the space {space_id} cannot be read (the API does not show deleted "
                "spaces) and this server has not seen it, so the organization that owns it "
                "cannot be checked. Nothing was sent."
            ) from None
        return owner


def _placement(args: SpaceWriteArgs) -> dict[str, Any]:
    if args.before and args.after:
        raise ToolFailure("move takes before or after, not both.")
    place: dict[str, Any] = {}
    if args.parent is not None:
        place["parent"] = None if args.parent == "top" else args.parent
    if args.before:
        place["before"] = args.before
    if args.after:
        place["after"] = args.after
    if not place:
        raise ToolFailure('move needs parent (a collection id or "top"), before or after.')
    return place


class SpacePermissionsArgs(AccessListArgs):
    space_id: SpaceId


@read_tool(SPACES, render=render_users)
async def list_space_permissions(ctx: ToolContext, args: SpacePermissionsArgs) -> UserRoleList:
    """Users invited to a space, or everyone with access and their role."""
    return await list_access(args, args.space_id, ctx.client.space_permissions)


class SpacePermissionWriteArgs(AccessWriteArgs):
    space_id: SpaceId


@write_tool(SPACES, permission=SPACE_ADMIN, idempotent=True, render=render_granted)
async def write_space_permissions(ctx: ToolContext, args: SpacePermissionWriteArgs) -> Granted:
    """Give users or teams a role on a space, or change a user's role."""
    return await grant(args, "space", args.space_id, ctx.client.space_permissions)


class ImportArgs(Args):
    space_id: SpaceId
    change_request_id: ChangeRequestId
    url: str = Field(min_length=1, max_length=2048, description="Where the content is")
    source: ImportContentSource


SKIPPED_SHOWN = 20
"""Skipped files (and redirects) an import's answer names; the rest are counted."""


class SkippedItem(BaseModel):
    path: UntrustedRef
    """A file (from the folder's top), or ``.gitbook.yaml:<line> /<source>`` for a redirect."""
    reason: UntrustedLine


class Imported(BaseModel):
    revision: str
    imported: int
    total: int
    skipped_total: int | None = None
    """Files read but not imported (None: the API does not say)."""
    skipped: list[SkippedItem] | None = None
    """The first `SKIPPED_SHOWN` of them, each with why."""
    redirects: int | None = None
    """``.gitbook.yaml`` redirects kept with the new revision (None: the API does not say)."""
    redirects_skipped_total: int | None = None
    redirects_skipped: list[SkippedItem] | None = None


def _skipped_rows(label: str, total: int | None, items: list[SkippedItem] | None) -> str:
    """`` Skipped 8 files: a (why); b (why)...`` with how many more, or nothing."""
    if not total:
        return ""
    listed = "; ".join(f"{s.path} ({s.reason})" for s in items or [])
    more = total - len(items or [])
    return f" {label} {total}: {listed}" + (f"; and {more} more." if more > 0 else ".")


def _render_import(r: Imported) -> str:
    text = f"Imported {r.imported}/{r.total} into revision {r.revision}."
    text += _skipped_rows("Skipped files", r.skipped_total, r.skipped)
    if r.redirects is not None and (r.redirects or r.redirects_skipped_total):
        text += f" .gitbook.yaml redirects kept with the revision: {r.redirects}."
        text += _skipped_rows("Redirects skipped", r.redirects_skipped_total, r.redirects_skipped)
    return text


def _imported(result: ImportContentResult) -> Imported:
    """The API's answer, with what the local workspace says of what it left out."""
    skipped = [SkippedItem(path=s.path, reason=s.reason) for s in result.skipped]
    redirects_skipped = [
        SkippedItem(path=f".gitbook.yaml:{r.line} /{r.source}", reason=r.reason)
        for r in result.redirectsSkipped
    ]
    return Imported(
        revision=result.revision,
        imported=result.importedResources,
        total=result.totalResources,
        skipped_total=result.skippedResources,
        skipped=skipped[:SKIPPED_SHOWN] or None,
        redirects=result.redirects,
        redirects_skipped_total=result.redirectsSkippedCount,
        redirects_skipped=redirects_skipped[:SKIPPED_SHOWN] or None,
    )


@write_tool(
    SPACES,
    permission=SPACE_EDIT,
    render=_render_import,
    needs=Needs(
        (ChangeRequestContent.import_content,),
        instead="the live API has no import: write pages in a change request instead",
    ),
)
async def import_content(ctx: ToolContext, args: ImportArgs) -> Imported:
    """Import content from a URL into a change request, as a new revision. The real service takes a
    public https URL; the local workspace only a file:// URL under its --import-root folder (no
    file import without it)."""
    result = await ctx.client.change_request_content.import_content(
        args.space_id, args.change_request_id, url=args.url, source=args.source
    )
    return _imported(result)


class DeleteSpaceArgs(Args):
    space_id: SpaceId
    kind: Literal["space", "user_access"]
    user_id: WhoseAccess
    confirm: str | None = confirm_field()


async def _deletion_plan(ctx: ToolContext, space_id: str) -> Plan:
    """What deleting the space removes, bound to its revision and last update."""
    space = await ctx.client.spaces.get(space_id)
    state = f"{space.revision or '-'}@{space.updatedAt or '-'}"
    summary = (
        f'Delete space "{one_line(space.title)}" [{space.id}] (revision {space.revision}), '
        f"with its change requests ({space.changeRequestsOpen or 0} open); restorable for 7 days."
    )
    return Plan("delete_space_item", (space.id,), state, summary)


@delete_tool(SPACES, permission=SPACE_ADMIN)
async def delete_space_item(ctx: ToolContext, args: DeleteSpaceArgs) -> Deleted:
    """Delete a space (restorable 7 days; the user confirms first) or remove a user's access."""
    if args.kind == "user_access":
        return await remove_access(args.user_id, args.space_id, ctx.client.space_permissions)
    with suppress(NotFoundError):  # a space that is gone: the delete answers for it
        await confirm(ctx, args.confirm, lambda: _deletion_plan(ctx, args.space_id))
    return Deleted(deleted=await ctx.client.spaces.delete(args.space_id))
