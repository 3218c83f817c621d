"""Which published site and site space a URL is under, and its path below an address."""

from __future__ import annotations

from urllib.parse import unquote, urlsplit

from gitbook_mcp.linkcheck.model import PublishedSite, PublishedSpace

__all__ = ["path_under", "site_for", "space_for"]


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
