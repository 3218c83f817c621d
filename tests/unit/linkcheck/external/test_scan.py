"""Outside URLs checked for real over loopback (a responder the guard is told to allow), and the
guard refusing the same responder when it is not allowed; and site findings merged in."""

from __future__ import annotations

import pytest

from gitbook_mcp.linkcheck import LinkScanner
from gitbook_mcp.linkcheck.external.checker import ExternalChecker
from gitbook_mcp.linkcheck.model import Finding, Link, PublishedSite, PublishedSpace, Target
from gitbook_mcp.linkcheck.site_findings import merge_site_findings, site_report
from tests.unit.linkcheck.fakes import doc, link, para, resolver, set_home, world
from tests.unit.linkcheck.responder import loopback_responder

pytestmark = pytest.mark.anyio

HOST = {"docs.example.test": ["127.0.0.1"]}


async def _scan(port: int, allow: tuple[str, ...]) -> list[tuple[str, str, str]]:
    reader, sites = world()
    base = f"http://docs.example.test:{port}"
    links = [
        link({"kind": "url", "url": base + "/ok"}, "fine"),
        link({"kind": "url", "url": base + "/gone"}, "gone"),
        link({"kind": "url", "url": base + "/head-refused"}, "get only"),
    ]
    set_home(reader, doc(para(*links)))
    async with ExternalChecker(resolver=resolver(HOST), allow=allow) as external:
        result = await LinkScanner(reader, sites=sites, external=external).scan_page(
            "s1", "cr1", "p_home"
        )
    return [(f.text, f.status, f.reason) for f in result.findings]


async def test_allowed_loopback_responder_is_checked_head_then_get() -> None:
    table = {"/ok": 200, "HEAD /head-refused": 405, "GET /head-refused": 200}
    async with loopback_responder(table) as (port, seen):
        findings = await _scan(port, allow=("127.0.0.1",))
    assert findings == [("gone", "broken", "the server answered 404")]
    assert sorted(seen) == [
        "GET /head-refused",
        "HEAD /gone",
        "HEAD /head-refused",
        "HEAD /ok",
    ]


async def test_loopback_is_refused_with_the_reason_unless_allowed() -> None:
    async with loopback_responder({"/ok": 200}) as (port, seen):
        findings = await _scan(port, allow=())
    why = "refused: docs.example.test resolves to 127.0.0.1, a loopback address"
    assert findings == [
        ("fine", "unchecked", why),
        ("gone", "unchecked", why),
        ("get only", "unchecked", why),
    ]
    assert seen == []


SITE = PublishedSite(
    "site1",
    "https://docs.acme.test",
    (PublishedSpace("site1", "ss1", "s1", "https://docs.acme.test/handbook"),),
)
ACTION = {"source": "/handbook/guides/old", "destination": {"kind": "path", "path": "guides"}}


def test_site_findings_enrich_content_findings_and_add_the_unmatched_ones() -> None:
    raw = [
        {"id": "sf1", "status": "open", "type": "broken-link", "brokenLinkAction": ACTION},
        {
            "id": "sf2",
            "status": "open",
            "type": "broken-link",
            "brokenLinkAction": {**ACTION, "source": "/handbook/never-linked"},
        },
        {"id": "sf3", "status": "done", "type": "broken-link", "brokenLinkAction": ACTION},
        {
            "id": "sf4",
            "status": "open",
            "type": "broken-link",
            "brokenLinkAction": {**ACTION, "source": "/other-space/x"},
        },
    ]
    reports = [r for r in (site_report(x, SITE, "s1") for x in raw) if r is not None]
    assert [(r.id, r.target) for r in reports] == [("sf1", "guides/old"), ("sf2", "never-linked")]
    content = [
        Finding(
            "p_home",
            "home",
            "Home",
            Link("old", Target("page", page_path="guides/old"), "link"),
            "no page",
        )
    ]
    merged = merge_site_findings(content, reports, add_unmatched=True)
    assert [(f.page_id, f.target, f.site_finding_id) for f in merged] == [
        ("p_home", "guides/old", "sf1"),
        ("", "never-linked", "sf2"),
    ]
    assert merged[0].suggested_redirect == ACTION
    in_cr = merge_site_findings(content, reports, add_unmatched=False)
    assert [f.site_finding_id for f in in_cr] == ["sf1"]
