"""HTTP translation for teams of an organization and their members."""

from __future__ import annotations

from typing import Any

from starlette.responses import Response

from gitbook_mcp.local.errors import Invalid, one_of
from gitbook_mcp.local.handlers.organizations.common import item_page, org_id, org_item, org_removed
from gitbook_mcp.local.http.call import Call, created, deleted, no_content, ok
from gitbook_mcp.local.store.organizations.teams import TEAM_ROLES

__all__ = [
    "add_team_member",
    "create_team",
    "delete_team",
    "get_team",
    "list_team_members",
    "list_teams",
    "remove_team_member",
    "update_team",
    "update_team_members",
]


def _memberships(value: Any) -> dict[str, str]:
    roles: dict[str, str] = {}
    for user, membership in (value or {}).items():
        field = f"memberships.{user}"
        if not isinstance(membership, dict):
            raise Invalid(field, "must be an object {role}")
        roles[user] = one_of(f"{field}.role", membership.get("role"), TEAM_ROLES)
    return roles


async def list_teams(call: Call) -> Response:
    q = call.query
    page = call.store.orgs.teams.list_teams(
        call.actor,
        org_id(call),
        owner=q.string("owner"),
        title=q.string("title"),
        paging=q.paging(),
    )
    return ok(page)


async def create_team(call: Call) -> Response:
    body = call.body
    title = body.string("title", required=True, min_len=1, max_len=64)
    members = body.strings("members") or []
    return created(call.store.orgs.teams.create(call.actor, org_id(call), title, members))


async def get_team(call: Call) -> Response:
    return org_item(call, call.store.orgs.teams.get, "teamId")


async def update_team(call: Call) -> Response:
    title = call.body.string("title", required=True, min_len=1, max_len=64)
    return org_item(call, call.store.orgs.teams.update, "teamId", title)


async def delete_team(call: Call) -> Response:
    return org_removed(call, call.store.orgs.teams.delete, "teamId")


async def list_team_members(call: Call) -> Response:
    return item_page(call, call.store.orgs.teams.list_members, "teamId")


async def update_team_members(call: Call) -> Response:
    """``add``/``remove`` (ids or emails) and ``memberships``; a user in both add and remove
    is removed."""
    body = call.body
    call.store.orgs.teams.update_members(
        call.actor,
        org_id(call),
        call.path("teamId"),
        add=body.strings("add") or [],
        remove=body.strings("remove") or [],
        memberships=_memberships(body.object("memberships")),
    )
    return no_content()


async def add_team_member(call: Call) -> Response:
    role = call.body.string("role", choices=TEAM_ROLES)
    call.store.orgs.teams.put_member(
        call.actor, org_id(call), call.path("teamId"), call.path("userId"), role
    )
    return no_content()


async def remove_team_member(call: Call) -> Response:
    existed = call.store.orgs.teams.remove_member(
        call.actor, org_id(call), call.path("teamId"), call.path("userId")
    )
    return deleted(existed)


_TEAMS = "/orgs/{organizationId}/teams"
