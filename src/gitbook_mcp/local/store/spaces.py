"""Spaces, collections and their permissions (state and rules).

This module starts with what every other domain needs: finding a space the caller may see,
with the 7-day purge of deleted spaces applied, and rendering the wire ``Space``.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from gitbook_mcp.local.errors import NotFound
from gitbook_mcp.local.store.access import (
    Actor,
    effective_space_role,
    require,
    space_permissions,
)
from gitbook_mcp.local.store.db import Migration, loads

if TYPE_CHECKING:
    import sqlite3

    from gitbook_mcp.local.store import Store

__all__ = ["MIGRATIONS", "PURGE_AFTER", "SpaceStore"]

MIGRATIONS: list[Migration] = []
PURGE_AFTER = timedelta(days=7)
APP_URL = "https://app.gitbook.com"


class SpaceStore:
    def __init__(self, store: Store) -> None:
        self._store = store
        self._db = store.db

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

    def _counts(self, space_id: str) -> dict[str, int]:
        """Open comments and change requests, when those domains' tables exist."""
        counts = {
            "comments": 0,
            "changeRequests": 0,
            "changeRequestsOpen": 0,
            "changeRequestsDraft": 0,
        }
        tables = {r[0] for r in self._db.all("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if "comments" in tables:
            counts["comments"] = int(
                self._db.scalar(
                    "SELECT COUNT(*) FROM comments WHERE space_id = ? AND change_request_id IS NULL "
                    "AND status = 'open'",
                    (space_id,),
                )
                or 0
            )
        if "change_requests" in tables:
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
