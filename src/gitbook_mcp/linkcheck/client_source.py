"""The link checker fed by the API client: the one module to adapt when client methods change.

``format="document"`` reads pages as JSON documents (link nodes with refs); ``"markdown"`` reads
their markdown, for a backend whose documents carry no link nodes (the local workspace renders
links as plain text in documents, so it is read as markdown).
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Iterator
from typing import Any

import anyio
from pydantic import ValidationError

from gitbook_mcp.api import OPERATIONS
from gitbook_mcp.client import errors
from gitbook_mcp.client.client import GitBookClient
from gitbook_mcp.client.models.content import ContentFormat, PageAlone, Revision, RevisionPage
from gitbook_mcp.client.models.redirects import PageDestination
from gitbook_mcp.client.resources import ChangeRequestContent, SpaceContent, operation_of
from gitbook_mcp.linkcheck import model
from gitbook_mcp.linkcheck.offload import INLINE_DOCUMENT_BYTES, run_sized
from gitbook_mcp.linkcheck.site_memo import SiteMemo

__all__ = ["ClientContentReader", "ClientSiteReader", "raw_document"]

_REVISION = operation_of(SpaceContent.get_revision)
_CR_REVISION = operation_of(ChangeRequestContent.get_revision)
_PAGE = operation_of(SpaceContent.get_page)
_CR_PAGE = operation_of(ChangeRequestContent.get_page)
"""The operations a page is read by: their routes, from the API's table, are sent as the
client's ``get_page`` sends them, but the answer is read as JSON (see `page`)."""

_NO_METADATA: dict[str, bool] = {"metadata": False}
"""Every read asks for no git metadata (the contract's ``metadata`` switch): the checker reads
none, and a git-synced space's metadata is each page's markdown blob, which the local
workspace renders every page for (a third of a check of two real repositories)."""


def _flatten(pages: list[RevisionPage], parent: str | None = None) -> Iterator[model.PageNode]:
    for page in pages:
        yield model.PageNode(
            id=page.id,
            title=page.title,
            path=page.path or "",
            slug=page.slug or "",
            type=page.type,
            parent_id=parent,
            target=page.target if page.type == "link" else None,
            version=_version(page.documentId, page.updatedAt),
        )
        yield from _flatten(page.pages, page.id)


def _version(document_id: str | None, updated_at: str | None) -> str | None:
    """A page's content identity: its document's id, else when it last changed."""
    if document_id:
        return f"doc:{document_id}"
    if updated_at:
        return f"at:{updated_at}"
    return None


def _text(value: object) -> str | None:
    return value if isinstance(value, str) else None


def _tree_page(raw: object, parent: str | None) -> model.PageNode | None:
    """One page of the tree's JSON as the checker's node; None when it is not a page's shape."""
    if not isinstance(raw, dict):
        return None
    page_id, title, kind = raw.get("id"), raw.get("title"), raw.get("type")
    if not (isinstance(page_id, str) and isinstance(title, str) and isinstance(kind, str)):
        return None
    target = raw.get("target")
    if target is not None and not isinstance(target, dict):
        return None
    return model.PageNode(
        id=page_id,
        title=title,
        path=_text(raw.get("path")) or "",
        slug=_text(raw.get("slug")) or "",
        type=kind,
        parent_id=parent,
        target=target if kind == "link" else None,
        version=_version(_text(raw.get("documentId")), _text(raw.get("updatedAt"))),
    )


_TREE_KEYS = frozenset(
    {"id", "title", "type", "path", "slug", "documentId", "updatedAt", "target", "pages"}
    | {"files", "reusableContents", "name"}
)
"""What `_revision_content` reads of a page of the tree, of a file and of the revision."""


def _slim(item: dict[str, Any]) -> dict[str, Any]:
    """A page of the tree (or the revision: ``id`` and ``pages``) with only what the checker
    reads, as it is parsed: the rest of a page (its layout, URLs, a local workspace's
    markdown) is several times what is kept, and a 50,000-page tree held it all at once."""
    if "pages" in item and "id" in item:
        return {key: value for key, value in item.items() if key in _TREE_KEYS}
    return item


