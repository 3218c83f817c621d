"""Resources: the spaces the token can see, their page trees, and pages as markdown.

Templates (with completions for their ids):
- ``gitbook://spaces/{space_id}/tree``: outline of a space's published revision;
- ``gitbook://spaces/{space_id}/pages/{page_id}``: one page as markdown;
- ``gitbook://spaces/{space_id}/change-requests/{change_request_id}/tree``: a revision's outline;
- ``gitbook://spaces/{space_id}/change-requests/{change_request_id}/pages/{page_id}``.
The spaces themselves are listed as resources (their tree URIs), per token.
"""

from __future__ import annotations

import functools
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, ParamSpec

from mcp.server.mcpserver.exceptions import ResourceError, ResourceNotFoundError
from mcp.types import Completion, PromptReference, ResourceTemplateReference

from gitbook_mcp.client.errors import GitBookError, NotFoundError
from gitbook_mcp.server.page_tree import outline, page_entries
from gitbook_mcp.server.rendering import REF_MAX_CHARS, one_line, quoted

if TYPE_CHECKING:
    from gitbook_mcp.client.models.content import RevisionPage
    from gitbook_mcp.server.app import GitBookServer
    from gitbook_mcp.server.calls.runtime import Runtime

__all__ = ["register_resources"]

SPACE_TREE = "gitbook://spaces/{space_id}/tree"
SPACE_PAGE = "gitbook://spaces/{space_id}/pages/{page_id}"
CR_TREE = "gitbook://spaces/{space_id}/change-requests/{change_request_id}/tree"
CR_PAGE = "gitbook://spaces/{space_id}/change-requests/{change_request_id}/pages/{page_id}"
P = ParamSpec("P")


def _friendly(
    server: GitBookServer, read: Callable[P, Awaitable[str]]
) -> Callable[P, Awaitable[str]]:
    """A resource read whose failures carry the tools' friendly, redacted text (not raw); an
    object the API does not know is an unknown resource (invalid params, as the SDK answers a
    URI no template matches)."""

    @functools.wraps(read)
    async def wrapped(*args: P.args, **kwargs: P.kwargs) -> str:
        try:
            return await read(*args, **kwargs)
        except NotFoundError as exc:
            raise ResourceNotFoundError(server.runtime.describe(exc)) from exc
        except Exception as exc:
            raise ResourceError(server.runtime.describe(exc)) from exc

    return wrapped


def register_resources(server: GitBookServer) -> None:
    # Each read resolves server.runtime when it runs: the caller's own with --auth upstream.
    async def space_tree(space_id: str) -> str:
        return await _outline(server.runtime, space_id)

    async def space_page(space_id: str, page_id: str) -> str:
        return await _page(server.runtime, space_id, page_id)

    async def revision_tree(space_id: str, change_request_id: str) -> str:
        return await _outline(server.runtime, space_id, change_request_id)

    async def revision_page(space_id: str, change_request_id: str, page_id: str) -> str:
        return await _page(server.runtime, space_id, page_id, change_request_id)

    for uri, name, about, read in (
        (SPACE_TREE, "space-tree", "Page outline of a space", space_tree),
        (SPACE_PAGE, "space-page", "A page of a space as markdown", space_page),
        (CR_TREE, "revision-tree", "Page outline of a change request", revision_tree),
        (CR_PAGE, "revision-page", "A page of a change request as markdown", revision_page),
    ):
        register = server.resource(uri, name=name, description=about, mime_type="text/markdown")
        register(_friendly(server, read))

    # The SDK's completion() decorator carries no type annotations.
    @server.completion()  # type: ignore[untyped-decorator, no-untyped-call]
    async def complete(ref: Any, argument: Any, context: Any) -> Completion | None:
        if not isinstance(ref, ResourceTemplateReference | PromptReference):
            return None
        await server.runtime.ensure_permissions()
        known = (context.arguments if context is not None and context.arguments else {}) or {}
        try:
            values = await _candidates(server, argument.name, known)
        except GitBookError:
            values = []  # no suggestions rather than upstream text in a completion error
        matching = [one_line(v) for v in values if v.startswith(argument.value or "")]
        return Completion(values=matching[:100], total=len(matching), has_more=len(matching) > 100)


async def _candidates(server: GitBookServer, name: str, known: dict[str, str]) -> list[str]:
    runtime = server.runtime
    client = await runtime.get_client()
    if name in ("space_id", "organization_id"):
        kind = name.removesuffix("_id")
        return sorted(runtime.permissions.titles.get(kind, {})) if runtime.permissions else []
    if name == "site_id" and known.get("organization_id"):
        sites = await client.sites.list(known["organization_id"], limit=100)
        return [site.id for site in sites.items]
    space_id = known.get("space_id")
    if not space_id:
        return []
    if name == "change_request_id":
        page = await client.change_requests.list(space_id, limit=100)
        return [cr.id for cr in page.items]
    if name == "page_id":
        cr = known.get("change_request_id")
        if cr:
            pages = (await client.change_request_content.list_pages(space_id, cr)).pages
        else:
            pages = (await client.space_content.list_pages(space_id)).pages
        return [entry.id for entry in page_entries(pages)]
    return []


async def _outline(runtime: Runtime, space_id: str, change_request_id: str | None = None) -> str:
    """A page tree as an indented outline: published, or of a change request."""
    client = await runtime.get_client()
    if change_request_id:
        result = await client.change_request_content.list_pages(space_id, change_request_id)
    else:
        result = await client.space_content.list_pages(space_id)
    return outline(page_entries(result.pages))


async def _page(
    runtime: Runtime, space_id: str, page_id: str, change_request_id: str | None = None
) -> str:
    """A page as fenced markdown: published, or of a change request."""
    client = await runtime.get_client()
    if change_request_id:
        page = await client.change_request_content.get_page(
            space_id, change_request_id, page_id, format="markdown", bodies_below=False
        )
    else:
        page = await client.space_content.get_page(
            space_id, page_id, format="markdown", bodies_below=False
        )
    return _page_text(page)


def _page_text(page: RevisionPage) -> str:
    title = one_line(page.title)
    path = one_line(page.path or "", max_chars=REF_MAX_CHARS)
    return quoted(page.markdown or "", label=f"Page '{title}' ({path})")
