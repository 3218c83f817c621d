"""What a change request changed: its semantic changes, and a unified diff per page."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from gitbook_mcp.client.resources import ChangeRequests, SpaceContent
from gitbook_mcp.server.rendering import UntrustedBody, UntrustedLine, UntrustedRef, quoted
from gitbook_mcp.server.tooling import Needs, ToolContext, read_tool
from gitbook_mcp.server.tools.change_requests._diff import diff_lines, window
from gitbook_mcp.server.tools.change_requests._read import (
    PAGE_READS,
    ChangeRequestArgs,
    CrView,
    cr_line,
    cr_view,
    page_texts,
)
from gitbook_mcp.server.toolsets import CHANGE_REQUESTS

__all__: list[str] = []

CHANGES_LIMIT = 100
"""Semantic changes asked for; the answer says how many more there are."""
TEXT_KINDS = ("page_created", "page_edited", "page_deleted")
"""The changes whose page text may differ (a move alone changes no text)."""


class ChangesArgs(ChangeRequestArgs):
    page_id: str | None = Field(default=None, description="One page's diff")
    offset: int = Field(default=0, ge=0, description="From next_offset")
    limit: int = Field(default=200, ge=20, le=1000, description="Diff lines")


class ChangeView(BaseModel):
    kind: str
    id: str | None = None
    title: UntrustedLine
    path: UntrustedRef = ""
    fields: list[str] = Field(default_factory=list)


class Changes(BaseModel):
    change_request: CrView
    outdated: bool
    changes: list[ChangeView]
    more_changes: int = 0
    diff: UntrustedBody
    next_offset: int | None = None


def _change(raw: dict[str, Any]) -> ChangeView:
    kind = str(raw.get("type", "?"))
    obj = raw.get("page") or raw.get("file") or {}
    if not isinstance(obj, dict):
        obj = {}
    attributes = raw.get("attributes")
    return ChangeView(
        kind=kind,
        id=obj.get("id"),
        title=str(obj.get("title") or obj.get("name") or "?"),
        path=str(obj.get("path") or ""),
        fields=sorted(attributes) if isinstance(attributes, dict) else [],
    )


def _render(r: Changes) -> str:
    lines = [cr_line(r.change_request) + "."]
    if r.outdated:
        lines.append(
            "The main content moved on since this change request began: the diffs are against "
            "main as it is now (update_change_request brings main's changes in)."
        )
    lines.append("Changes:")
    for ch in r.changes:
        fields = f" ({', '.join(ch.fields)})" if ch.fields else ""
        where = f" ({ch.path})" if ch.path else ""
        lines.append(f"- {ch.kind}: {ch.title}{where} [{ch.id}]{fields}")
    if not r.changes:
        lines.append("- none")
    if r.more_changes:
        lines.append(f"- and {r.more_changes} more")
    lines.append(quoted(r.diff or "(no text change)", label="Diff, main to change request"))
    if r.next_offset is not None:
        lines.append(f"More diff: call again with offset={r.next_offset}.")
    return "\n".join(lines)


@read_tool(
    CHANGE_REQUESTS,
    needs=Needs((*PAGE_READS, ChangeRequests.get_changes, SpaceContent.get_revision)),
    render=_render,
)
async def get_change_request_changes(ctx: ToolContext, args: ChangesArgs) -> Changes:
    """A change request's semantic changes and each page's markdown diff from main, in windows
    (next_offset)."""
    c = ctx.client
    cr = await c.change_requests.get(args.space_id, args.change_request_id)
    semantic = await c.change_requests.get_changes(args.space_id, cr.id, limit=CHANGES_LIMIT)
    views = [_change(raw) for raw in semantic.changes]
    if args.page_id:
        views = [v for v in views if v.id == args.page_id]
        targets = [ChangeView(kind="page_edited", id=args.page_id, title="?")]
    else:
        targets = [v for v in views if v.kind in TEXT_KINDS]
    lines: list[str] = []
    for text in await page_texts(ctx, args.space_id, cr.id, [v.id for v in targets if v.id]):
        lines += diff_lines(text)
    shown = window(lines, offset=args.offset, limit=args.limit)
    return Changes(
        change_request=cr_view(cr),
        outdated=cr.outdated,
        changes=views,
        more_changes=int(semantic.more or 0),
        diff=shown.text,
        next_offset=shown.next_offset,
    )
