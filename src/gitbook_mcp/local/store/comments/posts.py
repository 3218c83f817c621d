"""The steps comments and replies share (scope, comment lookup, checked writes), in one place."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from gitbook_mcp.local.errors import Forbidden, Invalid
from gitbook_mcp.local.store.access import Actor, require, space_permissions
from gitbook_mcp.local.store.comments.reactions import Subject, apply_reactions
from gitbook_mcp.local.store.paging import PageWindow, paginate
from gitbook_mcp.local.store.part import StorePart, found

if TYPE_CHECKING:
    import sqlite3

    from gitbook_mcp.local.store.change_requests.rows import ChangeRequestRows
    from gitbook_mcp.local.store.comments.bodies import CommentUpdate
    from gitbook_mcp.local.store.comments.render import CommentRenderer
    from gitbook_mcp.local.store.spaces.rows import SpaceRows

__all__ = ["CommentPosts", "page_of", "posted_order"]

_POSTS: dict[Subject, tuple[str, str]] = {
    "comment": ("comments", "comment"),
    "reply": ("comment_replies", "comment reply"),
}
"""The table of each kind of post, and the word its errors use."""

_COMMENT = "SELECT * FROM comments WHERE id = ? AND space_id = ? AND change_request_id IS ?"
"""A comment by (id, space, change request or NULL)."""

T = TypeVar("T")


def page_of(
    rows: Sequence[T],
    *,
    key: Callable[[T], Sequence[Any]],
    paging: PageWindow,
    descending: bool = False,
    render: Callable[[T], Any],
) -> dict[str, Any]:
    """`paginate`, with a cursor of another list's shape refused as a 400 naming ``page``."""
    try:
        envelope = paginate(rows, key=key, paging=paging, descending=descending)
    except TypeError as exc:
        raise Invalid("page", "is not a cursor returned by this list") from exc
    envelope["items"] = [render(item) for item in envelope["items"]]
    return envelope


def posted_order(row: sqlite3.Row) -> tuple[str, int]:
    """The list order of comments and replies: when posted, then as posted (``seq``)."""
    return (row["posted_at"], int(row["seq"]))


@dataclass(eq=False, repr=False)
class CommentPosts(StorePart):
    """The steps every comment and reply operation shares, so their rules live in one place."""

    _spaces: SpaceRows
    _change_requests: ChangeRequestRows
    _render: CommentRenderer

    # -- access and lookup ------------------------------------------------------------------

    def scope(
        self, actor: Actor, space_id: str, cr_ref: str | None
    ) -> tuple[str | None, str | None]:
        """(caller's space role, change request id), after the space.view check (404)."""
        role = self._spaces.require_space(actor, space_id)
        if cr_ref is None:
            return role, None
        return role, self._change_requests.resolve(actor, space_id, cr_ref)

    def find_comment(self, space_id: str, cr_id: str | None, comment_id: str) -> sqlite3.Row | None:
        return self._db.one(_COMMENT, (comment_id, space_id, cr_id))

    def comment(self, space_id: str, cr_id: str | None, comment_id: str) -> sqlite3.Row:
        return found(self._db, "comment", _COMMENT, comment_id, space_id, cr_id)

    # -- writes -------------------------------------------------------------------------------

    def may_post(self, role: str | None, space_id: str, markdown: str) -> None:
        """A new comment or reply needs space.comment and some text."""
        require(space_permissions(role), "comment", f"space {space_id}")
        if not markdown.strip():
            raise Invalid("body.markdown", "must not be empty")

    def insert(self, post: Subject, actor: Actor, markdown: str, **columns: Any) -> None:
        """Write the caller's new comment or reply, posted now and last of its kind (``seq``)."""
        table = _POSTS[post][0]
        values = {
            **columns,
            "posted_by": actor.user_id,
            "posted_at": self._clock.stamp(),
            "markdown": markdown,
        }
        with self._db.transaction():
            values["seq"] = int(self._db.scalar(f"SELECT COALESCE(MAX(seq), 0) + 1 FROM {table}"))
            marks = ", ".join("?" for _ in values)
            self._db.execute(
                f"INSERT INTO {table}({', '.join(values)}) VALUES ({marks})", tuple(values.values())
            )

    def edit(
        self,
        actor: Actor,
        role: str | None,
        row: sqlite3.Row,
        edit: CommentUpdate,
        *,
        space_id: str,
        post: Subject,
        resolve: Callable[[str], None] | None = None,
    ) -> None:
        """Apply the `CommentUpdate` to a comment or reply in one write. space.comment for any
        update, and the ``edit`` flag too when the text changes (the same text again is no
        change); ``resolve`` runs first, given the time."""
        table, what = _POSTS[post]
        require(space_permissions(role), "comment", f"space {space_id}")
        markdown = edit.markdown
        changes = markdown is not None and markdown != row["markdown"]
        if changes and not self._render.flags(actor, role, row["posted_by"])["edit"]:
            raise Forbidden("edit", f"{what} {row['id']}")
        if markdown is not None and not markdown.strip():
            raise Invalid("body.markdown", "must not be empty")
        now = self._clock.stamp()
        with self._db.transaction():
            if resolve is not None:
                resolve(now)
            if changes:
                self._db.execute(
                    f"UPDATE {table} SET markdown = ?, edited_at = ? WHERE id = ?",
                    (markdown, now, row["id"]),
                )
            apply_reactions(
                self._db,
                post,
                row["id"],
                actor.user_id,
                added=edit.added,
                removed=edit.removed,
                now=now,
            )

    def delete(
        self, actor: Actor, role: str | None, row: sqlite3.Row | None, post: Subject
    ) -> bool:
        """Delete a comment or reply the caller may delete; False when it did not exist."""
        if row is None:
            return False
        table, what = _POSTS[post]
        if not self._render.flags(actor, role, row["posted_by"])["delete"]:
            raise Forbidden("delete", f"{what} {row['id']}")
        with self._db.transaction():
            self._db.execute(f"DELETE FROM {table} WHERE id = ?", (row["id"],))
        return True
