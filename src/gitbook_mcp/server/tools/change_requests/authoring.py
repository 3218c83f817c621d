"""Open a change request, and edit its pages in one atomic batch (with a dry run)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from anyio import to_thread
from pydantic import BaseModel, Field

from gitbook_mcp.client.models.content import ChangeRequest, RevisionPage
from gitbook_mcp.server.rendering import UntrustedLine, UntrustedRef, quoted
from gitbook_mcp.server.tooling import Args, Needs, ToolContext, ToolFailure, write_tool
from gitbook_mcp.server.tools._shared import SPACE_EDIT
from gitbook_mcp.server.tools.change_requests._diff import PageText, diff_lines, window
from gitbook_mcp.server.tools.change_requests._edits import (
    PageEdit,
    apply_replacements,
    batch_change,
    check_edit,
    check_sizes,
    label,
)
from gitbook_mcp.server.tools.change_requests._read import (
    CrArgs,
    CrView,
    cr_line,
    cr_page,
    cr_view,
    gather,
    main_page,
)
from gitbook_mcp.server.toolsets import CHANGE_REQUESTS

__all__: list[str] = []

DIFF_LINES = 150
"""Lines of diff shown per page in an edit's answer; get_change_request_changes pages the rest."""


class CreateArgs(Args):
    space_id: str = Field(min_length=1, description="Space id")
    subject: str = Field(min_length=1, max_length=200, description="Title for reviewers")
    description: str | None = Field(
        default=None, max_length=20_000, description="Markdown, posted as the first comment"
    )
    draft: bool = Field(default=False, description="Keep it a draft instead of opening it")


class Created(CrView):
    status: str


@write_tool(
    CHANGE_REQUESTS,
    permission=SPACE_EDIT,
    needs=Needs(("createChangeRequest", "updateChangeRequestById", "postCommentInChangeRequest")),
    render=lambda r: f"{cr_line(r)} ({r.status}).",
)
async def create_change_request(ctx: ToolContext, args: CreateArgs) -> Created:
    """Open a change request on a space's main content; edit it with edit_pages."""
    c = ctx.client
    cr = await c.change_requests.create(args.space_id, subject=args.subject)
    if not args.draft and cr.status == "draft":
        cr = await c.change_requests.update(args.space_id, cr.id, status="open")
    if args.description:
        await c.change_request_comments.create(args.space_id, cr.id, markdown=args.description)
    return Created(**cr_view(cr).model_dump(), status=cr.status)


class EditArgs(CrArgs):
    edits: list[PageEdit] = Field(
        min_length=1, max_length=50, description="Applied in order, all or none"
    )
    expected_revision: str | None = Field(
        default=None, description="Revision you read; refused if the change request moved on"
    )
    dry_run: bool = Field(default=False, description="Show the diffs, send nothing")


class PageDiff(BaseModel):
    page_id: str | None = None
    title: UntrustedLine
    path: UntrustedRef
    diff: str
    more_lines: int = 0


class EditOutcome(BaseModel):
    change_request: CrView
    sent: bool
    pages: list[PageDiff]


def _render_edit(r: EditOutcome) -> str:
    done = ". Applied." if r.sent else ". Dry run: nothing was sent; revision unchanged."
    lines = [cr_line(r.change_request) + done]
    for p in r.pages:
        name = f"'{p.title}' ({p.path}) [{p.page_id}]" if p.page_id else f"new page '{p.title}'"
        lines.append(quoted(p.diff or "(no text change)", label=f"Diff of {name}"))
        if p.more_lines:
            rest = f"get_change_request_changes page_id={p.page_id}" if r.sent else "not shown"
            lines.append(f"({p.more_lines} more lines: {rest})")
    return "\n".join(lines)


def _check_revision(cr: ChangeRequest, expected: str | None) -> None:
    if expected is not None and expected != cr.revision:
        raise ToolFailure(
            f"Refused: change request {cr.id} is at revision {cr.revision}, not {expected}: it "
            "changed since you read it. Read the pages again (get_page with change_request_id), "
            f"then retry with expected_revision={cr.revision}. Nothing was sent."
        )


async def _read_pages(
    ctx: ToolContext, space_id: str, cr_id: str, edits: list[PageEdit]
) -> tuple[dict[str, RevisionPage | None], dict[str, RevisionPage | None]]:
    """The pages the edits name, in the change request; and in main, for reverts."""
    ids = [e.page_id for e in edits if e.page_id]
    reverts = [e.page_id for e in edits if e.page_id and e.op == "revert"]
    in_cr = await gather(ids, lambda pid: cr_page(ctx, space_id, cr_id, pid))
    in_main = await gather(reverts, lambda pid: main_page(ctx, space_id, pid))
    return in_cr, in_main


