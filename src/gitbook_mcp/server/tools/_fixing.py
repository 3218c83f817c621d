"""What `fix_links` writes: page edits as one batch with their diffs, and redirect proposals.

Kept apart from the tool's declaration: these are the steps of applying a plan (choose the fixes
by id, edit each page's own content in place: a document only at each link's ref, diff its
markdown rendering) and of proposing the redirects that keep the old URLs of moved pages working
for readers.

A redirect is proposed only from a path that was published. The API lists no past revisions, so
"published" is what it does show: a path of the space's main content now (a change request
moving or deleting that page), an old path a change request's changes name, or a path the site's
own findings report readers reaching (a site finding). A link to a path that never existed (a
typo, ``/nowhere``) gets its link fixed, never a redirect.
"""

from __future__ import annotations

import difflib
import hashlib
import json
from collections import Counter
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from gitbook_mcp.document.checks import marker_problems
from gitbook_mcp.linkcheck import (
    ContentReader,
    Fix,
    PublishedSite,
    apply_fixes,
    apply_markdown_fixes,
)
from gitbook_mcp.linkcheck.checks import path_under
from gitbook_mcp.server.tooling import ToolFailure
from gitbook_mcp.server.tools._pages import (
    Item,
    PageWrite,
    RevisionTree,
    markdown_of,
    unresolved_refs,
)

__all__ = [
    "DIFF_LINES",
    "FixedPage",
    "RedirectProposal",
    "applied_line",
    "choose",
    "edit_pages",
    "propose_redirects",
    "suggested_redirects",
]

DIFF_LINES = 80
"""Lines of diff shown per page (the change itself is never cut, only its display)."""
MAX_PAGES = 50
"""Pages per apply: one batch of the API holds at most 50 changes."""
SUGGESTED = 0.7
"""Confidence of a redirect the site's finding suggests (to an existing page)."""


@dataclass(frozen=True)
class RedirectProposal:
    """A redirect from a moved page's old published path to where the page is now."""

    id: str
    site_id: str
    source: str
    destination: dict[str, Any]
    target: str
    confidence: float


@dataclass(frozen=True)
class FixedPage:
    """One page's new content (a `PageWrite` of its document, or a markdown change), its unified
    diff (of markdown) and the fixes in it."""

    page_id: str
    page_path: str
    item: Item
    diff: str
    fix_ids: tuple[str, ...]


def _redirect_id(site_id: str, source: str, page_id: str) -> str:
    key = json.dumps([site_id, source, page_id]).encode()
    return "r" + hashlib.sha1(key, usedforsecurity=False).hexdigest()[:8]


def _old_path(fix: Fix, space_id: str) -> str | None:
    """The path the broken link pointed at in this space (a page that moved), if known."""
    target = fix.finding.link.target
    if target.kind not in ("page", "anchor") or target.space_id not in (None, space_id):
        return None
    return target.page_path or None


def propose_redirects(
    sites: Sequence[PublishedSite],
    space_id: str,
    fixes: Iterable[Fix],
    published_paths: Collection[str],
) -> list[RedirectProposal]:
    """A redirect per site publishing the space, for each fix that sends a link from a published
    path (see the module) to a moved page.

    A fix found through an existing redirect needs none, nor one that keeps the page and only
    changes the anchor; each source is proposed once.
    """
    found: dict[tuple[str, str], RedirectProposal] = {}
    for fix in fixes:
        old = _old_path(fix, space_id)
        if (
            fix.action != "replace"
            or fix.page_id is None
            or old is None
            or old not in published_paths
        ):
            continue
        target = fix.target.partition("#")[0]
        if fix.evidence.startswith("the site redirects") or target == old:
            continue
        for site in sites:
            for published in (p for p in site.spaces if p.space_id == space_id):
                prefix = path_under(published.url, site.url)
                source = "/" + "/".join(p for p in (prefix, old) if p)
                destination = {
                    "kind": "site-page",
                    "siteSpaceId": published.site_space_id,
                    "pageId": fix.page_id,
                }
                ident = _redirect_id(site.id, source, fix.page_id)
                proposal = RedirectProposal(
                    ident, site.id, source, destination, target, fix.confidence
                )
                found.setdefault((site.id, source), proposal)
    return list(found.values())


def suggested_redirects(
    suggestions: Iterable[tuple[str, Mapping[str, Any]]], pages: Mapping[str, str]
) -> list[RedirectProposal]:
    """The redirects the site's findings suggest, as (site id, action): each whose
    destination is a page path of the space now (``pages``: path -> page id)."""
    found: dict[tuple[str, str], RedirectProposal] = {}
    for site_id, action in suggestions:
        source = str(action.get("source") or "")
        destination = action.get("destination")
        if not isinstance(destination, Mapping) or destination.get("kind") != "path":
            continue
        path = str(destination.get("path") or "").strip("/")
        if not source or path not in pages:
            continue
        ident = _redirect_id(site_id, source, pages[path])
        dest = dict(destination)
        found.setdefault(
            (site_id, source),
            RedirectProposal(ident, site_id, source, dest, path or "(root)", SUGGESTED),
        )
    return list(found.values())


