"""Headings an `edit_pages` call renames, and the links of the change request that point at
them: named in the same answer with the one call that updates them (`fix_links` follows a
heading the change request's own diff renamed with certainty, confidence 1.0)."""

from __future__ import annotations

from dataclasses import dataclass

from pydantic import BaseModel, Field

from gitbook_mcp.document import parse_markdown
from gitbook_mcp.document.renames import heading_renames
from gitbook_mcp.linkcheck.checks import find_page
from gitbook_mcp.linkcheck.model import PageNode
from gitbook_mcp.linkcheck.run import CheckRequest, run_scan
from gitbook_mcp.server.rendering import UntrustedLine, UntrustedRef
from gitbook_mcp.server.tooling import ToolContext
from gitbook_mcp.server.tools.change_requests._plan import EditPlan

__all__ = [
    "SHOWN_LINKS",
    "HeadingRename",
    "Renamed",
    "incoming_links",
    "renamed",
    "render_renames",
    "update_call",
]

SHOWN_LINKS = 20
"""Links to a renamed heading named per heading; the rest are counted."""


@dataclass(frozen=True)
class Renamed:
    """A heading of a page whose anchor the edit changes."""

    page_id: str
    path: str
    old: str
    new: str


class HeadingRename(BaseModel):
    page_id: str
    path: UntrustedRef
    old_anchor: UntrustedRef
    new_anchor: UntrustedRef
    links: list[UntrustedLine] = Field(default_factory=list)
    more_links: int = 0


def renamed(planned: EditPlan) -> list[Renamed]:
    """The headings the plan renames: from each page's documents where it writes them (keys
    kept), else from its markdown on both sides. CPU work on others' text: call off the loop."""
    docs = {w.page_id: (w.before, w.after) for w in planned.writes}
    out: list[Renamed] = []
    for page_id, sides in planned.texts.items():
        if page_id in docs:
            before, after = docs[page_id]
        elif sides.before is not None and sides.after is not None:
            if sides.before == sides.after:  # the same text renames nothing: no parse
                continue
            before = parse_markdown(sides.before).document
            after = parse_markdown(sides.after).document
        else:
            continue
        for old, new in heading_renames(before, after, derived=True).items():
            out.append(Renamed(page_id, sides.path, old, new))
    return out


async def incoming_links(
    ctx: ToolContext, space_id: str, cr_id: str, renames: list[Renamed]
) -> list[HeadingRename]:
    """Each renamed heading with the links of the change request (every page of the space as
    it would be merged) that point at its old anchor."""
    if not renames:
        return []
    request = CheckRequest(space_id, cr_id)
    run = await run_scan(ctx.client, request, operations=ctx.available)
    index = await run.scanner.context(space_id, cr_id).index()
    found: dict[tuple[str, str], list[str]] = {(r.page_id, r.old): [] for r in renames}
    for page_id, links in run.result.links.items():
        here = index.by_id.get(page_id, PageNode(page_id, "", run.result.pages.get(page_id, "")))
        for link in links:
            target = link.target
            if target.kind != "anchor" or target.space_id not in (None, space_id):
                continue
            page = find_page(index, target, here)
            key = (page.id, target.anchor or "") if isinstance(page, PageNode) else None
            if key in found:
                found[key].append(f"{here.path or here.title} [{page_id}]: {link.text or ''}")
    return [
        HeadingRename(
            page_id=r.page_id,
            path=r.path,
            old_anchor=r.old,
            new_anchor=r.new,
            links=found[(r.page_id, r.old)][:SHOWN_LINKS],
            more_links=max(0, len(found[(r.page_id, r.old)]) - SHOWN_LINKS),
        )
        for r in renames
    ]


def update_call(renames: list[HeadingRename], space_id: str, cr_id: str) -> str | None:
    """The one call that updates the links to the renamed headings, when any point at them."""
    if not any(r.links or r.more_links for r in renames):
        return None
    return (
        f"fix_links(space_id={space_id}, change_request_id={cr_id}, apply=true, min_confidence=1)"
    )


def render_renames(renames: list[HeadingRename], call: str | None, *, sent: bool) -> list[str]:
    """What the answer says of the renamed headings, and the call that updates their links."""
    lines: list[str] = []
    for r in renames:
        count = len(r.links) + r.more_links
        lines.append(
            f"Heading #{r.old_anchor} of {r.path} [{r.page_id}] becomes #{r.new_anchor}: "
            f"{count} links point at #{r.old_anchor}" + (":" if count else ".")
        )
        lines += [f"- {link}" for link in r.links]
        if r.more_links:
            lines.append(f"- and {r.more_links} more")
    if call is not None:
        lead = "Update them in one call: " if sent else "Once applied, update them in one call: "
        lines.append(f"{lead}{call} (it follows headings renamed here, at confidence 1.0).")
    return lines
