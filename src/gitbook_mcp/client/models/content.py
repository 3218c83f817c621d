"""Revision content: revisions, page trees, files, change requests and content imports.

One `RevisionPage` model covers the page variants (``type`` says which: document, group, link,
computed); its ``pages`` are its children, so a tree is walked with `RevisionPage.walk`.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, Literal, TypedDict

from pydantic import ConfigDict, Field

from gitbook_mcp.client.models._base import APIModel, Paging, RequestModel
from gitbook_mcp.client.models.common import User
from gitbook_mcp.client.models.fields import URLString

__all__ = [
    "ChangeRequest",
    "ChangeRequestStatus",
    "ChangeRequestUrls",
    "ChangeRequestsQuery",
    "ContentFormat",
    "FileDimensions",
    "GitSyncBlob",
    "GitSyncCommit",
    "ImportContentRequest",
    "ImportContentResult",
    "ImportContentSource",
    "ImportRedirectSkip",
    "ImportSkip",
    "JSONDocument",
    "OrganizationChangeRequestsQuery",
    "PageAlone",
    "PageBelow",
    "PageCover",
    "PageLayout",
    "PageList",
    "PageUrls",
    "ReusableContent",
    "Revision",
    "RevisionFile",
    "RevisionPage",
    "RevisionUrls",
]

ContentFormat = Literal["document", "markdown"]
"""How a page or comment body is returned: a JSON document, or markdown text."""


class RevisionQuery(TypedDict, total=False):
    """How a revision's content is read."""

    metadata: bool
    """False omits mutable git metadata."""
    computed: bool
    """False skips computed content."""


class PageQuery(RevisionQuery, total=False):
    format: ContentFormat
    """``markdown`` returns the page's text as markdown."""
    evaluated: bool


class FilesQuery(RevisionQuery, Paging, total=False):
    """The files of a revision, a page at a time."""


ChangeRequestStatus = Literal["draft", "open", "archived", "merged"]

ImportContentSource = Literal[
    "website",
    "docx",
    "markdown",
    "html",
    "zip",
    "confluence",
    "github-wiki",
    "notion",
    "google-docs",
]


class GitSyncBlob(APIModel):
    oid: str
    path: str


class GitSyncCommit(APIModel):
    oid: str
    message: str
    createdByGitBook: bool
    url: str | None = None
    ref: str | None = None


class JSONDocument(APIModel):
    """A rich document: top-level block ``nodes`` (kept as plain dicts: the block tree is large)."""

    object: str
    data: dict[str, Any]
    nodes: list[dict[str, Any]]


class PageUrls(APIModel):
    app: str | None = None


class PageLayout(APIModel):
    width: str
    cover: bool
    coverSize: str
    title: bool
    description: bool
    tableOfContents: bool
    outline: bool
    pagination: bool
    metadata: bool


class PageCover(APIModel):
    ref: dict[str, Any] | None = None
    refDark: dict[str, Any] | None = None
    yPos: float = 0


class RevisionPage(APIModel):
    """A page of a revision. ``type`` is ``document``, ``group``, ``link`` or ``computed``.

    A document carries ``markdown`` or ``document`` (per the ``format`` asked for); documents and
    groups carry ``slug``, ``path`` and child ``pages``; a link carries ``target`` and ``href``.
    """

    id: str
    title: str
    type: str
    kind: str | None = None
    emoji: str | None = None
    icon: str | None = None
    createdAt: str | None = None
    updatedAt: str | None = None
    slug: str | None = None
    path: str | None = None
    description: str | None = None
    urls: PageUrls | None = None
    markdown: str | None = None
    document: JSONDocument | None = None
    pages: list[RevisionPage] = Field(default_factory=list)
    git: GitSyncBlob | None = None
    layout: PageLayout | None = None
    cover: PageCover | None = None
    variables: dict[str, Any] | None = None
    hidden: bool = False
    noIndex: bool = False
    noRobotsIndex: bool = False
    target: dict[str, Any] | None = None
    href: str | None = None
    computed: dict[str, Any] | None = None
    computedSeed: str | None = None
    documentId: str | None = None

    def walk(self, depth: int = 0) -> Iterator[tuple[RevisionPage, int]]:
        """This page then its descendants, depth first, each with its depth."""
        yield self, depth
        for child in self.pages:
            yield from child.walk(depth + 1)


_NOT_READ = "\0not read"
"""An alias no answer has: a field validated from it alone is never read from the answer."""


