"""Toolset ``content``: a change request's page tree, pages as markdown, files and backlinks."""

from __future__ import annotations

from urllib.parse import unquote

from anyio import to_thread
from pydantic import BaseModel, Field, field_validator

from gitbook_mcp.client.models.content import RevisionFile, RevisionPage
from gitbook_mcp.client.resources import ChangeRequestContent, SpaceContent
from gitbook_mcp.linkcheck.client_source import raw_document
from gitbook_mcp.server.rendering import (
    DEFAULT_MAX_CHARS,
    UntrustedBody,
    UntrustedLine,
    UntrustedRef,
    quoted,
    truncate,
    untrusted,
)
from gitbook_mcp.server.tooling import Args, Needs, ToolContext, ToolFailure, read_tool
from gitbook_mcp.server.tools._arguments import ChangeRequestId, Cursor, Limit, SpaceId, exactly_one
from gitbook_mcp.server.tools._listing import listing
from gitbook_mcp.server.tools._pages import markdown_of, revision_tree
from gitbook_mcp.server.toolsets import CONTENT

__all__: list[str] = []


class GetPageArgs(Args):
    space_id: SpaceId
    page_id: str | None = Field(default=None, description="From get_page_tree")
    path: str | None = Field(default=None, description="Or its path")
    change_request_id: str | None = Field(default=None, description="In this change request")
    offset: int = Field(default=0, ge=0, description="Offset to continue")
    max_chars: int = Field(
        default=DEFAULT_MAX_CHARS, ge=500, le=50000, description="Characters to return"
    )

    @field_validator("path")
    @classmethod
    def _plain_path(cls, path: str | None) -> str | None:
        # A dot or empty segment would reach other endpoints once joined to the URL.
        segments = (path or "x").replace("\\", "/").split("/")
        if any(unquote(segment).strip() in ("", ".", "..") for segment in segments):
            raise ValueError(
                "a page path is its segments joined by '/', as get_page_tree shows it (e.g. "
                "getting-started/install): no leading, trailing or double slash, no . or .."
            )
        return path

    _one_ref = exactly_one("page_id", "path")


class PageText(BaseModel):
    id: str
    title: UntrustedLine
    path: UntrustedRef
    markdown: UntrustedBody
    total_chars: int
    next_offset: int | None = None
    revision: str | None = None


def _render_page(p: PageText) -> str:
    text = quoted(p.markdown, label=f"Page '{p.title}' ({p.path}) [{p.id}]")
    if p.revision:
        text += f"\n(change request revision {p.revision}: edit_pages expected_revision)"
    if p.next_offset is not None:
        text += f"\n(cut at {p.next_offset} of {p.total_chars} characters: call get_page with offset={p.next_offset} to continue)"
    return text


async def _page_markdown(
    ctx: ToolContext,
    space_id: str,
    change_request_id: str | None,
    page: RevisionPage,
    revision: str | None,
) -> str:
    """The page's document as the markdown edit_pages reads and its diffs show (links relative
    to the page, files under .gitbook/assets/); the service's markdown when no document came."""
    doc = raw_document(page)
    if doc is None:
        return page.markdown or ""
    tree = await revision_tree(ctx.client, space_id, change_request_id, revision)
    return await to_thread.run_sync(markdown_of, doc, tree, page.id)


@read_tool(CONTENT, render=_render_page)
async def get_page(ctx: ToolContext, args: GetPageArgs) -> PageText:
    """A page as markdown, by id or path, published or in a change request."""
    c = ctx.client
    page: RevisionPage
    revision = None
    if args.change_request_id:
        # Read before the page, so that an edit based on this text is refused if one landed since.
        revision = (await c.change_requests.get(args.space_id, args.change_request_id)).revision
        if args.page_id:
            page = await c.change_request_content.get_page(
                args.space_id,
                args.change_request_id,
                args.page_id,
                format="document",
                bodies_below=False,
            )
        else:
            assert args.path is not None
            page = await c.change_request_content.get_page_by_path(
                args.space_id,
                args.change_request_id,
                args.path,
                format="document",
                bodies_below=False,
            )
    elif args.page_id:
        page = await c.space_content.get_page(
            args.space_id, args.page_id, format="document", bodies_below=False
        )
    else:
        assert args.path is not None
        page = await c.space_content.get_page_by_path(
            args.space_id, args.path, format="document", bodies_below=False
        )
    markdown = await _page_markdown(ctx, args.space_id, args.change_request_id, page, revision)
    text = untrusted(markdown)
    if args.offset and args.offset >= len(text):
        raise ToolFailure(
            f"offset={args.offset} is past the end of page {page.id}: it has {len(text)} "
            "characters, all read. Nothing more to read."
        )
    window, next_offset = truncate(text, offset=args.offset, max_chars=args.max_chars)
    return PageText(
        id=page.id,
        title=page.title,
        path=page.path or "",
        markdown=window,
        total_chars=len(text),
        next_offset=next_offset,
        revision=revision,
    )


