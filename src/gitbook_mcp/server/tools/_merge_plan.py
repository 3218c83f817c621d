"""What merging a change request will publish, as the user is asked to confirm it: the pages it
changes and the revision the confirmation is bound to (see `gitbook_mcp.server.calls.confirm`)."""

from __future__ import annotations

from gitbook_mcp.client.models.authoring import RevisionSemanticChanges
from gitbook_mcp.server.calls.confirm import Plan
from gitbook_mcp.server.rendering import one_line
from gitbook_mcp.server.tooling import ToolContext

__all__ = ["SHOWN_PAGES", "merge_plan"]

SHOWN_PAGES = 10
"""Pages named in a merge's confirmation; the rest are counted."""


def _changed_pages(changes: RevisionSemanticChanges) -> list[str]:
    """The pages the semantic changes name, as 'title (path) [id]', each once, on one line."""
    seen: dict[str, str] = {}
    for change in changes.changes:
        page = change.get("page")
        if not isinstance(page, dict):
            continue
        key = str(page.get("id") or page.get("path") or page.get("title"))
        label = f"{page.get('title', '?')} ({page.get('path', '?')}) [{key}]"
        seen.setdefault(key, one_line(label))
    return list(seen.values())


async def merge_plan(ctx: ToolContext, space_id: str, change_request_id: str) -> Plan:
    """What merging will publish, bound to the change request's current revision and main's."""
    cr = await ctx.client.change_requests.get(space_id, change_request_id)
    pages = _changed_pages(await ctx.client.change_requests.get_changes(space_id, cr.id))
    shown = "; ".join(pages[:SHOWN_PAGES]) or "no page"
    more = f" and {len(pages) - SHOWN_PAGES} more" if len(pages) > SHOWN_PAGES else ""
    summary = (
        f'Merge change request #{cr.number} "{one_line(cr.subject)}" (revision {cr.revision}) '
        f"into the main content of space {space_id}, changing: {shown}{more}."
    )
    # Bound to main's revision too: a merge confirmed before main moved must not proceed after.
    main = (await ctx.client.spaces.get(space_id)).revision
    state = f"{cr.revision}/main:{main}"
    return Plan("merge_change_request", (space_id, cr.id), state, summary)
