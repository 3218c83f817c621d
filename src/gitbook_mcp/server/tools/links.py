"""Toolset ``links``: every broken link of a space or change request, or all links of a page.

`check_links` reads every page's content and checks each link itself (`gitbook_mcp.linkcheck`),
so it works on both API profiles: the live service no longer has the link listings. Pages are
read concurrently under the client's cap, with progress page by page; the one-page mode runs
the same checks on one page, so its counts are that page's share of a full scan. A call that
failed late leaves a partial report (``partial`` says what did not run), never no report. A
recheck that read again pages the page cache could not keep says so (``recheck_cache``), with the
option that raises the cache's budget.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

from gitbook_mcp.config.options import env_name
from gitbook_mcp.linkcheck import Finding, ScanResult
from gitbook_mcp.linkcheck.external.checker import ExternalChecker
from gitbook_mcp.linkcheck.model import CacheShort
from gitbook_mcp.linkcheck.report.formats import suggestion
from gitbook_mcp.linkcheck.run import CheckRequest, run_check
from gitbook_mcp.server.rendering import REF_MAX_CHARS, UntrustedLine, UntrustedRef, one_line
from gitbook_mcp.server.tooling import Args, ToolContext, ToolFailure, read_tool
from gitbook_mcp.server.tools._arguments import Cursor, SpaceId
from gitbook_mcp.server.toolsets import LINKS

__all__: list[str] = []

DETAILS_PAGE = 100
"""Broken links listed per answer, after the summary; the rest on the next page (``cursor``)."""
UNCHECKED_SHOWN = 20
"""Links not checked named per answer (with why); the rest are counted."""
CACHE_OPTION = f"--page-cache-mb ({env_name('page_cache_mb')})"
"""The server option that sizes the page cache rechecks read from."""


class CheckArgs(Args):
    space_id: SpaceId
    change_request_id: str | None = Field(default=None, description="Omit: the main content")
    page_id: str | None = Field(default=None, description="Every link of one page")
    external: bool = Field(default=False, description="Also check outside URLs")
    cursor: Cursor


class BrokenLink(BaseModel):
    page_id: str | None = None
    page_path: UntrustedRef | None = None
    text: UntrustedLine | None = None
    target: UntrustedRef
    kind: str | None = None
    reason: UntrustedLine | None = None
    status: Literal["ok", "broken", "unchecked"] = "broken"
    suggested_redirect: dict[str, Any] | None = None
    affected_pages: list[UntrustedRef] | None = None


class RecheckCache(BaseModel):
    read_again: int
    """Pages unchanged since this caller's last check, read again: the cache had dropped them."""
    unchanged: int
    cache_mb: float
    """The page cache's budget, all callers together."""
    raise_with: str
    """The server option that raises that budget."""


class LinkReport(BaseModel):
    pages_scanned: int
    links_checked: int
    not_checked: int = 0
    broken_total: int = 0
    by_kind: dict[str, int] = Field(default_factory=dict)
    broken: list[BrokenLink]
    unchecked: list[BrokenLink] = Field(default_factory=list)
    links: list[BrokenLink] | None = None
    next_cursor: str | None = None
    partial: list[UntrustedLine] | None = None
    """What the check could not do because a call failed late (None: it ran to the end)."""
    recheck_cache: RecheckCache | None = None
    """Set when this recheck did not fit the page cache (None: it fit, or was no recheck)."""


_UNCHECKED_ROWS = 20
"""Links not checked listed one by one; a reason shared by more is said once with its count."""
_SAME_REASON = 3


def _plural(count: int, word: str) -> str:
    return f"{count:,} {word}" + ("" if count == 1 else "s")


def _render_report(r: LinkReport) -> str:
    """Broken links first (what an agent acts on), then what was not checked, a reason shared
    by many links said once with its count (a space's outside URLs would bury the rest)."""
    head = f"{r.broken_total} broken of {_plural(r.links_checked, 'link')} in "
    head += f"{_plural(r.pages_scanned, 'page')}."
    if r.not_checked:
        head += f" {_plural(r.not_checked, 'link')} not checked (never counted as working)."
    if r.by_kind and r.broken_total > len(r.broken):
        head += " By kind: " + ", ".join(f"{k} {n}" for k, n in r.by_kind.items()) + "."
    if r.recheck_cache:
        c = r.recheck_cache
        head += (
            f" Recheck cache too small: {_plural(c.read_again, 'unchanged page')} read again "
            f"(page cache {c.cache_mb:g} MiB); raise {c.raise_with}."
        )
    if r.partial:
        head += f" PARTIAL: {len(r.partial)} parts did not run: " + "; ".join(r.partial) + "."
    if r.links is not None:
        rows = [
            f"- [{x.status}] {x.target}" + (f" ({x.reason})" if x.reason else "") for x in r.links
        ]
        return "\n".join([head, *rows])
    rows = ["Broken:"] if r.broken and r.not_checked else []
    rows += [f"- {_where(b)}: {b.target} ({b.reason}{_suggested(b)})" for b in r.broken]
    if r.next_cursor:
        rows.append(
            f"{r.broken_total - int(r.next_cursor)} more: call again with cursor={r.next_cursor} "
            "(pages already read are not read again)."
        )
    return "\n".join([head, *rows, *_unchecked_rows(r)])


