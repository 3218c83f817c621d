"""HTTP translation for spaces; ROUTES also gathers the collection and permission operations
(handlers/collections.py, handlers/permissions.py): 26 operations in all."""

from __future__ import annotations

from typing import Any

from starlette.responses import Response

from gitbook_mcp.local.absent import ABSENT
from gitbook_mcp.local.errors import Invalid
from gitbook_mcp.local.handlers.spaces.collections import default_level, parent_and_position
from gitbook_mcp.local.http.call import Call, created, deleted, ok

__all__ = [
    "delete_space",
    "duplicate_space",
    "get_space",
    "list_org_spaces",
    "move_space",
    "restore_space",
    "transfer_space",
    "update_space",
]

EDIT_MODES = ("live", "locked")


async def get_space(call: Call) -> Response:
    call.query.string("shareKey")  # accepted; share links do not restrict the local workspace
    space_id = call.path("spaceId")
    return ok(call.store.spaces.get(call.actor, space_id))


async def update_space(call: Call) -> Response:
    b = call.body
    fields: dict[str, Any] = {
        "title": b.string("title", max_len=50, default=ABSENT),
        "editMode": b.string("editMode", choices=EDIT_MODES, default=ABSENT),
        "defaultLevel": default_level(b),
        "language": b.string("language", nullable=True, max_len=20, default=ABSENT),
        "emoji": b.string("emoji", nullable=True, max_len=50, default=ABSENT),
        "icon": b.url("icon", nullable=True) if b.has("icon") else ABSENT,
    }
    if isinstance(fields["emoji"], str) and isinstance(fields["icon"], str):
        raise Invalid("icon", "give an emoji or an icon, not both")
    changes = {k: v for k, v in fields.items() if v is not ABSENT}
    return ok(call.store.spaces.update(call.actor, call.path("spaceId"), changes))


async def delete_space(call: Call) -> Response:
    return deleted(call.store.spaces.delete(call.actor, call.path("spaceId")))


async def duplicate_space(call: Call) -> Response:
    return created(call.store.spaces.duplicate(call.actor, call.path("spaceId")))


async def restore_space(call: Call) -> Response:
    return ok(call.store.spaces.restore(call.actor, call.path("spaceId")))


async def move_space(call: Call) -> Response:
    parent, position = parent_and_position(call)
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
            call.actor, call.path("organizationId"), paging=q.paging()
        )
    )
