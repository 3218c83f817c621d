"""Permission gating: offer a writing tool only when the token can use it somewhere.

At start (and on refresh) the state reads the caller's organizations and the spaces and
collections it can see, with the ``permissions`` flags the API computes for this token. A
writing tool is offered if the flag it needs is held on at least one object of its scope; at
call time the flag is checked again on the actual target, before anything is sent.
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import anyio

from gitbook_mcp.client.errors import APIError
from gitbook_mcp.logs import get_logger
from gitbook_mcp.server.tooling import Permission, ToolDef, ToolFailure

if TYPE_CHECKING:
    from gitbook_mcp.client import GitBookClient

__all__ = ["PermissionState", "permission_table"]

_log = get_logger("gitbook_mcp.server")

# At listing time there is no comment to look at: a comment-scoped flag is offered where the
# caller may comment on a space, and checked on the comment itself at call time.
_OFFER_PROXY = {
    ("comment", "edit"): ("space", "comment"),
    ("comment", "delete"): ("space", "comment"),
}


def permission_table(tools: Iterable[ToolDef]) -> list[tuple[str, str, str]]:
    """(tool, flag, argument naming the object) for every writing tool, sorted by name."""
    return sorted(
        (t.name, t.permission.describe(), t.permission.id_arg)
        for t in tools
        if t.permission is not None
    )


@dataclass
class PermissionState:
    """The flags the token holds, per scope and object id."""

    flags: dict[str, dict[str, dict[str, bool]]] = field(default_factory=dict)
    titles: dict[str, dict[str, str]] = field(default_factory=dict)
    loaded_at: float = 0.0

    @classmethod
    async def load(cls, client: GitBookClient) -> PermissionState:
        """Read organizations, then their spaces and collections, concurrently."""
        state = cls(
            flags={"organization": {}, "space": {}, "collection": {}},
            titles={"organization": {}, "space": {}},
        )
        orgs = [org async for org in client.orgs.list()]
        for org in orgs:
            state.flags["organization"][org.id] = _flags(org)
            state.titles["organization"][org.id] = str(getattr(org, "title", org.id))

        async def spaces_of(org_id: str) -> None:
            try:
                async for space in client.spaces.list(org_id):
                    state.flags["space"][space.id] = _flags(space)
                    state.titles["space"][space.id] = space.title
            except APIError as exc:
                _log.warning(
                    "permissions.partial", scope="space", organization=org_id, error=str(exc)
                )

        async def collections_of(org_id: str) -> None:
            try:
                async for collection in client.collections.list(org_id):
                    state.flags["collection"][collection.id] = _flags(collection)
            except APIError as exc:
                _log.warning(
                    "permissions.partial", scope="collection", organization=org_id, error=str(exc)
                )

        async with anyio.create_task_group() as tg:
            for org in orgs:
                tg.start_soon(spaces_of, org.id)
                tg.start_soon(collections_of, org.id)
        state.loaded_at = time.monotonic()
        return state

    def holds_somewhere(self, permission: Permission) -> bool:
        scope, flag = _OFFER_PROXY.get(
            (permission.scope, permission.flag), (permission.scope, permission.flag)
        )
        return any(flags.get(flag, False) for flags in self.flags.get(scope, {}).values())

    def offered(self, tools: Iterable[ToolDef]) -> list[ToolDef]:
        return [t for t in tools if t.permission is None or self.holds_somewhere(t.permission)]

    async def check(self, tool: ToolDef, args: Any, client: GitBookClient) -> None:
        """Refuse before sending when the target lacks the flag (read fresh from the API)."""
        permission = tool.permission
        if permission is None:
            return
        target = getattr(args, permission.id_arg, None)
        if not isinstance(target, str):
            return
        flags = await _target_flags(permission, args, client)
        if not flags.get(permission.flag, False):
            raise ToolFailure(
                f"Refused: {tool.name} needs the '{permission.flag}' permission on "
                f"{permission.scope} {target}, and this token does not have it. "
                "Nothing was sent."
            )


async def _target_flags(
    permission: Permission, args: Any, client: GitBookClient
) -> dict[str, bool]:
    target: str = getattr(args, permission.id_arg)
    if permission.scope == "organization":
        return _flags(await client.orgs.get(target))
    if permission.scope == "space":
        return _flags(await client.spaces.get(target))
    if permission.scope == "collection":
        return _flags(await client.collections.get(target))
    space_id: str = args.space_id
    change_request = getattr(args, "change_request_id", None)
    if change_request:
        comment = await client.change_request_comments.get(space_id, change_request, target)
    else:
        comment = await client.comments.get(space_id, target)
    return _flags(comment)


def _flags(obj: Any) -> dict[str, bool]:
    permissions = getattr(obj, "permissions", None)
    if permissions is None:
        return {}
    data = permissions if isinstance(permissions, dict) else permissions.model_dump()
    return {k: bool(v) for k, v in data.items() if isinstance(v, bool)}
