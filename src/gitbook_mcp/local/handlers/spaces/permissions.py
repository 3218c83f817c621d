"""HTTP translation for user and team permissions: the same five operations on spaces and on
collections (invite, list users, update and remove a user, aggregate)."""

from __future__ import annotations

from starlette.responses import Response

from gitbook_mcp.local.absent import ABSENT
from gitbook_mcp.local.errors import Invalid
from gitbook_mcp.local.http.call import Body, Call, deleted, no_content, ok
from gitbook_mcp.local.http.route import Handler
from gitbook_mcp.local.store.access import ROLES
from gitbook_mcp.local.store.spaces.grants import Kind

__all__ = ["COLLECTION_GRANTS", "SPACE_GRANTS"]


def _ids(body: Body, name: str) -> list[str]:
    values: list[str] = body.strings(name) or []
    if any(not v for v in values):
        raise Invalid(name, "must not contain empty ids")
    return values


def _handlers(kind: Kind, id_param: str) -> dict[str, Handler]:
    async def invite(call: Call) -> Response:
        b = call.body
        role = b.string("role", required=True, nullable=True, choices=ROLES)
        users, teams = _ids(b, "users"), _ids(b, "teams")
        if not users and not teams:
            raise Invalid("users", "give at least one user or team")
        call.store.spaces.grants.invite(
            call.actor, kind, call.path(id_param), role=role, users=users, teams=teams
        )
        return no_content()

    async def list_users(call: Call) -> Response:
        q = call.query
        return ok(
            call.store.spaces.grants.list_users(
                call.actor, kind, call.path(id_param), paging=q.paging()
            )
        )

    async def remove_user(call: Call) -> Response:
        grants = call.store.spaces.grants
        return deleted(
            grants.remove_user(call.actor, kind, call.path(id_param), call.path("userId"))
        )

    async def update_user(call: Call) -> Response:
        role = call.body.string("role", nullable=True, choices=ROLES, default=ABSENT)
        call.store.spaces.grants.update_user(
            call.actor, kind, call.path(id_param), call.path("userId"), role=role
        )
        return no_content()

    async def aggregate(call: Call) -> Response:
        q = call.query
        role = q.string("role", choices=ROLES)
        return ok(
            call.store.spaces.grants.aggregate(
                call.actor, kind, call.path(id_param), role=role, paging=q.paging()
            )
        )

    return {
        "invite": invite,
        "list": list_users,
        "remove": remove_user,
        "update": update_user,
        "aggregate": aggregate,
    }


SPACE_GRANTS = _handlers("space", "spaceId")
"""The handlers of a space's user permissions, by verb (invite, list, remove, update, aggregate)."""
COLLECTION_GRANTS = _handlers("collection", "collectionId")
"""The same operations on a collection."""
