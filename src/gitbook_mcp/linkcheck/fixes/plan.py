"""Planning fixes for broken links (no writes): a replacement per finding, with evidence and a
confidence in [0, 1].

A missing page is looked for, in order: among the pages a change request moved (``renamed``: old
path -> page id, from its semantic changes), through the site's redirect from its old path, then by
slug and title similarity over the page tree. A missing anchor gets the heading the change
request renamed it to (its own diff, certain), else the closest heading of the target page; a missing file the closest file name; a broken URL of the organization's own site the
closest page of that space; a dead outside URL the proposal to remove the link and keep its text.
An inline link whose target has no candidate at all gets that same proposal, at a low confidence.
Each fix has a short id that stays the same while the page and the proposal do (`fix_id`).
"""

from __future__ import annotations

import hashlib
import json
import posixpath
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Literal

import anyio

from gitbook_mcp.document.paths import relative_href
from gitbook_mcp.document.renames import heading_renames
from gitbook_mcp.linkcheck.checks import find_page, path_under, site_for, space_for
from gitbook_mcp.linkcheck.context import RevisionIndex, ScanContext
from gitbook_mcp.linkcheck.fixes.similar import (
    MIN_SIMILARITY,
    closest_anchor,
    closest_file,
    closest_page,
    slug_similarity,
)
from gitbook_mcp.linkcheck.model import Finding, Link, PageNode
from gitbook_mcp.linkcheck.offload import inline, run_sized
from gitbook_mcp.linkcheck.resolve import follow

__all__ = [
    "RENAMED_HEADING",
    "UNLINK",
    "UNLINKABLE",
    "Fix",
    "fix_id",
    "plan_fixes",
    "renamed_pages",
]

UNLINK = "remove the link, keep its text"
UNLINKABLE = frozenset({"link", "autolink"})
"""Link node types that can be removed keeping their text (inline links, not images)."""
_LAST_RESORT = 0.3
"""Confidence of removing a link whose target has no candidate at all."""
RENAMED_HEADING = 1.0
"""Confidence of following a heading the change request's own diff shows renamed: certain."""
TEXT_ONLY = 0.5
"""The most a page match owed to the link's text or the page's title may be sure of: strictly
below `fix_links`' default ``min_confidence`` (0.8), so that text someone wrote (a title that
reads like an instruction) is never what applies a fix unasked."""


@dataclass(frozen=True)
class Fix:
    """A proposed fix of one finding.

    ``replacement`` is the new value at the link's pointer in the document (a content ref, or a
    URL for an embed); ``href`` the new href of a markdown link. ``action="unlink"`` removes an
    inline link and keeps its text.
    """

    finding: Finding
    action: Literal["replace", "unlink"]
    target: str
    evidence: str
    confidence: float
    replacement: Any = None
    href: str | None = None
    page_id: str | None = None
    """The page the link leads to once fixed (a replacement that points at a page)."""

    @property
    def id(self) -> str:
        """The fix's short stable id (see `fix_id`)."""
        return fix_id(self)


def fix_id(fix: Fix) -> str:
    """``f`` + 8 hex digits naming the page, the link's place and target, and the proposal.

    Re-planning an unchanged page gives the same ids; a page whose link moved or changed does
    not, so an id chosen from an older plan no longer matches.
    """
    link = fix.finding.link
    key = [
        fix.finding.page_id,
        link.pointer or f"line {link.line}",
        link.href or "",
        link.target.describe(),
        fix.action,
        fix.target,
    ]
    return "f" + hashlib.sha1(json.dumps(key).encode(), usedforsecurity=False).hexdigest()[:8]


