"""The published site's own broken-link findings (live profile), merged with the content check's.

A site finding names no page: a ``broken-link`` finding carries a suggested redirect whose source
is the broken published path, an ``outbound-link-error`` finding the failing outside URL. A
finding is attributed to the scanned space when its published URL lies under the URL a site
gives that space. It then enriches the content finding with the same target (the suggested
redirect becomes a fix candidate, the finding's id lets a fix resolve it); a site finding that no
content finding matches is added as a finding of the published site (main content only: a change
request is not what the site publishes) once checked again now (`recheck`): a path that resolves
to a page today, directly or through redirects, is no longer broken. The pages a finding names as
affected (the list under "Pages affected" in its description) come with it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Literal

import anyio

from gitbook_mcp.client import errors
from gitbook_mcp.client.client import GitBookClient
from gitbook_mcp.linkcheck.context import ScanContext
from gitbook_mcp.linkcheck.model import Finding, Link, PublishedSite, Target
from gitbook_mcp.linkcheck.resolve import follow

__all__ = [
    "MAX_AFFECTED",
    "MAX_RECHECKED",
    "SiteReport",
    "affected_pages",
    "merge_site_findings",
    "read_site_findings",
    "recheck",
    "site_report",
]

_OPEN = ("candidate", "open")
_FAILED = ("suspect", "failed")
MAX_AFFECTED = 50
"""Pages kept per finding from its description (the rest are counted, not listed)."""
MAX_RECHECKED = 200
"""Site findings checked again per scan (each may follow up to 10 redirects); the rest are kept
as the site reports them, saying so."""
_MAX_NODES = 2000
"""Nodes of a finding's description walked at most (it is someone else's document)."""


@dataclass(frozen=True)
class SiteReport:
    """One site finding about the scanned space: a page path in it, or an outside URL."""

    id: str
    site_id: str
    kind: Literal["page", "url"]
    target: str
    title: str
    suggested_redirect: Mapping[str, Any] | None = None
    url: str = ""
    """The published URL of a page report (to check again)."""
    pages: tuple[str, ...] = ()
    """The pages the finding names as affected."""
    why: str = ""
    """Why it is still broken, once checked again."""


def _text(node: Mapping[str, Any], budget: list[int]) -> str:
    """The text of a node's leaves, walking at most ``budget[0]`` more nodes (iteratively)."""
    out: list[str] = []
    stack: list[Any] = [node]
    while stack and budget[0] > 0:
        item = stack.pop()
        budget[0] -= 1
        if not isinstance(item, Mapping):
            continue
        out.extend(
            str(leaf.get("text") or "")
            for leaf in item.get("leaves") or []
            if isinstance(leaf, Mapping)
        )
        stack.extend(reversed(item.get("nodes") or []))
    return "".join(out).strip()


def affected_pages(description: Any) -> tuple[str, ...]:
    """The items of the list that follows "Pages affected" in a finding's description."""
    if not isinstance(description, Mapping):
        return ()
    budget = [_MAX_NODES]
    after = False
    for node in description.get("nodes") or []:
        if not isinstance(node, Mapping) or budget[0] <= 0:
            break
        if after and str(node.get("type", "")).startswith("list"):
            items = [_text(item, budget) for item in (node.get("nodes") or [])[:MAX_AFFECTED]]
            return tuple(i for i in items if i)
        after = _text(node, budget).lower().startswith("pages affected")
    return ()


def _space_path(site: PublishedSite, space_id: str, source: str) -> str | None:
    """The page path under the space that the site-relative ``source`` names, if it is the space's."""
    full = site.url.rstrip("/") + "/" + source.lstrip("/")
    for published in site.spaces:
        if published.space_id != space_id:
            continue
        base = published.url.rstrip("/")
        if full == base or full.startswith(base + "/"):
            return full[len(base) :].strip("/")
    return None


