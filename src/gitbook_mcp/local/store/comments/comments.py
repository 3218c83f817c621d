"""Comments on spaces and change requests: replies, reactions, resolve and reopen, commenters
(state and rules).

Reads need ``space.view`` (else the space is missing); posting, replying, resolving and reacting
need ``space.comment``; changing the text needs the comment's ``edit`` flag (its author, or a
space admin) and deleting its ``delete`` flag. Reply counts and the space's open-comment count
are computed from the rows, so they follow every write.
"""

# Over 400 lines: comments and their replies share the scope, lookup and permission checks
# that make up half of this module; splitting replies out would duplicate them or expose them.

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Literal, TypeVar

from gitbook_mcp.local.errors import Forbidden, Invalid, one_of
from gitbook_mcp.local.store.access import Actor, require, space_permissions
from gitbook_mcp.local.store.comments.reactions import apply_reactions
from gitbook_mcp.local.store.comments.render import BodyFormat, CommentRenderer
from gitbook_mcp.local.store.db import dumps, new_id
from gitbook_mcp.local.store.paging import FIRST_PAGE, PageWindow, paginate
from gitbook_mcp.local.store.part import found
from gitbook_mcp.local.store.spaces.part import SpacePart

if TYPE_CHECKING:
    import sqlite3

    from gitbook_mcp.local.store.change_requests.rows import ChangeRequestRows
    from gitbook_mcp.local.store.comments.bodies import CommentUpdate
    from gitbook_mcp.local.store.content.content import ContentStore
    from gitbook_mcp.local.store.organizations.organizations import OrgStore
    from gitbook_mcp.local.store.spaces.part import SpaceScope

__all__ = ["STATUS_FILTERS", "CommentStore"]

_POSTS = {"comment": ("comments", "comment"), "reply": ("comment_replies", "comment reply")}
"""The table of each kind of post, and the word its errors use."""

_COMMENT = "SELECT * FROM comments WHERE id = ? AND space_id = ? AND change_request_id IS ?"
"""A comment by (id, space, change request or NULL)."""
_REPLY = "SELECT * FROM comment_replies WHERE id = ? AND comment_id = ?"
"""A reply by (id, comment)."""

T = TypeVar("T")
STATUS_FILTERS = ("all", "open", "resolved")
"""The list filter ``status`` (stored statuses are ``open`` and ``resolved``)."""


