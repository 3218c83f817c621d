"""Spaces, collections and their permissions (state and rules).

This module starts with what every other domain needs: finding a space the caller may see,
with the 7-day purge of deleted spaces applied, and rendering the wire ``Space``.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from gitbook_mcp.local.errors import Conflict, Invalid, NotFound, PreconditionFailed
from gitbook_mcp.local.store.access import (
    Actor,
    effective_space_role,
    org_permissions,
    org_role,
    require,
    space_permissions,
)
from gitbook_mcp.local.store.db import Migration, loads, new_id
from gitbook_mcp.local.store.ordering import position_between
from gitbook_mcp.local.store.paging import paginate

if TYPE_CHECKING:
    import sqlite3

    from gitbook_mcp.local.store import Store

__all__ = ["MIGRATIONS", "PURGE_AFTER", "SpaceStore"]

MIGRATIONS: list[Migration] = []
PURGE_AFTER = timedelta(days=7)
APP_URL = "https://app.gitbook.com"


class SpaceStore:
    def __init__(self, store: Store) -> None:
        from gitbook_mcp.local.store.collections import CollectionStore
        from gitbook_mcp.local.store.grants import GrantStore

        self._store = store
        self._db = store.db
        self.collections = CollectionStore(store)
        self.grants = GrantStore(store)

    # -- lookups shared by every domain ---------------------------------------------------

    def purge_expired(self) -> None:
        """Remove for good the spaces deleted more than 7 days ago (lazily, on access)."""
        cutoff = self._store.clock.now() - PURGE_AFTER
        rows = self._db.all("SELECT id, deleted_at FROM spaces WHERE deleted_at IS NOT NULL")
        expired = [r["id"] for r in rows if _parse(r["deleted_at"]) <= cutoff]
        if expired:
            with self._db.transaction():
                for space_id in expired:
                    self._db.execute(
                        "DELETE FROM grants WHERE target_kind = 'space' AND target_id = ?",
                        (space_id,),
                    )
                    self._db.execute("DELETE FROM spaces WHERE id = ?", (space_id,))

    def row(self, space_id: str, *, include_deleted: bool = False) -> sqlite3.Row:
        """The space's row; NotFound when missing, purged, or deleted (unless asked for)."""
        self.purge_expired()
        row = self._db.one("SELECT * FROM spaces WHERE id = ?", (space_id,))
        if row is None or (row["deleted_at"] is not None and not include_deleted):
            raise NotFound("space", space_id)
        return row

    def require_space(
        self,
        actor: Actor,
        space_id: str,
        flag: str = "view",
        *,
        include_deleted: bool = False,
    ) -> str | None:
        """Check the caller holds ``flag`` on the space; return the caller's effective role.

        A space the caller cannot view is reported as missing (404), not forbidden.
        """
        self.row(space_id, include_deleted=include_deleted)
        role = effective_space_role(self._db, actor, space_id)
        flags = space_permissions(role)
        if not flags["view"]:
            raise NotFound("space", space_id)
        require(flags, flag, f"space {space_id}")
        return role

    def render_space(
        self, actor: Actor, space_id: str, *, include_deleted: bool = False
    ) -> dict[str, Any]:
        """The wire ``Space`` as the caller sees it (permissions computed for the caller)."""
        row = self.row(space_id, include_deleted=include_deleted)
        role = effective_space_role(self._db, actor, space_id)
        return self.render_row(row, role)

    def render_row(self, row: sqlite3.Row, role: str | None) -> dict[str, Any]:
        data = loads(row["data"]) or {}
        counts = self._counts(row["id"])
        space: dict[str, Any] = {
            "object": "space",
            "id": row["id"],
            "type": "document",
            "title": row["title"],
            "emoji": row["emoji"] or "",
            "visibility": row["visibility"],
            "createdAt": row["created_at"],
            "updatedAt": row["updated_at"],
            "editMode": row["edit_mode"],
            "urls": {
                "location": f"{APP_URL}/o/{row['org_id']}/s/{row['id']}",
                "app": f"{APP_URL}/o/{row['org_id']}/s/{row['id']}/",
                "published": f"https://{row['org_id']}.gitbook.io/{row['id']}/",
            },
            "organization": row["org_id"],
            "revision": row["revision_id"] or "",
            "defaultLevel": row["default_level"] or "inherit",
            "comments": counts["comments"],
            "changeRequests": counts["changeRequests"],
            "changeRequestsOpen": counts["changeRequestsOpen"],
            "changeRequestsDraft": counts["changeRequestsDraft"],
            "permissions": space_permissions(role),
        }
        if row["parent_id"]:
            space["parent"] = row["parent_id"]
        if row["language"]:
            space["language"] = row["language"]
        if row["deleted_at"]:
            space["deletedAt"] = row["deleted_at"]
        for key in ("gitSync", "visitorAuth"):
            if key in data:
                space[key] = data[key]
        return space

    # -- lists and lifecycle ------------------------------------------------------------

    def page_of(
        self, actor: Actor, rows: list[sqlite3.Row], *, page: str | None, limit: int | None
    ) -> dict[str, Any]:
        """A page of the rows the caller can view, ordered by position."""
        visible = []
        for row in rows:
            role = effective_space_role(self._db, actor, row["id"])
            if space_permissions(role)["view"]:
                visible.append((row, role))
        return paginate(
            visible,
            key=lambda item: (item[0]["position"], item[0]["created_at"], item[0]["id"]),
            cursor=page,
            limit=limit,
            render=lambda item: self.render_row(item[0], item[1]),
        )

    def list_in_organization(
        self, actor: Actor, org_id: str, *, page: str | None, limit: int | None
    ) -> dict[str, Any]:
        org_role(self._db, actor, org_id)
        self.purge_expired()
        rows = self._db.all(
            "SELECT * FROM spaces WHERE org_id = ? AND deleted_at IS NULL", (org_id,)
        )
        return self.page_of(actor, rows, page=page, limit=limit)

    def update(self, actor: Actor, space_id: str, changes: dict[str, Any]) -> dict[str, Any]:
        self.require_space(actor, space_id, "edit")
        columns = {
            "title": "title",
            "editMode": "edit_mode",
            "defaultLevel": "default_level",
            "language": "language",
            "emoji": "emoji",
        }
        with self._db.transaction():
            for key, value in changes.items():
                self._db.execute(
                    f"UPDATE spaces SET {columns[key]} = ? WHERE id = ?", (value, space_id)
                )
            self._db.execute(
                "UPDATE spaces SET updated_at = ? WHERE id = ?", (self._store.now(), space_id)
            )
        return self.render_space(actor, space_id)

    def delete(self, actor: Actor, space_id: str) -> bool:
        """Soft delete: restorable for 7 days. False when there was nothing to delete."""
        self.purge_expired()
        row = self._db.one("SELECT deleted_at FROM spaces WHERE id = ?", (space_id,))
        if row is None or row["deleted_at"] is not None:
            return False
        self.require_space(actor, space_id, "admin")
        with self._db.transaction():
            self._db.execute(
                "UPDATE spaces SET deleted_at = ? WHERE id = ?", (self._store.now(), space_id)
            )
        return True

    def restore(self, actor: Actor, space_id: str) -> dict[str, Any]:
        """Undo a delete made less than 7 days ago (after that the space is gone: 404)."""
        row = self.row(space_id, include_deleted=True)
        self.require_space(actor, space_id, "admin", include_deleted=True)
        if row["deleted_at"] is None:
            raise PreconditionFailed("The space is not deleted")
        with self._db.transaction():
            self._db.execute(
                "UPDATE spaces SET deleted_at = NULL, updated_at = ? WHERE id = ?",
                (self._store.now(), space_id),
            )
        return self.render_space(actor, space_id)

    def duplicate(self, actor: Actor, space_id: str) -> dict[str, Any]:
        """A copy titled "<title> (copy)" right after the original, content included."""
        row = self.row(space_id)
        self.require_space(actor, space_id, "view")
        require(
            org_permissions(org_role(self._db, actor, row["org_id"])),
            "createContent",
            f"organization {row['org_id']}",
        )
        copy_id = new_id("spc_")
        now = self._store.now()
        siblings = self.collections.siblings(row["org_id"], row["parent_id"])
        position = position_between(siblings, moving=copy_id, after=space_id)
        with self._db.transaction():
            self._db.execute(
                "INSERT INTO spaces(id, org_id, parent_id, title, emoji, visibility, edit_mode, language, "
                "default_level, position, created_at, updated_at, data) "
                "SELECT ?, org_id, parent_id, substr(title || ' (copy)', 1, 50), emoji, visibility, edit_mode, "
                "language, default_level, ?, ?, ?, data FROM spaces WHERE id = ?",
                (copy_id, position, now, now, space_id),
            )
            copy_content = getattr(self._store.content, "duplicate_space_content", None)
            if copy_content is not None:
                copy_content(space_id, copy_id)
        return self.render_space(actor, copy_id)

    def move(
        self, actor: Actor, space_id: str, *, parent: Any, position: dict[str, Any] | None
    ) -> dict[str, Any]:
        from gitbook_mcp.local.store.collections import ABSENT, resolve_position

        row = self.row(space_id)
        self.require_space(actor, space_id, "admin")
        new_parent = row["parent_id"] if parent is ABSENT else parent
        if new_parent is not None:
            target = self._db.one("SELECT org_id FROM collections WHERE id = ?", (new_parent,))
            if target is None or target["org_id"] != row["org_id"]:
                raise Invalid("parent", f"no collection {new_parent!r} in this organization")
        before, after = resolve_position(position)
        if new_parent == row["parent_id"] and before is None and after is None:
            raise Conflict("The move would change nothing")
        siblings = self.collections.siblings(row["org_id"], new_parent)
        new_position = position_between(siblings, moving=space_id, before=before, after=after)
        with self._db.transaction():
            self._db.execute(
                "UPDATE spaces SET parent_id = ?, position = ?, updated_at = ? WHERE id = ?",
                (new_parent, new_position, self._store.now(), space_id),
            )
        return self.render_space(actor, space_id)

    def transfer(self, actor: Actor, space_id: str, *, organization: str) -> dict[str, Any]:
        row = self.row(space_id)
        self.require_space(actor, space_id, "admin")
        if organization == row["org_id"]:
            raise Conflict("The space is already in that organization")
        if org_role(self._db, actor, organization) != "admin":
            raise PreconditionFailed("Only an admin of the target organization can receive a space")
        with self._db.transaction():
            self._db.execute(
                "UPDATE spaces SET org_id = ?, parent_id = NULL, updated_at = ? WHERE id = ?",
                (organization, self._store.now(), space_id),
            )
        return self.render_space(actor, space_id)

    def _counts(self, space_id: str) -> dict[str, int]:
        """Open space comments, and change requests by status."""
        counts = {
            "comments": int(
                self._db.scalar(
                    "SELECT COUNT(*) FROM comments WHERE space_id = ? "
                    "AND change_request_id IS NULL AND status = 'open'",
                    (space_id,),
                )
                or 0
            ),
            "changeRequests": 0,
            "changeRequestsOpen": 0,
            "changeRequestsDraft": 0,
        }
        for row in self._db.all(
            "SELECT status, COUNT(*) AS n FROM change_requests WHERE space_id = ? GROUP BY status",
            (space_id,),
        ):
            counts["changeRequests"] += int(row["n"])
            if row["status"] == "open":
                counts["changeRequestsOpen"] = int(row["n"])
            elif row["status"] == "draft":
                counts["changeRequestsDraft"] = int(row["n"])
        return counts


def _parse(value: str) -> datetime:
    return datetime.fromisoformat(value.replace("Z", "+00:00"))
