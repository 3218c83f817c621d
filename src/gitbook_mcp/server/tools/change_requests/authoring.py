"""Open a change request, and edit its pages in one atomic batch (with a dry run)."""

from __future__ import annotations

from dataclasses import replace

from pydantic import BaseModel, Field

from gitbook_mcp.client.models.content import ChangeRequest, RevisionPage
from gitbook_mcp.client.resources import ChangeRequestComments, ChangeRequests
from gitbook_mcp.document.cpu import run_cpu
from gitbook_mcp.server.rendering import UntrustedBody, UntrustedLine, UntrustedRef, quoted
from gitbook_mcp.server.tooling import Args, Needs, ToolContext, ToolFailure, write_tool
from gitbook_mcp.server.tools._pages import DocMode, read_back, revision_tree, send
from gitbook_mcp.server.tools._permissions import SPACE_EDIT
from gitbook_mcp.server.tools.change_requests._diff import diff_lines, window
from gitbook_mcp.server.tools.change_requests._edits import (
    PageEdit,
    check_content,
    check_edit,
    check_sizes,
)
from gitbook_mcp.server.tools.change_requests._moves import (
    MoveRedirect,
    describe_moves,
    move_redirects,
    redirect_line,
)
from gitbook_mcp.server.tools.change_requests._plan import EditPlan
from gitbook_mcp.server.tools.change_requests._plan import plan as _plan
from gitbook_mcp.server.tools.change_requests._read import (
    PAGE_READS,
    ChangeRequestArgs,
    CrView,
    cr_line,
    cr_page,
    cr_view,
    gather,
    main_page,
)
from gitbook_mcp.server.tools.change_requests._renames import (
    HeadingRename,
    incoming_links,
    renamed,
    render_renames,
    update_call,
)
from gitbook_mcp.server.toolsets import CHANGE_REQUESTS

__all__: list[str] = []

DIFF_LINES = 150
"""Lines of diff shown per page in an edit's answer; get_change_request_changes pages the rest."""


class CreateChangeRequestArgs(Args):
    space_id: str = Field(min_length=1, description="Space id")
    subject: str = Field(min_length=1, max_length=200, description="Title for reviewers")
    description: str | None = Field(
        default=None, max_length=20_000, description="Posted as the first comment"
    )
    draft: bool = Field(default=False, description="Leave it a draft")


class Created(CrView):
    status: str


@write_tool(
    CHANGE_REQUESTS,
    permission=SPACE_EDIT,
    needs=Needs((ChangeRequests.create, ChangeRequests.update, ChangeRequestComments.create)),
    render=lambda r: f"{cr_line(r)} ({r.status}).",
)
async def create_change_request(ctx: ToolContext, args: CreateChangeRequestArgs) -> Created:
    """Open a change request on a space's main content; edit it with edit_pages."""
    c = ctx.client
    cr = await c.change_requests.create(args.space_id, subject=args.subject)
    if not args.draft and cr.status == "draft":
        cr = await c.change_requests.update(args.space_id, cr.id, status="open")
    if args.description:
        await c.change_request_comments.create(args.space_id, cr.id, markdown=args.description)
    return Created(**cr_view(cr).model_dump(), status=cr.status)


class EditArgs(ChangeRequestArgs):
    edits: list[PageEdit] = Field(min_length=1, max_length=50, description="In order")
    expected_revision: str | None = Field(
        default=None, description="Refused if the revision moved on"
    )
    dry_run: bool = Field(default=False, description="Diffs only, send nothing")


class PageDiff(BaseModel):
    page_id: str | None = None
    title: UntrustedLine
    path: UntrustedRef
    diff: UntrustedBody
    more_lines: int = 0
    stored_differently: UntrustedBody | None = None


class EditOutcome(BaseModel):
    change_request: CrView
    sent: bool
    pages: list[PageDiff]
    written_as: DocMode | None = None
    redirects: list[MoveRedirect] = Field(default_factory=list)
    moves: list[UntrustedLine] = Field(default_factory=list)
    renamed_headings: list[HeadingRename] = Field(default_factory=list)
    update_links: str | None = None