def _revision_content(raw: bytes) -> model.RevisionContent | None:
    """The revision's pages (depth first, as `_flatten` gives them) and files, read from its
    JSON; None when the answer is not a revision's shape (the model then says why)."""
    try:
        revision = json.loads(raw, parse_constant=_no_constant, object_hook=_slim)
    except (ValueError, RecursionError):
        return None
    if not isinstance(revision, dict) or not isinstance(revision.get("id"), str):
        return None
    top, files, reusable = (revision.get(k) for k in ("pages", "files", "reusableContents"))
    if not (isinstance(top, list) and isinstance(files, list) and isinstance(reusable, list)):
        return None
    pages: list[model.PageNode] = []
    stack: list[tuple[object, str | None]] = [(page, None) for page in reversed(top)]
    while stack:
        item, parent = stack.pop()
        node = _tree_page(item, parent)
        if node is None:
            return None
        pages.append(node)
        children = item.get("pages") if isinstance(item, dict) else None
        if children is not None and not isinstance(children, list):
            return None
        stack.extend((child, node.id) for child in reversed(children or []))
    found = []
    for file in files:
        if not (isinstance(file, dict) and isinstance(file.get("id"), str)):
            return None
        found.append(model.FileNode(id=file["id"], name=_text(file.get("name")) or ""))
    ids = [r.get("id") for r in reusable if isinstance(r, dict)]
    if len(ids) != len(reusable) or not all(isinstance(i, str) for i in ids):
        return None
    return model.RevisionContent(pages, found, frozenset(ids), revision_id=revision["id"])  # type: ignore[arg-type]


def raw_document(page: RevisionPage) -> dict[str, Any] | None:
    """A page's document as the API sent it (every key kept, none added)."""
    if page.document is None:
        return None
    return page.document.model_dump(mode="json", exclude_unset=True)


def _no_constant(name: str) -> object:
    """Refuse ``NaN`` and ``Infinity``, which JSON does not have (as the client's models do)."""
    raise ValueError(f"{name} is not JSON")


class _PageRead(PageAlone):
    """A page answer as the checker reads it: its own document as plain JSON (what is passed
    on), the pages below it as outlines (`PageBelow`: their bodies are scanned, not built)."""

    document: dict[str, Any] | None = None  # type: ignore[assignment]


_CONSTANTS = (b"NaN", b"Infinity")
"""What `_no_constant` refuses and the model's JSON reader takes: a page whose own document
holds one is read the slow way, so it is read as before (in text, or below, they change
nothing the checker is given)."""


def _not_finite(document: object) -> bool:
    """Whether the JSON value holds a number that is not finite (``NaN``, ``Infinity``)."""
    stack = [document]
    while stack:
        value = stack.pop()
        if isinstance(value, float) and not math.isfinite(value):
            return True
        if isinstance(value, dict):
            stack.extend(value.values())
        elif isinstance(value, list):
            stack.extend(value)
    return False


def _page_fast(raw: bytes) -> model.PageBody | None:
    """The page's own body from the answer in one pass of the compiled JSON reader, without
    building the documents of the pages below it (a page answer holds them all: 65 MB for the
    454 pages of two real repositories, parsed whole, was most of a check's reading); None when
    the answer is not plainly a page (then `_page_json` reads it as before)."""
    try:
        page = _PageRead.model_validate_json(raw)
    except ValidationError:
        return None
    if not (page.document is None or _is_document(page.document)):
        return None
    if any(constant in raw for constant in _CONSTANTS) and _not_finite(page.document):
        return None
    return model.PageBody(page.document, page.markdown, size=len(raw))


def _page_json(raw: bytes) -> dict[str, Any] | None:
    """The answer as JSON when it is a page whose ``document`` and ``markdown`` are what a
    `RevisionPage` takes and whose other fields fit the model; else None."""
    try:
        page = json.loads(raw, parse_constant=_no_constant)
    except ValueError:
        return None
    if not isinstance(page, dict):
        return None
    document, markdown = page.get("document"), page.get("markdown")
    if not (markdown is None or isinstance(markdown, str)):
        return None
    if not (document is None or _is_document(document)):
        return None
    try:
        RevisionPage.model_validate({k: v for k, v in page.items() if k != "document"})
    except ValidationError:
        return None
    return page


def _is_document(value: object) -> bool:
    """Whether ``value`` is what `JSONDocument` takes: ``object``, ``data``, block ``nodes``."""
    if not isinstance(value, dict):
        return False
    nodes = value.get("nodes")
    return (
        isinstance(value.get("object"), str)
        and isinstance(value.get("data"), dict)
        and isinstance(nodes, list)
        and all(isinstance(node, dict) for node in nodes)
    )