def _page_of(
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


def _key(row: sqlite3.Row) -> tuple[str, int]:
    return (row["posted_at"], int(row["seq"]))


class CommentStore(SpacePart):
    def __init__(
        self,
        scope: SpaceScope,
        orgs: OrgStore,
        content: ContentStore,
        change_requests: ChangeRequestRows,
    ) -> None:
        super().__init__(scope)
        self._orgs = orgs
        self._content = content
        self._change_requests = change_requests
        self.render = CommentRenderer(scope.db, scope.clock, scope.identity, content)

    # -- access and lookup ------------------------------------------------------------------

    def _scope(
        self, actor: Actor, space_id: str, cr_ref: str | None
    ) -> tuple[str | None, str | None]:
        """(caller's space role, change request id), after the space.view check (404)."""
        role = self._spaces.require_space(actor, space_id)
        if cr_ref is None:
            return role, None
        return role, self._change_requests.resolve(actor, space_id, cr_ref)

    def _thread(
        self, actor: Actor, space_id: str, cr_ref: str | None, comment_id: str
    ) -> tuple[str | None, sqlite3.Row]:
        """(caller's space role, the comment) of a reply operation: the thread must exist."""
        role, cr_id = self._scope(actor, space_id, cr_ref)
        return role, self._comment(space_id, cr_id, comment_id)

    def _find(self, space_id: str, cr_id: str | None, comment_id: str) -> sqlite3.Row | None:
        return self._db.one(_COMMENT, (comment_id, space_id, cr_id))

    def _comment(self, space_id: str, cr_id: str | None, comment_id: str) -> sqlite3.Row:
        return found(self._db, "comment", _COMMENT, comment_id, space_id, cr_id)

    def _find_reply(self, comment_id: str, reply_id: str) -> sqlite3.Row | None:
        return self._db.one(_REPLY, (reply_id, comment_id))

    def _reply(self, comment_id: str, reply_id: str) -> sqlite3.Row:
        return found(self._db, "comment reply", _REPLY, reply_id, comment_id)

    def _may_post(self, role: str | None, space_id: str, markdown: str) -> None:
        """A new comment or reply needs space.comment and some text."""
        require(space_permissions(role), "comment", f"space {space_id}")
        if not markdown.strip():
            raise Invalid("body.markdown", "must not be empty")

    def _insert(
        self, post: Literal["comment", "reply"], actor: Actor, markdown: str, **columns: Any
    ) -> None:
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

    def _edit(
        self,
        actor: Actor,
        role: str | None,
        row: sqlite3.Row,
        edit: CommentUpdate,
        *,
        space_id: str,
        post: Literal["comment", "reply"],
        resolve: Callable[[str], None] | None = None,
    ) -> None:
        """Apply the `CommentUpdate` to a comment or reply in one write. space.comment for any
        update, and the ``edit`` flag too when the text changes (the same text again is no
        change); ``resolve`` runs first, given the time."""
        table, what = _POSTS[post]
        require(space_permissions(role), "comment", f"space {space_id}")
        markdown = edit.markdown
        changes = markdown is not None and markdown != row["markdown"]
        if changes and not self.render.flags(actor, role, row["posted_by"])["edit"]:
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

    # -- comments -----------------------------------------------------------------------------

    def list_comments(
        self,
        actor: Actor,
        space_id: str,
        cr_ref: str | None,
        *,
        status: str = "all",
        order: str = "desc",
        target_page: str | None = None,
        authors: Sequence[str] | None = None,
        paging: PageWindow = FIRST_PAGE,
        fmt: BodyFormat = "markdown",
    ) -> dict[str, Any]:
        """The comments of the space (or of the change request), newest first by default."""
        one_of("status", status, STATUS_FILTERS)
        role, cr_id = self._scope(actor, space_id, cr_ref)
        sql = "SELECT * FROM comments WHERE space_id = ? AND change_request_id IS ?"
        params: list[Any] = [space_id, cr_id]
        if status != "all":
            sql += " AND status = ?"
            params.append(status)
        if target_page:
            sql += " AND page_id = ?"
            params.append(target_page)
        if authors:
            sql += f" AND posted_by IN ({','.join('?' for _ in authors)})"
            params.extend(authors)
        return _page_of(
            self._db.all(sql, params),
            key=_key,
            paging=paging,
            descending=order != "asc",
            render=lambda r: self.render.comment(actor, role, r, fmt),
        )

    def get(
        self,
        actor: Actor,
        space_id: str,
        cr_ref: str | None,
        comment_id: str,
        *,
        fmt: BodyFormat = "markdown",
    ) -> dict[str, Any]:
        role, cr_id = self._scope(actor, space_id, cr_ref)
        return self.render.comment(actor, role, self._comment(space_id, cr_id, comment_id), fmt)

    def post(
        self,
        actor: Actor,
        space_id: str,
        cr_ref: str | None,
        *,
        markdown: str,
        page_id: str | None = None,
        node: str | None = None,
        table_cell: dict[str, str] | None = None,
        comment_id: str | None = None,
    ) -> dict[str, Any]:
        """A new open comment; ``page_id`` must name a page of the space (or change request)."""
        role, cr_id = self._scope(actor, space_id, cr_ref)
        self._may_post(role, space_id, markdown)
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
            page = self._content.page_target(space_id, cr_id, page_id)
            if page is None:
                where = "change request" if cr_id else "space"
                raise Invalid("page", f"no page {page_id!r} in this {where}")
            target["page"] = page
        if node is not None:
            target["node"] = {"id": node}
        if table_cell is not None:
            target["tableCell"] = dict(table_cell)
        new = comment_id or new_id("cm_")
        self._insert(
            "comment",
            actor,
            markdown,
            id=new,
            space_id=space_id,
            change_request_id=cr_id,
            status="open",
            target=dumps(target),
            page_id=page_id,
        )
        return self.render.comment(actor, role, self._comment(space_id, cr_id, new))

    def update(
        self,
        actor: Actor,
        space_id: str,
        cr_ref: str | None,
        comment_id: str,
        edit: CommentUpdate,
        *,
        resolved: bool | None = None,
    ) -> dict[str, Any]:
        """Resolve (true) or reopen (false), and apply the `CommentUpdate` (text, own reactions)."""
        role, cr_id = self._scope(actor, space_id, cr_ref)
        row = self._comment(space_id, cr_id, comment_id)

        def resolve(now: str) -> None:
            if resolved is True and row["status"] != "resolved":
                self._db.execute(
                    "UPDATE comments SET status = 'resolved', resolved_at = ?, resolved_by = ? "
                    "WHERE id = ?",
                    (now, actor.user_id, comment_id),
                )
            elif resolved is False and row["status"] != "open":
                self._db.execute(
                    "UPDATE comments SET status = 'open', resolved_at = NULL, resolved_by = NULL "
                    "WHERE id = ?",
                    (comment_id,),
                )

        self._edit(actor, role, row, edit, space_id=space_id, post="comment", resolve=resolve)
        return self.render.comment(actor, role, self._comment(space_id, cr_id, comment_id))

    def delete(self, actor: Actor, space_id: str, cr_ref: str | None, comment_id: str) -> bool:
        """Delete the comment with its replies and reactions; False when it did not exist."""
        role, cr_id = self._scope(actor, space_id, cr_ref)
        row = self._find(space_id, cr_id, comment_id)
        return self._delete_authored(actor, role, row, table="comments", what="comment")

    # -- replies ------------------------------------------------------------------------------

    def list_replies(
        self,
        actor: Actor,
        space_id: str,
        cr_ref: str | None,
        comment_id: str,
        *,
        paging: PageWindow = FIRST_PAGE,
        fmt: BodyFormat = "markdown",
    ) -> dict[str, Any]:
        """The comment's replies, oldest first."""
        role, parent = self._thread(actor, space_id, cr_ref, comment_id)
        rows = self._db.all("SELECT * FROM comment_replies WHERE comment_id = ?", (comment_id,))
        return _page_of(
            rows,
            key=_key,
            paging=paging,
            render=lambda r: self.render.reply(actor, role, r, parent, fmt),
        )

    def get_reply(
        self,
        actor: Actor,
        space_id: str,
        cr_ref: str | None,
        comment_id: str,
        reply_id: str,
        *,
        fmt: BodyFormat = "markdown",
    ) -> dict[str, Any]:
        role, parent = self._thread(actor, space_id, cr_ref, comment_id)
        return self.render.reply(actor, role, self._reply(comment_id, reply_id), parent, fmt)

    def post_reply(
        self,
        actor: Actor,
        space_id: str,
        cr_ref: str | None,
        comment_id: str,
        *,
        markdown: str,
        reply_id: str | None = None,
        fmt: BodyFormat = "markdown",
    ) -> dict[str, Any]:
        """A reply in the comment's thread (space.comment)."""
        role, parent = self._thread(actor, space_id, cr_ref, comment_id)
        self._may_post(role, space_id, markdown)
        new = reply_id or new_id("rp_")
        self._insert("reply", actor, markdown, id=new, comment_id=comment_id)
        return self.render.reply(actor, role, self._reply(comment_id, new), parent, fmt)

    def update_reply(
        self,
        actor: Actor,
        space_id: str,
        cr_ref: str | None,
        comment_id: str,
        reply_id: str,
        edit: CommentUpdate,
    ) -> dict[str, Any]:
        """Apply the `CommentUpdate` to the reply: its text (its ``edit`` flag), the caller's
        reactions."""
        role, parent = self._thread(actor, space_id, cr_ref, comment_id)
        row = self._reply(comment_id, reply_id)
        self._edit(actor, role, row, edit, space_id=space_id, post="reply")
        return self.render.reply(actor, role, self._reply(comment_id, reply_id), parent)

    def delete_reply(
        self, actor: Actor, space_id: str, cr_ref: str | None, comment_id: str, reply_id: str
    ) -> bool:
        """Delete the reply and its reactions; False when it did not exist (the comment must)."""
        role, _ = self._thread(actor, space_id, cr_ref, comment_id)
        row = self._find_reply(comment_id, reply_id)
        return self._delete_authored(
            actor, role, row, table="comment_replies", what="comment reply"
        )

    def _delete_authored(
        self, actor: Actor, role: str | None, row: sqlite3.Row | None, *, table: str, what: str
    ) -> bool:
        """Delete a comment or reply the caller may delete; False when it did not exist."""
        if row is None:
            return False
        if not self.render.flags(actor, role, row["posted_by"])["delete"]:
            raise Forbidden("delete", f"{what} {row['id']}")
        with self._db.transaction():
            self._db.execute(f"DELETE FROM {table} WHERE id = ?", (row["id"],))
        return True

    # -- commenters ---------------------------------------------------------------------------

    def commenters(
        self,
        actor: Actor,
        space_id: str,
        cr_ref: str,
        *,
        paging: PageWindow = FIRST_PAGE,
    ) -> dict[str, Any]:
        """Members of the space's organization who commented or replied in the change request."""
        _, cr_id = self._scope(actor, space_id, cr_ref)
        org_id = str(self._db.scalar("SELECT org_id FROM spaces WHERE id = ?", (space_id,)))
        users = [
            str(r["user_id"])
            for r in self._db.all(
                "SELECT m.user_id FROM members m WHERE m.org_id = ? AND m.user_id IN ("
                "SELECT posted_by FROM comments WHERE change_request_id = ? UNION "
                "SELECT r.posted_by FROM comment_replies r JOIN comments c ON c.id = r.comment_id "
                "WHERE c.change_request_id = ?)",
                (org_id, cr_id, cr_id),
            )
        ]
        envelope = _page_of(
            users,
            key=lambda u: (u,),
            paging=paging,
            render=lambda u: self._orgs.render_member(org_id, u),
        )
        envelope["total"] = len(users)
        return envelope
