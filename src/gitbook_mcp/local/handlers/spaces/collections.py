"""HTTP translation for collections: list, create, read, update, delete, spaces, move, transfer."""

from __future__ import annotations

from typing import Any

from starlette.responses import Response

from gitbook_mcp.local.absent import ABSENT
from gitbook_mcp.local.errors import Invalid
from gitbook_mcp.local.http.call import Body, Call, created, deleted, ok
from gitbook_mcp.local.store.access import ROLES

__all__ = [
    "create_collection",
    "default_level",
    "delete_collection",
    "get_collection",
    "list_collection_spaces",
    "list_collections",
    "move_collection",
    "parent_and_position",
    "transfer_collection",
    "update_collection",
]

LEVELS = (*ROLES, "inherit")


def default_level(body: Body) -> Any:
    """``defaultLevel``: a role, "inherit", or null; ABSENT when not sent."""
    return body.string("defaultLevel", nullable=True, choices=LEVELS, default=ABSENT)


def parent_and_position(call: Call) -> tuple[Any, dict[str, Any] | None]:
    """The body of a move: ``parent`` (id, null, or ABSENT) and ``position`` (or None)."""
    body = call.body
    parent = body.string("parent", nullable=True, min_len=1, default=ABSENT)
    position = body.object("position")
    if parent is ABSENT and position is None:
        raise Invalid("parent", "give parent or position")
    return parent, position


def _changes(fields: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in fields.items() if v is not ABSENT}


async def list_collections(call: Call) -> Response:
    q = call.query
    return ok(
        call.store.spaces.collections.list_collections(
            call.actor,
            call.path("organizationId"),
            nested=q.boolean("nested", default=True),
            paging=q.paging(),
        )
    )


async def create_collection(call: Call) -> Response:
    b = call.body
    collection = call.store.spaces.collections.create(
        call.actor,
        call.path("organizationId"),
        title=b.string("title", max_len=50),
        parent=b.string("parent", min_len=1),
    )
    return created(collection)


async def get_collection(call: Call) -> Response:
    return ok(call.store.spaces.collections.render(call.actor, call.path("collectionId")))


async def update_collection(call: Call) -> Response:
    b = call.body
    changes = _changes(
        {
            "title": b.string("title", max_len=50, default=ABSENT),
            "description": b.string("description", max_len=100, default=ABSENT),
            "defaultLevel": default_level(b),
        }
    )
    return ok(call.store.spaces.collections.update(call.actor, call.path("collectionId"), changes))


async def delete_collection(call: Call) -> Response:
    return deleted(call.store.spaces.collections.delete(call.actor, call.path("collectionId")))


async def list_collection_spaces(call: Call) -> Response:
    q = call.query
    return ok(
        call.store.spaces.collections.list_spaces(
            call.actor, call.path("collectionId"), paging=q.paging()
        )
    )


async def move_collection(call: Call) -> Response:
    parent, position = parent_and_position(call)
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
