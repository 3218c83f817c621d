"""Toolset ``fixes``: plan fixes of broken links, then write the chosen ones in a change request.

`fix_links` plans by default: it checks the links with `check_links`' own scan (site findings
included, the same counts; a revision read by an earlier check is not read again) and proposes a
fix per broken link, with its evidence, a confidence and a short id, and the redirects the site's
findings suggest. With ``apply`` it plans again, takes
the fixes named (or all above a confidence), edits each link in its page's own content (nothing
else in the page changes) and writes every page in one atomic batch to a change request: the one
given, or one it opens; never the main content. Redirects from moved pages' old URLs are a
separate choice, written in one atomic call per site; they need the admin flag on the site's
organization, which is checked before anything is written. `resolve_url` tells where a
published URL ends now (a page, through redirects), to confirm a fix from the reader's side.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from pydantic import BaseModel, Field

from gitbook_mcp.client.models.common import Space
from gitbook_mcp.client.models.content import RevisionPage
from gitbook_mcp.client.resources import ChangeRequests
from gitbook_mcp.linkcheck import Fix, ScanResult, renamed_pages
from gitbook_mcp.linkcheck.client_source import ClientContentReader
from gitbook_mcp.linkcheck.run import CheckRequest, run_scan
from gitbook_mcp.server.calls.gating import require_flag
from gitbook_mcp.server.rendering import (
    REF_MAX_CHARS,
    UntrustedBody,
    UntrustedLine,
    UntrustedRef,
    echo,
    quoted,
)
from gitbook_mcp.server.tooling import Args, Needs, ToolContext, ToolFailure, read_tool, write_tool
from gitbook_mcp.server.tools._arguments import SpaceId
from gitbook_mcp.server.tools._fixing import (
    FixedPage,
    RedirectProposal,
    applied_line,
    choose,
    edit_pages,
    propose_redirects,
    suggested_redirects,
)
from gitbook_mcp.server.tools._pages import DocMode, PageWrite, RevisionTree, read_back, send
from gitbook_mcp.server.tools._permissions import SPACE_EDIT
from gitbook_mcp.server.tools._resolving import EndView, describe_end, resolve
from gitbook_mcp.server.tools._sites import SITE_ADMIN
from gitbook_mcp.server.toolsets import FIXES

__all__: list[str] = []

SUBJECT = "Fix broken links"

PLAN_DETAILS = 100
"""Fixes, redirects and unfixed links each listed per plan at most (a large space's plan stays
readable; apply those shown, or narrow with page_id, and plan again for the rest)."""


class FixArgs(Args):
    space_id: SpaceId
    change_request_id: str | None = Field(
        default=None, description="Change request to fix (omit: main content; apply opens one)"
    )
    page_id: str | None = Field(default=None, description="Only this page's links")
    apply: bool = Field(default=False, description="Write the fixes (default: only plan)")
    fixes: list[str] | None = Field(
        default=None,
        max_length=200,
        description="Plan ids to apply (omit: fixes at min_confidence, no redirects)",
    )
    min_confidence: float = Field(
        default=0.8, ge=0, le=1, description="Without fixes: apply those at least this sure"
    )


class FixView(BaseModel):
    id: str
    page_id: str
    page_path: UntrustedRef
    text: UntrustedLine
    broken: UntrustedRef
    action: Literal["replace", "unlink"]
    proposed: UntrustedRef
    evidence: UntrustedLine
    confidence: float


class ProposedRedirectView(BaseModel):
    id: str
    site_id: str
    source: UntrustedRef
    target: UntrustedRef
    confidence: float


class Unfixed(BaseModel):
    page_path: UntrustedRef
    target: UntrustedRef
    reason: UntrustedLine


class FixPlan(BaseModel):
    broken: int
    pages_scanned: int = 0
    links_checked: int = 0
    fixes: list[FixView]
    redirects: list[ProposedRedirectView] = Field(default_factory=list)
    unfixed: list[Unfixed] = Field(default_factory=list)
    applied: list[str] | None = None
    change_request_id: str | None = None
    change_request_url: str | None = None
    diff: UntrustedBody | None = None
    written_as: DocMode | None = None
    stored_differently: UntrustedBody | None = None
    next_step: str


def _render(r: FixPlan) -> str:
    if r.applied == [] and r.change_request_id is None:
        return r.next_step
    if r.applied is not None:
        head = applied_line(r.applied, r.broken)
        where = f" in change request {r.change_request_id} ({r.change_request_url})."
        lines = [head + (where if r.change_request_id else "."), *(f"- {i}" for i in r.applied)]
        if r.diff:
            lines.append(quoted(r.diff, label="Diff of the pages changed"))
        if r.stored_differently:
            label = "The service stored the pages differently from what was sent"
            lines.append(quoted(r.stored_differently, label=label))
        return "\n".join([*lines, r.next_step])
    lines = [
        f"{r.broken} broken of {r.links_checked} links in {r.pages_scanned} pages, "
        f"{len(r.fixes)} fixes and {len(r.redirects)} redirects proposed:"
    ]
    lines += [
        f"- [{f.id}] {f.page_path} [{f.page_id}]: {f.broken} -> {f.proposed} "
        f"({f.confidence:.2f}; {f.evidence})"
        for f in r.fixes
    ]
    lines += [f"- [{x.id}] redirect {x.source} -> {x.target} ({x.site_id})" for x in r.redirects]
    lines += [f"- no fix: {u.page_path}: {u.target} ({u.reason})" for u in r.unfixed]
    return "\n".join([*lines, r.next_step])


def _fix_view(fix: Fix) -> FixView:
    finding = fix.finding
    return FixView(
        id=fix.id,
        page_id=finding.page_id,
        page_path=finding.page_path or finding.page_title,
        text=finding.text,
        broken=finding.target,
        action=fix.action,
        proposed=fix.target,
        evidence=fix.evidence,
        confidence=fix.confidence,
    )


def _redirect_view(r: RedirectProposal) -> ProposedRedirectView:
    return ProposedRedirectView(
        id=r.id, site_id=r.site_id, source=r.source, target=r.target, confidence=r.confidence
    )


@dataclass(frozen=True)
class _Planned:
    """A plan with what applying it needs (not sent: the tool answers a `FixPlan`)."""

    answer: FixPlan
    fixes: list[Fix]
    redirects: list[RedirectProposal]


async def _plan(ctx: ToolContext, args: FixArgs, reader: ClientContentReader | None) -> _Planned:
    """The check's own scan (site findings included), and a fix or a redirect per finding."""
    request = CheckRequest(args.space_id, args.change_request_id, args.page_id, site_findings=True)
    try:
        run = await run_scan(
            ctx.client, request, reader=reader, progress=ctx.progress, operations=ctx.available
        )
    except LookupError as exc:
        raise ToolFailure(f"{exc}: check page_id with get_page_tree.") from None
    cr = args.change_request_id
    renamed: dict[str, str] = {}
    if cr:
        changes = await ctx.client.change_requests.get_changes(args.space_id, cr)
        renamed = renamed_pages(changes.changes)
    planned = await run.plan(renamed)
    # A page fix edits a link in a page: not a link page's target, not a site-only finding.
    fixes = [f for f in planned if f.finding.link.node_type != "link-page" and f.finding.page_id]
    main = await run.scanner.context(args.space_id, None).index()
    published = {*main.by_path, *renamed, *(r.target for r in run.reports if r.kind == "page")}
    sites = await run.scanner.context(args.space_id, cr).sites()
    redirects = propose_redirects(sites, args.space_id, fixes, published)
    broken = run.result.broken
    reported = {f.site_finding_id for f in broken if f.site_finding_id}
    suggestions = [
        (r.site_id, r.suggested_redirect)
        for r in run.reports
        if r.id in reported and r.suggested_redirect
    ]
    pages = {p.path: p.id for p in main.pages}
    redirects += [
        r
        for r in suggested_redirects(suggestions, pages)
        if (r.site_id, r.source) not in {(x.site_id, x.source) for x in redirects}
    ]
    answer = _answer(run.result, fixes, redirects)
    return _Planned(answer, fixes, redirects)


