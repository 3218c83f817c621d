"""Scenario of ``comments``: threads of a space and of a change request, replies, writes."""

from __future__ import annotations

from gitbook_mcp.local.seed.comments import (
    COMMENT_INSTALL_TYPO,
    CR_COMMENT_VERIFY,
    REPLY_INSTALL_TYPO,
    REPLY_VERIFY,
)
from gitbook_mcp.local.seed.content import CR_INSTALL, PAGE_INSTALL
from gitbook_mcp.local.seed.ids import SPACES
from tests.unit.server.reach import Caller

SPACE = SPACES["handbook"]
CR = {"space_id": SPACE, "change_request_id": CR_INSTALL}


async def scenario(call: Caller) -> None:
    assert (await call("list_comments", space_id=SPACE, status="all"))["comments"]
    await call("list_comments", space_id=SPACE, comment_id=COMMENT_INSTALL_TYPO)
    reply = await call(
        "list_comments",
        space_id=SPACE,
        comment_id=COMMENT_INSTALL_TYPO,
        reply_id=REPLY_INSTALL_TYPO,
    )
    assert reply["replies"][0]["id"] == REPLY_INSTALL_TYPO
    assert (await call("list_comments", **CR))["comments"]
    thread = await call("list_comments", **CR, comment_id=CR_COMMENT_VERIFY)
    assert REPLY_VERIFY in {r["id"] for r in thread["replies"]}
    await call("list_comments", **CR, comment_id=CR_COMMENT_VERIFY, reply_id=REPLY_VERIFY)
    assert (await call("list_commenters", **CR))["commenters"]

    posted = await call(
        "post_comment", space_id=SPACE, markdown="Check this.", page_id=PAGE_INSTALL
    )
    await call("reply_to_comment", space_id=SPACE, comment_id=posted["id"], markdown="On it.")
    await call("update_comment", space_id=SPACE, comment_id=posted["id"], resolved=True)
    await call("delete_comment", space_id=SPACE, comment_id=posted["id"])

    on_cr = await call("post_comment", **CR, markdown="And this.")
    answer = await call("reply_to_comment", **CR, comment_id=on_cr["id"], markdown="Done.")
    await call(
        "update_comment", **CR, comment_id=on_cr["id"], reply_id=answer["id"], markdown="Fixed."
    )
    await call("update_comment", **CR, comment_id=on_cr["id"], add_reactions=["👍"])
    gone = await call("delete_comment", **CR, comment_id=on_cr["id"], reply_id=answer["id"])
    assert gone["deleted"] is True
    await call("delete_comment", **CR, comment_id=on_cr["id"])
