"""The links in comments and replies, checked as a page's links are (`gitbook_mcp.linkcheck.texts`):
a comment that points at a page that is gone says so where it is shown."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol

from pydantic import BaseModel, Field

from gitbook_mcp.client.errors import GitBookError
from gitbook_mcp.linkcheck.texts import LinkedText, check_texts
from gitbook_mcp.logs import get_logger
from gitbook_mcp.server.rendering import UntrustedLine, UntrustedRef
from gitbook_mcp.server.tooling import ToolContext

__all__ = ["BodyLinks", "body_links", "check_links", "has_links", "render_links"]

_log = get_logger("gitbook_mcp.server")

LINK_MARKS = ("](", "href=", "http://", "https://")
"""What a body holding a link contains (a body without any is not checked: no read)."""


class BrokenRef(BaseModel):
    target: UntrustedRef
    reason: UntrustedLine


class BodyLinks(BaseModel):
    """The links of one comment or reply: how many were checked, and the broken ones."""

    checked: int = 0
    broken: list[BrokenRef] = Field(default_factory=list)
    not_checked: int = 0


def has_links(markdown: str) -> bool:
    """Whether a body may hold a link."""
    return any(mark in markdown for mark in LINK_MARKS)


async def body_links(
    ctx: ToolContext,
    space_id: str,
    change_request_id: str | None,
    bodies: Mapping[str, tuple[str, str | None, str | None]],
) -> dict[str, BodyLinks]:
    """The links of each body (id -> (markdown, its page's path, its page's id)) that has any,
    checked against the space's or change request's revision; nothing when the check fails
    (the comments are still shown)."""
    texts = {
        key: LinkedText(markdown, page_path, page_id)
        for key, (markdown, page_path, page_id) in bodies.items()
        if has_links(markdown)
    }
    try:
        results = await check_texts(ctx.client, space_id, change_request_id, texts)
    except GitBookError as exc:
        _log.warning("comments.links_not_checked", space_id=space_id, error=str(exc))
        return {}
    return {
        key: BodyLinks(
            checked=result.links_checked,
            broken=[BrokenRef(target=f.target, reason=f.reason) for f in result.broken],
            not_checked=len(result.not_checked),
        )
        for key, result in results.items()
    }


class Shown(Protocol):
    """A comment's or reply's view: its id, its text, and where its links' verdict goes."""

    id: str
    markdown: str
    links: BodyLinks | None


class ShownComment(Shown, Protocol):
    page: str | None
    page_id: str | None


async def check_links(
    ctx: ToolContext,
    space_id: str,
    change_request_id: str | None,
    comments: Sequence[ShownComment],
    replies: Sequence[Shown],
) -> None:
    """Set each shown body's ``links`` (a reply's links start from its thread's page)."""
    thread = comments[0] if len(comments) == 1 else None
    page = (thread.page, thread.page_id) if thread is not None else (None, None)
    bodies = {f"c:{c.id}": (c.markdown, c.page, c.page_id) for c in comments}
    bodies.update({f"r:{r.id}": (r.markdown, *page) for r in replies})
    found = await body_links(ctx, space_id, change_request_id, bodies)
    for c in comments:
        c.links = found.get(f"c:{c.id}")
    for r in replies:
        r.links = found.get(f"r:{r.id}")


def render_links(links: BodyLinks | None) -> str:
    """`` links: 3 checked, 1 broken: a (why)`` under a comment, or nothing."""
    if links is None or not (links.checked or links.not_checked):
        return ""
    text = f"\nlinks: {links.checked} checked"
    if links.not_checked:
        text += f", {links.not_checked} not checked"
    if links.broken:
        rows = "; ".join(f"{b.target} ({b.reason})" for b in links.broken)
        text += f", {len(links.broken)} broken: {rows}"
    return text
