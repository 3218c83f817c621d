"""Comments on spaces and change requests: replies, reactions, resolve and reopen (state and
rules).

Reads need ``space.view``; posting, replying, resolving and reacting need ``space.comment``;
changing the text needs the comment's ``edit`` flag (its author, or a space admin) and deleting
its ``delete`` flag. Reply counts and the space's open-comment count follow every write.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gitbook_mcp.local.errors import Forbidden, Invalid, NotFound
from gitbook_mcp.local.store.access import Actor, comment_permissions, require, space_permissions
from gitbook_mcp.local.store.db import Migration, dumps, loads, new_id
from gitbook_mcp.local.store.paging import paginate

if TYPE_CHECKING:
    import sqlite3

    from gitbook_mcp.local.store import Store

__all__ = ["MIGRATIONS", "CommentStore"]

APP_URL = "https://app.gitbook.com"

MIGRATIONS: list[Migration] = [
    (
        "comments-0001-threads",
        """
        CREATE TABLE comments (
            id TEXT PRIMARY KEY,
            space_id TEXT NOT NULL REFERENCES spaces(id) ON DELETE CASCADE,
            change_request_id TEXT REFERENCES change_requests(id) ON DELETE CASCADE,
            posted_by TEXT NOT NULL REFERENCES users(id),
            posted_at TEXT NOT NULL,
            edited_at TEXT,
            markdown TEXT NOT NULL,
            status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'resolved')),
            resolved_at TEXT,
            resolved_by TEXT REFERENCES users(id),
            target TEXT NOT NULL DEFAULT '{}'
        );
        CREATE INDEX comments_space ON comments(space_id, change_request_id, posted_at);
        CREATE TABLE comment_replies (
            id TEXT PRIMARY KEY,
            comment_id TEXT NOT NULL REFERENCES comments(id) ON DELETE CASCADE,
            posted_by TEXT NOT NULL REFERENCES users(id),
            posted_at TEXT NOT NULL,
            edited_at TEXT,
            markdown TEXT NOT NULL
        );
        CREATE INDEX replies_comment ON comment_replies(comment_id, posted_at);
        CREATE TABLE reactions (
            subject_kind TEXT NOT NULL CHECK (subject_kind IN ('comment', 'reply')),
            subject_id TEXT NOT NULL,
            user_id TEXT NOT NULL REFERENCES users(id),
            emoji TEXT NOT NULL,
            reacted_at TEXT NOT NULL,
            PRIMARY KEY (subject_kind, subject_id, user_id, emoji)
        );
        """,
    )
]


class CommentStore:
    def __init__(self, store: Store) -> None:
        self._store = store
        self._db = store.db

    # -- access and lookup ------------------------------------------------------------------

    def _space_role(self, actor: Actor, space_id: str) -> str | None:
        return self._store.spaces.require_space(actor, space_id)

    def _scope(
        self, actor: Actor, space_id: str, cr_ref: str | None
    ) -> tuple[str | None, str | None]:
        """(caller's space role, change request id) after the view check."""
        role = self._space_role(actor, space_id)
        cr_id = (
            self._store.content.resolve_change_request(actor, space_id, cr_ref)
            if cr_ref is not None
            else None
        )
        return role, cr_id

    def _comment(self, space_id: str, cr_id: str | None, comment_id: str) -> sqlite3.Row:
        row = self._db.one(
            "SELECT * FROM comments WHERE id = ? AND space_id = ? AND change_request_id IS ?",
            (comment_id, space_id, cr_id),
        )
        if row is None:
            raise NotFound("comment", comment_id)
        return row

    def _reply(self, comment_id: str, reply_id: str) -> sqlite3.Row:
        row = self._db.one(
            "SELECT * FROM comment_replies WHERE id = ? AND comment_id = ?", (reply_id, comment_id)
        )
        if row is None:
            raise NotFound("comment reply", reply_id)
        return row

    # -- rendering --------------------------------------------------------------------------

    def _reactions(self, kind: str, subject_id: str) -> list[dict[str, Any]]:
        rows = self._db.all(
            "SELECT emoji, user_id, reacted_at FROM reactions WHERE subject_kind = ? AND subject_id = ? ORDER BY reacted_at, user_id",
            (kind, subject_id),
        )
        grouped: dict[str, list[sqlite3.Row]] = {}
        for row in rows:
            grouped.setdefault(row["emoji"], []).append(row)
        return [
            {
                "emoji": emoji,
                "count": len(users),
                "users": [
                    {
                        "user": self._store.identity.render_user(u["user_id"]),
                        "reactedAt": u["reacted_at"],
                    }
                    for u in users
                ],
            }
            for emoji, users in grouped.items()
        ]

    def _flags(self, actor: Actor, role: str | None, author: str) -> dict[str, bool]:
        flags = comment_permissions(role, is_author=author == actor.user_id)
        return {**flags, "react": space_permissions(role)["comment"]}

    def _location(self, space_id: str, cr_id: str | None, comment_id: str) -> str:
        space = self._store.spaces.row(space_id)
        base = f"{APP_URL}/o/{space['org_id']}/s/{space_id}"
        if cr_id:
            number = self._db.scalar("SELECT number FROM change_requests WHERE id = ?", (cr_id,))
            base += f"/~/changes/{number}"
        return f"{base}/~/comments/{comment_id}"

    def render(self, actor: Actor, role: str | None, row: sqlite3.Row) -> dict[str, Any]:
        target = loads(row["target"]) or {}
        replies = int(
            self._db.scalar(
                "SELECT COUNT(*) FROM comment_replies WHERE comment_id = ?", (row["id"],)
            )
            or 0
        )
        out: dict[str, Any] = {
            "object": "comment",
            "id": row["id"],
            "postedBy": self._store.identity.render_user(row["posted_by"]),
            "postedAt": row["posted_at"],
            "reactions": self._reactions("comment", row["id"]),
            "replies": replies,
            "body": {"markdown": row["markdown"]},
            "target": target,
            "urls": {
                "location": self._location(row["space_id"], row["change_request_id"], row["id"])
            },
            "permissions": self._flags(actor, role, row["posted_by"]),
            "status": row["status"],
        }
        if row["edited_at"]:
            out["editedAt"] = row["edited_at"]
        if row["status"] == "resolved":
            out["resolvedAt"] = row["resolved_at"]
            out["resolvedBy"] = self._store.identity.render_user(row["resolved_by"])
        return out

    def render_reply(
        self, actor: Actor, role: str | None, row: sqlite3.Row, parent: sqlite3.Row
    ) -> dict[str, Any]:
        out: dict[str, Any] = {
            "object": "comment-reply",
            "id": row["id"],
            "postedBy": self._store.identity.render_user(row["posted_by"]),
            "postedAt": row["posted_at"],
            "reactions": self._reactions("reply", row["id"]),
            "body": {"markdown": row["markdown"]},
            "urls": {
                "location": self._location(
                    parent["space_id"], parent["change_request_id"], parent["id"]
                )
                + f"#{row['id']}"
            },
            "permissions": self._flags(actor, role, row["posted_by"]),
        }
        if row["edited_at"]:
            out["editedAt"] = row["edited_at"]
        return out

    # -- comments -----------------------------------------------------------------------------

    def list_comments(
        self,
        actor: Actor,
        space_id: str,
        cr_ref: str | None,
        *,
        status: str,
        order: str,
        target_page: str | None,
        authors: list[str] | None,
        page: str | None,
        limit: int | None,
    ) -> dict[str, Any]:
        role, cr_id = self._scope(actor, space_id, cr_ref)
        rows = self._db.all(
            "SELECT * FROM comments WHERE space_id = ? AND change_request_id IS ?",
            (space_id, cr_id),
        )
        if status != "all":
            rows = [r for r in rows if r["status"] == status]
        if target_page:
            rows = [
                r
                for r in rows
                if (loads(r["target"]) or {}).get("page", {}).get("id") == target_page
            ]
        if authors:
            rows = [r for r in rows if r["posted_by"] in authors]
        return paginate(
            rows,
            key=lambda r: (r["posted_at"], r["id"]),
            cursor=page,
            limit=limit,
            descending=order != "asc",
            render=lambda r: self.render(actor, role, r),
        )

    def get(
        self, actor: Actor, space_id: str, cr_ref: str | None, comment_id: str
    ) -> dict[str, Any]:
        role, cr_id = self._scope(actor, space_id, cr_ref)
        return self.render(actor, role, self._comment(space_id, cr_id, comment_id))

    def post(
        self,
        actor: Actor,
        space_id: str,
        cr_ref: str | None,
        *,
        markdown: str,
        page_id: str | None = None,
        node: str | None = None,
        comment_id: str | None = None,
    ) -> dict[str, Any]:
        role, cr_id = self._scope(actor, space_id, cr_ref)
        require(space_permissions(role), "comment", f"space {space_id}")
        revision = self._db.scalar(
            "SELECT revision_id FROM change_requests WHERE id = ?"
            if cr_id
            else "SELECT revision_id FROM spaces WHERE id = ?",
            (cr_id or space_id,),
        )
        target: dict[str, Any] = {"space": space_id, "revision": revision or ""}
        if cr_id:
            target["changeRequest"] = cr_id
        if page_id is not None:
            page = self._store.content.page_target(space_id, cr_id, page_id)
            if page is None:
                raise Invalid("page", f"no page {page_id!r} in this revision")
            target["page"] = page
        if node is not None:
            target["node"] = {"id": node}
        new = comment_id or new_id("cm_")
        with self._db.transaction():
            self._db.execute(
                "INSERT INTO comments(id, space_id, change_request_id, posted_by, posted_at, markdown, target) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (new, space_id, cr_id, actor.user_id, self._store.now(), markdown, dumps(target)),
            )
        return self.get(actor, space_id, cr_ref, new)

    def update(
        self,
        actor: Actor,
        space_id: str,
        cr_ref: str | None,
        comment_id: str,
        *,
        resolved: bool | None,
        markdown: str | None,
        added: list[str],
        removed: list[str],
    ) -> dict[str, Any]:
        role, cr_id = self._scope(actor, space_id, cr_ref)
        row = self._comment(space_id, cr_id, comment_id)
        flags = self._flags(actor, role, row["posted_by"])
        require(space_permissions(role), "comment", f"space {space_id}")
        if markdown is not None and not flags["edit"]:
            raise Forbidden("edit", f"comment {comment_id}")
        now = self._store.now()
        with self._db.transaction():
            if resolved is True and row["status"] != "resolved":
                self._db.execute(
                    "UPDATE comments SET status = 'resolved', resolved_at = ?, resolved_by = ? WHERE id = ?",
                    (now, actor.user_id, comment_id),
                )
            elif resolved is False:
                self._db.execute(
                    "UPDATE comments SET status = 'open', resolved_at = NULL, resolved_by = NULL WHERE id = ?",
                    (comment_id,),
                )
            if markdown is not None:
                self._db.execute(
                    "UPDATE comments SET markdown = ?, edited_at = ? WHERE id = ?",
                    (markdown, now, comment_id),
                )
            self._react(actor, "comment", comment_id, added, removed)
        return self.get(actor, space_id, cr_ref, comment_id)

    def _react(
        self, actor: Actor, kind: str, subject: str, added: list[str], removed: list[str]
    ) -> None:
        for emoji in added:
            self._db.execute(
                "INSERT OR IGNORE INTO reactions(subject_kind, subject_id, user_id, emoji, reacted_at) VALUES (?, ?, ?, ?, ?)",
                (kind, subject, actor.user_id, emoji, self._store.now()),
            )
        for emoji in removed:
            self._db.execute(
                "DELETE FROM reactions WHERE subject_kind = ? AND subject_id = ? AND user_id = ? AND emoji = ?",
                (kind, subject, actor.user_id, emoji),
            )

    def delete(self, actor: Actor, space_id: str, cr_ref: str | None, comment_id: str) -> bool:
        role, cr_id = self._scope(actor, space_id, cr_ref)
        row = self._db.one(
            "SELECT * FROM comments WHERE id = ? AND space_id = ? AND change_request_id IS ?",
            (comment_id, space_id, cr_id),
        )
        if row is None:
            return False
        if not self._flags(actor, role, row["posted_by"])["delete"]:
            raise Forbidden("delete", f"comment {comment_id}")
        with self._db.transaction():
            replies = [
                r["id"]
                for r in self._db.all(
                    "SELECT id FROM comment_replies WHERE comment_id = ?", (comment_id,)
                )
            ]
            for reply in replies:
                self._db.execute(
                    "DELETE FROM reactions WHERE subject_kind = 'reply' AND subject_id = ?",
                    (reply,),
                )
            self._db.execute(
                "DELETE FROM reactions WHERE subject_kind = 'comment' AND subject_id = ?",
                (comment_id,),
            )
            self._db.execute("DELETE FROM comments WHERE id = ?", (comment_id,))
        return True

    # -- replies ------------------------------------------------------------------------------

    def list_replies(
        self,
        actor: Actor,
        space_id: str,
        cr_ref: str,
        comment_id: str,
        *,
        page: str | None,
        limit: int | None,
    ) -> dict[str, Any]:
        role, cr_id = self._scope(actor, space_id, cr_ref)
        parent = self._comment(space_id, cr_id, comment_id)
        rows = self._db.all("SELECT * FROM comment_replies WHERE comment_id = ?", (comment_id,))
        return paginate(
            rows,
            key=lambda r: (r["posted_at"], r["id"]),
            cursor=page,
            limit=limit,
            render=lambda r: self.render_reply(actor, role, r, parent),
        )

    def get_reply(
        self, actor: Actor, space_id: str, cr_ref: str | None, comment_id: str, reply_id: str
    ) -> dict[str, Any]:
        role, cr_id = self._scope(actor, space_id, cr_ref)
        parent = self._comment(space_id, cr_id, comment_id)
        return self.render_reply(actor, role, self._reply(comment_id, reply_id), parent)

    def post_reply(
        self,
        actor: Actor,
        space_id: str,
        cr_ref: str | None,
        comment_id: str,
        *,
        markdown: str,
        reply_id: str | None = None,
    ) -> dict[str, Any]:
        role, cr_id = self._scope(actor, space_id, cr_ref)
        self._comment(space_id, cr_id, comment_id)
        require(space_permissions(role), "comment", f"space {space_id}")
        new = reply_id or new_id("rp_")
        with self._db.transaction():
            self._db.execute(
                "INSERT INTO comment_replies(id, comment_id, posted_by, posted_at, markdown) VALUES (?, ?, ?, ?, ?)",
                (new, comment_id, actor.user_id, self._store.now(), markdown),
            )
        return self.get_reply(actor, space_id, cr_ref, comment_id, new)

    def update_reply(
        self,
        actor: Actor,
        space_id: str,
        cr_ref: str,
        comment_id: str,
        reply_id: str,
        *,
        markdown: str | None,
        added: list[str],
        removed: list[str],
    ) -> dict[str, Any]:
        role, cr_id = self._scope(actor, space_id, cr_ref)
        self._comment(space_id, cr_id, comment_id)
        row = self._reply(comment_id, reply_id)
        require(space_permissions(role), "comment", f"space {space_id}")
        if markdown is not None and not self._flags(actor, role, row["posted_by"])["edit"]:
            raise Forbidden("edit", f"reply {reply_id}")
        with self._db.transaction():
            if markdown is not None:
                self._db.execute(
                    "UPDATE comment_replies SET markdown = ?, edited_at = ? WHERE id = ?",
                    (markdown, self._store.now(), reply_id),
                )
            self._react(actor, "reply", reply_id, added, removed)
        return self.get_reply(actor, space_id, cr_ref, comment_id, reply_id)

    def delete_reply(
        self, actor: Actor, space_id: str, cr_ref: str, comment_id: str, reply_id: str
    ) -> bool:
        role, cr_id = self._scope(actor, space_id, cr_ref)
        self._comment(space_id, cr_id, comment_id)
        row = self._db.one(
            "SELECT * FROM comment_replies WHERE id = ? AND comment_id = ?", (reply_id, comment_id)
        )
        if row is None:
            return False
        if not self._flags(actor, role, row["posted_by"])["delete"]:
            raise Forbidden("delete", f"reply {reply_id}")
        with self._db.transaction():
            self._db.execute(
                "DELETE FROM reactions WHERE subject_kind = 'reply' AND subject_id = ?", (reply_id,)
            )
            self._db.execute("DELETE FROM comment_replies WHERE id = ?", (reply_id,))
        return True

    def commenters(
        self, actor: Actor, space_id: str, cr_ref: str, *, page: str | None, limit: int | None
    ) -> dict[str, Any]:
        _, cr_id = self._scope(actor, space_id, cr_ref)
        org_id = self._store.spaces.row(space_id)["org_id"]
        users = {
            r["posted_by"]
            for r in self._db.all(
                "SELECT posted_by FROM comments WHERE change_request_id = ? UNION "
                "SELECT r.posted_by FROM comment_replies r JOIN comments c ON c.id = r.comment_id WHERE c.change_request_id = ?",
                (cr_id, cr_id),
            )
        }
        members = [
            u
            for u in sorted(users)
            if self._db.one("SELECT 1 FROM members WHERE org_id = ? AND user_id = ?", (org_id, u))
        ]
        envelope = paginate(
            members,
            key=lambda u: (u,),
            cursor=page,
            limit=limit,
            render=lambda u: self._store.orgs.render_member(org_id, u),
        )
        envelope["total"] = len(members)
        return envelope
