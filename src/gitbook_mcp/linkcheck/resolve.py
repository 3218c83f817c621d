"""Where a URL of the organization's own sites ends up: a page, through redirect chains.

A URL under a site space's address is a page path of that space (the scanned revision for the
scanned space, else its main content). A path that names no page is looked up in the site's
redirects; a redirect is followed to its end, at most `MAX_HOPS` of them. A chain that ends on
nothing (no page and no further redirect, or a redirect to a page that was deleted) or that
comes back on itself is broken, and its reason names the chain.
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urljoin, urlsplit

from gitbook_mcp.linkcheck.context import RevisionIndex, ScanContext
from gitbook_mcp.linkcheck.model import PageNode, PublishedSite, RedirectHop
from gitbook_mcp.linkcheck.paths import path_under, site_for, space_for

__all__ = ["MAX_HOPS", "Resolution", "follow"]

MAX_HOPS = 10
"""Redirects followed for one URL; a longer chain is reported broken (it may be a loop)."""


@dataclass(frozen=True)
class Resolution:
    """Where a URL ends: a page of a space (``page``), an outside URL (``outside``), or nothing
    (``reason`` says why). ``chain`` lists the redirect sources followed, in order."""

    url: str
    chain: tuple[str, ...] = ()
    page: PageNode | None = None
    index: RevisionIndex | None = None
    site_id: str | None = None
    outside: bool = False
    reason: str = ""

    @property
    def broken(self) -> bool:
        """Whether the URL ends on nothing (no page, no outside URL)."""
        return self.page is None and not self.outside

    def via(self) -> str:
        """`` (via /a -> /b)`` naming the redirects followed, or nothing without one."""
        return f" (via {' -> '.join(self.chain)})" if self.chain else ""


async def _page(ctx: ScanContext, site: PublishedSite, url: str) -> Resolution | None:
    """The page the URL names in the site space it is under, or None (no page there)."""
    published = space_for(site, url)
    if published is None:
        return None
    if not await ctx.space_exists(published.space_id):
        return Resolution(url, reason=f"the space {published.space_id} cannot be read")
    index = await ctx.index(published.space_id)
    path = path_under(url, published.url)
    page = index.by_path.get(path) or (index.pages[0] if not path and index.pages else None)
    if page is None:
        return None
    return Resolution(url, page=page, index=index, site_id=site.id)


async def _hop_page(ctx: ScanContext, site: PublishedSite, hop: RedirectHop) -> Resolution | None:
    """A redirect naming a page: that page, or why it is gone (None: the redirect names none)."""
    if not hop.page_id or not hop.site_space_id:
        return None
    published = next((s for s in site.spaces if s.site_space_id == hop.site_space_id), None)
    if published is None:
        return Resolution(hop.url, reason=f"its site space {hop.site_space_id} is not published")
    if not await ctx.space_exists(published.space_id):
        return Resolution(hop.url, reason=f"the space {published.space_id} cannot be read")
    index = await ctx.index(published.space_id)
    page = index.by_id.get(hop.page_id)
    if page is None:
        return Resolution(hop.url, reason=f"it leads to page {hop.page_id}, which was deleted")
    return Resolution(hop.url, page=page, index=index, site_id=site.id)


async def follow(ctx: ScanContext, url: str) -> Resolution | None:
    """Where ``url`` ends, following redirects; None when it is under no site of the org."""
    chain: list[str] = []
    sites = await ctx.sites()
    while True:
        site = site_for(sites, url)
        if site is None:
            return None if not chain else Resolution(url, tuple(chain), outside=True)
        found = await _page(ctx, site, url)
        if found is not None:
            return _ended(found, chain)
        source = "/" + path_under(url, site.url)
        if source in chain:
            return Resolution(url, (*chain, source), reason="the redirects loop")
        if len(chain) >= MAX_HOPS:
            return Resolution(url, tuple(chain), reason=f"more than {MAX_HOPS} redirects")
        hop = await ctx.redirect(site.id, source)
        if hop is None:
            reason = "nothing is published at this URL and no redirect covers it"
            if chain:
                reason = f"the redirects end at {_shown(url)}, where nothing is published"
            return Resolution(url, tuple(chain), reason=reason)
        chain.append(source)
        named = await _hop_page(ctx, site, hop)
        if named is not None:
            return _ended(named, chain)
        url = urljoin(url, hop.url)  # a redirect may answer a path of the site


def _ended(found: Resolution, chain: list[str]) -> Resolution:
    if found.page is None and chain:
        reason = f"the redirect from {chain[-1]}: {found.reason}"
        return Resolution(found.url, tuple(chain), reason=reason)
    return Resolution(
        found.url, tuple(chain), found.page, found.index, found.site_id, reason=found.reason
    )


def _shown(url: str) -> str:
    parts = urlsplit(url)
    return parts.path or url
