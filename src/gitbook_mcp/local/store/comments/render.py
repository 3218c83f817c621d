"""The wire ``Comment`` and ``CommentReply``: body in the asked format, live page target,
reactions, reply count, and the ``permissions`` of the caller."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from gitbook_mcp.local.store.access import Actor, comment_permissions, space_permissions
from gitbook_mcp.local.store.comments.reactions import Subject, render_reactions
from gitbook_mcp.local.store.content.pagedoc import markdown_document
from gitbook_mcp.local.store.db import loads
from gitbook_mcp.local.store.part import StorePart
from gitbook_mcp.local.store.urls import APP_URL

if TYPE_CHECKING:
    import sqlite3

    from gitbook_mcp.local.store.content.content import ContentStore
    from gitbook_mcp.local.store.identity.identity import IdentityStore

__all__ = ["BodyFormat", "CommentRenderer"]

BodyFormat = Literal["markdown", "document"]
"""``format``: ``markdown`` (the default) or the JSON ``document``."""


@dataclass(eq=False, repr=False)
class CommentRenderer(StorePart):
    _identity: IdentityStore
    _content: ContentStore

    def flags(self, actor: Actor, role: str | None, author: str) -> dict[str, bool]:
        """``permissions`` of a comment or reply for the caller (``react``: space.comment)."""
        flags = comment_permissions(role, is_author=author == actor.user_id)
        return {**flags, "react": space_permissions(role)["comment"]}

    @staticmethod
    def body(markdown: str, fmt: BodyFormat) -> dict[str, Any]:
        if fmt == "document":
            return {"document": markdown_document(markdown)}
        return {"markdown": markdown}

    def location(self, space_id: str, cr_id: str | None, comment_id: str) -> str:
        org_id = self._db.scalar("SELECT org_id FROM spaces WHERE id = ?", (space_id,))
        base = f"{APP_URL}/o/{org_id}/s/{space_id}"
        if cr_id:
            number = self._db.scalar("SELECT number FROM change_requests WHERE id = ?", (cr_id,))
            base += f"/~/changes/{number}"
        return f"{base}/~/comments/{comment_id}"

    def target(self, row: sqlite3.Row) -> dict[str, Any]:
        """The stored target; its page as it is now in the space (or change request), or as it
        was when the comment was posted, ``outdated``, once the page is gone."""
        target: dict[str, Any] = loads(row["target"]) or {}
        target.setdefault("space", row["space_id"])
        target.setdefault("revision", "")
        page_id = row["page_id"]
        if page_id:
            live = self._content.page_target(row["space_id"], row["change_request_id"], page_id)
            if live is not None:
                target["page"] = live
            else:
                before = target.get("page") or {"id": page_id, "title": page_id, "path": ""}
                target["page"] = {**before, "outdated": True}
        return target

    def _reactions(self, kind: Subject, subject_id: str) -> list[dict[str, Any]]:
        return render_reactions(self._db, kind, subject_id, self._identity.render_user)

    def comment(
        self, actor: Actor, role: str | None, row: sqlite3.Row, fmt: BodyFormat = "markdown"
    ) -> dict[str, Any]:
        replies = self._db.scalar(
            "SELECT COUNT(*) FROM comment_replies WHERE comment_id = ?", (row["id"],)
        )
        user = self._identity.render_user
        out: dict[str, Any] = {
            "object": "comment",
            "id": row["id"],
            "postedBy": user(row["posted_by"]),
            "postedAt": row["posted_at"],
            "reactions": self._reactions("comment", row["id"]),
            "replies": int(replies or 0),
            "body": self.body(row["markdown"], fmt),
            "target": self.target(row),
            "urls": {
                "location": self.location(row["space_id"], row["change_request_id"], row["id"])
            },
            "permissions": self.flags(actor, role, row["posted_by"]),
            "status": row["status"],
        }
        if row["edited_at"]:
            out["editedAt"] = row["edited_at"]
        if row["status"] == "resolved":
            out["resolvedAt"] = row["resolved_at"]
            out["resolvedBy"] = user(row["resolved_by"])
        return out

    def reply(
        self,
        actor: Actor,
        role: str | None,
        row: sqlite3.Row,
        parent: sqlite3.Row,
        fmt: BodyFormat = "markdown",
    ) -> dict[str, Any]:
        location = self.location(parent["space_id"], parent["change_request_id"], parent["id"])
        out: dict[str, Any] = {
            "object": "comment-reply",
            "id": row["id"],
            "postedBy": self._identity.render_user(row["posted_by"]),
            "postedAt": row["posted_at"],
            "reactions": self._reactions("reply", row["id"]),
            "body": self.body(row["markdown"], fmt),
            "urls": {"location": f"{location}#{row['id']}"},
            "permissions": self.flags(actor, role, row["posted_by"]),
        }
        if row["edited_at"]:
            out["editedAt"] = row["edited_at"]
        return out
