"""Demo comments, posted through the comment store's own operations: six threads on the handbook
(four open, two resolved; replies and 👍/🎉 reactions from several users) and three on its change
request #1 (one resolved). Every comment and reply has a fixed, readable id."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from gitbook_mcp.local.seed.content import (
    PAGE_CONFIGURE,
    PAGE_FAQ,
    PAGE_INSTALL,
    PAGE_PUBLISHING,
    PAGE_UPGRADE,
    PAGE_WRITING,
)
from gitbook_mcp.local.seed.ids import SPACES
from gitbook_mcp.local.store.access import Actor
from gitbook_mcp.local.store.comments.bodies import CommentUpdate
from gitbook_mcp.local.store.comments.replies import CommentThread

if TYPE_CHECKING:
    from gitbook_mcp.local.store import Store

__all__ = [
    "COMMENT_DIAGRAM",
    "COMMENT_FAQ_FIXED",
    "COMMENT_INSTALL_TYPO",
    "COMMENT_SCREENSHOT",
    "COMMENT_STYLE",
    "COMMENT_TROUBLESHOOTING",
    "CR_COMMENT_LOOKS_GOOD",
    "CR_COMMENT_PACKAGE",
    "CR_COMMENT_VERIFY",
    "REPLY_INSTALL_TYPO",
    "REPLY_VERIFY",
    "seed",
]

COMMENT_INSTALL_TYPO = "cm_install_typo"
"""Open, by the commenter on Install; one reply (the editor); 👍 from the editor and Sam."""
COMMENT_STYLE = "cm_style_question"
"""Open, by Sam on Writing; replies from Dana and the admin; 👍 editor and Dana, 🎉 Dana."""
COMMENT_FAQ_FIXED = "cm_faq_link_fixed"
"""Resolved by the admin, by Dana on the FAQ; one reply; 🎉 from the commenter."""
COMMENT_SCREENSHOT = "cm_screenshot_outdated"
"""Resolved by its author, the editor, on Configure; no reply."""
COMMENT_TROUBLESHOOTING = "cm_troubleshooting_idea"
"""Open, by Sam on the space (no page); one reply; 👍 from the admin."""
COMMENT_DIAGRAM = "cm_publishing_diagram"
"""Open, by the commenter on Publishing; no reply, no reaction."""
CR_COMMENT_VERIFY = "cm_cr_verify_page"
"""Change request #1: open, by the commenter on Install; one reply (the editor)."""
CR_COMMENT_PACKAGE = "cm_cr_package_version"
"""Change request #1: resolved by the admin (✅), by Sam; one reply (Dana)."""
CR_COMMENT_LOOKS_GOOD = "cm_cr_looks_good"
"""Change request #1: open, by the admin on Upgrade (a page only the change request has)."""
REPLY_INSTALL_TYPO = "rp_install_typo_fixing"
REPLY_VERIFY = "rp_cr_verify_adding"


def _who(name: str) -> Actor:
    return Actor(f"usr_{name}")


def _page(store: Store, space_id: str, cr_id: str | None, page_id: str) -> str | None:
    """The page id when the content seed made that page, else None (the comment is on the
    space)."""
    return page_id if store.content.page_target(space_id, cr_id, page_id) is not None else None


Thread = tuple[str, str, str | None, str]
"""(comment id, author, page id or None for the parent itself, text)."""
Reply = tuple[str, str, str, str]
"""(comment id, author, text, reply id)."""
Update = tuple[str, str, list[str]]
"""(comment id, user, reactions): reactions added, or a resolve with the reactions added."""


@dataclass(frozen=True)
class _Plan:
    """One parent's demo comments, posted in this order: threads, replies, reactions, resolves."""

    threads: list[Thread]
    replies: list[Reply]
    reactions: list[Update] = field(default_factory=list)
    resolves: list[Update] = field(default_factory=list)


