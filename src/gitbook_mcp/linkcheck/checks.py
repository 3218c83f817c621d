"""Checking one link: page, anchor, file and space refs, and URLs of the organization's own sites.

Each check answers None when the link works, or a `Verdict` naming why not in one short sentence.
A URL under a published site's address is resolved through the site's spaces to a page path of
that space (the scanned revision when it is the scanned space, else its main content); a path that
resolves to nothing is broken unless the site's redirects lead to a page (followed hop by hop).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal
from urllib.parse import unquote, urljoin, urlsplit

from gitbook_mcp.linkcheck.context import RevisionIndex, ScanContext
from gitbook_mcp.linkcheck.external import ExternalChecker
from gitbook_mcp.linkcheck.markdown import BROKEN_MARKS
from gitbook_mcp.linkcheck.model import PageNode, PublishedSite, PublishedSpace, Target

__all__ = [
    "CHECKED_KINDS",
    "MAX_REDIRECT_HOPS",
    "Outcome",
    "Verdict",
    "check_target",
    "find_page",
    "path_under",
    "site_for",
    "space_for",
]

CHECKED_KINDS = frozenset({"page", "anchor", "file", "space"})
MAX_REDIRECT_HOPS = 10
"""Site redirects followed from one link (a longer chain or a loop is reported broken)."""
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


@dataclass(frozen=True)
class Outcome:
    """Whether the link was checked at all, and its verdict (None: it works); ``why`` says why a
    link was not checked."""

    checked: bool
    verdict: Verdict | None = None
    why: str = ""


async def _index_for(ctx: ScanContext, target: Target) -> RevisionIndex | Verdict:
    space = target.space_id
    if space and space != ctx.space_id and not await ctx.space_exists(space):
        return Verdict(f"the space {space} does not exist or cannot be read")
    return await ctx.index(space)


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
    if anchor in anchors:
        return None
    return Verdict(f"the page {page.path or page.title} has no heading #{anchor}")


async def _check_content(ctx: ScanContext, target: Target, here: PageNode) -> Verdict | None:
    if target.kind == "space":
        if target.space_id and not await ctx.space_exists(target.space_id):
            return Verdict(f"the space {target.space_id} does not exist or cannot be read")
        return None
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


def site_for(sites: list[PublishedSite], url: str) -> PublishedSite | None:
    """The published site whose address the URL is under (the longest match)."""
    matches = [s for s in sites if _under(url, s.url)]
    return max(matches, key=lambda s: len(s.url), default=None)


def _key(url: str) -> str:
    """A URL compared by host (any case, any scheme) and path, without its ends' slashes."""
    parts = urlsplit(url)
    return f"{parts.netloc.lower()}{parts.path}".rstrip("/")


def _under(url: str, base: str) -> bool:
    key, base_key = _key(url), _key(base)
    return key == base_key or key.startswith(base_key + "/")


def path_under(url: str, base: str) -> str:
    """The path of ``url`` below ``base`` (which it is under), decoded, without edge slashes."""
    return unquote(_key(url)[len(_key(base)) :].strip("/"))


def space_for(site: PublishedSite, url: str) -> PublishedSpace | None:
    """The site's space whose address the URL is under (the longest match)."""
    matches = [s for s in site.spaces if _under(url, s.url)]
    return max(matches, key=lambda s: len(s.url), default=None)


async def _check_site_url(ctx: ScanContext, url: str, hops: int = 0) -> Outcome | None:
    """None when the URL is not under a published site; else the outcome of its resolution."""
    parts = urlsplit(url)
    site = site_for(await ctx.sites(), url)
    if site is None:
        return None
    published = space_for(site, url)
    if published is not None:
        if not await ctx.space_exists(published.space_id):
            return Outcome(True, Verdict(f"the space {published.space_id} cannot be read"))
        path = path_under(url, published.url)
        index = await ctx.index(published.space_id)
        page = index.by_path.get(path) or (index.pages[0] if not path and index.pages else None)
        if page is not None:
            if parts.fragment:
                return Outcome(True, await _check_anchor(ctx, index, page, parts.fragment))
            return Outcome(True)
    leads_to = await ctx.redirect(site.id, "/" + path_under(url, site.url))
    if leads_to is not None:
        return await _follow(ctx, url, leads_to, hops)
    if hops:
        return Outcome(True, Verdict(f"the site's redirects lead to {url}, where nothing is"))
    return Outcome(True, Verdict("nothing is published at this URL and no redirect covers it"))


async def _follow(ctx: ScanContext, url: str, leads_to: str, hops: int) -> Outcome:
    """Where a site redirect leads, checked in turn (a chain is followed to its end)."""
    if hops >= MAX_REDIRECT_HOPS:
        return Outcome(
            True, Verdict(f"the site's redirects loop or chain more than {MAX_REDIRECT_HOPS} times")
        )
    fragment = urlsplit(url).fragment
    following = urljoin(url, leads_to)
    if fragment and not urlsplit(following).fragment:
        following += f"#{fragment}"  # a browser keeps the anchor across a redirect
    outcome = await _check_site_url(ctx, following, hops + 1)
    if outcome is None:
        return Outcome(False, why=f"not checked: the site redirects it to {following}")
    return outcome


def _broken_mark(target: Target) -> Verdict | None:
    """A target GitBook already wrote as broken (``/broken/…``, ``broken-reference``,
    ``#undefined``): broken without a lookup."""
    if target.kind == "url" and (target.url or "").startswith(BROKEN_MARKS):
        return Verdict("GitBook marks this reference as broken (its target no longer resolves)")
    if target.kind == "anchor" and target.anchor == UNDEFINED_ANCHOR:
        return Verdict("GitBook marks this anchor as missing (#undefined)")
    return None


async def _check_reusable(ctx: ScanContext, target: Target) -> Outcome:
    index = await _index_for(ctx, target)
    if isinstance(index, Verdict):
        return Outcome(True, index)
    if index.reusable_contents is None:
        return Outcome(False, why="not checked: the revision's reusable contents were not read")
    if target.ident in index.reusable_contents:
        return Outcome(True)
    return Outcome(True, Verdict(f"no reusable content {target.ident} {index.where()}"))


async def check_target(
    ctx: ScanContext, target: Target, here: PageNode, external: ExternalChecker | None
) -> Outcome:
    """Check one link's target from the page ``here``."""
    marked = _broken_mark(target)
    if marked is not None:
        return Outcome(True, marked)
    if target.kind in CHECKED_KINDS:
        return Outcome(True, await _check_content(ctx, target, here))
    if target.kind == "reusable-content":
        return await _check_reusable(ctx, target)
    if target.kind in _UNCHECKABLE:
        return Outcome(False, why=_UNCHECKABLE[target.kind])
    if target.kind != "url" or not target.url:
        return Outcome(False, why=f"not checked: a {target.raw_kind or target.kind} reference")
    site = await _check_site_url(ctx, target.url)
    if site is not None:
        return site
    if not target.url.lower().startswith(("http://", "https://")):
        return Outcome(False, why="not checked: not a web address")
    if external is None:
        return Outcome(False, why="not checked: outside URL (check with external=true)")
    verdict = await external.check(target.url)
    if verdict.status == "ok":
        return Outcome(True)
    return Outcome(True, Verdict(verdict.reason, verdict.status))