def _answer(result: ScanResult, fixes: list[Fix], redirects: list[RedirectProposal]) -> FixPlan:
    broken = result.broken
    sources = {r.source for r in redirects}
    fixed = {id(f.finding) for f in fixes} | {
        id(f)
        for f in broken
        if f.suggested_redirect and str(f.suggested_redirect.get("source")) in sources
    }
    unfixed = [f for f in broken if id(f) not in fixed]
    step = "Show this plan; apply=true with the fix ids the user confirms."
    over = [
        f"{len(items) - PLAN_DETAILS} more {name}"
        for name, items in (("fixes", fixes), ("redirects", redirects), ("unfixed", unfixed))
        if len(items) > PLAN_DETAILS
    ]
    if over:
        step += (
            f" Not listed: {', '.join(over)} (at most {PLAN_DETAILS} each); apply those shown, "
            "or pass page_id, then plan again for the rest."
        )
    return FixPlan(
        broken=len(broken),
        pages_scanned=result.pages_scanned,
        links_checked=result.links_checked,
        fixes=[_fix_view(f) for f in fixes[:PLAN_DETAILS]],
        redirects=[_redirect_view(r) for r in redirects[:PLAN_DETAILS]],
        unfixed=[
            Unfixed(page_path=f.page_path or f.page_title, target=f.target, reason=f.reason)
            for f in unfixed[:PLAN_DETAILS]
        ],
        next_step=step,
    )


