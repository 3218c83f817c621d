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

from mcp.server.mcpserver.exceptions import ResourceError
from mcp.types import Completion, ResourceTemplateReference

from gitbook_mcp.client.errors import GitBookError
from gitbook_mcp.client.models.content import RevisionPage
from gitbook_mcp.server.rendering import REF_MAX_CHARS, one_line, quoted
from gitbook_mcp.server.tools._shared import outline, page_entries

if TYPE_CHECKING:
    from gitbook_mcp.server.app import GitBookServer
    from gitbook_mcp.server.runtime import Runtime

__all__ = ["register_resources"]

SPACE_TREE = "gitbook://spaces/{space_id}/tree"
SPACE_PAGE = "gitbook://spaces/{space_id}/pages/{page_id}"
CR_TREE = "gitbook://spaces/{space_id}/change-requests/{change_request_id}/tree"
CR_PAGE = "gitbook://spaces/{space_id}/change-requests/{change_request_id}/pages/{page_id}"
P = ParamSpec("P")


def _friendly(runtime: Runtime, read: Callable[P, Awaitable[str]]) -> Callable[P, Awaitable[str]]:
    """A resource read whose failures carry the tools' friendly, redacted text (not raw)."""

    @functools.wraps(read)
    async def wrapped(*args: P.args, **kwargs: P.kwargs) -> str:
        try:
            return await read(*args, **kwargs)
        except Exception as exc:
            raise ResourceError(runtime.describe(exc)) from exc

    return wrapped


def register_resources(server: GitBookServer) -> None:
    runtime = server.runtime

    def _friendly_read(read: Callable[P, Awaitable[str]]) -> Callable[P, Awaitable[str]]:
        return _friendly(runtime, read)

    @server.resource(
        SPACE_TREE,
        name="space-tree",
        description="Page outline of a space",
        mime_type="text/markdown",
    )
    @_friendly_read
    async def space_tree(space_id: str) -> str:
        result = await (await runtime.get_client()).space_content.list_pages(space_id)
        return outline(page_entries(result.pages))

    @server.resource(
        SPACE_PAGE,
        name="space-page",
        description="A page of a space as markdown",
        mime_type="text/markdown",
    )
    @_friendly_read
    async def space_page(space_id: str, page_id: str) -> str:
        page = await (await runtime.get_client()).space_content.get_page(
            space_id, page_id, format="markdown"
        )
        return _page_text(page)

    @server.resource(
        CR_TREE,
        name="revision-tree",
        description="Page outline of a change request",
        mime_type="text/markdown",
    )
    @_friendly_read
    async def revision_tree(space_id: str, change_request_id: str) -> str:
        result = await (await runtime.get_client()).change_request_content.list_pages(
            space_id, change_request_id
        )
        return outline(page_entries(result.pages))

    @server.resource(
        CR_PAGE,
        name="revision-page",
        description="A page of a change request as markdown",
        mime_type="text/markdown",
    )
    @_friendly_read
    async def revision_page(space_id: str, change_request_id: str, page_id: str) -> str:
        page = await (await runtime.get_client()).change_request_content.get_page(
            space_id, change_request_id, page_id, format="markdown"
        )
        return _page_text(page)

    # The SDK's completion() decorator carries no type annotations.
    @server.completion()  # type: ignore[untyped-decorator, no-untyped-call]
    async def complete(ref: Any, argument: Any, context: Any) -> Completion | None:
        if not isinstance(ref, ResourceTemplateReference):
            return None
        await runtime.ensure_permissions()
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
    if name == "space_id":
        return sorted(runtime.permissions.titles.get("space", {})) if runtime.permissions else []
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


def _page_text(page: RevisionPage) -> str:
    title = one_line(page.title)
    path = one_line(page.path or "", max_chars=REF_MAX_CHARS)
    return quoted(page.markdown or "", label=f"Page '{title}' ({path})")
