"""HTTP translation for spaces, collections, and user/team permissions on both."""

from __future__ import annotations

from typing import Any

from starlette.responses import Response

from gitbook_mcp.local.errors import Invalid
from gitbook_mcp.local.http.call import Body, Call, created, deleted, no_content, ok
from gitbook_mcp.local.http.route import RouteSpec
from gitbook_mcp.local.store.collections import ABSENT
from gitbook_mcp.local.store.grants import Kind

__all__ = ["ROUTES"]

EDIT_MODES = ("live", "locked")
LEVELS = ("admin", "create", "review", "edit", "comment", "read", "inherit")


def _level(body: Body) -> Any:
    return body.string("defaultLevel", nullable=True, choices=LEVELS, default=ABSENT)


def _changes(body: Body, fields: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in fields.items() if v is not ABSENT}


def _parent_and_position(call: Call) -> tuple[Any, dict[str, Any] | None]:
    body = call.body
    if not call.raw_body:
        raise Invalid("body", "give parent or position")
    parent = body.string("parent", nullable=True, default=ABSENT)
    return parent, body.object("position")


# -- spaces ----------------------------------------------------------------------------


async def get_space(call: Call) -> Response:
    call.query.string("shareKey")
    space_id = call.path("spaceId")
    call.store.spaces.require_space(call.actor, space_id)
    return ok(call.store.spaces.render_space(call.actor, space_id))


async def update_space(call: Call) -> Response:
    b = call.body
    changes = _changes(
        b,
        {
            "title": b.string("title", max_len=50, default=ABSENT),
            "editMode": b.string("editMode", choices=EDIT_MODES, default=ABSENT),
            "defaultLevel": _level(b),
            "language": b.string("language", default=ABSENT),
            "emoji": b.string("emoji", max_len=50, nullable=True, default=ABSENT),
        },
    )
    return ok(call.store.spaces.update(call.actor, call.path("spaceId"), changes))


async def delete_space(call: Call) -> Response:
    return deleted(call.store.spaces.delete(call.actor, call.path("spaceId")))


async def duplicate_space(call: Call) -> Response:
    return created(call.store.spaces.duplicate(call.actor, call.path("spaceId")))


async def restore_space(call: Call) -> Response:
    return ok(call.store.spaces.restore(call.actor, call.path("spaceId")))


async def move_space(call: Call) -> Response:
    parent, position = _parent_and_position(call)
    return ok(
        call.store.spaces.move(call.actor, call.path("spaceId"), parent=parent, position=position)
    )


async def transfer_space(call: Call) -> Response:
    organization = call.body.string("organization", required=True, min_len=1)
    return ok(
        call.store.spaces.transfer(call.actor, call.path("spaceId"), organization=organization)
    )


async def list_org_spaces(call: Call) -> Response:
    q = call.query
    return ok(
        call.store.spaces.list_in_organization(
            call.actor, call.path("organizationId"), page=q.page(), limit=q.limit()
        )
    )


# -- collections -----------------------------------------------------------------------


async def list_collections(call: Call) -> Response:
    q = call.query
    return ok(
        call.store.spaces.collections.list_collections(
            call.actor,
            call.path("organizationId"),
            nested=q.boolean("nested", default=True),
            page=q.page(),
            limit=q.limit(),
        )
    )


async def create_collection(call: Call) -> Response:
    b = call.body
    collection = call.store.spaces.collections.create(
        call.actor,
        call.path("organizationId"),
        title=b.string("title", max_len=50),
        parent=b.string("parent"),
    )
    return created(collection)


async def get_collection(call: Call) -> Response:
    return ok(call.store.spaces.collections.render(call.actor, call.path("collectionId")))


async def update_collection(call: Call) -> Response:
    b = call.body
    changes = _changes(
        b,
        {
            "title": b.string("title", max_len=50, default=ABSENT),
            "description": b.string("description", max_len=100, default=ABSENT),
            "defaultLevel": _level(b),
        },
    )
    return ok(call.store.spaces.collections.update(call.actor, call.path("collectionId"), changes))


async def delete_collection(call: Call) -> Response:
    return deleted(call.store.spaces.collections.delete(call.actor, call.path("collectionId")))


async def list_collection_spaces(call: Call) -> Response:
    q = call.query
    return ok(
        call.store.spaces.collections.list_spaces(
            call.actor, call.path("collectionId"), page=q.page(), limit=q.limit()
        )
    )


async def move_collection(call: Call) -> Response:
    parent, position = _parent_and_position(call)
    collections = call.store.spaces.collections
    return ok(
        collections.move(call.actor, call.path("collectionId"), parent=parent, position=position)
    )


async def transfer_collection(call: Call) -> Response:
    organization = call.body.string("organization", required=True, min_len=1)
    return ok(
        call.store.spaces.collections.transfer(
            call.actor, call.path("collectionId"), organization=organization
        )
    )


# -- permissions (the same five operations on spaces and collections) ------------------


