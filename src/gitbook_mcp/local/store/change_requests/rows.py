"""Change requests: numbered per space, each with a revision of its own (state and rules).

A change request starts from the space's current revision (``revisionInitial``) and works on a
copy of it; merging makes a copy of its revision the space's current one. A draft or open change
request is ``outdated`` once the space's content moved on since it was started.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gitbook_mcp.local.errors import Conflict, NotFound, one_of
from gitbook_mcp.local.store.access import Actor
from gitbook_mcp.local.store.db import new_id
from gitbook_mcp.local.store.paging import PageWindow, paginate
from gitbook_mcp.local.store.part import found
from gitbook_mcp.local.store.spaces.part import SpacePart
from gitbook_mcp.local.store.urls import app_urls

if TYPE_CHECKING:
    import sqlite3

    from gitbook_mcp.local.store.content.revisions import RevisionStore
    from gitbook_mcp.local.store.spaces.part import SpaceScope

__all__ = ["STATUSES", "ChangeRequestRows"]

STATUSES = ("draft", "open", "archived", "merged")


class ChangeRequestRows(SpacePart):
    def __init__(self, scope: SpaceScope, revisions: RevisionStore) -> None:
        super().__init__(scope)
        self._revisions = revisions

    # -- writing ----------------------------------------------------------------------------

    def space_revision(self, space_id: str) -> str:
        """The space's current revision, made (empty) first if the space has none yet."""
        current = self._db.scalar("SELECT revision_id FROM spaces WHERE id = ?", (space_id,))
        if current:
            return str(current)
        return self.publish_empty(space_id)

    def publish_empty(self, space_id: str) -> str:
        """An empty revision made current for the space."""
        with self._db.transaction():
            revision = self._revisions.create(space_id)
            self._db.execute("UPDATE spaces SET revision_id = ? WHERE id = ?", (revision, space_id))
        return revision

    def create(
        self,
        space_id: str,
        *,
        subject: str,
        status: str = "draft",
        created_by: str,
        change_request_id: str | None = None,
    ) -> tuple[str, str]:
        """A change request working on a copy of the space's content: (id, revision id)."""
        one_of("status", status, STATUSES)
        cr_id = change_request_id or new_id("cr_")
        now = self._clock.stamp()
        with self._db.transaction():
            base = self.space_revision(space_id)
            revision = self._revisions.create(space_id, copy_of=base)
            number = int(
                self._db.scalar(
                    "SELECT COALESCE(MAX(number), 0) + 1 FROM change_requests WHERE space_id = ?",
                    (space_id,),
                )
            )
            self._db.execute(
                "INSERT INTO change_requests(id, space_id, number, subject, status, created_by, "
                "created_at, updated_at, revision_id, initial_revision_id) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (cr_id, space_id, number, subject, status, created_by, now, now, revision, base),
            )
        return cr_id, revision

    def set_revision(self, change_request_id: str, revision_id: str) -> None:
        with self._db.transaction():
            self._db.execute(
                "UPDATE change_requests SET revision_id = ?, updated_at = ? WHERE id = ?",
                (revision_id, self._clock.stamp(), change_request_id),
            )

    def merge(self, change_request_id: str) -> str:
        """Publish the change request: a copy of its revision becomes the space's current one.

        Returns the merged revision's id; the search index follows the space's new revision.
        """
        row = self.row(change_request_id)
        if row["status"] in ("merged", "archived"):
            raise Conflict(f"change request {change_request_id} is already {row['status']}")
        with self._db.transaction():
            merged = self._revisions.create(row["space_id"], copy_of=row["revision_id"])
            now = self._clock.stamp()
            self._db.execute(
                "UPDATE spaces SET revision_id = ?, updated_at = ? WHERE id = ?",
                (merged, now, row["space_id"]),
            )
            self._db.execute(
                "UPDATE change_requests SET status = 'merged', merged_revision_id = ?, "
                "updated_at = ? WHERE id = ?",
                (merged, now, change_request_id),
            )
        return merged

    # -- reading ----------------------------------------------------------------------------

    def row(self, change_request_id: str) -> sqlite3.Row:
        return found(
            self._db,
            "change request",
            "SELECT * FROM change_requests WHERE id = ?",
            change_request_id,
        )

    def find(self, actor: Actor, space_id: str, ref: str, need: str | None = None) -> sqlite3.Row:
        """The change request's row, from its id or its number within the space, see `resolve`."""
        return self.row(self.resolve(actor, space_id, ref, need))

    def resolve(self, actor: Actor, space_id: str, ref: str, need: str | None = None) -> str:
        """A change request id from its id or its number within the space (space.view; then
        the space permission ``need``, when given, once the change request is known to exist)."""
        self._spaces.require_space(actor, space_id)
        row = self._db.one(
            "SELECT id FROM change_requests WHERE space_id = ? AND id = ?", (space_id, ref)
        )
        if row is None and ref.isdigit():
            row = self._db.one(
                "SELECT id FROM change_requests WHERE space_id = ? AND number = ?",
                (space_id, int(ref)),
            )
        if row is None:
            raise NotFound("change request", ref)
        if need is not None:
            self._spaces.require_space(actor, space_id, need)
        return str(row["id"])

    def render(self, row: sqlite3.Row) -> dict[str, Any]:
        space = self._spaces.row(row["space_id"], include_deleted=True)
        comments = int(
            self._db.scalar(
                "SELECT COUNT(*) FROM comments WHERE change_request_id = ? AND status = 'open'",
                (row["id"],),
            )
            or 0
        )
        out: dict[str, Any] = {
            "object": "change-request",
            "id": row["id"],
            "number": row["number"],
            "status": row["status"],
            "subject": row["subject"],
            "createdBy": self._identity.render_user(row["created_by"]),
            "createdAt": row["created_at"],
            "updatedAt": row["updated_at"],
            "space": row["space_id"],
            "revision": row["revision_id"],
            "revisionInitial": row["initial_revision_id"],
            "comments": comments,
            "outdated": row["status"] in ("draft", "open")
            and space["revision_id"] != row["initial_revision_id"],
            "urls": app_urls(f"{space['org_id']}/s/{space['id']}/~/changes/{row['number']}"),
        }
        if row["merged_revision_id"]:
            out["revisionMerged"] = row["merged_revision_id"]
        return out

    def list(
        self,
        actor: Actor,
        space_id: str,
        *,
        status: str,
        contributor: str | None,
        paging: PageWindow,
    ) -> dict[str, Any]:
        """The space's change requests with ``status``, newest first; ``contributor`` filters
        on the author."""
        self._spaces.require_space(actor, space_id)
        sql = "SELECT * FROM change_requests WHERE space_id = ? AND status = ?"
        params: list[Any] = [space_id, status]
        if contributor:
            sql += " AND created_by = ?"
            params.append(contributor)
        return paginate(
            self._db.all(sql, params),
            key=lambda r: (r["number"],),
            paging=paging,
            descending=True,
            render=self.render,
        )

    def get(self, actor: Actor, space_id: str, ref: str) -> dict[str, Any]:
        return self.render(self.find(actor, space_id, ref))
