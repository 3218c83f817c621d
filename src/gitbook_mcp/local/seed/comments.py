"""Demo comments: open and resolved threads with replies and reactions, on the handbook and on
its change request #1. Ids named in the docs and tests are fixed here."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gitbook_mcp.local.seed.content import CR_INSTALL, PAGE_INSTALL, PAGE_WRITING
from gitbook_mcp.local.seed.ids import SPACES
from gitbook_mcp.local.store.access import Actor

if TYPE_CHECKING:
    from gitbook_mcp.local.store import Store

__all__ = ["COMMENT_INSTALL_TYPO", "COMMENT_STYLE", "CR_COMMENT_VERIFY", "seed"]

COMMENT_INSTALL_TYPO = "cm_install_typo"
COMMENT_STYLE = "cm_style_question"
CR_COMMENT_VERIFY = "cm_cr_verify_page"


def seed(store: Store) -> None:
    comments = store.comments
    handbook = SPACES["handbook"]
    who = {
        name: Actor(f"usr_{name}")
        for name in ("admin", "editor", "commenter", "reader", "dana", "sam")
    }
    comments.post(
        who["commenter"],
        handbook,
        None,
        markdown="Typo in step 2: 'intall'.",
        page_id=PAGE_INSTALL,
        comment_id=COMMENT_INSTALL_TYPO,
    )
    comments.post_reply(
        who["editor"], handbook, None, COMMENT_INSTALL_TYPO, markdown="Good catch, fixing it."
    )
    comments.post(
        who["sam"],
        handbook,
        None,
        markdown="Should we use sentence case in headings?",
        page_id=PAGE_WRITING,
        comment_id=COMMENT_STYLE,
    )
    comments.post_reply(
        who["dana"], handbook, None, COMMENT_STYLE, markdown="Yes, sentence case everywhere."
    )
    comments.post_reply(who["admin"], handbook, None, COMMENT_STYLE, markdown="Agreed.")
    comments.update(
        who["editor"],
        handbook,
        None,
        COMMENT_STYLE,
        resolved=None,
        markdown=None,
        added=["👍"],
        removed=[],
    )
    comments.update(
        who["dana"],
        handbook,
        None,
        COMMENT_STYLE,
        resolved=None,
        markdown=None,
        added=["👍", "🎉"],
        removed=[],
    )
    done = comments.post(who["dana"], handbook, None, markdown="The FAQ link is fixed now.")
    comments.update(
        who["admin"], handbook, None, done["id"], resolved=True, markdown=None, added=[], removed=[]
    )
    old = comments.post(who["editor"], handbook, None, markdown="Screenshot is outdated.")
    comments.update(
        who["editor"], handbook, None, old["id"], resolved=True, markdown=None, added=[], removed=[]
    )
    comments.post(who["sam"], handbook, None, markdown="Can we add a troubleshooting section?")
    comments.post(
        who["commenter"], handbook, None, markdown="The publishing guide needs a diagram."
    )

    comments.post(
        who["commenter"],
        handbook,
        CR_INSTALL,
        markdown="verify.md does not exist yet.",
        page_id=PAGE_INSTALL,
        comment_id=CR_COMMENT_VERIFY,
    )
    comments.post_reply(
        who["editor"],
        handbook,
        CR_INSTALL,
        CR_COMMENT_VERIFY,
        markdown="I'll add it in this change request.",
    )
    second = comments.post(
        who["sam"], handbook, CR_INSTALL, markdown="Please mention the package manager version."
    )
    comments.post_reply(who["dana"], handbook, CR_INSTALL, second["id"], markdown="Added a note.")
    comments.update(
        who["admin"],
        handbook,
        CR_INSTALL,
        second["id"],
        resolved=True,
        markdown=None,
        added=["✅"],
        removed=[],
    )
    comments.post(who["admin"], handbook, CR_INSTALL, markdown="Looks good overall.")
