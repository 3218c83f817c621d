"""Comment inputs checked as the service takes them: reactions, and filters that found nothing."""

from __future__ import annotations

from typing import Annotated

from pydantic import AfterValidator, Field

from gitbook_mcp.server.rendering import one_line
from gitbook_mcp.server.tooling import ToolContext, ToolFailure

__all__ = ["Reaction", "check_filters"]


def _emoji(value: str) -> str:
    """A reaction as the service takes it: one emoji (``👍``), not a name (``:+1:``, ``like``)."""
    if not value or any(ch.isascii() and not ch.isdigit() for ch in value) or value.isdigit():
        raise ValueError(f"{value!r} is not an emoji: give the character itself, such as 👍")
    return value


Reaction = Annotated[str, Field(max_length=50), AfterValidator(_emoji)]
"""An emoji reaction: the service takes a Unicode emoji of at most 50 characters."""


async def check_filters(
    ctx: ToolContext,
    space_id: str,
    change_request_id: str | None,
    page_id: str | None,
    authors: list[str] | None,
) -> None:
    """When filters found nothing, whether they name things that exist: an unknown page or
    author is an error naming the accepted values, not "No comments."."""
    if page_id:
        content = ctx.client.space_content
        await content.get_page(space_id, page_id, bodies_below=False)  # a 404 names get_page_tree
    if not authors:
        return
    if change_request_id:
        every = ctx.client.change_request_comments.list(
            space_id, change_request_id, status="all", limit=100
        )
    else:
        every = ctx.client.comments.list(space_id, status="all", limit=100)
    known = {c.postedBy.id: c.postedBy.displayName for c in (await every).items}
    unknown = [a for a in authors if a not in known]
    if unknown:
        accepted = ", ".join(f"{i} ({one_line(n)})" for i, n in known.items()) or "none"
        raise ToolFailure(
            f"authors: {', '.join(map(repr, unknown))} did not write here; authors takes user "
            f"ids. Authors here: {accepted}."
        )
