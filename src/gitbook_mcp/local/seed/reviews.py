"""Demo review work on the handbook: #1 "Rewrite install guide" has a requested reviewer (Sam,
asked by the editor) and a review (the admin asks for changes, with a comment); #4 "Move
Publishing to the top level" (open, by the editor) moves ``guides/publishing`` to
``publishing``, so merging it breaks the relative links to it from ``guides`` and
``guides/writing``. Edits are counted for the contributors of every demo change request.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gitbook_mcp.local.seed.content import CR_INSTALL, CR_MERGED, CR_TROUBLESHOOT, PAGE_PUBLISHING
from gitbook_mcp.local.seed.ids import SPACES
from gitbook_mcp.local.store.access import Actor

if TYPE_CHECKING:
    from gitbook_mcp.local.store import Store

__all__ = ["CR_MOVE", "REVIEW_COMMENT", "seed"]

CR_MOVE = "cr_move_publishing"
"""#4 "Move Publishing to the top level", open, by the editor."""
REVIEW_COMMENT = "Please link the verify page once it exists."
"""The comment of the admin's review (changes requested) on #1."""


def seed(store: Store) -> None:
    change_requests = store.change_requests
    handbook = SPACES["handbook"]
    _, revision = change_requests.rows.create(
        handbook,
        subject="Move Publishing to the top level",
        status="open",
        created_by="usr_editor",
        change_request_id=CR_MOVE,
    )
    # The move, written directly in the store: the page and its path, last among the roots.
    store.db.execute(
        "UPDATE pages SET parent_id = NULL, path = slug, position = (SELECT MAX(position) + 1 "
        "FROM pages WHERE revision_id = ? AND parent_id IS NULL) WHERE revision_id = ? AND id = ?",
        (revision, revision, PAGE_PUBLISHING),
    )
    for cr_id, user_id in (
        (CR_INSTALL, "usr_editor"),
        (CR_TROUBLESHOOT, "usr_dana"),
        (CR_MERGED, "usr_admin"),
        (CR_MOVE, "usr_editor"),
    ):
        change_requests.reviewers.record_edit(cr_id, user_id)
    change_requests.reviewers.request(
        Actor("usr_editor"), handbook, CR_INSTALL, ["usr_sam"], subject=None
    )
    change_requests.reviews.submit(
        Actor("usr_admin"),
        handbook,
        CR_INSTALL,
        status="changes-requested",
        comment=REVIEW_COMMENT,
    )