def _nothing_applied(args: FixArgs, planned: _Planned) -> FixPlan:
    """Why nothing was written, and no more than that: the plan is fix_links without apply."""
    found = f"{len(planned.fixes)} proposed fixes for {planned.answer.broken} broken links"
    if args.fixes is not None:
        why = (
            f"Nothing applied: no fixes were chosen (fixes=[]). There are {found}: run fix_links "
            "without apply to see them, then pass their ids in fixes (or omit fixes to apply "
            "those at min_confidence)."
        )
    else:
        why = (
            f"Nothing applied: none of the {found} is at least {args.min_confidence:.2f} sure. "
            "Name fixes by id (fix_links without apply lists them), or lower min_confidence."
        )
    return FixPlan(
        broken=planned.answer.broken,
        pages_scanned=planned.answer.pages_scanned,
        links_checked=planned.answer.links_checked,
        fixes=[],
        applied=[],
        next_step=why,
    )


def _with(answer: FixPlan, changes: dict[str, object]) -> FixPlan:
    """The answer with ``changes``, validated again (so that a diff is sanitised too)."""
    return FixPlan.model_validate({**answer.model_dump(), **changes})


@write_tool(
    FIXES,
    permission=SPACE_EDIT,
    needs=Needs((ChangeRequests.create, ChangeRequests.update_content, ChangeRequests.get_changes)),
    render=_render,
)
async def fix_links(ctx: ToolContext, args: FixArgs) -> FixPlan:
    """Plan a fix per broken link (evidence, confidence, id); apply=true writes chosen ones in one
    batch to a change request (given or new), redirects on request."""
    if not args.apply:
        return (await _plan(ctx, args, None)).answer
    # Before a write, every page is read afresh (not remembered from an earlier check).
    space = await ctx.client.spaces.get(args.space_id)
    reader = ClientContentReader(ctx.client)
    planned = await _plan(ctx, args, reader)
    fixes, redirects = choose(planned.fixes, planned.redirects, args.fixes, args.min_confidence)
    if not fixes and not redirects:
        return _nothing_applied(args, planned)
    if redirects:
        # Redirects need the site's admin flag: check it before a page is written, not after.
        await require_flag(
            ctx.client,
            SITE_ADMIN,
            space.organization or "",
            what="fix_links (redirects)",
            hint="Leave the redirect ids out to apply the page fixes alone.",
        )
    tree = RevisionTree.of(await reader.revision(args.space_id, args.change_request_id))
    edits = await edit_pages(reader, args.space_id, args.change_request_id, fixes, tree)
    # What was written, not the plan again: the text says only that, and Claude Code and VS Code
    # hand the model the structured result alone (README, "What the model sees").
    answer = _with(planned.answer, {"applied": [], "fixes": [], "redirects": [], "unfixed": []})
    if edits:
        answer = await _write(ctx, args, edits, tree, answer)
    if redirects:
        answer = await _write_redirects(ctx, space, redirects, answer)
    return answer


