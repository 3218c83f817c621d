"""What merging a change request will publish, as the user is asked to confirm it: the pages it
changes, who has yet to review it and what reviewers said, the broken links the check finds in
it, whether main moved on and which pages would conflict; and the revision the confirmation is
bound to (see `gitbook_mcp.server.calls.confirm`)."""

from __future__ import annotations

from gitbook_mcp.client.errors import GitBookError
from gitbook_mcp.client.models.authoring import RevisionSemanticChanges
from gitbook_mcp.client.models.content import ChangeRequest
from gitbook_mcp.client.resources import ChangeRequestReviews
from gitbook_mcp.linkcheck.run import CheckRequest, run_check
from gitbook_mcp.server.calls.confirm import Plan
from gitbook_mcp.server.rendering import one_line
from gitbook_mcp.server.tooling import ToolContext
from gitbook_mcp.server.tools._conflicts import conflicting_pages
from gitbook_mcp.server.tools._review_state import latest_reviews, requested_reviewers

__all__ = ["SHOWN_LINKS", "SHOWN_PAGES", "merge_plan"]

SHOWN_PAGES = 10
"""Pages named in a merge's confirmation; the rest are counted."""
SHOWN_LINKS = 5
"""Broken links named in a merge's confirmation; the rest are counted."""


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


def _named(items: list[str], shown: int) -> str:
    more = f" and {len(items) - shown} more" if len(items) > shown else ""
    return "; ".join(items[:shown]) + more


async def _reviews(ctx: ToolContext, space_id: str, cr_id: str) -> list[str]:
    """The requested reviews still pending (no verdict on the current revision), and each
    reviewer's latest verdict, changes requested first."""
    if not (ctx.has(ChangeRequestReviews.list) and ctx.has(ChangeRequestReviews.list_requested)):
        return ["Reviews: not readable on this API profile."]
    reviews = await latest_reviews(ctx, space_id, cr_id)
    current = {r.id for r in reviews if r.detail and "outdated" not in r.detail}
    requested = await requested_reviewers(ctx, space_id, cr_id)
    pending = [f"{p.name} [{p.id}]" for p in requested if p.id not in current]
    out = [f"Requested reviews pending: {'; '.join(pending) or 'none'}."]
    blocking = [r for r in reviews if (r.detail or "").startswith("changes-requested")]
    if blocking:
        who = "; ".join(
            f"{r.name} [{r.id}]" + (" (outdated)" if "outdated" in (r.detail or "") else "")
            for r in blocking
        )
        out.append(f"Changes requested by: {who}.")
    others = [f"{r.name} [{r.id}] {r.detail}" for r in reviews if r not in blocking]
    if others or not blocking:
        out.append(f"Other verdicts: {'; '.join(others) or 'none'}.")
    return out


async def _links(ctx: ToolContext, space_id: str, cr_id: str) -> str:
    """The broken links `check_links` finds in the change request, the first few named."""
    request = CheckRequest(space_id, cr_id, None, site_findings=False)
    try:
        result = await run_check(ctx.client, request, operations=ctx.available)
    except (GitBookError, LookupError) as exc:
        return f"Broken links: not checked ({one_line(str(exc))})."
    broken = [
        one_line(f"{f.page_path or f.page_title}: {f.target} ({f.reason})") for f in result.broken
    ]
    if not broken:
        return f"Broken links: none in {result.links_checked} links checked."
    return f"Broken links in the change request ({len(broken)}): {_named(broken, SHOWN_LINKS)}."


async def _main(ctx: ToolContext, cr: ChangeRequest, space_id: str) -> str:
    """Whether main moved on since the change request began, and the pages that would conflict."""
    if not cr.outdated:
        return "Main has not moved on since it began: no page conflicts."
    pages = await conflicting_pages(ctx, space_id, cr.id)
    if not pages:
        return "Main moved on since it began; no page conflicts."
    return (
        f"Main moved on since it began; pages that would conflict ({len(pages)}): "
        f"{_named(pages, SHOWN_PAGES)} (update_change_request first)."
    )


async def merge_plan(ctx: ToolContext, space_id: str, change_request_id: str) -> Plan:
    """What merging will publish and what stands in its way, bound to the change request's
    current revision and main's."""
    cr = await ctx.client.change_requests.get(space_id, change_request_id)
    pages = _changed_pages(await ctx.client.change_requests.get_changes(space_id, cr.id))
    lines = [
        f'Merge change request #{cr.number} "{one_line(cr.subject)}" (revision {cr.revision}) '
        f"into the main content of space {space_id}, changing: "
        f"{_named(pages, SHOWN_PAGES) or 'no page'}.",
        *await _reviews(ctx, space_id, cr.id),
        await _links(ctx, space_id, cr.id),
        await _main(ctx, cr, space_id),
    ]
    # Bound to main's revision too: a merge confirmed before main moved must not proceed after.
    main = (await ctx.client.spaces.get(space_id)).revision
    state = f"{cr.revision}/main:{main}"
    return Plan("merge_change_request", (space_id, cr.id), state, "\n".join(lines))