def _unchecked_rows(r: LinkReport) -> list[str]:
    """The links not checked: a few one by one, a reason shared by more once with its count."""
    if not r.unchecked:
        return []
    by_reason: dict[str, list[BrokenLink]] = {}
    for x in r.unchecked:
        by_reason.setdefault(str(x.reason or ""), []).append(x)
    rows = ["Not checked:"]
    listed = 0
    for reason, links in by_reason.items():
        if len(links) > _SAME_REASON:
            rows.append(f"- {_plural(len(links), 'link')}: {reason}")
            listed += len(links)
            continue
        for x in links[: max(0, _UNCHECKED_ROWS - (len(rows) - 1))]:
            rows.append(f"- {_where(x)}: {x.target} ({reason})")
            listed += 1
    if r.not_checked > listed:
        rows.append(f"- and {r.not_checked - listed:,} more")
    return rows


def _suggested(b: BrokenLink) -> str:
    """The site's suggested redirect, said in the text too (Claude Desktop gives the model only
    the text; README, "What the model sees")."""
    if not b.suggested_redirect:
        return ""
    return "; " + one_line(suggestion(b.suggested_redirect), max_chars=REF_MAX_CHARS)


def _where(b: BrokenLink) -> str:
    """The page of a finding: its path and id, or what a site-only finding has."""
    if b.page_path and b.page_id:
        return f"{b.page_path} [{b.page_id}]"
    pages = f" on {', '.join(b.affected_pages)}" if b.affected_pages else ""
    return (b.page_path or b.page_id or "(published site)") + pages


@read_tool(LINKS, render=_render_report)
async def check_links(ctx: ToolContext, args: CheckArgs) -> LinkReport:
    """Broken links of a space or change request: pages, anchors, files, spaces, site URLs
    (external: outside URLs; live: site findings). page_id: every link of one page, checked."""
    request = CheckRequest(
        args.space_id,
        args.change_request_id,
        args.page_id,
        external=args.external,
        site_findings=True,
    )
    try:
        result = await run_check(
            ctx.client,
            request,
            progress=ctx.progress,
            external_checker=ctx.options.external_checker or ExternalChecker,
            operations=ctx.available,
            keep_links="all" if args.page_id else "unchecked",  # what each answer lists
        )
    except LookupError as exc:
        raise ToolFailure(f"{exc}: check page_id with get_page_tree.") from None
    if args.page_id:
        return _one_page(result, args.page_id)
    return _paged(result, args.cursor)


def _paged(result: ScanResult, cursor: str | None) -> LinkReport:
    """The summary, then `DETAILS_PAGE` broken links from ``cursor`` (an offset) on."""
    broken = result.broken
    try:
        start = max(0, int(cursor or 0))
    except ValueError:
        raise ToolFailure(f"cursor {cursor!r} is not one this tool gave: omit it.") from None
    end = start + DETAILS_PAGE
    by_kind: dict[str, int] = {}
    for finding in broken:
        kind = finding.kind
        by_kind[kind] = by_kind.get(kind, 0) + 1
    return LinkReport(
        pages_scanned=result.pages_scanned,
        links_checked=result.links_checked,
        not_checked=len(result.not_checked),
        broken_total=len(broken),
        by_kind=dict(sorted(by_kind.items(), key=lambda item: -item[1])),
        broken=[_view(f) for f in broken[start:end]],
        unchecked=_unchecked(result) if start == 0 else [],
        next_cursor=str(end) if end < len(broken) else None,
        partial=list(result.missing) or None,
        recheck_cache=_recheck_cache(result.cache_short),
    )


def _recheck_cache(short: CacheShort | None) -> RecheckCache | None:
    """What a recheck that did not fit the page cache read again, and how to make room."""
    if short is None:
        return None
    return RecheckCache(
        read_again=short.read_again,
        unchanged=short.unchanged,
        cache_mb=round(short.cache_bytes / (1024 * 1024), 3),
        raise_with=CACHE_OPTION,
    )


def _unchecked(result: ScanResult) -> list[BrokenLink]:
    """The first `UNCHECKED_SHOWN` links no check ran on, each with its page and why."""
    out: list[BrokenLink] = []
    for (page_id, position), why in list(result.not_checked.items())[:UNCHECKED_SHOWN]:
        links = result.links.get(page_id, [])
        link = result.unchecked_links.get((page_id, position)) or (
            links[position] if position < len(links) else None
        )
        out.append(
            BrokenLink(
                page_id=page_id,
                page_path=result.pages.get(page_id) or page_id,
                text=link.text if link else None,
                target=link.target.describe() if link else "?",
                status="unchecked",
                reason=why,
            )
        )
    return out


def _view(finding: Finding) -> BrokenLink:
    """The finding as the agent reads it: the same fields, its own text made safe."""
    view = BrokenLink.model_validate(finding, from_attributes=True)
    if not view.affected_pages:
        view.affected_pages = None
    return view


def _one_page(result: ScanResult, page_id: str) -> LinkReport:
    """Every link of the page in document order, each with its verdict."""
    verdicts = {(f.link.pointer, f.link.line, f.target): f for f in result.findings}
    links: list[BrokenLink] = []
    for position, link in enumerate(result.links.get(page_id, [])):
        found = verdicts.get((link.pointer, link.line, link.target.describe()))
        if found is not None:
            links.append(_view(found))
            continue
        why = result.not_checked.get((page_id, position))
        links.append(
            BrokenLink(
                page_id=page_id,
                text=link.text,
                target=link.target.describe(),
                status="ok" if why is None else "unchecked",
                reason=why,
            )
        )
    return LinkReport(
        pages_scanned=result.pages_scanned,
        links_checked=result.links_checked,
        not_checked=len(result.not_checked),
        broken_total=len(result.broken),
        broken=[_view(f) for f in result.broken],
        links=links,
        partial=list(result.missing) or None,
        recheck_cache=_recheck_cache(result.cache_short),
    )