def site_report(raw: Mapping[str, Any], site: PublishedSite, space_id: str) -> SiteReport | None:
    """The site finding as a report on the space, or None when it is closed or not the space's."""
    if raw.get("status") not in _OPEN:
        return None
    title = str(raw.get("title") or "")
    action = raw.get("brokenLinkAction")
    if raw.get("type") == "broken-link" and isinstance(action, Mapping):
        source = str(action.get("source") or "")
        path = _space_path(site, space_id, source)
        if path is None:
            return None
        url = site.url.rstrip("/") + "/" + source.lstrip("/")
        pages = affected_pages(raw.get("description"))
        return SiteReport(str(raw["id"]), site.id, "page", path, title, dict(action), url, pages)
    outbound = raw.get("outboundLink")
    if (
        raw.get("type") == "outbound-link-error"
        and isinstance(outbound, Mapping)
        and outbound.get("status") in _FAILED
        and outbound.get("url")
    ):
        return SiteReport(str(raw["id"]), site.id, "url", str(outbound["url"]), title)
    return None


async def read_site_findings(
    client: GitBookClient, organization_id: str, sites: Sequence[PublishedSite], space_id: str
) -> list[SiteReport]:
    """The open findings of every site publishing the space (none where they cannot be read)."""
    found: list[SiteReport] = []
    for site in sites:
        if not any(s.space_id == space_id for s in site.spaces):
            continue
        try:
            async for item in client.findings.list(
                organization_id, site.id, type=["broken-link", "outbound-link-error"]
            ):
                report = site_report(item.model_dump(mode="json"), site, space_id)
                if report is not None:
                    found.append(report)
        except (errors.NotFoundError, errors.PermissionDeniedError):
            continue
    return found


async def recheck(ctx: ScanContext, reports: Sequence[SiteReport]) -> list[SiteReport]:
    """The reports still broken now: a page report whose URL resolves to a page today (directly
    or through redirects that end on one) is dropped; the others say why, chain included."""
    verdicts: dict[int, SiteReport | None] = {}

    async def one(position: int, report: SiteReport) -> None:
        end = await follow(ctx, report.url)
        if end is not None and end.broken:
            verdicts[position] = replace(report, why=end.reason + end.via())
        elif end is None:
            verdicts[position] = report
        else:
            verdicts[position] = None

    checked = 0
    async with anyio.create_task_group() as tg:
        for position, report in enumerate(reports):
            if report.kind == "page" and report.url and checked < MAX_RECHECKED:
                checked += 1
                tg.start_soon(one, position, report)
            elif report.kind == "page" and report.url:
                verdicts[position] = replace(report, why="not checked again: too many findings")
            else:
                verdicts[position] = report
    return [r for position in range(len(reports)) if (r := verdicts[position]) is not None]


def _matches(finding: Finding, report: SiteReport) -> bool:
    target = finding.link.target
    if report.kind == "url":
        return target.kind == "url" and (target.url or "").rstrip("/") == report.target.rstrip("/")
    if target.kind not in ("page", "anchor") or target.space_id is not None:
        return False
    return (target.page_path or "").strip("/") == report.target


def _site_only(report: SiteReport) -> Finding:
    if report.kind == "url":
        target = Target(kind="url", url=report.target)
    else:
        target = Target(kind="page", page_path=report.target)
    reason = f"the published site reports it broken (site finding {report.id})"
    return Finding(
        page_id="",
        page_path="",
        page_title="(published site)",
        link=Link(text=report.title or report.target, target=target, node_type="site-finding"),
        reason=reason + (f"; {report.why}" if report.why else ""),
        suggested_redirect=report.suggested_redirect,
        site_finding_id=report.id,
        affected_pages=report.pages,
    )


def merge_site_findings(
    findings: Sequence[Finding], reports: Sequence[SiteReport], *, add_unmatched: bool
) -> list[Finding]:
    """The content findings, each enriched by the site finding on its target; then the rest."""
    merged: list[Finding] = []
    used: set[str] = set()
    for finding in findings:
        report = next((r for r in reports if _matches(finding, r)), None)
        if report is not None and finding.status == "broken":
            used.add(report.id)
            finding = replace(
                finding,
                site_finding_id=report.id,
                suggested_redirect=finding.suggested_redirect or report.suggested_redirect,
            )
        merged.append(finding)
    if add_unmatched:
        seen: set[tuple[str, str]] = set()
        for report in reports:
            if report.id not in used and (report.kind, report.target) not in seen:
                seen.add((report.kind, report.target))
                merged.append(_site_only(report))
    return merged