_SPACE_PLAN = _Plan(
    threads=[
        (COMMENT_INSTALL_TYPO, "commenter", PAGE_INSTALL, "Typo in step 2: 'intall'."),
        (COMMENT_STYLE, "sam", PAGE_WRITING, "Should we use sentence case in headings?"),
        (COMMENT_FAQ_FIXED, "dana", PAGE_FAQ, "The FAQ link to Configure is fixed now."),
        (COMMENT_SCREENSHOT, "editor", PAGE_CONFIGURE, "The config screenshot is outdated."),
        (COMMENT_TROUBLESHOOTING, "sam", None, "Can we add a troubleshooting section?"),
        (COMMENT_DIAGRAM, "commenter", PAGE_PUBLISHING, "The publishing guide needs a diagram."),
    ],
    replies=[
        (COMMENT_INSTALL_TYPO, "editor", "Good catch, fixing it.", REPLY_INSTALL_TYPO),
        (COMMENT_STYLE, "dana", "Yes, sentence case everywhere.", "rp_style_sentence_case"),
        (COMMENT_STYLE, "admin", "Agreed.", "rp_style_agreed"),
        (COMMENT_FAQ_FIXED, "commenter", "Thanks, works for me.", "rp_faq_thanks"),
        (COMMENT_TROUBLESHOOTING, "editor", "Dana is drafting one.", "rp_troubleshooting_draft"),
    ],
    reactions=[
        (COMMENT_INSTALL_TYPO, "editor", ["👍"]),
        (COMMENT_INSTALL_TYPO, "sam", ["👍"]),
        (COMMENT_STYLE, "editor", ["👍"]),
        (COMMENT_STYLE, "dana", ["👍", "🎉"]),
        (COMMENT_FAQ_FIXED, "commenter", ["🎉"]),
        (COMMENT_TROUBLESHOOTING, "admin", ["👍"]),
    ],
    resolves=[(COMMENT_FAQ_FIXED, "admin", []), (COMMENT_SCREENSHOT, "editor", [])],
)

_CHANGE_REQUEST_PLAN = _Plan(
    threads=[
        (CR_COMMENT_VERIFY, "commenter", PAGE_INSTALL, "verify.md does not exist yet."),
        (CR_COMMENT_PACKAGE, "sam", None, "Please mention the package manager version."),
        (CR_COMMENT_LOOKS_GOOD, "admin", PAGE_UPGRADE, "Looks good overall."),
    ],
    replies=[
        (CR_COMMENT_VERIFY, "editor", "I'll add it in this change request.", REPLY_VERIFY),
        (CR_COMMENT_PACKAGE, "dana", "Added a note.", "rp_cr_package_note"),
        (CR_COMMENT_LOOKS_GOOD, "editor", "Thanks! Merging after review.", "rp_cr_looks_good"),
    ],
    resolves=[(CR_COMMENT_PACKAGE, "admin", ["✅"])],
)


def seed(store: Store) -> None:
    space = SPACES["handbook"]
    _post(store, space, None, _SPACE_PLAN)
    cr_id = store.db.scalar(
        "SELECT id FROM change_requests WHERE space_id = ? AND number = 1", (space,)
    )
    if cr_id is not None:
        _post(store, space, str(cr_id), _CHANGE_REQUEST_PLAN)


def _post(store: Store, space: str, cr_id: str | None, plan: _Plan) -> None:
    """Post ``plan`` on the space (``cr_id`` None) or on its change request."""
    comments = store.comments
    for comment_id, author, page_id, text in plan.threads:
        comments.post(
            _who(author),
            space,
            cr_id,
            markdown=text,
            page_id=_page(store, space, cr_id, page_id) if page_id else None,
            comment_id=comment_id,
        )
    for comment_id, author, text, reply_id in plan.replies:
        thread = CommentThread(space, cr_id, comment_id)
        comments.replies.post(_who(author), thread, markdown=text, reply_id=reply_id)
    for comment_id, user, emoji in plan.reactions:
        comments.update(_who(user), space, cr_id, comment_id, CommentUpdate.of(added=emoji))
    for comment_id, user, emoji in plan.resolves:
        comments.update(
            _who(user), space, cr_id, comment_id, CommentUpdate.of(added=emoji), resolved=True
        )