class PageBelow(RevisionPage):
    """A page below the one read (`PageAlone`): its place in the tree without its body.

    Its ``document`` and ``markdown`` are not read (None), nor are fields the model does not
    name: a page answer holds every page below it with its body, and turning those into objects
    cost a page read most of its time, for callers that use the page's own body only."""

    model_config = ConfigDict(extra="ignore", populate_by_name=False)

    markdown: str | None = Field(default=None, validation_alias=_NOT_READ)
    document: JSONDocument | None = Field(default=None, validation_alias=_NOT_READ)
    pages: list[PageBelow] = Field(default_factory=list)  # type: ignore[assignment]


class PageAlone(RevisionPage):
    """A page read whole, the pages below it as outlines (`PageBelow`, no bodies)."""

    pages: list[PageBelow] = Field(default_factory=list)  # type: ignore[assignment]


def _walk(pages: list[RevisionPage]) -> Iterator[tuple[RevisionPage, int]]:
    for page in pages:
        yield from page.walk()


class PageList(APIModel):
    """The page tree of a revision: its top-level ``pages``, each with its children."""

    pages: list[RevisionPage]

    def walk(self) -> Iterator[tuple[RevisionPage, int]]:
        """Every page of the tree, depth first, with its depth (0 for top-level pages)."""
        return _walk(self.pages)


class FileDimensions(APIModel):
    width: float
    height: float


class RevisionFile(APIModel):
    id: str
    name: str
    contentType: str
    downloadURL: str
    size: int
    dimensions: FileDimensions | None = None
    git: GitSyncBlob | None = None


class ChangeRequestUrls(APIModel):
    app: str
    location: str


class ChangeRequest(APIModel):
    object: str
    id: str
    number: int
    status: str
    subject: str
    createdBy: User
    createdAt: str
    updatedAt: str
    revision: str
    revisionInitial: str
    revisionMergedAncestor: str | None = None
    revisionMerged: str | None = None
    comments: int
    outdated: bool
    urls: ChangeRequestUrls


class ReusableContent(APIModel):
    id: str
    title: str
    git: GitSyncBlob | None = None
    document: str | None = None
    computed: dict[str, Any] | None = None
    computedSeed: str | None = None


class RevisionUrls(APIModel):
    app: str
    published: str | None = None
    public: str | None = None


class Revision(APIModel):
    """A revision of a space or change request. ``type`` is ``edits``, ``merge``, ..."""

    object: str
    id: str
    type: str
    parents: list[str]
    pages: list[RevisionPage]
    files: list[RevisionFile]
    reusableContents: list[ReusableContent]
    variables: dict[str, Any] | None = None
    createdAt: str
    git: GitSyncCommit | None = None
    urls: RevisionUrls
    mergedFrom: ChangeRequest | None = None

    def walk_pages(self) -> Iterator[tuple[RevisionPage, int]]:
        """Every page of the revision, depth first, with its depth (0 for top-level pages)."""
        return _walk(self.pages)


class ImportSkip(APIModel):
    """A file an import left out, and why (the local workspace's own)."""

    path: str
    reason: str


class ImportRedirectSkip(APIModel):
    """A ``.gitbook.yaml`` redirect an import did not keep, its line, and why (the local
    workspace's own)."""

    source: str
    line: int
    reason: str


class ImportContentResult(APIModel):
    revision: str
    importedResources: int
    totalResources: int
    # The local workspace's own fields (the real service sends none of them).
    skippedResources: int | None = None
    """Files read but not imported (``totalResources - importedResources``)."""
    skipped: list[ImportSkip] = Field(default_factory=list)
    """The first of them, each with why."""
    redirects: int | None = None
    """``.gitbook.yaml`` redirects kept with the new revision."""
    redirectsSkippedCount: int | None = None
    """Redirects not kept (each leads to no page of the import)."""
    redirectsSkipped: list[ImportRedirectSkip] = Field(default_factory=list)
    """The first of them, each with why."""


class ImportContentRequest(RequestModel):
    url: URLString
    source: ImportContentSource


class ChangeRequestsQuery(Paging, total=False):
    status: ChangeRequestStatus
    contributor: str


class OrganizationChangeRequestsQuery(Paging, total=False):
    status: Sequence[ChangeRequestStatus]
    creator: str
    contributor: str
    requested_reviewer: str
    space: str
    site: str
