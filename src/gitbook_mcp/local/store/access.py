"""Who may do what: roles, the effective role on an object, and the ``permissions`` flags.

The flags an object carries are computed from the caller's effective role, so they differ per
token; the store checks the same flags before a write (`require`), so what the API advertises
and what it enforces cannot drift apart.
"""

from __future__ import annotations

from collections.abc import Mapping

from gitbook_mcp.local.errors import Forbidden, NotFound
from gitbook_mcp.local.store.db import Database

__all__ = [
    "ROLES",
    "Actor",
    "collection_permissions",
    "comment_permissions",
    "effective_collection_role",
    "effective_space_role",
    "max_role",
    "org_permissions",
    "org_role",
    "rank",
    "require",
    "require_org_member",
    "space_permissions",
    "team_permissions",
]

ROLES: tuple[str, ...] = ("read", "comment", "edit", "review", "create", "admin")
"""Roles from weakest to strongest; ``None`` (guest) ranks below all."""


def rank(role: str | None) -> int:
    return ROLES.index(role) + 1 if role in ROLES else 0


def max_role(*roles: str | None) -> str | None:
    best: str | None = None
    for role in roles:
        if rank(role) > rank(best):
            best = role
    return best


class Actor:
    """The authenticated caller."""

    __slots__ = ("user_id",)

    def __init__(self, user_id: str) -> None:
        self.user_id = user_id

    def __repr__(self) -> str:
        return f"Actor({self.user_id!r})"


def org_role(db: Database, actor: Actor, org_id: str) -> str | None:
    """The caller's role in the organization; raises NotFound when not a member."""
    row = db.one(
        "SELECT m.role FROM members m JOIN organizations o ON o.id = m.org_id "
        "WHERE m.org_id = ? AND m.user_id = ? AND m.disabled = 0",
        (org_id, actor.user_id),
    )
    if row is None:
        raise NotFound("organization", org_id)
    role: str | None = row["role"]
    return role


def require_org_member(db: Database, actor: Actor, org_id: str) -> str | None:
    """Alias of `org_role` for readability at call sites that only check membership."""
    return org_role(db, actor, org_id)


def _member_role(db: Database, actor: Actor, org_id: str, kind: str, ident: str) -> str | None:
    """The caller's role in the organization owning an object; a caller outside it is told the
    object is not found, never which organization owns it."""
    try:
        return org_role(db, actor, org_id)
    except NotFound:
        raise NotFound(kind, ident) from None


def _grant_roles(db: Database, actor: Actor, kind: str, target_ids: list[str]) -> list[str | None]:
    if not target_ids:
        return []
    marks = ",".join("?" for _ in target_ids)
    rows = db.all(
        f"SELECT g.role FROM grants g WHERE g.target_kind = ? AND g.target_id IN ({marks}) AND ("
        "(g.principal_kind = 'user' AND g.principal_id = ?) OR (g.principal_kind = 'team' AND "
        "g.principal_id IN (SELECT team_id FROM team_members WHERE user_id = ?)))",
        (kind, *target_ids, actor.user_id, actor.user_id),
    )
    return [r["role"] for r in rows]


def _collection_chain(db: Database, collection_id: str | None) -> list[str]:
    chain: list[str] = []
    while collection_id and collection_id not in chain:
        chain.append(collection_id)
        collection_id = db.scalar(
            "SELECT parent_id FROM collections WHERE id = ?", (collection_id,)
        )
    return chain


def effective_collection_role(db: Database, actor: Actor, collection_id: str) -> str | None:
    """Org role, raised by grants on the collection and its ancestors."""
    row = db.one("SELECT org_id FROM collections WHERE id = ?", (collection_id,))
    if row is None:
        raise NotFound("collection", collection_id)
    base = _member_role(db, actor, row["org_id"], "collection", collection_id)
    chain = _collection_chain(db, collection_id)
    return max_role(base, *_grant_roles(db, actor, "collection", chain))


def effective_space_role(db: Database, actor: Actor, space_id: str) -> str | None:
    """Org role, raised by grants on the space and on every collection above it."""
    row = db.one("SELECT org_id, parent_id FROM spaces WHERE id = ?", (space_id,))
    if row is None:
        raise NotFound("space", space_id)
    base = _member_role(db, actor, row["org_id"], "space", space_id)
    chain = _collection_chain(db, row["parent_id"])
    grants = _grant_roles(db, actor, "space", [space_id]) + _grant_roles(
        db, actor, "collection", chain
    )
    return max_role(base, *grants)


def _at_least(role: str | None, minimum: str) -> bool:
    return rank(role) >= rank(minimum)


def org_permissions(role: str | None) -> dict[str, bool]:
    member = rank(role) > 0
    admin = role == "admin"
    return {
        "view": True,
        "admin": admin,
        "ownTeam": _at_least(role, "create"),
        "createContent": _at_least(role, "create"),
        "createOpenAPISpec": _at_least(role, "create"),
        "ingestConversations": admin,
        "viewBilling": admin,
        "listMembers": member,
        "listTeams": member,
        "listIntegrations": member,
        "listInstallations": admin,
        "installIntegration": admin,
    }


def space_permissions(role: str | None) -> dict[str, bool]:
    admin = role == "admin"
    return {
        "view": _at_least(role, "read"),
        "access": _at_least(role, "read"),
        "admin": admin,
        "viewInviteLinks": admin,
        "edit": _at_least(role, "edit"),
        "triggerGitSync": _at_least(role, "edit"),
        "comment": _at_least(role, "comment"),
        "merge": _at_least(role, "review"),
        "review": _at_least(role, "review"),
        "installIntegration": admin,
    }


def collection_permissions(role: str | None) -> dict[str, bool]:
    admin = role == "admin"
    return {
        "view": _at_least(role, "read"),
        "admin": admin,
        "viewInviteLinks": admin,
        "create": _at_least(role, "create"),
    }


def comment_permissions(space_role: str | None, *, is_author: bool) -> dict[str, bool]:
    can_comment = _at_least(space_role, "comment")
    admin = space_role == "admin"
    return {
        "view": _at_least(space_role, "read"),
        "edit": (is_author and can_comment) or admin,
        "reply": can_comment,
        "delete": (is_author and can_comment) or admin,
    }


def team_permissions(org_role_value: str | None, *, is_owner: bool) -> dict[str, bool]:
    return {"view": True, "admin": org_role_value == "admin" or is_owner}


def require(permissions: Mapping[str, bool], flag: str, target: str) -> None:
    """Raise `Forbidden` unless the caller holds ``flag`` on the target."""
    if not permissions.get(flag, False):
        raise Forbidden(flag, target)