def _plan(
    edits: list[PageEdit],
    in_cr: dict[str, RevisionPage | None],
    in_main: dict[str, RevisionPage | None],
) -> tuple[list[dict[str, Any]], list[PageText]]:
    """The batch to send and each page's text before and after, edit by edit."""
    changes: list[dict[str, Any]] = []
    texts: dict[str, PageText] = {}
    ops: dict[str, str] = {}
    for index, edit in enumerate(edits):
        where = label(index, edit)
        if edit.op == "insert":
            changes.append({**batch_change(edit), "ref": f"new-{index}"})
            # No path yet: the service gives one when it creates the page (see _with_paths).
            title = edit.title or ""
            texts[f"new-{index}"] = PageText(f"new-{index}", title, "", None, edit.markdown)
            continue
        page_id = edit.page_id or ""
        page = in_cr[page_id]
        if page is None:
            raise ToolFailure(f"{where}: no page {page_id} in this change request (get_page_tree).")
        if ops.setdefault(page_id, edit.op) != edit.op:
            raise ToolFailure(f"{where}: the page already has a {ops[page_id]} edit in this batch.")
        before = page.markdown or ""
        if edit.op == "replace":
            current = texts[page_id].after if page_id in texts else before
            after: str | None = apply_replacements(current or "", edit.replacements, where)
            changes = [c for c in changes if c.get("page") != page_id]
            changes.append(batch_change(edit, after))
        elif edit.op == "delete":
            after = None
            changes.append(batch_change(edit))
        else:
            main = in_main.get(page_id)
            after = main.markdown or "" if main is not None else None
            changes.append(batch_change(edit))
        texts[page_id] = PageText(page_id, page.title, page.path or "", before, after)
    return changes, list(texts.values())


async def _with_paths(
    ctx: ToolContext, space_id: str, cr_id: str, texts: list[PageText], created: dict[str, str]
) -> list[PageText]:
    """The inserted pages with the path the service gave them (its answer names only ids)."""
    pages = await gather(list(created.values()), lambda pid: cr_page(ctx, space_id, cr_id, pid))
    out: list[PageText] = []
    for t in texts:
        page = pages.get(created.get(t.page_id, ""))
        out.append(replace(t, path=page.path or "") if page is not None else t)
    return out


def _diffs(texts: list[PageText], created: dict[str, str]) -> list[PageDiff]:
    out: list[PageDiff] = []
    for t in texts:
        shown = window(diff_lines(t), limit=DIFF_LINES)
        page_id = created.get(t.page_id, t.page_id if not t.page_id.startswith("new-") else None)
        out.append(
            PageDiff(
                page_id=page_id,
                title=t.title,
                path=t.path,
                diff=shown.text,
                more_lines=shown.total - len(shown.lines),
            )
        )
    return out


@write_tool(
    CHANGE_REQUESTS,
    permission=SPACE_EDIT,
    needs=Needs(
        (
            "getChangeRequestById",
            "getPageInChangeRequestById",
            "getPageById",
            "updateChangeRequestContent",
        )
    ),
    render=_render_edit,
)
async def edit_pages(ctx: ToolContext, args: EditArgs) -> EditOutcome:
    """Change a change request's pages in one atomic batch: exact-text replacements (each must
    match once), inserts, deletes, reverts. Answers the new revision and a diff per page."""
    for index, edit in enumerate(args.edits):
        check_edit(index, edit)
    check_sizes(args.edits)
    c = ctx.client
    cr = await c.change_requests.get(args.space_id, args.change_request_id)
    _check_revision(cr, args.expected_revision)
    in_cr, in_main = await _read_pages(ctx, args.space_id, cr.id, args.edits)
    # Matching and diffing whole pages is CPU work on someone else's text: off the event loop.
    changes, texts = await to_thread.run_sync(_plan, args.edits, in_cr, in_main)
    if args.dry_run:
        pages = await to_thread.run_sync(_diffs, texts, {})
        return EditOutcome(change_request=cr_view(cr), sent=False, pages=pages)
    # The pages were read at cr.revision: refuse if anything landed since (the API has no
    # compare-and-swap, so this narrows the window to the two calls below).
    _check_revision(await c.change_requests.get(args.space_id, cr.id), cr.revision)
    done = await c.change_requests.update_content(
        args.space_id, cr.id, changes=changes, compat=False
    )
    created = {
        str(ch["ref"]): str(ch["page"]["id"])
        for ch in done.changes
        if ch.get("ref") and isinstance(ch.get("page"), dict)
    }
    texts = await _with_paths(ctx, args.space_id, cr.id, texts, created)
    pages = await to_thread.run_sync(_diffs, texts, created)
    return EditOutcome(change_request=cr_view(done.changeRequest), sent=True, pages=pages)
