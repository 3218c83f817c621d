"""Tools of ``org_admin`` for custom fonts, made of uploaded files."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

from pydantic import BaseModel, Field

from gitbook_mcp.server.tooling import ToolContext, ToolFailure, read_tool, write_tool
from gitbook_mcp.server.tools._arguments import ReadOne, changed, need
from gitbook_mcp.server.tools._listing import listing
from gitbook_mcp.server.tools.org_admin.views import ORG_ADMIN, FontView, OrgArgs, font_view
from gitbook_mcp.server.toolsets import ORG_ADMIN as TOOLSET

__all__: list[str] = []


class FontList(BaseModel):
    fonts: list[FontView]


class ListFontsArgs(OrgArgs):
    font_id: ReadOne


def _font_line(f: FontView) -> str:
    return f"{f.family} [{f.id}]: weights {', '.join(map(str, f.weights))}"


@read_tool(TOOLSET, render=lambda r: listing([f"- {_font_line(f)}" for f in r.fonts], None))
async def list_fonts(ctx: ToolContext, args: ListFontsArgs) -> FontList:
    """Custom fonts of an organization."""
    fonts = ctx.client.fonts
    if args.font_id:
        return FontList(fonts=[font_view(await fonts.get(args.organization_id, args.font_id))])
    return FontList(fonts=[font_view(f) async for f in fonts.list(args.organization_id)])


class FontWriteArgs(OrgArgs):
    method: Literal["create", "update"]
    font_id: str | None = Field(default=None, description="update")
    family: str | None = Field(default=None, max_length=50, description="create, update")
    faces: dict[int, str | None] | None = Field(
        default=None, description="Weight: uploaded file key (create needs 400, 700); null drops"
    )


@write_tool(TOOLSET, permission=ORG_ADMIN, render=_font_line)
async def write_font(ctx: ToolContext, args: FontWriteArgs) -> FontView:
    """Create or update a custom font from uploaded files."""
    fonts = ctx.client.fonts
    org = args.organization_id
    faces: list[Mapping[str, Any]] = [
        {"weight": w, "storageKey": k} for w, k in sorted((args.faces or {}).items())
    ]
    if args.method == "create":
        if not faces or None in (args.faces or {}).values():
            raise ToolFailure("create needs faces: a file key for each weight.")
        family = need(args.family, "family", "create")
        return font_view(await fonts.create(org, font_family=family, font_faces=faces))
    font_id = need(args.font_id, "font_id", "update")
    changes = changed("family or faces", font_family=args.family, font_faces=faces or None)
    return font_view(await fonts.update(org, font_id, **changes))