class FilesArgs(Args):
    space_id: SpaceId
    change_request_id: str | None = Field(default=None, description="In this change request")
    file_id: str | None = Field(default=None, description="Read one, with its download URL")
    cursor: Cursor
    limit: Limit


class FileEntry(BaseModel):
    id: str
    name: UntrustedLine
    content_type: UntrustedLine
    size: int
    url: UntrustedRef | None = None


class FileList(BaseModel):
    files: list[FileEntry]
    next_cursor: str | None = None


def _file(f: RevisionFile, *, url: bool = False) -> FileEntry:
    return FileEntry(
        id=f.id,
        name=f.name,
        content_type=f.contentType,
        size=int(f.size),
        url=f.downloadURL if url else None,
    )


@read_tool(
    CONTENT,
    render=lambda r: listing(
        [
            f"- {f.name} ({f.content_type}, {f.size} B) [{f.id}]{f' {f.url}' if f.url else ''}"
            for f in r.files
        ],
        r.next_cursor,
        empty="No files.",
    ),
)
async def list_files(ctx: ToolContext, args: FilesArgs) -> FileList:
    """Files of a space or a change request."""
    c, cr = ctx.client, args.change_request_id
    if cr is None and not ctx.has(SpaceContent.list_files):
        raise ToolFailure(
            "This API lists files only in a change request: give change_request_id "
            "(list_change_requests, or create_change_request)."
        )
    if args.file_id:
        one = await (
            c.change_request_content.get_file(args.space_id, cr, args.file_id)
            if cr
            else c.space_content.get_file(args.space_id, args.file_id)
        )
        return FileList(files=[_file(one, url=True)])
    page = await (
        c.change_request_content.list_files(args.space_id, cr, page=args.cursor, limit=args.limit)
        if cr
        else c.space_content.list_files(args.space_id, page=args.cursor, limit=args.limit)
    )
    return FileList(
        files=[_file(f) for f in page.items],
        next_cursor=page.next_cursor,
    )


class BacklinksArgs(Args):
    space_id: SpaceId
    change_request_id: ChangeRequestId
    page_id: str | None = Field(default=None, description="Pages linking to this page")
    file_id: str | None = Field(default=None, description="Or pages linking to this file")
    cursor: Cursor
    limit: Limit

    _one_target = exactly_one("page_id", "file_id")


class Backlink(BaseModel):
    kind: str
    page_id: str | None = None
    title: UntrustedLine | None = None
    path: UntrustedRef | None = None


class BacklinkList(BaseModel):
    backlinks: list[Backlink]
    next_cursor: str | None = None


@read_tool(
    CONTENT,
    render=lambda r: listing(
        [f"- {b.title} ({b.path}) [{b.page_id}]" for b in r.backlinks],
        r.next_cursor,
        empty="No backlinks.",
    ),
    needs=Needs(
        (ChangeRequestContent.list_page_backlinks, ChangeRequestContent.list_file_backlinks),
        instead="check_links reads every link from the pages' content instead",
    ),
)
async def list_backlinks(ctx: ToolContext, args: BacklinksArgs) -> BacklinkList:
    """Pages linking to a page or file."""
    content = ctx.client.change_request_content
    if args.page_id:
        paginator = content.list_page_backlinks(
            args.space_id, args.change_request_id, args.page_id, page=args.cursor, limit=args.limit
        )
    else:
        assert args.file_id is not None
        paginator = content.list_file_backlinks(
            args.space_id, args.change_request_id, args.file_id, page=args.cursor, limit=args.limit
        )
    page = await paginator
    links = []
    for location in page.items:
        target = location.page or {}
        links.append(
            Backlink(
                kind=location.kind,
                page_id=target.get("id"),
                title=str(target.get("title", "")) or None,
                path=target.get("path"),
            )
        )
    return BacklinkList(backlinks=links, next_cursor=page.next_cursor)
