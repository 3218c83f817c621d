"""User and team permissions on spaces and collections (the ``grants`` table)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from gitbook_mcp.local.errors import NotFound
from gitbook_mcp.local.store.access import (
    Actor,
    collection_permissions,
    effective_collection_role,
    effective_space_role,
    require,
    space_permissions,
)
from gitbook_mcp.local.store.paging import paginate

if TYPE_CHECKING:
    from gitbook_mcp.local.store import Store

__all__ = ["GrantStore", "Kind"]

Kind = Literal["space", "collection"]


class GrantStore:
    def __init__(self, store: Store) -> None:
        self._store = store
        self._db = store.db

    def _flags(self, actor: Actor, kind: Kind, target_id: str) -> tuple[str, dict[str, bool]]:
        if kind == "space":
            self._store.spaces.row(target_id)
            org_id = str(self._db.scalar("SELECT org_id FROM spaces WHERE id = ?", (target_id,)))
            flags = space_permissions(effective_space_role(self._db, actor, target_id))
        else:
            org_id = str(self._store.spaces.collections.row(target_id)["org_id"])
            flags = collection_permissions(effective_collection_role(self._db, actor, target_id))
        if not flags["view"]:
            raise NotFound(kind, target_id)
        return org_id, flags

    def invite(
        self,
        actor: Actor,
        kind: Kind,
        target_id: str,
        *,
        role: str | None,
        users: list[str],
        teams: list[str],
    ) -> None:
        org_id, flags = self._flags(actor, kind, target_id)
        require(flags, "admin", f"{kind} {target_id}")
        for user_id in users:
            if (
                self._db.one(
                    "SELECT 1 FROM members WHERE org_id = ? AND user_id = ?", (org_id, user_id)
                )
                is None
            ):
                raise NotFound("user", user_id)
        for team_id in teams:
            if (
                self._db.one("SELECT 1 FROM teams WHERE org_id = ? AND id = ?", (org_id, team_id))
                is None
            ):
                raise NotFound("team", team_id)
        with self._db.transaction():
            for principal_kind, ids in (("user", users), ("team", teams)):
                for principal in ids:
                    self._db.execute(
                        "INSERT INTO grants(target_kind, target_id, principal_kind, principal_id, role) "
                        "VALUES (?, ?, ?, ?, ?) ON CONFLICT DO UPDATE SET role = excluded.role",
                        (kind, target_id, principal_kind, principal, role),
                    )

    def list_users(
        self, actor: Actor, kind: Kind, target_id: str, *, page: str | None, limit: int | None
    ) -> dict[str, Any]:
        self._flags(actor, kind, target_id)
        rows = self._db.all(
            "SELECT principal_id, role FROM grants WHERE target_kind = ? AND target_id = ? "
            "AND principal_kind = 'user' AND role IS NOT NULL",
            (kind, target_id),
        )
        return paginate(
            rows,
            key=lambda r: (r["principal_id"],),
            cursor=page,
            limit=limit,
            render=lambda r: {
                "permission": r["role"],
                "user": self._store.identity.render_user(r["principal_id"]),
            },
        )

    def remove_user(self, actor: Actor, kind: Kind, target_id: str, user_id: str) -> bool:
        _, flags = self._flags(actor, kind, target_id)
        require(flags, "admin", f"{kind} {target_id}")
        with self._db.transaction():
            cursor = self._db.execute(
                "DELETE FROM grants WHERE target_kind = ? AND target_id = ? AND principal_kind = 'user' AND principal_id = ?",
                (kind, target_id, user_id),
            )
        return cursor.rowcount > 0

    def update_user(
        self, actor: Actor, kind: Kind, target_id: str, user_id: str, *, role: str | None
    ) -> None:
        _, flags = self._flags(actor, kind, target_id)
        require(flags, "admin", f"{kind} {target_id}")
        with self._db.transaction():
            cursor = self._db.execute(
                "UPDATE grants SET role = ? WHERE target_kind = ? AND target_id = ? AND principal_kind = 'user' AND principal_id = ?",
                (role, kind, target_id, user_id),
            )
        if cursor.rowcount == 0:
            raise NotFound("user", user_id)

    def aggregate(
        self,
        actor: Actor,
        kind: Kind,
        target_id: str,
        *,
        role: str | None,
        page: str | None,
        limit: int | None,
    ) -> dict[str, Any]:
        """Every member who can access the target, with the effective role."""
        org_id, _ = self._flags(actor, kind, target_id)
        entries = []
        for member in self._db.all(
            "SELECT user_id FROM members WHERE org_id = ? AND disabled = 0", (org_id,)
        ):
            who = Actor(member["user_id"])
            effective = (
                effective_space_role(self._db, who, target_id)
                if kind == "space"
                else effective_collection_role(self._db, who, target_id)
            )
            if effective is None or (role is not None and effective != role):
                continue
            entries.append((member["user_id"], effective))
        return paginate(
            entries,
            key=lambda e: (e[0],),
            cursor=page,
            limit=limit,
            render=lambda e: {"permission": e[1], "user": self._store.identity.render_user(e[0])},
        )
