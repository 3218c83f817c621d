"""Replies in a comment's thread (state and rules), a part of its own beside the comments."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

from gitbook_mcp.local.store.comments.posts import page_of, posted_order
from gitbook_mcp.local.store.db import new_id
from gitbook_mcp.local.store.paging import FIRST_PAGE, PageWindow
from gitbook_mcp.local.store.part import StorePart, found

if TYPE_CHECKING:
    import sqlite3

    from gitbook_mcp.local.store.access import Actor
    from gitbook_mcp.local.store.comments.bodies import CommentUpdate
    from gitbook_mcp.local.store.comments.posts import CommentPosts
    from gitbook_mcp.local.store.comments.render import BodyFormat, CommentRenderer

__all__ = ["CommentThread", "ReplyStore"]

_REPLY = "SELECT * FROM comment_replies WHERE id = ? AND comment_id = ?"
"""A reply by (id, comment)."""


class CommentThread(NamedTuple):
    """The comment a reply belongs to, as its route names it: every reply operation's address."""

    space_id: str
    cr_ref: str | None
    comment_id: str


@dataclass(eq=False, repr=False)
class ReplyStore(StorePart):
    """The replies of a comment; the checks they share with comments are `CommentPosts`'."""

    _posts: CommentPosts
    _render: CommentRenderer

    def _thread(self, actor: Actor, thread: CommentThread) -> tuple[str | None, sqlite3.Row]:
        """(caller's space role, the comment) of a reply operation: the thread must exist."""
        role, cr_id = self._posts.scope(actor, thread.space_id, thread.cr_ref)
        return role, self._posts.comment(thread.space_id, cr_id, thread.comment_id)

    def _find(self, comment_id: str, reply_id: str) -> sqlite3.Row | None:
        return self._db.one(_REPLY, (reply_id, comment_id))

    def _reply(self, comment_id: str, reply_id: str) -> sqlite3.Row:
        return found(self._db, "comment reply", _REPLY, reply_id, comment_id)

    def list_replies(
        self,
        actor: Actor,
        thread: CommentThread,
        *,
        paging: PageWindow = FIRST_PAGE,
        fmt: BodyFormat = "markdown",
    ) -> dict[str, Any]:
        """The comment's replies, oldest first."""
        role, parent = self._thread(actor, thread)
        rows = self._db.all(
            "SELECT * FROM comment_replies WHERE comment_id = ?", (thread.comment_id,)
        )
        return page_of(
            rows,
            key=posted_order,
            paging=paging,
            render=lambda r: self._render.reply(actor, role, r, parent, fmt),
        )

    def get(
        self, actor: Actor, thread: CommentThread, reply_id: str, *, fmt: BodyFormat = "markdown"
    ) -> dict[str, Any]:
        role, parent = self._thread(actor, thread)
        row = self._reply(thread.comment_id, reply_id)
        return self._render.reply(actor, role, row, parent, fmt)

    def post(
        self,
        actor: Actor,
        thread: CommentThread,
        *,
        markdown: str,
        reply_id: str | None = None,
        fmt: BodyFormat = "markdown",
    ) -> dict[str, Any]:
        """A reply in the comment's thread (space.comment)."""
        role, parent = self._thread(actor, thread)
        self._posts.may_post(role, thread.space_id, markdown)
        new = reply_id or new_id("rp_")
        self._posts.insert("reply", actor, markdown, id=new, comment_id=thread.comment_id)
        return self._render.reply(actor, role, self._reply(thread.comment_id, new), parent, fmt)

    def update(
        self, actor: Actor, thread: CommentThread, reply_id: str, edit: CommentUpdate
    ) -> dict[str, Any]:
        """Apply the `CommentUpdate` to the reply: its text (its ``edit`` flag), the caller's
        reactions."""
        role, parent = self._thread(actor, thread)
        row = self._reply(thread.comment_id, reply_id)
        self._posts.edit(actor, role, row, edit, space_id=thread.space_id, post="reply")
        return self._render.reply(actor, role, self._reply(thread.comment_id, reply_id), parent)

    def delete(self, actor: Actor, thread: CommentThread, reply_id: str) -> bool:
        """Delete the reply and its reactions; False when it did not exist (the comment must)."""
        role, _ = self._thread(actor, thread)
        return self._posts.delete(actor, role, self._find(thread.comment_id, reply_id), "reply")