def applied_line(ids: list[str], broken: int) -> str:
    """What was written, each kind counted as itself: a redirect is no fix of a page's link."""
    fixes = sum(1 for i in ids if i.startswith("f"))
    redirects = len(ids) - fixes
    parts = [f"{fixes} link fix{'es' if fixes != 1 else ''} (of {broken} broken links)"]
    if redirects:
        parts.append(f"{redirects} redirect{'s' if redirects != 1 else ''}")
    return "Applied " + " and ".join(parts)


def choose(
    fixes: Sequence[Fix],
    redirects: Sequence[RedirectProposal],
    ids: Sequence[str] | None,
    min_confidence: float,
) -> tuple[list[Fix], list[RedirectProposal]]:
    """The fixes (and redirects) to apply: those named, else every fix at ``min_confidence``.

    A named id that the fresh plan does not have is refused: its page changed since the plan
    (or the id is wrong), and applying the rest alone would not be what was confirmed.
    """
    if ids is None:
        return [f for f in fixes if f.confidence >= min_confidence], []
    by_id: dict[str, Fix] = {}
    for fix in fixes:
        by_id.setdefault(fix.id, fix)
    redirect_ids = {r.id: r for r in redirects}
    missing = [i for i in dict.fromkeys(ids) if i not in by_id and i not in redirect_ids]
    if missing:
        raise ToolFailure(
            f"Nothing written: fix {', '.join(missing)} no longer applies (the page changed "
            "since the plan, or the id is wrong). Run fix_links without apply to plan again."
        )
    chosen = [fix for fix in fixes if fix.id in ids]
    return chosen, [r for r in redirects if r.id in ids]


def _diff(before: str, after: str, path: str) -> str:
    lines = list(
        difflib.unified_diff(
            before.splitlines(), after.splitlines(), f"a/{path}", f"b/{path}", n=1, lineterm=""
        )
    )
    if len(lines) > DIFF_LINES:
        lines = [*lines[:DIFF_LINES], f"... {len(lines) - DIFF_LINES} more diff lines"]
    return "\n".join(lines)


async def _edit_page(
    reader: ContentReader,
    where: tuple[str, str | None, RevisionTree],
    page_id: str,
    fixes: list[Fix],
) -> FixedPage:
    """The page's content read now, with its fixes applied in place; refused if one misses."""
    space_id, cr, tree = where
    path = fixes[0].finding.page_path or fixes[0].finding.page_title
    body = await reader.page(space_id, cr, page_id)
    if body is None:
        raise ToolFailure(f"Nothing written: page {path} is gone. Plan again.")
    item: Item
    if all(f.finding.link.pointer is not None for f in fixes) and body.document is not None:
        updated, edits = apply_fixes(body.document, fixes)
        original = dict(body.document)
        _refuse_new(path, unresolved_refs(original, tree), unresolved_refs(updated, tree))
        before, after = markdown_of(original, tree, page_id), markdown_of(updated, tree, page_id)
        item = PageWrite(page_id, fixes[0].finding.page_title, path, original, updated)
    else:
        before = body.markdown or ""
        after, edits = apply_markdown_fixes(before, fixes)
        item = {"operation": "update_page", "page": page_id, "document": {"markdown": after}}
    _refuse_new(path, marker_problems(before), marker_problems(after))
    missed = [(f, e) for f, e in zip(fixes, edits, strict=True) if not e.applied]
    if missed:
        fix, edit = missed[0]
        raise ToolFailure(
            f"Nothing written: fix {fix.id} on {path} no longer applies ({edit.reason}). "
            "Run fix_links without apply to plan again."
        )
    return FixedPage(page_id, path, item, _diff(before, after, path), tuple(f.id for f in fixes))


def _refuse_new(path: str, before: list[str], after: list[str]) -> None:
    """Refuse a page whose fixes would add a link to nothing or unsound ``{% %}`` markers."""
    new = list((Counter(after) - Counter(before)).elements())
    if new:
        raise ToolFailure(
            f"Nothing written: the fixes on {path} would leave {'; '.join(new[:5])}. "
            "Plan again, or fix that page by hand."
        )


async def edit_pages(
    reader: ContentReader, space_id: str, cr: str | None, fixes: Sequence[Fix], tree: RevisionTree
) -> list[FixedPage]:
    """One edit per page with chosen fixes, read from ``cr`` (None: the main content); ``tree``
    is that revision's (links are checked against it and written relative to it)."""
    by_page: dict[str, list[Fix]] = {}
    for fix in fixes:
        by_page.setdefault(fix.finding.page_id, []).append(fix)
    if len(by_page) > MAX_PAGES:
        raise ToolFailure(
            f"Nothing written: {len(by_page)} pages to edit, at most {MAX_PAGES} per batch. "
            "Pass the ids of fixes on fewer pages."
        )
    where = (space_id, cr, tree)
    return [await _edit_page(reader, where, pid, group) for pid, group in by_page.items()]