def _permission_handlers(kind: Kind, id_param: str) -> dict[str, Any]:
    async def invite(call: Call) -> Response:
        b = call.body
        if not b.has("role"):
            raise Invalid("role", "is required in the body")
        role = b.role("role", nullable=True)
        users = b.strings("users") or []
        teams = b.strings("teams") or []
        if not users and not teams:
            raise Invalid("users", "give users or teams")
        call.store.spaces.grants.invite(
            call.actor, kind, call.path(id_param), role=role, users=users, teams=teams
        )
        return no_content()

    async def list_users(call: Call) -> Response:
        q = call.query
        return ok(
            call.store.spaces.grants.list_users(
                call.actor, kind, call.path(id_param), page=q.page(), limit=q.limit()
            )
        )

    async def remove_user(call: Call) -> Response:
        return deleted(
            call.store.spaces.grants.remove_user(
                call.actor, kind, call.path(id_param), call.path("userId")
            )
        )

    async def update_user(call: Call) -> Response:
        role = call.body.role("role", nullable=True)
        call.store.spaces.grants.update_user(
            call.actor,
            kind,
            call.path(id_param),
            call.path("userId"),
            role=None if role is ABSENT else role,
        )
        return no_content()

    async def aggregate(call: Call) -> Response:
        q = call.query
        role = q.string("role", choices=("admin", "create", "review", "edit", "comment", "read"))
        return ok(
            call.store.spaces.grants.aggregate(
                call.actor, kind, call.path(id_param), role=role, page=q.page(), limit=q.limit()
            )
        )

    return {
        "invite": invite,
        "list": list_users,
        "remove": remove_user,
        "update": update_user,
        "aggregate": aggregate,
    }


_space_perms = _permission_handlers("space", "spaceId")
_collection_perms = _permission_handlers("collection", "collectionId")

ROUTES: list[RouteSpec] = [
    RouteSpec("GET", "/spaces/{spaceId}", get_space, "getSpaceById"),
    RouteSpec("PATCH", "/spaces/{spaceId}", update_space, "updateSpaceById"),
    RouteSpec("DELETE", "/spaces/{spaceId}", delete_space, "deleteSpaceById"),
    RouteSpec("POST", "/spaces/{spaceId}/duplicate", duplicate_space, "duplicateSpace"),
    RouteSpec("POST", "/spaces/{spaceId}/restore", restore_space, "restoreSpace"),
    RouteSpec("POST", "/spaces/{spaceId}/move", move_space, "moveSpace"),
    RouteSpec("POST", "/spaces/{spaceId}/transfer", transfer_space, "transferSpace"),
    RouteSpec(
        "GET", "/orgs/{organizationId}/spaces", list_org_spaces, "listSpacesInOrganizationById"
    ),
    RouteSpec(
        "GET",
        "/orgs/{organizationId}/collections",
        list_collections,
        "listCollectionsInOrganizationById",
    ),
    RouteSpec("POST", "/orgs/{organizationId}/collections", create_collection, "createCollection"),
    RouteSpec("GET", "/collections/{collectionId}", get_collection, "getCollectionById"),
    RouteSpec("PATCH", "/collections/{collectionId}", update_collection, "updateCollectionById"),
    RouteSpec("DELETE", "/collections/{collectionId}", delete_collection, "deleteCollectionById"),
    RouteSpec(
        "GET",
        "/collections/{collectionId}/spaces",
        list_collection_spaces,
        "listSpacesInCollectionById",
    ),
    RouteSpec("POST", "/collections/{collectionId}/move", move_collection, "moveCollection"),
    RouteSpec(
        "POST", "/collections/{collectionId}/transfer", transfer_collection, "transferCollection"
    ),
    RouteSpec("POST", "/spaces/{spaceId}/permissions", _space_perms["invite"], "inviteToSpace"),
    RouteSpec(
        "GET",
        "/spaces/{spaceId}/permissions/users",
        _space_perms["list"],
        "listUserPermissionsInSpace",
    ),
    RouteSpec(
        "DELETE",
        "/spaces/{spaceId}/permissions/users/{userId}",
        _space_perms["remove"],
        "removeUserFromSpace",
    ),
    RouteSpec(
        "PATCH",
        "/spaces/{spaceId}/permissions/users/{userId}",
        _space_perms["update"],
        "updateUserPermissionInSpace",
    ),
    RouteSpec(
        "GET",
        "/spaces/{spaceId}/permissions/aggregate",
        _space_perms["aggregate"],
        "listPermissionsAggregateInSpace",
    ),
    RouteSpec(
        "POST",
        "/collections/{collectionId}/permissions",
        _collection_perms["invite"],
        "inviteToCollection",
    ),
    RouteSpec(
        "GET",
        "/collections/{collectionId}/permissions/users",
        _collection_perms["list"],
        "listUserPermissionsInCollection",
    ),
    RouteSpec(
        "DELETE",
        "/collections/{collectionId}/permissions/users/{userId}",
        _collection_perms["remove"],
        "removeUserFromCollection",
    ),
    RouteSpec(
        "PATCH",
        "/collections/{collectionId}/permissions/users/{userId}",
        _collection_perms["update"],
        "updateUserPermissionInCollection",
    ),
    RouteSpec(
        "GET",
        "/collections/{collectionId}/permissions/aggregate",
        _collection_perms["aggregate"],
        "listPermissionsAggregateInCollection",
    ),
]
