"""Links and anchors of a page read as markdown.

The markdown is parsed into GitBook's document (`gitbook_mcp.document.parse_markdown`) with every
href kept as written, then goes through the same extraction as a document, so a page gives the
same links either way; each link also gets the line its href is written on (fixes edit that line).
A relative href resolves against the linking page's path (`gitbook_mcp.document.paths`);
``.gitbook/assets/NAME`` names a file; ``#anchor`` is on the page itself.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from urllib.parse import unquote, urlsplit

from gitbook_mcp.document import PAGE_CPU_SECONDS, parse_markdown, stable_href
from gitbook_mcp.document.paths import resolve_path
from gitbook_mcp.document.refs import APP_HOSTS, is_external
from gitbook_mcp.linkcheck.extract import anchor_map, document_links
from gitbook_mcp.linkcheck.fastscan import fast_scan
from gitbook_mcp.linkcheck.model import Link, PageScan, Target, TargetKind

__all__ = [
    "BROKEN_MARKS",
    "app_target",
    "from_page",
    "href_target",
    "located",
    "markdown_anchors",
    "markdown_links",
    "parse_page",
    "scan_page",
]

BROKEN_MARKS = ("/broken/", "broken-reference", "broken://")
"""How GitBook writes a reference it could not resolve (reference section 7.3): broken as is."""


def parse_page(markdown: str) -> dict[str, Any]:
    """The document of a page's markdown, every href nobody else resolves kept as a ``url`` ref
    as written (relative paths are then resolved from the page). CPU-bound: off the event loop;
    `ParseTooSlow` past `PAGE_CPU_SECONDS` (someone else's text: no real page comes near it)."""
    return parse_markdown(
        markdown,
        lambda href: {"kind": "url", "url": href},
        cpu_seconds=PAGE_CPU_SECONDS,
        links_only=True,
    ).document


def scan_page(markdown: str) -> PageScan:
    """A page's links, each with its line and href (`located`), and anchors: read by the
    compiled scanner (`fast_scan`) where it reads the page's constructs, else from the page's
    document. CPU-bound: off the event loop (what is left of a page's links is not)."""
    scanned = fast_scan(markdown)
    if scanned is None:
        document = parse_page(markdown)
        scanned = PageScan(document_links(document), anchor_map(document))
    return PageScan(located(scanned.links, markdown), scanned.anchors)


def href_target(href: str, page_path: str, folder: bool) -> Target | None:
    """The target of a scheme-less href written in a page at ``page_path`` (None: an absolute
    URL, a protocol-relative one or a broken mark, which stay URLs)."""
    if is_external(href) or href.startswith("//") or href.startswith(BROKEN_MARKS):
        return None
    path, _, anchor = href.partition("#")
    path = path.split("?", 1)[0]
    if ".gitbook/assets/" in path:
        return Target("file", file_name=unquote(path.rsplit("/", 1)[-1]), raw_kind="url")
    resolved = resolve_path(path, page_path, folder=folder) if path else page_path
    if anchor:
        return Target("anchor", page_path=resolved, anchor=anchor, raw_kind="url")
    return Target("page", page_path=resolved, raw_kind="url")


def app_target(url: str) -> Target | None:
    """The space (or the page of a space, by path) an app URL names: ``https://app.gitbook.com/
    [o/<org>/]s/<space>[/<page path>][#anchor]`` (how GitBook writes cross-space links)."""
    parts = urlsplit(url)
    if parts.hostname not in APP_HOSTS or parts.query:
        return None
    segments = [unquote(s) for s in parts.path.split("/") if s]
    if len(segments) >= 4 and segments[0] == "o":
        segments = segments[2:]
    if len(segments) < 2 or segments[0] != "s" or not segments[1]:
        return None
    space, path = segments[1], "/".join(segments[2:])
    if not path and not parts.fragment:
        return Target("space", space_id=space, raw_kind="url")
    kind: TargetKind = "anchor" if parts.fragment else "page"
    anchor = parts.fragment or None
    return Target(kind, page_path=path, anchor=anchor, space_id=space, raw_kind="url")


def from_page(link: Link, page_path: str, folder: bool) -> Link:
    """A ``url`` ref without a scheme (``../setup.md``) is a path from the page, checked as the
    same href would be in the page's markdown; an app URL is the space or page it names;
    anything else is kept as it is."""
    url = link.target.url
    if link.target.kind != "url" or not url:
        return link
    target = app_target(url) if is_external(url) else href_target(url, page_path, folder)
    if target is None:
        return link
    # `Link` built directly: `dataclasses.replace` costs several times a constructor, per link
    return Link(link.text, target, link.node_type, link.ref, link.pointer, link.line, link.href)


def _written(link: Link) -> str:
    """The href as the markdown holds it (a ``url`` ref's URL, else the ref's stable form)."""
    if link.target.kind == "url" or link.ref is None:
        return link.target.url or ""
    return stable_href(link.ref) or ""


class _Locator:
    """Finds where each href is written, in document order: its next unused occurrence from the
    start of the line of the link before, else from the top (a reference definition or a
    footnote may sit anywhere). Searches the whole text at once (no per-line loop), and counts
    the lines between one link and the next (no table of every line's start)."""

    def __init__(self, markdown: str) -> None:
        self.text = markdown
        self.line = 0
        """The 0-based line of the link before, which starts at ``self.start``."""
        self.start = 0
        self.used: set[int] = set()

    def _find(self, form: str, start: int) -> int | None:
        offset = self.text.find(form, start)
        while offset >= 0 and offset in self.used:
            offset = self.text.find(form, offset + 1)
        return offset if offset >= 0 else None

    def locate(self, href: str) -> int | None:
        """The 1-based line of ``href``'s next occurrence (None: not written as such)."""
        forms = [f for f in dict.fromkeys((href, unquote(href))) if f]
        for start in (self.start, 0):
            found = [o for o in (self._find(f, start) for f in forms) if o is not None]
            if found:
                offset = min(found)
                self.used.add(offset)
                text = self.text
                if offset >= self.start:  # onwards: count only the lines in between
                    self.line += text.count("\n", self.start, offset)
                else:
                    self.line = text.count("\n", 0, offset)
                self.start = text.rfind("\n", 0, offset) + 1
                return self.line + 1
        return None


def located(links: list[Link], markdown: str) -> list[Link]:
    """Each link with its href and the line it is written on (`_Locator`)."""
    locator = _Locator(markdown)
    out: list[Link] = []
    for link in links:
        href = _written(link)
        line = locator.locate(href)
        out.append(Link(link.text, link.target, link.node_type, None, None, line, href))
    return out


def markdown_links(
    markdown: str,
    *,
    page_path: str,
    folder: bool = False,
    parsed: Mapping[str, Any] | None = None,
    scanned: PageScan | None = None,
) -> list[Link]:
    """Every link of a page's markdown, in document order, with its text, line, href and
    target resolved from the page (``parsed``: its document, ``scanned``: its located links
    (`scan_page`), when already read)."""
    if scanned is not None:
        found = scanned.links
    else:
        document = parsed if parsed is not None else parse_page(markdown)
        found = located(document_links(document), markdown)
    return [from_page(link, page_path, folder) for link in found]


def markdown_anchors(markdown: str, parsed: Mapping[str, Any] | None = None) -> dict[str, str]:
    """The page's anchors from its markdown: anchor -> heading text (as for a document)."""
    return anchor_map(parsed if parsed is not None else parse_page(markdown))
