"""HTTP translation for organization invites: by email, invite links, joining with a link."""

from __future__ import annotations

from typing import Any

from starlette.responses import Response

from gitbook_mcp.local.absent import ABSENT
from gitbook_mcp.local.errors import Invalid
from gitbook_mcp.local.handlers.organizations.common import org_id, org_item, org_page, org_removed
from gitbook_mcp.local.http.call import Call, created, ok
from gitbook_mcp.local.store.access import ROLES
from gitbook_mcp.local.store.organizations.invites import InviteEntry

__all__ = [
    "create_link",
    "delete_link",
    "get_link",
    "invite_users",
    "join_with_invite",
    "list_links",
    "update_link",
]


def _invite_entries(value: Any) -> list[InviteEntry]:
    if not isinstance(value, list):
        raise Invalid("emails", "must be an array")
    entries: list[InviteEntry] = []
    for index, item in enumerate(value):
        field = f"emails[{index}]"
        if isinstance(item, str):
            entries.append(item)
            continue
        if not isinstance(item, dict) or not isinstance(item.get("email"), str):
            raise Invalid(field, "must be an email or an object {email, role}")
        if "role" not in item:
            raise Invalid(f"{field}.role", "is required in the body")
        role = item["role"]
        if role is not None and role not in ROLES:
            raise Invalid(f"{field}.role", f"must be one of {', '.join(ROLES)} or null")
        entries.append((item["email"], role))
    return entries


async def invite_users(call: Call) -> Response:
    body = call.body
    entries = _invite_entries(body.raw("emails", required=True))
    role = body.role("role")
    result = call.store.orgs.invites.invite_users(
        call.actor,
        org_id(call),
        entries,
        role=None if role is ABSENT else role,
        role_given=role is not ABSENT,
        sso=body.boolean("sso", default=False),
    )
    return ok(result)


async def join_with_invite(call: Call) -> Response:
    call.store.orgs.invites.join(call.actor, org_id(call), call.path("inviteId"))
    return ok({})


async def list_links(call: Call) -> Response:
    return org_page(call, call.store.orgs.invites.list_page)


async def create_link(call: Call) -> Response:
    """Body variants: ``{role}`` (organization), ``{level, space}``, ``{level, collection}``."""
    body = call.body
    invites = call.store.orgs.invites
    for kind in ("space", "collection"):
        if body.has(kind):
            target = body.string(kind, required=True, min_len=1)
            level = body.role("level", required=True)
            link = invites.create_link(
                call.actor, org_id(call), level, target_kind=kind, target_id=target
            )
            return created(link)
    role = body.role("role", required=True)
    return created(invites.create_link(call.actor, org_id(call), role))


async def get_link(call: Call) -> Response:
    return org_item(call, call.store.orgs.invites.get, "inviteId")


async def update_link(call: Call) -> Response:
    """Body ``{role}`` or ``{level}``: the role (or level) the link grants."""
    body = call.body
    role = body.role("level" if body.has("level") else "role", required=True)
    return org_item(call, call.store.orgs.invites.update_link, "inviteId", role)


async def delete_link(call: Call) -> Response:
    return org_removed(call, call.store.orgs.invites.delete, "inviteId")


_LINKS = "/orgs/{organizationId}/link-invites"
