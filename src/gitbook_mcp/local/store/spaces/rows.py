"""Space lookups every domain shares: the row, the access check, the wire ``Space``, the purge.

Spaces deleted 7 days ago or more are purged once per request, by the HTTP edge (see
`SpaceRows.purge_expired`), never on every lookup.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from gitbook_mcp.local.errors import NotFound, PreconditionFailed
from gitbook_mcp.local.store.access import Actor, effective_space_role, require, space_permissions
from gitbook_mcp.local.store.db import loads
from gitbook_mcp.local.store.paging import PageWindow
from gitbook_mcp.local.store.spaces.containers import page_by_position, render_level
from gitbook_mcp.local.store.urls import app_urls

if TYPE_CHECKING:
    import sqlite3

    from gitbook_mcp.local.clock import Clock
    from gitbook_mcp.local.store.db import Database

__all__ = ["PURGE_AFTER", "SpaceRows"]

PURGE_AFTER = timedelta(days=7)


class SpaceRows:
    """Reads of spaces that other parts and domains rely on."""

    def __init__(self, db: Database, clock: Clock) -> None:
        self._db = db
        self._clock = clock

    # -- lookups shared by every domain ---------------------------------------------------

    def purge_expired(self) -> None:
        """Remove for good the spaces deleted 7 days ago or more (lazily, on access)."""
        cutoff = self._clock.now() - PURGE_AFTER
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

    def get(self, actor: Actor, space_id: str, *, include_deleted: bool = False) -> dict[str, Any]:
        """The wire ``Space`` for a caller who may view it (404 otherwise): one lookup of the
        row and of the caller's role serve both the check and the rendering."""
        row = self.row(space_id, include_deleted=include_deleted)
        role = effective_space_role(self._db, actor, space_id)
        if not space_permissions(role)["view"]:
            raise NotFound("space", space_id)
        return self.render_row(row, role)

    def render_space(
        self, actor: Actor, space_id: str, *, include_deleted: bool = False
    ) -> dict[str, Any]:
        """The wire ``Space`` as the caller sees it (permissions computed for the caller)."""
        row = self.row(space_id, include_deleted=include_deleted)
        role = effective_space_role(self._db, actor, space_id)
        return self.render_row(row, role)

    def render_row(self, row: sqlite3.Row, role: str | None) -> dict[str, Any]:
        """The wire ``Space`` of a row, with the flags of ``role``."""
        data = loads(row["data"]) or {}
        counts = self._counts(row["id"])
        urls = app_urls(f"{row['org_id']}/s/{row['id']}")
        urls["published"] = f"https://{row['org_id']}.gitbook.io/{row['id']}/"
        if data.get("icon"):
            urls["icon"] = data["icon"]
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
            "urls": urls,
            "organization": row["org_id"],
            "revision": row["revision_id"] or "",
            "defaultLevel": render_level(row["default_level"]),
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

    def check_unpublished(self, space_id: str) -> None:
        """412 when a site of the space's organization publishes it (it cannot leave the org)."""
        site = self._db.scalar(
            "SELECT st.id FROM site_spaces ss JOIN sites st ON st.id = ss.site_id "
            "JOIN spaces s ON s.id = ss.space_id WHERE ss.space_id = ? AND st.org_id = s.org_id",
            (space_id,),
        )
        if site is not None:
            raise PreconditionFailed(
                f"The space {space_id} is published on the site {site}: remove it from the "
                "site before transferring it"
            )

    # -- lists ----------------------------------------------------------------------------

    def page_of(
        self, actor: Actor, rows: list[sqlite3.Row], *, paging: PageWindow
    ) -> dict[str, Any]:
        """A page of the rows the caller can view, ordered by position."""
        visible = []
        for row in rows:
            role = effective_space_role(self._db, actor, row["id"])
            if space_permissions(role)["view"]:
                visible.append((row, role))
        return page_by_position(visible, paging=paging, render=lambda item: self.render_row(*item))

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