def renamed_pages(changes: Iterable[Mapping[str, Any]]) -> dict[str, str]:
    """Old path -> page id of the pages a change request moved or renamed (semantic changes)."""
    out: dict[str, str] = {}
    for change in changes:
        page = change.get("page")
        if not isinstance(page, Mapping) or change.get("type") not in ("page_moved", "page_edited"):
            continue
        path, page_id = str(page.get("path") or ""), str(page.get("id") or "")
        folder, _, slug = path.rpartition("/")
        before_slug = (change.get("attributes") or {}).get("slug", {}).get("before")
        before_parent = (change.get("parent") or {}).get("before")
        if isinstance(before_parent, Mapping) and change.get("type") == "page_moved":
            folder = str(before_parent.get("path") or "")
        elif change.get("type") == "page_moved":
            folder = ""
        old = (
            posixpath.join(folder, str(before_slug or slug)) if folder else str(before_slug or slug)
        )
        if page_id and old and old != path:
            out[old] = page_id
    return out


@dataclass(frozen=True)
class _Candidate:
    page: PageNode
    index: RevisionIndex
    evidence: str
    confidence: float
    anchor: str | None = None
    """The anchor to link to instead, when only the anchor was wrong."""


async def plan_fixes(
    ctx: ScanContext, findings: Sequence[Finding], *, renamed: Mapping[str, str] | None = None
) -> list[Fix]:
    """One proposal per finding that has one (in the findings' order)."""
    planned: list[Fix | None] = [None] * len(findings)

    async def plan(position: int, finding: Finding) -> None:
        planned[position] = await _plan_one(ctx, finding, renamed or {})

    async with anyio.create_task_group() as tg:
        for position, finding in enumerate(findings):
            if finding.status == "broken":
                tg.start_soon(plan, position, finding)
    return [fix for fix in planned if fix is not None]


async def _plan_one(ctx: ScanContext, finding: Finding, renamed: Mapping[str, str]) -> Fix | None:
    kind = finding.link.target.kind
    fix: Fix | None = None
    if kind in ("page", "anchor"):
        fix = await _plan_page(ctx, finding, renamed)
    elif kind == "file":
        fix = await _plan_file(ctx, finding)
    elif kind == "url":
        fix = await _plan_url(ctx, finding, renamed)
    if fix is None and finding.link.node_type in UNLINKABLE:
        evidence = f"{finding.reason}, and no page, heading or file is close to it"
        return Fix(finding, "unlink", UNLINK, evidence, _LAST_RESORT)
    return fix


async def _index(ctx: ScanContext, space_id: str | None) -> RevisionIndex | None:
    if space_id and space_id != ctx.space_id and not await ctx.space_exists(space_id):
        return None
    return await ctx.index(space_id)


def _here(index: RevisionIndex, finding: Finding) -> PageNode:
    fallback = PageNode(finding.page_id, finding.page_title, finding.page_path)
    return index.by_id.get(finding.page_id, fallback)


async def _plan_page(ctx: ScanContext, finding: Finding, renamed: Mapping[str, str]) -> Fix | None:
    target = finding.link.target
    index = await _index(ctx, target.space_id)
    if index is None:
        return None
    here = _here(index, finding)
    page = find_page(index, target, here)
    if isinstance(page, PageNode):
        return await _plan_anchor(ctx, finding, index, page)
    candidate = (
        _by_rename(index, target.page_path, renamed)
        or await _by_redirect(ctx, index, target.page_path)
        or _by_similarity(index, finding, here)
    )
    if candidate is None:
        return None
    anchor = target.anchor
    confidence = candidate.confidence
    evidence = candidate.evidence
    if anchor:
        anchors = await ctx.anchors(candidate.index, candidate.page.id)
        if anchor not in anchors:
            best = closest_anchor(anchor, anchors)
            anchor = best[0] if best else None
            confidence = round(confidence * (best[1] if best else 0.8), 2)
            evidence += f"; its closest heading is #{anchor}" if anchor else "; without the anchor"
    return _page_fix(finding, candidate, anchor, evidence, confidence)


def _by_rename(
    index: RevisionIndex, old_path: str | None, renamed: Mapping[str, str]
) -> _Candidate | None:
    page = index.by_id.get(renamed.get(old_path or "", ""))
    if page is None:
        return None
    return _Candidate(page, index, f"the change request moved {old_path} to {page.path}", 0.95)


