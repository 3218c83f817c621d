"""Checking one link: page, anchor, file and space refs, and URLs of the organization's own sites.

Each check answers None when the link works, or a `Verdict` naming why not in one short sentence.
A URL under a published site's address is resolved through the site's spaces to a page path of
that space (the scanned revision when it is the scanned space, else its main content); a path that
resolves to nothing is followed through the site's redirects to its end (`linkcheck.resolve`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal
from urllib.parse import unquote, urlsplit

from gitbook_mcp.document.anchors import slug_variants
from gitbook_mcp.linkcheck.context import RevisionIndex, ScanContext
from gitbook_mcp.linkcheck.external.checker import ExternalChecker
from gitbook_mcp.linkcheck.markdown import BROKEN_MARKS
from gitbook_mcp.linkcheck.model import PageNode, Target
from gitbook_mcp.linkcheck.paths import path_under, site_for, space_for
from gitbook_mcp.linkcheck.resolve import follow

__all__ = [
    "CHECKED_KINDS",
    "CheckOutcome",
    "Verdict",
    "check_target",
    "find_page",
    "path_under",
    "site_for",
    "space_for",
]

CHECKED_KINDS = frozenset({"page", "anchor", "file", "space"})
UNDEFINED_ANCHOR = "undefined"
"""``#undefined``: what an export writes for a missing anchor (reference section 7.3)."""
_UNCHECKABLE = {
    "tag": "not checked: the API does not list a revision's update tags",
    "user": "not checked: a user mention (the API does not list the users it may name)",
    "collection": "not checked: a collection reference (the app resolves it, not the API)",
    "openapi": "not checked: an OpenAPI spec reference (the API's specs are not read here)",
}


@dataclass(frozen=True)
class Verdict:
    """Why a link fails: ``broken``, or ``unchecked`` when a check was refused."""

    reason: str
    status: Literal["broken", "unchecked"] = "broken"
    category: str | None = None
    """An outside URL's refinement (``dns``, ``timeout``, ``rate-limited``), if any."""


@dataclass(frozen=True)
class CheckOutcome:
    """Whether the link was checked at all, and its verdict (None: it works); ``why`` says why a
    link was not checked."""

    checked: bool
    verdict: Verdict | None = None
    why: str = ""


_WORKS = CheckOutcome(True)
"""The outcome of a link that was checked and works (most of them: made once)."""


_OTHER_SPACE = "not checked: another space (this reader cannot read other spaces)"


async def _index_for(ctx: ScanContext, target: Target) -> RevisionIndex | Verdict:
    space = target.space_id
    if space and space != ctx.space_id:
        exists = await ctx.space_exists(space)
        if exists is None:
            return Verdict(_OTHER_SPACE, "unchecked")
        if not exists:
            return _unreadable(space)
    return await ctx.index(space)


def _unreadable(space: str) -> Verdict:
    """Another space this token cannot read: the API answers alike whether it exists or not,
    so the link is not known to be broken (a docs repository's links to its sibling spaces)."""
    return Verdict(
        f"not checked: the space {space} cannot be read with this token (it may not exist)",
        status="unchecked",
    )


def find_page(index: RevisionIndex, target: Target, here: PageNode) -> PageNode | Verdict:
    """The page a target names (``here`` when it names none), or why there is none."""
    if target.page_id:
        page = index.by_id.get(target.page_id)
        missing = target.page_id
    elif target.page_path is not None:
        page = index.by_path.get(target.page_path)
        missing = target.page_path or "(root)"
        if page is None and target.page_path == "" and index.pages:
            page = index.pages[0]
    else:
        return here
    if page is None:
        return Verdict(f"no page {missing} {index.where()}")
    return page


async def _check_anchor(
    ctx: ScanContext, index: RevisionIndex, page: PageNode, anchor: str
) -> Verdict | None:
    anchors = await ctx.anchors(index, page.id)
    decoded = unquote(anchor)  # ``#caf%C3%A9`` is the heading ``café``
    if anchor in anchors or decoded in anchors:
        return None
    unsure = _unsure_anchor(decoded, anchors)
    if unsure:
        return Verdict(f"not checked: #{decoded} {unsure}", status="unchecked")
    return Verdict(f"the page {page.path or page.title} has no heading #{decoded}")


