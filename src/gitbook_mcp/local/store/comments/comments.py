"""Comments on spaces and change requests: resolve and reopen, commenters (state and rules); the
domain's store class, holding the replies (`ReplyStore`) as a part.

Reads need ``space.view`` (else the space is missing); posting, replying, resolving and reacting
need ``space.comment``; changing the text needs the comment's ``edit`` flag (its author, or a
space admin) and deleting its ``delete`` flag. Reply counts and the space's open-comment count
are computed from the rows, so they follow every write. The steps comments and replies share
are `CommentPosts`' (`posts`), called by both.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from gitbook_mcp.local.errors import Invalid, one_of
from gitbook_mcp.local.store.access import Actor
from gitbook_mcp.local.store.comments.posts import CommentPosts, page_of, posted_order
from gitbook_mcp.local.store.comments.render import BodyFormat, CommentRenderer
from gitbook_mcp.local.store.comments.replies import ReplyStore
from gitbook_mcp.local.store.db import dumps, new_id
from gitbook_mcp.local.store.paging import FIRST_PAGE, PageWindow
from gitbook_mcp.local.store.spaces.part import SpacePart

if TYPE_CHECKING:
    from gitbook_mcp.local.store.change_requests.rows import ChangeRequestRows
    from gitbook_mcp.local.store.comments.bodies import CommentUpdate
    from gitbook_mcp.local.store.content.content import ContentStore
    from gitbook_mcp.local.store.organizations.organizations import OrgStore
    from gitbook_mcp.local.store.spaces.part import SpaceScope

__all__ = ["STATUS_FILTERS", "CommentStore"]

STATUS_FILTERS = ("all", "open", "resolved")
"""The list filter ``status`` (stored statuses are ``open`` and ``resolved``)."""


class CommentStore(SpacePart):
    """The comments of spaces and change requests; their replies are the part `replies`."""

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
        db, clock = scope.db, scope.clock
        self.render = render = CommentRenderer(db, clock, scope.identity, content)
        self._posts = posts = CommentPosts(db, clock, scope.spaces, change_requests, render)
        self.replies = ReplyStore(db, clock, posts, render)

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
        role, cr_id = self._posts.scope(actor, space_id, cr_ref)
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
        return page_of(
            self._db.all(sql, params),
            key=posted_order,
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
        role, cr_id = self._posts.scope(actor, space_id, cr_ref)
        return self.render.comment(
            actor, role, self._posts.comment(space_id, cr_id, comment_id), fmt
        )

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
        role, cr_id = self._posts.scope(actor, space_id, cr_ref)
        self._posts.may_post(role, space_id, markdown)
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
        self._posts.insert(
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
        return self.render.comment(actor, role, self._posts.comment(space_id, cr_id, new))

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
        role, cr_id = self._posts.scope(actor, space_id, cr_ref)
        row = self._posts.comment(space_id, cr_id, comment_id)

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

        self._posts.edit(actor, role, row, edit, space_id=space_id, post="comment", resolve=resolve)
        return self.render.comment(actor, role, self._posts.comment(space_id, cr_id, comment_id))

    def delete(self, actor: Actor, space_id: str, cr_ref: str | None, comment_id: str) -> bool:
        """Delete the comment with its replies and reactions; False when it did not exist."""
        role, cr_id = self._posts.scope(actor, space_id, cr_ref)
        row = self._posts.find_comment(space_id, cr_id, comment_id)
        return self._posts.delete(actor, role, row, "comment")

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
        _, cr_id = self._posts.scope(actor, space_id, cr_ref)
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
        envelope = page_of(
            users,
            key=lambda u: (u,),
            paging=paging,
            render=lambda u: self._orgs.render_member(org_id, u),
        )
        envelope["total"] = len(users)
        return envelope