async def _write(
    ctx: ToolContext, args: FixArgs, edits: list[FixedPage], tree: RevisionTree, answer: FixPlan
) -> FixPlan:
    """Every page edit in one atomic batch, to the change request given or to a new one; then
    the pages read back, and what the service stored differently reported."""
    c = ctx.client
    cr = args.change_request_id
    if cr is None:
        cr = (await c.change_requests.create(args.space_id, subject=SUBJECT)).id
    done, mode = await send(c, args.space_id, cr, [e.item for e in edits], tree)
    writes = [e.item for e in edits if isinstance(e.item, PageWrite)]

    async def read(page_id: str) -> RevisionPage:
        return await c.change_request_content.get_page(
            args.space_id, done.changeRequest.id, page_id, format="document", bodies_below=False
        )

    await read_back(read, writes, tree)
    stored = [f"{w.path}: {line}" for w in writes for line in w.stored]
    return _with(
        answer,
        {
            "applied": list(dict.fromkeys(i for e in edits for i in e.fix_ids)),
            "change_request_id": done.changeRequest.id,
            "change_request_url": done.changeRequest.urls.app,
            "diff": "\n".join(e.diff for e in edits),
            "written_as": mode if writes else None,
            "stored_differently": "\n".join(stored) or None,
            "next_step": f"Run check_links on change request {done.changeRequest.id} to confirm, "
            "then review and merge it.",
        },
    )


async def _write_redirects(
    ctx: ToolContext, space: Space, redirects: list[RedirectProposal], answer: FixPlan
) -> FixPlan:
    """The chosen redirects, one atomic call per site."""
    org = space.organization or ""
    by_site: dict[str, list[RedirectProposal]] = {}
    for r in redirects:
        by_site.setdefault(r.site_id, []).append(r)
    for site_id, group in by_site.items():
        await ctx.client.redirects.bulk_upsert(
            org,
            site_id,
            redirects=[{"source": r.source, "destination": r.destination} for r in group],
        )
    applied = [*(answer.applied or []), *(r.id for r in redirects)]
    step = answer.next_step if answer.change_request_id else "Redirects written."
    return _with(answer, {"applied": applied, "next_step": step})


class ResolveArgs(Args):
    url: str = Field(max_length=2048, description="A published URL")
    organization_id: str | None = Field(default=None, description="Its organization")


def _render_end(r: EndView) -> str:
    return f"Ends at {r.url}: {describe_end(r)}"


@read_tool(FIXES, render=_render_end)
async def resolve_url(ctx: ToolContext, args: ResolveArgs) -> EndView:
    """Where a published URL ends now: its page, the redirects followed, or why nothing."""
    end = await resolve(ctx, args.url.strip(), args.organization_id)
    if end is None:
        hint = "" if "://" in args.url else " Give the whole URL: list_sites shows each site's."
        org = f"organization {echo(args.organization_id)}." if args.organization_id else "yours."
        raise ToolFailure(
            f"{echo(args.url, max_chars=REF_MAX_CHARS)} is under no published site of {org}{hint}"
        )
    return end
