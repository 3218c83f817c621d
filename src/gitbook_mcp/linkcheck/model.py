"""The link checker's plain data: pages, files, links as found, targets as understood, findings.

Kept free of the API client's models so that the engine can be fed by the client, by the local
workspace or by a fake (see `gitbook_mcp.linkcheck.source`).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

__all__ = [
    "CacheShort",
    "FileNode",
    "Finding",
    "KeepLinks",
    "Link",
    "PageBody",
    "PageNode",
    "Progress",
    "PublishedSite",
    "PublishedSpace",
    "RedirectHop",
    "RevisionContent",
    "ScanResult",
    "Target",
    "TargetKind",
]

TargetKind = Literal[
    "url",
    "page",
    "anchor",
    "file",
    "space",
    "reusable-content",
    "tag",
    "user",
    "collection",
    "openapi",
    "other",
]
KeepLinks = Literal["all", "unchecked", "none"]
"""Which links a scan's result keeps besides its findings' (see `LinkScanner`)."""
Progress = Callable[[int, int, str], Awaitable[None]]
"""``await progress(done, total, message)`` after each page is read."""


@dataclass(frozen=True, slots=True)
class PageNode:
    """A page of a revision's tree (flattened): what a link can point at."""

    id: str
    title: str
    path: str
    slug: str = ""
    type: str = "document"
    parent_id: str | None = None
    target: Mapping[str, Any] | None = None
    """A link page's content ref (``type="link"``)."""
    readme: bool = False
    """The page is a folder's README read from disk: its links are relative to its folder."""
    version: str | None = None
    """What identifies this content of the page across revisions (its document's id, else its
    ``updatedAt``); None: unknown, so it is never reused from another revision."""


@dataclass(frozen=True, slots=True)
class FileNode:
    """A file of a revision (an image or an attachment)."""

    id: str
    name: str


@dataclass(frozen=True)
class RevisionContent:
    """A revision's page tree (flattened, in tree order) and its files."""

    pages: list[PageNode]
    files: list[FileNode] = field(default_factory=list)
    reusable_contents: frozenset[str] | None = None
    """The ids of the revision's reusable contents (None: the reader cannot tell)."""
    revision_id: str = ""
    """The revision's id, when the reader knows it (a revision never changes: same id, same pages)."""


@dataclass(frozen=True)
class PageScan:
    """What a scan takes from a page's markdown: its links as a document gives them, in
    document order (`scan_page`: each with its line and href), and its anchors (anchor ->
    text)."""

    links: list[Link]
    anchors: dict[str, str]


@dataclass(frozen=True)
class PageBody:
    """A page's content as read: its JSON document, or its markdown when no document came."""

    document: Mapping[str, Any] | None = None
    markdown: str | None = None
    parsed: Mapping[str, Any] | None = None
    """The document the checker parsed from ``markdown`` (when no document came and a change
    request's diff needs it)."""
    scanned: PageScan | None = None
    """The links and anchors the checker read from ``markdown`` (`scan_page`), otherwise."""
    size: int | None = field(default=None, compare=False)
    """Bytes of the answer the content was read from, when known (what the page cache counts,
    and what decides whether the page is worked on in a worker thread)."""


@dataclass(frozen=True)
class PublishedSpace:
    """A space as a site publishes it: the URL its pages live under."""

    site_id: str
    site_space_id: str
    space_id: str
    url: str


@dataclass(frozen=True)
class PublishedSite:
    """A published site of the organization, with its spaces (longest URL first is not assumed)."""

    id: str
    url: str
    spaces: tuple[PublishedSpace, ...] = ()


@dataclass(frozen=True)
class RedirectHop:
    """Where a site's redirect leads: a URL, and the page it names (a ``site-page`` destination)."""

    url: str
    site_space_id: str | None = None
    page_id: str | None = None