def _unsure_anchor(anchor: str, anchors: Mapping[str, str]) -> str:
    """Why an anchor no block has may still work (empty: it cannot): it is a heading's id under
    a part of GitBook's rule nobody has observed, or a repeated heading's numbered id."""
    base, _, number = anchor.rpartition("-")
    if base in anchors and number.isdigit():
        return f"numbers the repeated heading #{base} (GitBook's rule for repeats is not known)"
    for known, text in anchors.items():
        if text and anchor in slug_variants(text):
            return (
                f"may be the id of the heading #{known} (that part of GitBook's rule is not known)"
            )
    return ""


async def _check_content(ctx: ScanContext, target: Target, here: PageNode) -> Verdict | None:
    if target.kind == "space":
        if not target.space_id:
            return None
        exists = await ctx.space_exists(target.space_id)
        if exists is None:
            return Verdict(_OTHER_SPACE, "unchecked")
        return None if exists else _unreadable(target.space_id)
    index = await _index_for(ctx, target)
    if isinstance(index, Verdict):
        return index
    if target.kind == "file":
        if (target.file_id and target.file_id in index.file_ids) or (
            target.file_name and target.file_name in index.file_names
        ):
            return None
        return Verdict(f"no file {target.file_name or target.file_id} {index.where()}")
    page = find_page(index, target, here)
    if isinstance(page, Verdict):
        return page
    if target.kind == "anchor" and target.anchor:
        return await _check_anchor(ctx, index, page, target.anchor)
    return None


async def _check_site_url(ctx: ScanContext, url: str) -> CheckOutcome | None:
    """None when the URL is not under a published site; else where it ends, redirects followed."""
    end = await follow(ctx, url)
    if end is None:
        return None
    if end.outside:
        return CheckOutcome(False, why=f"not checked: the site redirects it to {end.url}")
    if end.page is None:
        return CheckOutcome(True, Verdict(end.reason + end.via()))
    fragment = urlsplit(url).fragment
    if fragment and end.index is not None:
        return CheckOutcome(True, await _check_anchor(ctx, end.index, end.page, fragment))
    return CheckOutcome(True)


def _broken_mark(target: Target) -> Verdict | None:
    """A target GitBook already wrote as broken (``/broken/…``, ``broken-reference``,
    ``#undefined``): broken without a lookup."""
    if target.kind == "url" and (target.url or "").startswith(BROKEN_MARKS):
        return Verdict("GitBook marks this reference as broken (its target no longer resolves)")
    if target.kind == "anchor" and target.anchor == UNDEFINED_ANCHOR:
        return Verdict("GitBook marks this anchor as missing (#undefined)")
    return None


async def _check_reusable(ctx: ScanContext, target: Target) -> CheckOutcome:
    index = await _index_for(ctx, target)
    if isinstance(index, Verdict):
        return CheckOutcome(True, index)
    if index.reusable_contents is None:
        return CheckOutcome(
            False, why="not checked: the revision's reusable contents were not read"
        )
    if target.ident in index.reusable_contents:
        return CheckOutcome(True)
    return CheckOutcome(True, Verdict(f"no reusable content {target.ident} {index.where()}"))


async def check_target(
    ctx: ScanContext, target: Target, here: PageNode, external: ExternalChecker | None
) -> CheckOutcome:
    """Check one link's target from the page ``here``."""
    marked = _broken_mark(target)
    if marked is not None:
        return CheckOutcome(True, marked)
    if target.kind in CHECKED_KINDS:
        found = await _check_content(ctx, target, here)
        return _WORKS if found is None else CheckOutcome(True, found)
    if target.kind == "reusable-content":
        return await _check_reusable(ctx, target)
    if target.kind in _UNCHECKABLE:
        return CheckOutcome(False, why=_UNCHECKABLE[target.kind])
    if target.kind != "url" or not target.url:
        return CheckOutcome(False, why=f"not checked: a {target.raw_kind or target.kind} reference")
    site = await _check_site_url(ctx, target.url)
    if site is not None:
        return site
    if not target.url.lower().startswith(("http://", "https://")):
        return CheckOutcome(False, why="not checked: not a web address")
    if external is None:
        return CheckOutcome(False, why="not checked: outside URL (check with external=true)")
    verdict = await external.check(target.url)
    if verdict.status == "ok":
        return CheckOutcome(True)
    if verdict.status == "skipped":
        return CheckOutcome(False, why=verdict.reason)
    return CheckOutcome(True, Verdict(verdict.reason, verdict.status, verdict.category))