class ClientContentReader:
    """`ContentReader` over `GitBookClient` (change request content, or the main content)."""

    def __init__(self, client: GitBookClient, *, format: ContentFormat = "document") -> None:
        self._client = client
        self._format: ContentFormat = format

    @property
    def max_concurrency(self) -> int:
        """The client's cap on requests in flight (it enforces it itself)."""
        return self._client.max_concurrency

    async def revision(self, space_id: str, change_request_id: str | None) -> model.RevisionContent:
        """The revision's pages and files, in one request.

        The answer (about 860 bytes a page) is read as JSON into the checker's own nodes, not
        into the client's models: at 50,000 pages those took seconds and about a hundred MB
        more. An answer that is not a revision's shape is read as the model, to fail as the
        client's ``get_revision`` would.
        """
        if change_request_id:
            operation = _CR_REVISION
            ids = {"spaceId": space_id, "changeRequestId": change_request_id}
        else:
            operation, ids = _REVISION, {"spaceId": space_id}
        self._client.require(operation)
        path = OPERATIONS[operation].path
        status, raw = await self._client.request_bytes(
            "GET", path, ids=ids, params=_NO_METADATA, max_bytes=self._client.max_tree_bytes
        )
        content = await anyio.to_thread.run_sync(_revision_content, raw)
        if content is not None:
            return content
        revision = self._client.read_answer(Revision, "GET", path, status, raw)
        files = [model.FileNode(id=f.id, name=f.name) for f in revision.files]
        reusable = frozenset(r.id for r in revision.reusableContents)
        return model.RevisionContent(
            list(_flatten(revision.pages)), files, reusable, revision_id=revision.id
        )

    async def page(
        self, space_id: str, change_request_id: str | None, page_id: str
    ) -> model.PageBody | None:
        """One page's document (or markdown); None when the page does not exist.

        The answer is read as JSON, not as a `RevisionPage` dumped back: a document is large
        and only passed on. An answer of another shape than a page's is read as the model, so
        it fails as the client's ``get_page`` would.
        """
        if change_request_id:
            operation = _CR_PAGE
            ids = {"spaceId": space_id, "changeRequestId": change_request_id, "pageId": page_id}
        else:
            operation, ids = _PAGE, {"spaceId": space_id, "pageId": page_id}
        self._client.require(operation)
        path = OPERATIONS[operation].path
        query = {"format": self._format, **_NO_METADATA}
        try:
            status, raw = await self._client.request_bytes("GET", path, ids=ids, params=query)
        except errors.NotFoundError:
            return None
        # The request waiting for the slot this one freed starts before this page is worked
        # on, so its wait overlaps the work (not the work of every answer that came together).
        await anyio.lowlevel.checkpoint()
        small = len(raw) <= INLINE_DOCUMENT_BYTES
        return await run_sized(small, self._body, path, status, raw)

    def _body(self, path: str, status: int, raw: bytes) -> model.PageBody:
        if status in (204, 205):
            page = None
        else:
            fast = _page_fast(raw)
            if fast is not None:
                return fast
            page = _page_json(raw)
        if page is None:
            read = self._client.read_answer(RevisionPage, "GET", path, status, raw)
            return model.PageBody(raw_document(read), read.markdown, size=len(raw))
        return model.PageBody(page.get("document"), page.get("markdown"), size=len(raw))

    async def space_exists(self, space_id: str) -> bool:
        """Whether the space can be read with this token."""
        try:
            await self._client.spaces.get(space_id)
        except (errors.NotFoundError, errors.PermissionDeniedError):
            return False
        return True


class ClientSiteReader:
    """`SiteReader` over `GitBookClient`, for one organization's published sites.

    With a ``memo``, answers are remembered between checks (`SiteMemo`); ``revision`` names
    the revision being checked (what the answers are kept with).
    """

    def __init__(
        self,
        client: GitBookClient,
        organization_id: str,
        *,
        memo: SiteMemo | None = None,
        revision: Callable[[], str] = str,
    ) -> None:
        self._client = client
        self._org = organization_id
        self.memo = memo
        self.revision = revision

    async def sites(self) -> list[model.PublishedSite]:
        """The organization's published sites with their spaces' URLs (none if not readable)."""
        if self.memo is None:
            return await self._readable_sites()
        return await self.memo.get(("sites", self._org), self.revision(), self._readable_sites)

    async def _readable_sites(self) -> list[model.PublishedSite]:
        try:
            return await self._sites()
        except (errors.NotFoundError, errors.PermissionDeniedError):
            return []

    async def _sites(self) -> list[model.PublishedSite]:
        found: list[model.PublishedSite] = []
        async for site in self._client.sites.list(self._org):
            if not site.published or not site.urls.published:
                continue
            spaces = [
                model.PublishedSpace(site.id, item.id, item.space.id, item.urls.published)
                async for item in self._client.site_spaces.list(self._org, site.id)
                if item.urls.published
            ]
            found.append(model.PublishedSite(site.id, site.urls.published, tuple(spaces)))
        return found

    async def redirect(self, site_id: str, source: str) -> model.RedirectHop | None:
        """Where the site's redirect from ``source`` leads, or None when there is none."""
        if self.memo is None:
            return await self._redirect(site_id, source)
        key = ("redirect", self._org, site_id, source)
        return await self.memo.get(key, self.revision(), lambda: self._redirect(site_id, source))

    async def _redirect(self, site_id: str, source: str) -> model.RedirectHop | None:
        try:
            lookup = await self._client.redirects.get_by_source(self._org, site_id, source=source)
        except (
            errors.NotFoundError,
            errors.PermissionDeniedError,
            errors.InvalidRequestError,
            ValidationError,
        ):
            return None
        destination = lookup.redirect.destination
        if isinstance(destination, PageDestination):
            return model.RedirectHop(lookup.target, destination.siteSpaceId, destination.pageId)
        return model.RedirectHop(lookup.target)
