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
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any

import anyio

from gitbook_mcp.client.errors import APIError, NotFoundError
from gitbook_mcp.logs import get_logger
from gitbook_mcp.server.tooling import Permission, ToolDef, ToolFailure

if TYPE_CHECKING:
    from gitbook_mcp.client import GitBookClient

__all__ = ["PermissionState", "permission_table", "require_flag"]

_log = get_logger("gitbook_mcp.server")

# At listing time there is no comment or team to look at. A comment-scoped flag is offered
# where the caller may comment on a space; a team's admin flag where the caller may own a team
# (organization admins and team owners, who needed ownTeam to create it). Both are checked on
# the object itself at call time.
_OFFER_PROXY = {
    ("comment", "edit"): ("space", "comment"),
    ("comment", "delete"): ("space", "comment"),
    ("team", "admin"): ("organization", "ownTeam"),
}


def permission_table(tools: Iterable[ToolDef]) -> list[tuple[str, str, str, str]]:
    """(tool, methods, flag, argument naming the object) for every writing tool, by name."""
    return sorted(
        (t.name, methods, permission.describe(), permission.id_arg or "-")
        for t in tools
        for methods, permission in t.permission_rows()
    )


@dataclass
class PermissionState:
    """The flags the token holds, per scope and object id."""

    flags: dict[str, dict[str, dict[str, bool]]] = field(default_factory=dict)
    titles: dict[str, dict[str, str]] = field(default_factory=dict)
    owners: dict[str, str] = field(default_factory=dict)
    """The organization of each space seen (kept across loads: a deleted space is not listed)."""
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
                    state.owners[space.id] = org_id
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
        if permission.scope == "token":
            return True
        scope, flag = _OFFER_PROXY.get(
            (permission.scope, permission.flag), (permission.scope, permission.flag)
        )
        return any(flags.get(flag, False) for flags in self.flags.get(scope, {}).values())

    def offered(self, tools: Iterable[ToolDef]) -> list[ToolDef]:
        """Read tools, and writing tools one of whose flags is held on some object."""
        return [
            t for t in tools if t.read_only or any(self.holds_somewhere(p) for p in t.permissions)
        ]

    async def check(self, tool: ToolDef, args: Any, client: GitBookClient) -> None:
        """Refuse before sending when the target lacks the flag (read fresh from the API)."""
        permission = tool.permission_for(args)
        if permission is None or permission.scope == "token":
            return
        target = getattr(args, permission.id_arg, None)
        if not isinstance(target, str):
            return
        try:
            flags = await _target_flags(permission, args, client)
        except NotFoundError:
            if tool.destructive and tool.idempotent:
                # Deleting what is already gone changes nothing: let the delete answer
                # "already gone" (the API still checks access on whatever it finds).
                return
            raise
        if not flags.get(permission.flag, False):
            method = getattr(args, tool.method_arg, None)
            what = (
                f"{tool.name} ({tool.method_arg}={method})"
                if tool.method_permissions
                else tool.name
            )
            raise ToolFailure(_refusal(what, permission, target))


async def require_flag(
    client: GitBookClient, permission: Permission, target: str, *, what: str, hint: str = ""
) -> None:
    """Refuse ``what`` before anything is sent unless the token holds ``permission`` on
    ``target`` (read fresh): for a tool whose call also writes beyond its declared target."""
    args = SimpleNamespace(**{permission.id_arg: target})
    if not (await _target_flags(permission, args, client)).get(permission.flag, False):
        raise ToolFailure(" ".join(filter(None, (_refusal(what, permission, target), hint))))


def _refusal(what: str, permission: Permission, target: str) -> str:
    return (
        f"Refused: {what} needs the '{permission.flag}' permission on "
        f"{permission.scope} {target}, and this token does not have it. Nothing was sent."
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
    if permission.scope == "team":
        return _flags(await client.teams.get(args.organization_id, target))
    space_id: str = args.space_id
    change_request = getattr(args, "change_request_id", None)
    reply = getattr(args, "reply_id", None)
    if change_request and reply:
        return _flags(
            await client.change_request_comments.get_reply(space_id, change_request, target, reply)
        )
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
