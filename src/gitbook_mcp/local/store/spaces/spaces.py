"""Spaces (state and rules): lookups every domain shares, the wire ``Space``, and the lifecycle:
update, soft delete with a 7-day restore, duplicate, move and transfer.

Collections (`store.collections`) and user/team permissions (`store.grants`) are composed in
as ``SpaceStore.collections`` and ``SpaceStore.grants``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from gitbook_mcp.local.errors import Conflict, PreconditionFailed
from gitbook_mcp.local.store.access import Actor, org_permissions, org_role, require
from gitbook_mcp.local.store.db import dumps, loads, new_id
from gitbook_mcp.local.store.ordering import position_between
from gitbook_mcp.local.store.paging import PageWindow
from gitbook_mcp.local.store.spaces.collections import CollectionStore
from gitbook_mcp.local.store.spaces.containers import (
    destination,
    end_position,
    prune_foreign_grants,
    siblings,
)
from gitbook_mcp.local.store.spaces.grants import GrantStore
from gitbook_mcp.local.store.spaces.part import SpaceScope
from gitbook_mcp.local.store.spaces.rows import SpaceRows

if TYPE_CHECKING:
    from gitbook_mcp.local.clock import Clock
    from gitbook_mcp.local.store.db import Database
    from gitbook_mcp.local.store.identity.identity import IdentityStore

__all__ = ["ContentCopier", "SpaceStore"]

_COLUMNS = {
    "title": "title",
    "editMode": "edit_mode",
    "defaultLevel": "default_level",
    "language": "language",
}


ContentCopier = Callable[[str, str], None]
"""Copies a space's content to its duplicate (the content domain's, given by the `Store`)."""


class SpaceStore(SpaceRows):
    """Spaces' lifecycle, with their collections and grants as ``collections`` and ``grants``."""

    def __init__(
        self,
        db: Database,
        clock: Clock,
        identity: IdentityStore,
        copy_content: ContentCopier | None = None,
    ) -> None:
        super().__init__(db, clock)
        rows = SpaceRows(db, clock)
        self._copy_content = copy_content
        self.collections = CollectionStore(db, clock, rows)
        self.grants = GrantStore(SpaceScope(db, clock, identity, rows), self.collections)

    def list_in_organization(
        self, actor: Actor, org_id: str, *, paging: PageWindow
    ) -> dict[str, Any]:
        """The organization's live spaces the caller can view (404 for a non-member)."""
        org_role(self._db, actor, org_id)
        rows = self._db.all(
            "SELECT * FROM spaces WHERE org_id = ? AND deleted_at IS NULL", (org_id,)
        )
        return self.page_of(actor, rows, paging=paging)

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
                "UPDATE spaces SET updated_at = ? WHERE id = ?", (self._clock.stamp(), space_id)
            )
        return self.render_space(actor, space_id)

    def delete(self, actor: Actor, space_id: str) -> bool:
        """Soft delete: restorable for 7 days. False (204) when missing or already deleted."""
        row = self._db.one("SELECT deleted_at FROM spaces WHERE id = ?", (space_id,))
        if row is None or row["deleted_at"] is not None:
            return False
        self.require_space(actor, space_id, "admin")
        with self._db.transaction():
            now = self._clock.stamp()
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
                (self._clock.stamp(), space_id),
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
        now = self._clock.stamp()
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
            if self._copy_content is not None:
                self._copy_content(space_id, copy_id)
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
        new_parent, new_position = destination(self._db, actor, row, parent, position)
        with self._db.transaction():
            self._db.execute(
                "UPDATE spaces SET parent_id = ?, position = ?, updated_at = ? WHERE id = ?",
                (new_parent, new_position, self._clock.stamp(), space_id),
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
                    self._clock.stamp(),
                    space_id,
                ),
            )
            prune_foreign_grants(self._db, organization, [("space", space_id)])
        return self.render_space(actor, space_id)
