"""Tools of ``org_admin`` for OpenAPI specs: list, read, create, replace, publish."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from gitbook_mcp.server.tooling import ToolContext, ToolFailure, read_tool, write_tool
from gitbook_mcp.server.tools._arguments import Cursor, Limit, ReadOne, Visibility, need
from gitbook_mcp.server.tools._listing import listing, one_or_page
from gitbook_mcp.server.tools.org_admin.views import SPEC_WRITER, OrgArgs, SpecView, spec_view
from gitbook_mcp.server.toolsets import ORG_ADMIN as TOOLSET

__all__: list[str] = []


class SpecList(BaseModel):
    specs: list[SpecView]
    next_cursor: str | None = None


class ListSpecsArgs(OrgArgs):
    slug: ReadOne
    cursor: Cursor
    limit: Limit


def _spec_line(s: SpecView) -> str:
    source = f" from {s.source_url}" if s.source_url else ""
    error = f", error {s.error}" if s.error else ""
    return f"{s.slug}: {s.visibility or 'private'}, {s.state}, version {s.version or '-'}{source}{error}"


@read_tool(
    TOOLSET, render=lambda r: listing([f"- {_spec_line(s)}" for s in r.specs], r.next_cursor)
)
async def list_openapi_specs(ctx: ToolContext, args: ListSpecsArgs) -> SpecList:
    """OpenAPI specs of an organization."""
    specs, org = ctx.client.openapi_specs, args.organization_id
    found, cursor = await one_or_page(
        args.slug,
        lambda slug: specs.get(org, slug),
        lambda: specs.list(org, page=args.cursor, limit=args.limit),
        spec_view,
    )
    return SpecList(specs=found, next_cursor=cursor)


class SpecWriteArgs(OrgArgs):
    method: Literal["create", "put", "update"]
    slug: str = Field(min_length=1, description="Spec slug (put creates or replaces)")
    url: str | None = Field(default=None, description="create, put: source URL")
    text: str | None = Field(default=None, description="create, put: or source text")
    visibility: Visibility | None = None


@write_tool(TOOLSET, permission=SPEC_WRITER, render=_spec_line)
async def write_openapi_spec(ctx: ToolContext, args: SpecWriteArgs) -> SpecView:
    """Create an OpenAPI spec, give it a new source (put), or set its visibility."""
    specs = ctx.client.openapi_specs
    org = args.organization_id
    if args.method == "update":
        visibility: Visibility = need(args.visibility, "visibility", "update")
        return spec_view(await specs.update(org, args.slug, visibility=visibility))
    if bool(args.url) == bool(args.text):
        raise ToolFailure(f"{args.method} needs exactly one of url or text.")
    source = {"url": args.url} if args.url else {"text": args.text or ""}
    if args.method == "create":
        return spec_view(await specs.create(org, slug=args.slug, source=source))
    return spec_view(await specs.create_or_update(org, args.slug, source=source))
