"""Spaces (state and rules): lookups every domain shares, the wire ``Space``, and the lifecycle:
update, soft delete with a 7-day restore, duplicate, move and transfer.

Collections (`store.collections`) and user/team permissions (`store.grants`) are composed in
as ``SpaceStore.collections`` and ``SpaceStore.grants``.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from gitbook_mcp.local.errors import Conflict, NotFound, PreconditionFailed
from gitbook_mcp.local.store.access import (
    Actor,
    effective_space_role,
    org_permissions,
    org_role,
    require,
    space_permissions,
)
from gitbook_mcp.local.store.collections import CollectionStore, render_level
from gitbook_mcp.local.store.containers import (
    ABSENT,
    check_parent,
    end_position,
    plan_move,
    prune_foreign_grants,
    siblings,
)
from gitbook_mcp.local.store.db import Migration, dumps, loads, new_id
from gitbook_mcp.local.store.grants import GrantStore
from gitbook_mcp.local.store.ordering import position_between
from gitbook_mcp.local.store.paging import paginate

if TYPE_CHECKING:
    import sqlite3

    from gitbook_mcp.local.store import Store

__all__ = ["MIGRATIONS", "PURGE_AFTER", "SpaceStore"]

MIGRATIONS: list[Migration] = []
"""Spaces, collections and grants live in the core tables (store/schema.py)."""
PURGE_AFTER = timedelta(days=7)
APP_URL = "https://app.gitbook.com"
_COLUMNS = {
    "title": "title",
    "editMode": "edit_mode",
    "defaultLevel": "default_level",
    "language": "language",
}


class SpaceStore:
    def __init__(self, store: Store) -> None:
        self._store = store
        self._db = store.db
        self.collections = CollectionStore(store)
        self.grants = GrantStore(store)

    # -- lookups shared by every domain ---------------------------------------------------

    def purge_expired(self) -> None:
        """Remove for good the spaces deleted 7 days ago or more (lazily, on access)."""
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
        """The wire ``Space`` of a row, with the flags of ``role``."""
        data = loads(row["data"]) or {}
        counts = self._counts(row["id"])
        urls: dict[str, str] = {
            "location": f"{APP_URL}/o/{row['org_id']}/s/{row['id']}",
            "app": f"{APP_URL}/o/{row['org_id']}/s/{row['id']}/",
            "published": f"https://{row['org_id']}.gitbook.io/{row['id']}/",
        }
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
        """The organization's live spaces the caller can view (404 for a non-member)."""
        org_role(self._db, actor, org_id)
        self.purge_expired()
        rows = self._db.all(
            "SELECT * FROM spaces WHERE org_id = ? AND deleted_at IS NULL", (org_id,)
        )
        return self.page_of(actor, rows, page=page, limit=limit)

    # -- lifecycle ------------------------------------------------------------------------

    def update(self, actor: Actor, space_id: str, changes: dict[str, Any]) -> dict[str, Any]:
        """Apply ``changes`` (title, editMode, defaultLevel, language, emoji, icon).

        An emoji replaces the icon and an icon the emoji; null for either removes both.
        """
        self.require_space(actor, space_id, "edit")
        data = loads(self._db.scalar("SELECT data FROM spaces WHERE id = ?", (space_id,))) or {}
        with self._db.transaction():
            for key, value in changes.items():
                if key in _COLUMNS:
                    stored = "" if key == "defaultLevel" and value is None else value
                    self._db.execute(
                        f"UPDATE spaces SET {_COLUMNS[key]} = ? WHERE id = ?", (stored, space_id)
                    )
            if "emoji" in changes or "icon" in changes:
                emoji, icon = changes.get("emoji"), changes.get("icon")
                data.pop("icon", None)
                if icon is not None:
                    data["icon"] = icon
                self._db.execute(
                    "UPDATE spaces SET emoji = ?, data = ? WHERE id = ?",
                    (emoji if icon is None else None, dumps(data), space_id),
                )
            self._db.execute(
                "UPDATE spaces SET updated_at = ? WHERE id = ?", (self._store.now(), space_id)
            )
        return self.render_space(actor, space_id)

    def delete(self, actor: Actor, space_id: str) -> bool:
        """Soft delete: restorable for 7 days. False (204) when missing or already deleted."""
        self.purge_expired()
        row = self._db.one("SELECT deleted_at FROM spaces WHERE id = ?", (space_id,))
        if row is None or row["deleted_at"] is not None:
            return False
        self.require_space(actor, space_id, "admin")
        with self._db.transaction():
            now = self._store.now()
            self._db.execute(
                "UPDATE spaces SET deleted_at = ?, updated_at = ? WHERE id = ?",
                (now, now, space_id),
            )
        return True

    def restore(self, actor: Actor, space_id: str) -> dict[str, Any]:
        """Undo a delete made less than 7 days ago (after that the space is gone: 404).

        412 when the space is not deleted. It returns to its collection, or to the top level
        if that collection was deleted meanwhile.
        """
        row = self.row(space_id, include_deleted=True)
        self.require_space(actor, space_id, "admin", include_deleted=True)
        if row["deleted_at"] is None:
            raise PreconditionFailed(f"The space {space_id} is not deleted")
        with self._db.transaction():
            self._db.execute(
                "UPDATE spaces SET deleted_at = NULL, updated_at = ? WHERE id = ?",
                (self._store.now(), space_id),
            )
        return self.render_space(actor, space_id)

    def duplicate(self, actor: Actor, space_id: str) -> dict[str, Any]:
        """A copy titled "<title> (copy)" right after the original, content included.

        Needs space.view and organization.createContent. Grants and Git sync are not copied.
        """
        row = self.row(space_id)
        self.require_space(actor, space_id, "view")
        require(
            org_permissions(org_role(self._db, actor, row["org_id"])),
            "createContent",
            f"organization {row['org_id']}",
        )
        copy_id = new_id("spc_")
        now = self._store.now()
        items = siblings(self._db, row["org_id"], row["parent_id"])
        position = position_between(items, moving=copy_id, after=space_id)
        title = f"{row['title'][:43]} (copy)"
        data = loads(row["data"]) or {}
        data.pop("gitSync", None)  # a Git sync belongs to the original only
        with self._db.transaction():
            self._db.execute(
                "INSERT INTO spaces(id, org_id, parent_id, title, emoji, visibility, edit_mode, "
                "language, default_level, position, created_at, updated_at, data) "
                "SELECT ?, org_id, parent_id, ?, emoji, visibility, edit_mode, language, "
                "default_level, ?, ?, ?, ? FROM spaces WHERE id = ?",
                (copy_id, title, position, now, now, dumps(data), space_id),
            )
            copy_content = getattr(self._store.content, "duplicate_space_content", None)
            if copy_content is not None:
                copy_content(space_id, copy_id)
        return self.render_space(actor, copy_id)

    def move(
        self, actor: Actor, space_id: str, *, parent: Any, position: dict[str, Any] | None
    ) -> dict[str, Any]:
        """Move into another collection (None: the top level) and/or next to a sibling.

        400: the parent is not a visible collection of the organization, or the position
        names an item outside the target container. 409: the space would stay where it is.
        """
        row = self.row(space_id)
        self.require_space(actor, space_id, "admin")
        new_parent = row["parent_id"] if parent is ABSENT else parent
        check_parent(self._db, actor, row["org_id"], new_parent)
        new_position = plan_move(
            self._db,
            org_id=row["org_id"],
            moving=space_id,
            current_parent=row["parent_id"],
            current_position=float(row["position"]),
            new_parent=new_parent,
            position=position,
        )
        with self._db.transaction():
            self._db.execute(
                "UPDATE spaces SET parent_id = ?, position = ?, updated_at = ? WHERE id = ?",
                (new_parent, new_position, self._store.now(), space_id),
            )
        return self.render_space(actor, space_id)

    def transfer(self, actor: Actor, space_id: str, *, organization: str) -> dict[str, Any]:
        """Move the space to the top level of another organization.

        404: no such space, or the caller is not a member of the target organization.
        409: it is already there. 412: the caller is not an admin of the target, or a site
        of the current organization publishes the space. Grants of users who are not members
        of the target, and of teams of the old organization, are dropped.
        """
        row = self.row(space_id)
        self.require_space(actor, space_id, "admin")
        if organization == row["org_id"]:
            raise Conflict("The space is already in that organization")
        if org_role(self._db, actor, organization) != "admin":
            raise PreconditionFailed("Only an admin of the target organization can receive a space")
        self.check_unpublished(space_id)
        with self._db.transaction():
            self._db.execute(
                "UPDATE spaces SET org_id = ?, parent_id = NULL, position = ?, updated_at = ? "
                "WHERE id = ?",
                (
                    organization,
                    end_position(self._db, organization, None),
                    self._store.now(),
                    space_id,
                ),
            )
            prune_foreign_grants(self._db, organization, [("space", space_id)])
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