async def _by_redirect(
    ctx: ScanContext, index: RevisionIndex, old_path: str | None
) -> _Candidate | None:
    """The page the site's redirects lead to from the old path (a chain followed to its end; a
    redirect to a deleted page is no candidate)."""
    if old_path is None:
        return None
    for site in await ctx.sites():
        for published in site.spaces:
            if published.space_id != index.space_id:
                continue
            end = await follow(ctx, published.url.rstrip("/") + "/" + old_path)
            if end is None or not end.chain or end.page is None or end.index is not index:
                continue
            evidence = f"the site redirects {end.chain[0]} to {end.page.path or '(root)'}"
            return _Candidate(end.page, index, evidence, 0.9)
    return None


def _by_similarity(index: RevisionIndex, finding: Finding, here: PageNode) -> _Candidate | None:
    target = finding.link.target
    structural = [k for k in (target.page_path, target.page_id) if k]
    keys = [*structural, *([finding.link.text] if finding.link.text else [])]
    best = closest_page(keys, [p for p in index.pages if p.id != here.id])
    if best is None:
        return None
    page, score = best
    by_slug = round(slug_similarity(structural, page), 2)
    by_text = min(round(0.8 * score, 2), TEXT_ONLY)
    if by_slug >= MIN_SIMILARITY and round(0.8 * by_slug, 2) >= by_text:
        evidence = f"the closest page by slug and title (similarity {score:.2f})"
        return _Candidate(page, index, evidence, round(0.8 * by_slug, 2))
    evidence = f"the closest page by link text or title only (similarity {score:.2f})"
    return _Candidate(page, index, evidence, by_text)


def _page_fix(
    finding: Finding, candidate: _Candidate, anchor: str | None, evidence: str, confidence: float
) -> Fix:
    link = finding.link
    page = candidate.page
    described = (page.path or page.title) + (f"#{anchor}" if anchor else "")
    if link.ref is None:
        folder = finding.page_id in candidate.index.folders
        href = relative_href(page.path, finding.page_path, folder=folder, anchor=anchor)
        return Fix(finding, "replace", described, evidence, confidence, href=href, page_id=page.id)
    # A page or anchor ref holds no ``url`` (a link written as a URL becomes a content ref).
    ref: dict[str, Any] = {
        k: v for k, v in link.ref.items() if k not in ("page", "anchor", "url", "file")
    }
    ref["kind"] = "anchor" if anchor else "page"
    ref["page"] = page.id
    if anchor:
        ref["anchor"] = anchor
    return Fix(
        finding, "replace", described, evidence, confidence, replacement=ref, page_id=page.id
    )


async def _renamed_heading(
    ctx: ScanContext, index: RevisionIndex, page: PageNode, anchor: str
) -> str | None:
    """The anchor the change request scanned renamed ``anchor`` of ``page`` to (its own diff:
    the page's headings in main against its own), or None."""
    if index.change_request_id is None or index.space_id != ctx.space_id:
        return None
    main, mine = await ctx.main_body(page.id), await ctx.body(index, page.id)
    before = (main.document or main.parsed) if main is not None else None
    after = (mine.document or mine.parsed) if mine is not None else None
    if before is None or after is None:
        return None
    renames = await run_sized(inline(mine), heading_renames, before, after)
    return renames.get(anchor)


async def _plan_anchor(
    ctx: ScanContext, finding: Finding, index: RevisionIndex, page: PageNode
) -> Fix | None:
    anchor = finding.link.target.anchor or ""
    renamed = await _renamed_heading(ctx, index, page, anchor)
    if renamed is not None:
        evidence = f"the change request renamed the heading #{anchor} to #{renamed}"
        candidate = _Candidate(page, index, evidence, RENAMED_HEADING)
        return _page_fix(finding, candidate, renamed, evidence, RENAMED_HEADING)
    anchors = await ctx.anchors(index, page.id)
    best = closest_anchor(anchor, anchors)
    if best is None:
        candidate = _Candidate(page, index, "the page has no similar heading", 0.4)
        return _page_fix(finding, candidate, None, candidate.evidence, candidate.confidence)
    new, score = best
    evidence = f"the closest heading of {page.path or page.title} (similarity {score:.2f})"
    candidate = _Candidate(page, index, evidence, round(0.9 * score, 2))
    return _page_fix(finding, candidate, new, evidence, candidate.confidence)


