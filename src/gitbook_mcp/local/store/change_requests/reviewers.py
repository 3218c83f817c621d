"""Requested reviewers and contributors of change requests (state and rules).

Reading needs ``space.view``; requesting or removing reviewers needs ``space.edit``, and each
requested user must be able to view the space. Edits are counted per user by `record_edit`
(called by the content writes); comments and replies count from the comment tables.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gitbook_mcp.local.errors import Invalid
from gitbook_mcp.local.store.access import Actor, effective_space_role, space_permissions
from gitbook_mcp.local.store.paging import PageWindow, paginate
from gitbook_mcp.local.store.spaces.part import SpacePart

if TYPE_CHECKING:
    import sqlite3

    from gitbook_mcp.local.store.change_requests.rows import ChangeRequestRows
    from gitbook_mcp.local.store.spaces.part import SpaceScope

__all__ = ["MAX_REVIEWERS", "ReviewerStore"]

MAX_REVIEWERS = 50
"""Users one request may name (a bound of the local workspace, not of the contract)."""


class ReviewerStore(SpacePart):
    """See the module's docstring."""

    def __init__(self, scope: SpaceScope, change_requests: ChangeRequestRows) -> None:
        super().__init__(scope)
        self._change_requests = change_requests

    # -- requested reviewers ----------------------------------------------------------------

    def request(
        self, actor: Actor, space_id: str, ref: str, users: list[str], *, subject: str | None
    ) -> dict[str, Any]:
        """Ask ``users`` to review the change request (again: the request is renewed)."""
        cr_id = self._change_requests.resolve(actor, space_id, ref, "edit")
        if not users:
            raise Invalid("users", "must name at least one user")
        if len(users) > MAX_REVIEWERS:
            raise Invalid("users", f"must name at most {MAX_REVIEWERS} users")
        for index, user_id in enumerate(users):
            if not space_permissions(self._space_role(user_id, space_id))["view"]:
                raise Invalid(f"users[{index}]", f"{user_id} cannot view this space")
        row = self._change_requests.row(cr_id)
        now = self._clock.stamp()
        with self._db.transaction():
            for user_id in dict.fromkeys(users):
                self._db.execute(
                    "INSERT INTO change_request_reviewers(change_request_id, user_id, "
                    "revision_id, requested_by, created_at) VALUES (?, ?, ?, ?, ?) "
                    "ON CONFLICT(change_request_id, user_id) DO UPDATE SET "
                    "revision_id = excluded.revision_id, requested_by = excluded.requested_by, "
                    "created_at = excluded.created_at",
                    (cr_id, user_id, row["revision_id"], actor.user_id, now),
                )
            if subject is not None:
                self._db.execute(
                    "UPDATE change_requests SET subject = ?, updated_at = ? WHERE id = ?",
                    (subject, now, cr_id),
                )
        sent = self._db.all(
            "SELECT * FROM change_request_reviewers WHERE change_request_id = ? AND user_id IN "
            f"({', '.join('?' for _ in users)})",
            (cr_id, *users),
        )
        return {"users": [self._render(r) for r in sent]}

    def listing(
        self, actor: Actor, space_id: str, ref: str, *, paging: PageWindow
    ) -> dict[str, Any]:
        cr_id = self._change_requests.resolve(actor, space_id, ref)
        rows = self._db.all(
            "SELECT * FROM change_request_reviewers WHERE change_request_id = ?", (cr_id,)
        )
        return paginate(
            rows,
            key=lambda r: (r["created_at"], r["user_id"]),
            paging=paging,
            render=self._render,
        )

    def remove(self, actor: Actor, space_id: str, ref: str, user_id: str) -> bool:
        """Withdraw the request to ``user_id``; False when there was none."""
        cr_id = self._change_requests.resolve(actor, space_id, ref, "edit")
        with self._db.transaction():
            cursor = self._db.execute(
                "DELETE FROM change_request_reviewers WHERE change_request_id = ? AND user_id = ?",
                (cr_id, user_id),
            )
        return bool(cursor.rowcount)

    def requested_of(self, user_id: str) -> set[str]:
        """The change requests ``user_id`` is asked to review."""
        rows = self._db.all(
            "SELECT change_request_id FROM change_request_reviewers WHERE user_id = ?", (user_id,)
        )
        return {str(r["change_request_id"]) for r in rows}

    def _space_role(self, user_id: str, space_id: str) -> str | None:
        row = self._db.one(
            "SELECT 1 FROM members m JOIN spaces s ON s.org_id = m.org_id "
            "WHERE s.id = ? AND m.user_id = ? AND m.disabled = 0",
            (space_id, user_id),
        )
        return None if row is None else effective_space_role(self._db, Actor(user_id), space_id)

    def _render(self, row: sqlite3.Row) -> dict[str, Any]:
        return {
            "object": "change-request-requested-reviewer",
            "kind": "user",
            "user": self._identity.render_user(row["user_id"]),
            "revision": row["revision_id"],
            "requestedBy": self._identity.render_user(row["requested_by"]),
            "createdAt": row["created_at"],
        }

    # -- contributors -----------------------------------------------------------------------

    def record_edit(self, change_request_id: str, user_id: str) -> None:
        """Count one edit of the change request's content by ``user_id``."""
        with self._db.transaction():
            self._db.execute(
                "INSERT INTO change_request_edits(change_request_id, user_id, count, updated_at) "
                "VALUES (?, ?, 1, ?) ON CONFLICT(change_request_id, user_id) DO UPDATE SET "
                "count = count + 1, updated_at = excluded.updated_at",
                (change_request_id, user_id, self._clock.stamp()),
            )

    def contributors(self, actor: Actor, space_id: str, ref: str) -> dict[str, Any]:
        """Who edited (``edit``) and who commented (``comment``), most recent first."""
        cr_id = self._change_requests.resolve(actor, space_id, ref)
        edits = self._db.all(
            "SELECT user_id, count, updated_at, 'edit' AS action FROM change_request_edits "
            "WHERE change_request_id = ?",
            (cr_id,),
        )
        comments = self._db.all(
            "SELECT user_id, COUNT(*) AS count, MAX(at) AS updated_at, 'comment' AS action FROM ("
            "SELECT posted_by AS user_id, COALESCE(edited_at, posted_at) AS at FROM comments "
            "WHERE change_request_id = ? UNION ALL "
            "SELECT r.posted_by, COALESCE(r.edited_at, r.posted_at) FROM comment_replies r "
            "JOIN comments c ON c.id = r.comment_id WHERE c.change_request_id = ?) "
            "GROUP BY user_id",
            (cr_id, cr_id),
        )
        rows = sorted(
            [*edits, *comments], key=lambda r: (r["updated_at"], r["user_id"]), reverse=True
        )
        items = [
            {
                "user": self._identity.render_user(r["user_id"]),
                "count": int(r["count"]),
                "updatedAt": r["updated_at"],
                "actionType": r["action"],
            }
            for r in rows
        ]
        return {"items": items, "count": len(items)}
