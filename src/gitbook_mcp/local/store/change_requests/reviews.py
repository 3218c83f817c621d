"""Reviews, requested reviewers and contributors of change requests (state and rules).

Reading needs ``space.view``. Requesting or removing reviewers needs ``space.edit``; a review
may be submitted by a requested reviewer or by a holder of the space's ``review`` flag, and
only while the change request is a draft or open. A review is ``outdated`` once the change
request's revision moved on since it was given. Edits are counted per user (`record_edit`,
called by the content writes); comments count from the comment tables.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from gitbook_mcp.local.errors import Conflict, Forbidden, one_of
from gitbook_mcp.local.store.access import Actor, effective_space_role, space_permissions
from gitbook_mcp.local.store.content.pagedoc import markdown_document
from gitbook_mcp.local.store.db import new_id
from gitbook_mcp.local.store.paging import PageWindow, paginate
from gitbook_mcp.local.store.part import found
from gitbook_mcp.local.store.spaces.part import SpacePart
from gitbook_mcp.local.store.urls import APP_URL

if TYPE_CHECKING:
    import sqlite3

    from gitbook_mcp.local.store.change_requests.rows import ChangeRequestRows
    from gitbook_mcp.local.store.spaces.part import SpaceScope

__all__ = ["REVIEW_STATUSES", "Format", "ReviewStore"]

REVIEW_STATUSES = ("approved", "changes-requested")
OPEN_STATUSES = ("draft", "open")
Format = Literal["markdown", "document"]


class ReviewStore(SpacePart):
    """See the module's docstring."""

    def __init__(self, scope: SpaceScope, change_requests: ChangeRequestRows) -> None:
        super().__init__(scope)
        self._change_requests = change_requests

    # -- reviews ----------------------------------------------------------------------------

    def submit(
        self,
        actor: Actor,
        space_id: str,
        ref: str,
        *,
        status: str,
        comment: str | None = None,
        fmt: Format = "markdown",
    ) -> dict[str, Any]:
        """A review of the change request's current revision by the caller."""
        row = self._change_requests.find(actor, space_id, ref)
        requested = self._db.one(
            "SELECT requested_by FROM change_request_reviewers "
            "WHERE change_request_id = ? AND user_id = ?",
            (row["id"], actor.user_id),
        )
        role = effective_space_role(self._db, actor, space_id)
        if requested is None and not space_permissions(role)["review"]:
            raise Forbidden("review", f"change request {row['id']}")
        if row["status"] not in OPEN_STATUSES:
            raise Conflict(f"change request {row['id']} is {row['status']}")
        one_of("status", status, REVIEW_STATUSES)
        review_id, now = new_id("rvw_"), self._clock.stamp()
        with self._db.transaction():
            self._db.execute(
                "INSERT INTO change_request_reviews(id, change_request_id, revision_id, "
                "reviewer_id, requested_by, status, comment_markdown, created_at, updated_at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    review_id,
                    row["id"],
                    row["revision_id"],
                    actor.user_id,
                    None if requested is None else requested["requested_by"],
                    status,
                    comment,
                    now,
                    now,
                ),
            )
        return self._render_review(self._review_row(row["id"], review_id), row, fmt)

    def list_reviews(
        self,
        actor: Actor,
        space_id: str,
        ref: str,
        *,
        outdated: bool | None,
        fmt: Format,
        paging: PageWindow,
    ) -> dict[str, Any]:
        """The reviews, newest first; ``outdated`` keeps only those (not) outdated."""
        row = self._change_requests.find(actor, space_id, ref)
        rows = self._db.all(
            "SELECT * FROM change_request_reviews WHERE change_request_id = ?", (row["id"],)
        )
        if outdated is not None:
            rows = [r for r in rows if (r["revision_id"] != row["revision_id"]) == outdated]
        return paginate(
            rows,
            key=lambda r: (r["created_at"], r["id"]),
            paging=paging,
            descending=True,
            render=lambda r: self._render_review(r, row, fmt),
        )

    def get_review(
        self, actor: Actor, space_id: str, ref: str, review_id: str, fmt: Format
    ) -> dict[str, Any]:
        row = self._change_requests.find(actor, space_id, ref)
        return self._render_review(self._review_row(row["id"], review_id), row, fmt)

    def _review_row(self, change_request_id: str, review_id: str) -> sqlite3.Row:
        return found(
            self._db,
            "review",
            "SELECT * FROM change_request_reviews WHERE id = ? AND change_request_id = ?",
            review_id,
            change_request_id,
        )

    def _render_review(self, review: sqlite3.Row, cr: sqlite3.Row, fmt: Format) -> dict[str, Any]:
        location = self._cr_url(cr) + f"/reviews/{review['id']}"
        out: dict[str, Any] = {
            "object": "change-request-review",
            "id": review["id"],
            "revision": review["revision_id"],
            "reviewer": self._identity.render_user(review["reviewer_id"]),
            "status": review["status"],
            "outdated": review["revision_id"] != cr["revision_id"],
            "createdAt": review["created_at"],
            "updatedAt": review["updated_at"],
            "urls": {"location": location},
        }
        if review["requested_by"]:
            out["requestedBy"] = self._identity.render_user(review["requested_by"])
        if review["comment_markdown"]:
            out["comment"] = self._render_comment(review, cr, location, fmt)
        return out

    def _render_comment(
        self, review: sqlite3.Row, cr: sqlite3.Row, location: str, fmt: Format
    ) -> dict[str, Any]:
        """The review's comment as a ``Comment`` targeting the review."""
        text = str(review["comment_markdown"])
        body = {"document": markdown_document(text)} if fmt == "document" else {"markdown": text}
        return {
            "object": "comment",
            "id": f"{review['id']}_comment",
            "status": "open",
            "postedBy": self._identity.render_user(review["reviewer_id"]),
            "postedAt": review["created_at"],
            "reactions": [],
            "replies": 0,
            "repliers": [],
            "body": body,
            "target": {
                "space": cr["space_id"],
                "revision": review["revision_id"],
                "changeRequest": cr["id"],
                "review": review["id"],
            },
            "urls": {"location": location},
            "permissions": {"view": True, "edit": False, "reply": False, "delete": False},
        }

    def _cr_url(self, cr: sqlite3.Row) -> str:
        space = self._spaces.row(cr["space_id"], include_deleted=True)
        return f"{APP_URL}/o/{space['org_id']}/s/{space['id']}/~/changes/{cr['number']}"