@dataclass(frozen=True, slots=True)
class Target:
    """Where a link points, whatever its source (a document ref or a markdown href)."""

    kind: TargetKind
    page_id: str | None = None
    page_path: str | None = None
    anchor: str | None = None
    file_id: str | None = None
    file_name: str | None = None
    space_id: str | None = None
    url: str | None = None
    raw_kind: str = ""
    ident: str | None = None
    """The id (or slug) of a reusable content, tag, user, collection or OpenAPI spec."""

    def describe(self) -> str:
        """A short human description: the URL, the page (and anchor), the file or the space."""
        if self.kind == "url":
            return self.url or "(empty URL)"
        space = f"space {self.space_id}: " if self.space_id else ""
        if self.kind in ("page", "anchor"):
            page = self.page_path if self.page_path is not None else (self.page_id or "this page")
            page = page or "(space root)"
            return space + (f"{page}#{self.anchor}" if self.anchor else page)
        if self.kind == "file":
            return space + f"file {self.file_name or self.file_id}"
        if self.kind == "space":
            return f"space {self.space_id}"
        if self.ident:
            return space + f"{self.raw_kind or self.kind} {self.ident}"
        return self.raw_kind or "(unknown target)"


@dataclass(frozen=True, slots=True)
class Link:
    """One link as found in a page: its text, its target, and where it sits.

    ``pointer`` is the JSON pointer of the node holding the ref in the document (``/nodes/2/...``);
    markdown links have ``line`` and ``href`` instead.
    """

    text: str
    target: Target
    node_type: str
    ref: Mapping[str, Any] | None = None
    pointer: str | None = None
    line: int | None = None
    href: str | None = None


@dataclass(frozen=True, slots=True)
class Finding:
    """A link that is broken (``status="broken"``) or that was refused a check (``"unchecked"``)."""

    page_id: str
    page_path: str
    page_title: str
    link: Link
    reason: str
    status: Literal["broken", "unchecked"] = "broken"
    suggested_redirect: Mapping[str, Any] | None = None
    """The site's suggested fix (a ``createSiteRedirect`` input: source, destination), if any."""
    site_finding_id: str | None = None
    """The site finding (live profile) that reports this target too: a fix applied resolves it."""
    affected_pages: tuple[str, ...] = ()
    """The pages the site finding names as linking to the target (a site-only finding)."""
    category: str | None = None
    """What an outside URL's check met, refining the status: ``dns`` (the host does not
    resolve), ``timeout``, ``rate-limited`` (unchecked) or ``broken``; None for other links."""

    @property
    def kind(self) -> TargetKind:
        """The kind of the link's target."""
        return self.link.target.kind

    @property
    def target(self) -> str:
        """The link's target, described."""
        return self.link.target.describe()

    @property
    def text(self) -> str:
        """The link's text."""
        return self.link.text


@dataclass(frozen=True)
class CacheShort:
    """A recheck that did not fit the page cache: pages unchanged since this caller's last
    check of the same content that were read again because the cache no longer held them."""

    read_again: int
    unchanged: int
    """Pages unchanged since the last check (those the cache could have served)."""
    cache_bytes: int
    """The page cache's byte budget, all callers together."""
    cache_entries: int
    """The page cache's bound on pages, all callers together."""


@dataclass
class ScanResult:
    """What a scan found: counts and findings, sorted by page path then target."""

    pages_scanned: int = 0
    links_checked: int = 0
    findings: list[Finding] = field(default_factory=list)
    links: dict[str, list[Link]] = field(default_factory=dict)
    """Every link found, by page id (kept so that fixes can be planned without a re-read); a
    scan may keep none (`LinkScanner`'s ``keep_links``)."""
    unchecked_links: dict[tuple[str, int], Link] = field(default_factory=dict)
    """The links of ``not_checked``, when the scan kept those only (``keep_links="unchecked"``)."""
    pages: dict[str, str] = field(default_factory=dict)
    """The path (or title) of every page scanned, by id, in scan order (for per-page reports)."""
    not_checked: dict[tuple[str, int], str] = field(default_factory=dict)
    """Why no check ran on a link, by (page id, position in ``links``): never to be called ok."""
    missing: list[str] = field(default_factory=list)
    """What the check could not do because a call failed late (a page not read, the site's
    findings), each saying why: the result is partial, never to be called complete."""
    cache_short: CacheShort | None = None
    """Set when this recheck read again pages the page cache could not keep (None: every
    unchanged page came from memory, or this is no recheck)."""

    @property
    def partial(self) -> bool:
        """Whether part of the check did not run (`missing`)."""
        return bool(self.missing)

    @property
    def broken(self) -> list[Finding]:
        """The findings that are broken links (not the unchecked ones)."""
        return [f for f in self.findings if f.status == "broken"]
