"""Site findings checked again against today's pages and redirects, with their affected pages."""

from __future__ import annotations

from typing import Any

import pytest

from gitbook_mcp.linkcheck import RedirectHop
from gitbook_mcp.linkcheck.context import ScanContext
from gitbook_mcp.linkcheck.site_findings import (
    MAX_AFFECTED,
    MAX_RECHECKED,
    affected_pages,
    merge_site_findings,
    recheck,
    site_report,
)
from tests.unit.linkcheck.fakes import SITE_URL, world

pytestmark = pytest.mark.anyio


def _text(value: str) -> dict[str, Any]:
    return {"object": "text", "leaves": [{"object": "leaf", "text": value}]}


def _para(value: str) -> dict[str, Any]:
    return {"object": "block", "type": "paragraph", "nodes": [_text(value)]}


def _description(*pages: str) -> dict[str, Any]:
    items = [{"object": "block", "type": "list-item", "nodes": [_para(p)]} for p in pages]
    return {
        "object": "document",
        "nodes": [
            _para("The published content links to `x`, which does not resolve."),
            _para("Pages affected:"),
            {"object": "block", "type": "list-unordered", "nodes": items},
        ],
    }


def _raw(ident: str, source: str, *pages: str) -> dict[str, Any]:
    return {
        "id": ident,
        "status": "open",
        "type": "broken-link",
        "description": _description(*pages),
        "brokenLinkAction": {"source": source, "destination": {"kind": "path", "path": "guide"}},
    }


async def test_a_finding_a_redirect_now_covers_or_a_page_now_answers_is_not_broken() -> None:
    reader, sites = world()
    sites.redirects[("site1", "/covered")] = SITE_URL + "/guide"
    sites.redirects[("site1", "/to-deleted")] = RedirectHop(SITE_URL, "ss1", "p_gone")
    site = (await sites.sites())[0]
    raw = [
        _raw("sf1", "/covered", "home"),
        _raw("sf2", "/guide"),  # the page is back
        _raw("sf3", "/still-gone", "home", "guide/child"),
        _raw("sf4", "/to-deleted"),
    ]
    reports = [r for r in (site_report(x, site, "s1") for x in raw) if r is not None]
    assert [r.target for r in reports] == ["covered", "guide", "still-gone", "to-deleted"]
    kept = await recheck(ScanContext(reader, "s1", None, sites=sites), reports)
    merged = merge_site_findings([], kept, add_unmatched=True)
    assert [(f.site_finding_id, f.reason, f.affected_pages) for f in merged] == [
        (
            "sf3",
            "the published site reports it broken (site finding sf3); nothing is published at "
            "this URL and no redirect covers it",
            ("home", "guide/child"),
        ),
        (
            "sf4",
            "the published site reports it broken (site finding sf4); the redirect from "
            "/to-deleted: it leads to page p_gone, which was deleted (via /to-deleted)",
            (),
        ),
    ]


def test_affected_pages_are_read_from_the_description_within_bounds() -> None:
    many = [f"page-{i}" for i in range(3 * MAX_AFFECTED)]
    assert len(affected_pages(_description(*many))) == MAX_AFFECTED
    assert affected_pages({"nodes": [_para("no list here")]}) == ()
    assert affected_pages("not a document") == ()
    deep: dict[str, Any] = _para("x")
    for _ in range(5000):
        deep = {"object": "block", "type": "list-item", "nodes": [deep]}
    hostile = {"nodes": [_para("Pages affected:"), {"type": "list", "nodes": [deep]}]}
    assert affected_pages(hostile) == ()  # walked within its node budget, iteratively


async def test_at_most_max_rechecked_findings_are_checked_again() -> None:
    reader, sites = world()
    site = (await sites.sites())[0]
    raw = [_raw(f"sf{i}", f"/gone-{i}") for i in range(MAX_RECHECKED + 5)]
    reports = [r for r in (site_report(x, site, "s1") for x in raw) if r is not None]
    kept = await recheck(ScanContext(reader, "s1", None, sites=sites), reports)
    assert len(kept) == MAX_RECHECKED + 5
    assert len(sites.lookups) == MAX_RECHECKED
    assert kept[-1].why == "not checked again: too many findings"
