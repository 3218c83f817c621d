"""Reviewers named as an agent knows them: a user id, a display name or an email, resolved
against the people who can access the space (so that no other toolset is needed to find ids,
and a name that matches nobody is answered with the members and their ids)."""

from __future__ import annotations

from gitbook_mcp.client.errors import NotFoundError, PermissionDeniedError
from gitbook_mcp.client.models.common import User
from gitbook_mcp.client.resources import SpaceAccess
from gitbook_mcp.server.rendering import one_line
from gitbook_mcp.server.tooling import ToolContext, ToolFailure

__all__ = ["MEMBERS_READ", "MEMBERS_SHOWN", "reviewer_ids"]

MEMBERS_READ = 500
"""Members of a space read to resolve names (more than any review needs)."""
MEMBERS_SHOWN = 30
"""Members named, with their ids, when a reviewer matches nobody."""


async def _members(ctx: ToolContext, space_id: str) -> list[User] | None:
    """Everyone who can access the space, or None when this token may not list them."""
    if not ctx.has(SpaceAccess.list_aggregate):
        return None
    out: list[User] = []
    try:
        async for entry in ctx.client.space_permissions.list_aggregate(space_id, limit=100):
            out.append(entry.user)
            if len(out) >= MEMBERS_READ:
                break
    except (NotFoundError, PermissionDeniedError):
        return None
    return out


def _who(user: User) -> str:
    email = f" <{one_line(user.email)}>" if user.email else ""
    return f"{one_line(user.displayName)}{email} [{user.id}]"


async def reviewer_ids(ctx: ToolContext, space_id: str, given: list[str]) -> list[str]:
    """The user id of each reviewer given as an id, a display name or an email (case aside);
    refused, naming the space's members with their ids, when one matches nobody or several.
    Where the members cannot be listed, the values go as given (ids)."""
    members = await _members(ctx, space_id)
    if members is None:
        return given
    ids = {u.id for u in members}
    out: list[str] = []
    for value in given:
        if value in ids:
            out.append(value)
            continue
        key = value.strip().casefold()
        hits = [u for u in members if key in (u.displayName.casefold(), (u.email or "").casefold())]
        if len(hits) == 1:
            out.append(hits[0].id)
            continue
        what = "matches several people" if hits else "is no one who can access the space"
        shown = "; ".join(_who(u) for u in (hits or members)[:MEMBERS_SHOWN])
        more = len(hits or members) - MEMBERS_SHOWN
        rest = f" and {more} more" if more > 0 else ""
        raise ToolFailure(
            f"Reviewer {one_line(value)!r} {what} {space_id}: give an id, a name or an email of "
            f"{shown}{rest}. Nothing was sent."
        )
    return list(dict.fromkeys(out))