def _render_edit(r: EditOutcome) -> str:
    if r.sent:
        done = f". Applied (pages sent as {'a document tree' if r.written_as == 'tree' else 'markdown'})."
    elif all(not p.diff for p in r.pages) and not r.moves:
        done = ". Nothing to change: nothing was sent."
    else:
        done = ". Dry run: nothing was sent; revision unchanged."
    lines = [cr_line(r.change_request) + done, *r.moves]
    for p in r.pages:
        name = f"'{p.title}' ({p.path}) [{p.page_id}]" if p.page_id else f"new page '{p.title}'"
        lines.append(quoted(p.diff or "(no text change)", label=f"Diff of {name}"))
        if p.more_lines:
            rest = f"get_change_request_changes page_id={p.page_id}" if r.sent else "not shown"
            lines.append(f"({p.more_lines} more lines: {rest})")
        if p.stored_differently:
            lines.append(
                quoted(p.stored_differently, label=f"The service stored {name} differently")
            )
    lines += [redirect_line(x) for x in r.redirects]
    lines += render_renames(r.renamed_headings, r.update_links, sent=r.sent)
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
    """The documents of the pages the edits name, in the change request; and in main, for
    reverts."""
    ids = [e.page_id for e in edits if e.page_id]
    reverts = [e.page_id for e in edits if e.page_id and e.op == "revert"]
    in_cr = await gather(ids, lambda pid: cr_page(ctx, space_id, cr_id, pid, "document"))
    in_main = await gather(reverts, lambda pid: main_page(ctx, space_id, pid, "document"))
    return in_cr, in_main


async def _with_paths(
    ctx: ToolContext, space_id: str, cr_id: str, planned: EditPlan, created: dict[str, str]
) -> None:
    """The inserted pages with the path the service gave them (its answer names only ids)."""
    pages = await gather(list(created.values()), lambda pid: cr_page(ctx, space_id, cr_id, pid))
    for key, text in list(planned.texts.items()):
        page = pages.get(created.get(text.page_id, ""))
        if page is not None:
            planned.texts[key] = replace(text, path=page.path or "")


def _diffs(planned: EditPlan, created: dict[str, str]) -> list[PageDiff]:
    out: list[PageDiff] = []
    stored = {w.page_id: w.stored for w in planned.writes}
    for t in planned.texts.values():
        shown = window(diff_lines(t), limit=DIFF_LINES)
        page_id = created.get(t.page_id, t.page_id if not t.page_id.startswith("new-") else None)
        notes = stored.get(t.page_id)
        out.append(
            PageDiff(
                page_id=page_id,
                title=t.title,
                path=t.path,
                diff=shown.text,
                more_lines=shown.total - len(shown.lines),
                stored_differently="\n".join(notes) if notes else None,
            )
        )
    return out


@write_tool(
    CHANGE_REQUESTS,
    permission=SPACE_EDIT,
    needs=Needs((*PAGE_READS, ChangeRequests.update_content)),
    render=_render_edit,
)
async def edit_pages(ctx: ToolContext, args: EditArgs) -> EditOutcome:
    """Edit change request pages in one batch; other blocks stay; answers diffs."""
    for index, edit in enumerate(args.edits):
        check_edit(index, edit)
        check_content(index, edit)
    check_sizes(args.edits)
    c = ctx.client
    cr = await c.change_requests.get(args.space_id, args.change_request_id)
    _check_revision(cr, args.expected_revision)
    in_cr, in_main = await _read_pages(ctx, args.space_id, cr.id, args.edits)
    tree = await revision_tree(c, args.space_id, cr.id, cr.revision)
    # Matching, checking and diffing whole pages is CPU work on someone else's text: off the
    # loop, in this caller's fair share of the workers.
    planned = await run_cpu(_plan, args.edits, in_cr, in_main, tree)
    renames = await run_cpu(renamed, planned)
    if args.dry_run or not planned.items:
        pages = await run_cpu(_diffs, planned, {})
        headings = await incoming_links(ctx, args.space_id, cr.id, renames)
        return EditOutcome(
            change_request=cr_view(cr),
            sent=False,
            pages=pages,
            moves=describe_moves(args.edits, tree) if planned.items else [],
            renamed_headings=headings,
            update_links=update_call(headings, args.space_id, cr.id),
        )
    # The pages were read at cr.revision: refuse if anything landed since (the API has no
    # compare-and-swap, so this narrows the window to the two calls below).
    _check_revision(await c.change_requests.get(args.space_id, cr.id), cr.revision)
    done, mode = await send(c, args.space_id, cr.id, planned.items, tree)
    created = {
        str(ch["ref"]): str(ch["page"]["id"])
        for ch in done.changes
        if ch.get("ref") and isinstance(ch.get("page"), dict)
    }
    await read_back(
        lambda pid: cr_page(ctx, args.space_id, cr.id, pid, "document"), planned.writes, tree
    )
    redirects = await move_redirects(c, args.space_id, planned.moved, tree) if planned.moved else []
    await _with_paths(ctx, args.space_id, cr.id, planned, created)
    pages = await run_cpu(_diffs, planned, created)
    headings = await incoming_links(ctx, args.space_id, cr.id, renames)
    return EditOutcome(
        change_request=cr_view(done.changeRequest),
        sent=True,
        pages=pages,
        written_as=mode,
        moves=describe_moves(args.edits, tree),
        redirects=redirects,
        renamed_headings=headings,
        update_links=update_call(headings, args.space_id, cr.id),
    )
