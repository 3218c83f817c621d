"""User and team permissions on spaces and collections (the ``grants`` table).

A grant raises a principal's role on the target (and, for a collection, on everything inside
it) above the organization role; it never lowers it. A ``null`` role ("guest", no specific
role) therefore grants nothing: inviting with ``role: null`` or updating a user's role to
``null`` removes the explicit permission. Users must be members of the target's organization
(named by id or email) and teams must be teams of it, else 404.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from gitbook_mcp.local.absent import ABSENT
from gitbook_mcp.local.errors import NotFound
from gitbook_mcp.local.store.access import (
    Actor,
    collection_permissions,
    effective_collection_role,
    effective_space_role,
    require,
    space_permissions,
)
from gitbook_mcp.local.store.paging import PageWindow, paginate
from gitbook_mcp.local.store.spaces.part import SpacePart

if TYPE_CHECKING:
    from gitbook_mcp.local.store.spaces.collections import CollectionStore
    from gitbook_mcp.local.store.spaces.part import SpaceScope

__all__ = ["GrantStore", "Kind"]

Kind = Literal["space", "collection"]

_WHERE_USER = "target_kind = ? AND target_id = ? AND principal_kind = 'user' AND principal_id = ?"


class GrantStore(SpacePart):
    def __init__(self, scope: SpaceScope, collections: CollectionStore) -> None:
        super().__init__(scope)
        self._collections = collections

    def _target(self, actor: Actor, kind: Kind, target_id: str) -> tuple[str, dict[str, bool]]:
        """(organization id, the caller's flags); a target the caller cannot view is a 404."""
        if kind == "space":
            org_id = str(self._spaces.row(target_id)["org_id"])
            flags = space_permissions(effective_space_role(self._db, actor, target_id))
        else:
            org_id = str(self._collections.row(target_id)["org_id"])
            flags = collection_permissions(effective_collection_role(self._db, actor, target_id))
        if not flags["view"]:
            raise NotFound(kind, target_id)
        return org_id, flags

    def _admin(self, actor: Actor, kind: Kind, target_id: str) -> str:
        org_id, flags = self._target(actor, kind, target_id)
        require(flags, "admin", f"{kind} {target_id}")
        return org_id

    def _member(self, org_id: str, ident: str) -> str:
        """The id of an organization member named by id or email; 404 otherwise."""
        user_id = self._identity.user_by_email(ident) if "@" in ident else ident
        if user_id is None or not self._db.one(
            "SELECT 1 FROM members WHERE org_id = ? AND user_id = ?", (org_id, user_id)
        ):
            raise NotFound("user", ident)
        return user_id

    def _team(self, org_id: str, team_id: str) -> str:
        if self._db.one("SELECT 1 FROM teams WHERE org_id = ? AND id = ?", (org_id, team_id)):
            return team_id
        raise NotFound("team", team_id)

    # -- writes ---------------------------------------------------------------------------

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
        """Give users and teams ``role`` on the target (null removes their explicit role)."""
        org_id = self._admin(actor, kind, target_id)
        principals = [("user", self._member(org_id, u)) for u in dict.fromkeys(users)]
        principals += [("team", self._team(org_id, t)) for t in dict.fromkeys(teams)]
        with self._db.transaction():
            for principal_kind, principal_id in principals:
                if role is None:
                    self._db.execute(
                        "DELETE FROM grants WHERE target_kind = ? AND target_id = ? "
                        "AND principal_kind = ? AND principal_id = ?",
                        (kind, target_id, principal_kind, principal_id),
                    )
                    continue
                self._db.execute(
                    "INSERT INTO grants(target_kind, target_id, principal_kind, principal_id, "
                    "role) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO UPDATE SET role = excluded.role",
                    (kind, target_id, principal_kind, principal_id, role),
                )

    def remove_user(self, actor: Actor, kind: Kind, target_id: str, user_id: str) -> bool:
        """Remove the user's explicit permission; False (204) when there was none."""
        self._admin(actor, kind, target_id)
        with self._db.transaction():
            cursor = self._db.execute(
                f"DELETE FROM grants WHERE {_WHERE_USER}", (kind, target_id, user_id)
            )
        return cursor.rowcount > 0

    def update_user(
        self, actor: Actor, kind: Kind, target_id: str, user_id: str, *, role: Any = ABSENT
    ) -> None:
        """Change the user's explicit role (null removes it); 404 when the user has none."""
        self._admin(actor, kind, target_id)
        if self._db.one(f"SELECT 1 FROM grants WHERE {_WHERE_USER}", (kind, target_id, user_id)):
            if role is ABSENT:
                return
            with self._db.transaction():
                if role is None:
                    self._db.execute(
                        f"DELETE FROM grants WHERE {_WHERE_USER}", (kind, target_id, user_id)
                    )
                else:
                    self._db.execute(
                        f"UPDATE grants SET role = ? WHERE {_WHERE_USER}",
                        (role, kind, target_id, user_id),
                    )
            return
        raise NotFound("user", user_id)

    # -- reads ----------------------------------------------------------------------------

    def list_users(
        self, actor: Actor, kind: Kind, target_id: str, *, paging: PageWindow
    ) -> dict[str, Any]:
        """The users holding an explicit permission on the target itself."""
        self._target(actor, kind, target_id)
        rows = self._db.all(
            "SELECT g.principal_id, g.role FROM grants g JOIN users u ON u.id = g.principal_id "
            "WHERE g.target_kind = ? AND g.target_id = ? AND g.principal_kind = 'user' "
            "AND g.role IS NOT NULL",
            (kind, target_id),
        )
        return paginate(
            rows,
            key=lambda r: (r["principal_id"],),
            paging=paging,
            render=lambda r: {
                "permission": r["role"],
                "user": self._identity.render_user(r["principal_id"]),
            },
        )

    def aggregate(
        self,
        actor: Actor,
        kind: Kind,
        target_id: str,
        *,
        role: str | None,
        paging: PageWindow,
    ) -> dict[str, Any]:
        """Every member who can access the target, with the effective role (``role`` filters).

        The effective role combines the organization role with grants to the user, to the
        user's teams, on the target and on every collection above it.
        """
        org_id, _ = self._target(actor, kind, target_id)
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
            paging=paging,
            render=lambda e: {"permission": e[1], "user": self._identity.render_user(e[0])},
        )
