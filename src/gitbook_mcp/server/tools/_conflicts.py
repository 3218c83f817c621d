"""The pages of a change request that conflict with the main content: changed on both sides since
its base, differently. Read from the API alone before a merge or an update (the answer names none).

The change request's semantic changes give, per page, what it changed and each field's value at
its base (``before``); the main content's page is compared field by field with that value and
with the change request's (``after``): a conflict is a field the main content changed to a third
value. A page the change request created never conflicts. A page it deleted conflicts when the
main content renamed or moved it (its body at the base is not in the answer). A ``document`` field
is compared with the main page's markdown; should the service describe bodies otherwise, every
body edit is named (too many pages, never too few).
"""

from __future__ import annotations

from typing import Any

from gitbook_mcp.client.models.content import RevisionPage
from gitbook_mcp.client.resources import ChangeRequests, SpaceContent
from gitbook_mcp.server.tooling import ToolContext

__all__ = ["CHANGES_READ", "CONFLICT_READS", "conflicting_pages"]

CHANGES_READ = 100
"""Semantic changes read to find the conflicts: more than any change request reviewed by hand."""
CONFLICT_READS = (ChangeRequests.get_changes, SpaceContent.list_pages, SpaceContent.get_page)
"""The operations `conflicting_pages` calls."""
_FIELDS = ("title", "slug", "description", "emoji")


def _differs(main: object, pair: object) -> bool:
    """Whether the main content's value is neither the base's nor the change request's."""
    if not isinstance(pair, dict):
        return False
    return main not in (pair.get("before"), pair.get("after"))


def _label(page: dict[str, Any]) -> str:
    ident = str(page.get("id") or page.get("path") or page.get("title"))
    return f"{page.get('title', '?')} ({page.get('path', '?')}) [{ident}]"


class _Main:
    """The main content's pages by id (with their parent), and their markdown read on demand."""

    def __init__(self, ctx: ToolContext, space_id: str, pages: list[RevisionPage]) -> None:
        self.ctx, self.space_id = ctx, space_id
        self.pages: dict[str, tuple[RevisionPage, str | None]] = {}
        stack: list[tuple[RevisionPage, str | None]] = [(p, None) for p in pages]
        while stack:
            page, parent = stack.pop()
            self.pages[page.id] = (page, parent)
            stack.extend((child, page.id) for child in page.pages)

    async def markdown(self, page_id: str) -> str | None:
        page = await self.ctx.client.space_content.get_page(
            self.space_id, page_id, format="markdown", bodies_below=False
        )
        return page.markdown

    async def conflicts(self, change: dict[str, Any]) -> bool:
        """Whether one semantic change of the change request conflicts with the main content."""
        page = change.get("page")
        if not isinstance(page, dict) or str(page.get("id")) not in self.pages:
            return False  # created by the change request, or deleted on the main content too
        main, parent = self.pages[str(page["id"])]
        kind = change.get("type")
        if kind == "page_deleted":
            return main.title != page.get("title") or main.path != page.get("path")
        if kind == "page_moved":
            moved = change.get("parent") or {}
            ends = [(moved.get(end) or {}).get("id") for end in ("before", "after")]
            return parent not in ends
        if kind != "page_edited":
            return False
        attributes = change.get("attributes") or {}
        if any(_differs(getattr(main, f), attributes.get(f)) for f in _FIELDS):
            return True
        body = attributes.get("document")
        return body is not None and _differs(await self.markdown(main.id), body)


async def conflicting_pages(ctx: ToolContext, space_id: str, change_request_id: str) -> list[str]:
    """The pages (as 'title (path) [id]', each once) the change request and the main content both
    changed since its base, differently."""
    changes = await ctx.client.change_requests.get_changes(
        space_id, change_request_id, limit=CHANGES_READ
    )
    tree = await ctx.client.space_content.list_pages(space_id)
    main = _Main(ctx, space_id, tree.pages)
    named: dict[str, str] = {}
    for change in changes.changes:
        page = change.get("page")
        fresh = isinstance(page, dict) and str(page.get("id")) not in named
        if fresh and isinstance(page, dict) and await main.conflicts(change):
            named[str(page.get("id"))] = _label(page)
    return list(named.values())