async def _plan_file(ctx: ScanContext, finding: Finding) -> Fix | None:
    link = finding.link
    index = await _index(ctx, link.target.space_id)
    old = link.target.file_name or link.target.file_id or ""
    best = closest_file(old, index.files) if index is not None else None
    if best is None:
        return None
    file, score = best
    evidence = f"the closest file name (similarity {score:.2f})"
    confidence = round(0.8 * score, 2)
    if link.ref is None and link.pointer is not None:  # a bare file id (a table's files cell)
        return Fix(
            finding, "replace", f"file {file.name}", evidence, confidence, replacement=file.id
        )
    if link.ref is None:
        href = (link.href or "").rsplit("/", 1)[0] + "/" + file.name
        return Fix(finding, "replace", f"file {file.name}", evidence, confidence, href=href)
    if link.ref.get("kind") == "url":  # an asset path as the author wrote it: keep its form
        url = str(link.ref.get("url", ""))
        ref = {
            **link.ref,
            "url": f"{url.rsplit('/', 1)[0]}/{file.name}" if "/" in url else file.name,
        }
    else:
        ref = {**link.ref, "file": file.id}
    return Fix(finding, "replace", f"file {file.name}", evidence, confidence, replacement=ref)


async def _plan_url(ctx: ScanContext, finding: Finding, renamed: Mapping[str, str]) -> Fix | None:
    link = finding.link
    url = link.target.url or ""
    fragment = url.partition("#")[2]
    site = site_for(await ctx.sites(), url)
    if site is None:
        if link.node_type not in UNLINKABLE:
            return None
        return Fix(finding, "unlink", UNLINK, finding.reason, 0.5)
    published = space_for(site, url)
    index = await _index(ctx, published.space_id) if published is not None else None
    if published is None or index is None:
        return None
    old_path = path_under(url, published.url)
    here = _here(index, finding)
    candidate = (
        await _same_page_anchor(ctx, index, old_path, fragment)
        or _by_rename(index, old_path, renamed)
        or _by_similarity(
            index, Finding(finding.page_id, "", "", _with_path(finding, old_path), ""), here
        )
    )
    if candidate is None:
        return None
    fragment = candidate.anchor if candidate.anchor is not None else fragment
    new_url = published.url.rstrip("/") + "/" + candidate.page.path
    new_url = new_url.rstrip("/") + (f"#{fragment}" if fragment else "")
    fix = Fix(
        finding,
        "replace",
        new_url,
        candidate.evidence,
        candidate.confidence,
        page_id=candidate.page.id,
    )
    if link.ref is not None:
        return replace(fix, replacement={**link.ref, "url": new_url})
    if link.pointer is not None:
        return replace(fix, replacement=new_url)
    return replace(fix, href=new_url)


async def _same_page_anchor(
    ctx: ScanContext, index: RevisionIndex, path: str, anchor: str
) -> _Candidate | None:
    """The closest heading when the URL's page exists and only its anchor is missing."""
    page = index.by_path.get(path) or (index.pages[0] if not path and index.pages else None)
    if page is None or not anchor:
        return None
    best = closest_anchor(anchor, await ctx.anchors(index, page.id))
    if best is None:
        return _Candidate(page, index, "the page has no similar heading", 0.4, anchor="")
    evidence = f"the closest heading of {page.path or page.title} (similarity {best[1]:.2f})"
    return _Candidate(page, index, evidence, round(0.9 * best[1], 2), anchor=best[0])


def _with_path(finding: Finding, path: str) -> Link:
    target = replace(finding.link.target, kind="page", page_path=path, url=None)
    return replace(finding.link, target=target)
