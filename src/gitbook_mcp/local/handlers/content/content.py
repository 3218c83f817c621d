"""HTTP translation for content: revisions, pages, files, links, backlinks, search, import,
and the change requests of a space."""

from __future__ import annotations

from functools import partial

from anyio import lowlevel, to_thread
from starlette.responses import Response

from gitbook_mcp.local.http.call import Call, created, ok
from gitbook_mcp.local.store.change_requests.rows import STATUSES
from gitbook_mcp.local.store.content.content import View

__all__ = [
    "backlinks",
    "cr_import",
    "file",
    "files",
    "get_change_request",
    "list_change_requests",
    "page",
    "page_by_path",
    "page_links",
    "pages",
    "revision",
    "search",
    "space_links",
]

CR = "/spaces/{spaceId}/change-requests/{changeRequestId}"
LINK_STATUSES = ("ok", "broken", "in-app")
IMPORT_SOURCES: tuple[str, ...] = (
    *("website", "docx", "markdown", "html", "zip"),
    *("confluence", "github-wiki", "notion", "google-docs"),
)
"""The import sources the API takes (the contract's ``ImportContentSource``)."""


def _switches(call: Call, *, page: bool = False) -> View:
    """The read switches: ``metadata`` (false omits git metadata), ``computed`` (no computed
    pages exist locally, so nothing to skip), and for pages ``format``, ``format.markdown.refs``
    and ``evaluated``."""
    metadata = bool(call.query.boolean("metadata", default=True))
    call.query.boolean("computed", default=True)
    if not page:
        return View(metadata=metadata)
    body = call.query.string("format", choices=("document", "markdown"))
    refs = call.query.string("format.markdown.refs", choices=("relative", "stable"))
    call.query.boolean("evaluated", default=False)
    return View(
        body="document" if body == "document" else "markdown",
        metadata=metadata,
        refs="stable" if refs == "stable" else "relative",
    )


async def list_change_requests(call: Call) -> Response:
    q = call.query
    status = q.string("status", choices=STATUSES, default="open")
    return ok(
        call.store.change_requests.rows.list(
            call.actor,
            call.path("spaceId"),
            status=status,
            contributor=q.string("contributor"),
            paging=q.paging(),
        )
    )


async def get_change_request(call: Call) -> Response:
    return ok(call.store.change_requests.rows.get(*call.in_change_request()))


async def cr_import(call: Call) -> Response:
    b = call.body
    url = b.url("url", required=True)
    b.string("source", required=True, choices=IMPORT_SOURCES)
    content, where = call.store.content, call.in_change_request()
    source = await to_thread.run_sync(partial(content.read_import, *where, url=url))
    steps = content.import_content(*where, source=source)
    try:
        while True:
            try:
                next(steps)
            except StopIteration as done:
                return created(done.value)
            await lowlevel.checkpoint()  # between two batches, other requests are served
    finally:
        steps.close()


async def revision(call: Call) -> Response:
    """The space's current revision, or a change request's."""
    return call.fresh(call.store.content.revision(*call.in_space(), _switches(call)))


async def pages(call: Call) -> Response:
    return call.fresh(call.store.content.pages(*call.in_space(), _switches(call)))


async def page(call: Call) -> Response:
    view = _switches(call, page=True)
    page_id = call.path("pageId")
    return call.fresh(call.store.content.page(*call.in_space(), page_id=page_id, view=view))


async def page_by_path(call: Call) -> Response:
    view = _switches(call, page=True)
    path = call.path("pagePath")
    return call.fresh(call.store.content.page(*call.in_space(), path=path, view=view))


async def files(call: Call) -> Response:
    q = call.query
    return ok(call.store.content.files(*call.in_space(), paging=q.paging(), view=_switches(call)))


async def file(call: Call) -> Response:
    return ok(call.store.content.file(*call.in_space(), call.path("fileId"), _switches(call)))


async def page_links(call: Call) -> Response:
    q = call.query
    return ok(
        call.store.content.page_links(*call.in_space(), call.path("pageId"), paging=q.paging())
    )


async def backlinks(call: Call) -> Response:
    """Backlinks of a page or of a file, whichever the route names."""
    q = call.query
    return ok(
        call.store.content.backlinks(
            *call.in_space(),
            page_id=call.path_or_none("pageId"),
            file_id=call.path_or_none("fileId"),
            paging=q.paging(),
        )
    )


async def space_links(call: Call) -> Response:
    q = call.query
    return ok(
        call.store.content.space_links(
            call.actor,
            call.path("spaceId"),
            status=q.string("status", choices=LINK_STATUSES),
            paging=q.paging(),
        )
    )


async def search(call: Call) -> Response:
    q = call.query
    query = q.string("query", required=True, min_len=1, max_len=512)
    return ok(
        call.store.content.searcher.search(
            call.actor, call.path("organizationId"), query, paging=q.paging()
        )
    )
