"""Scanning from content with fakes: every link kind and every reason, both modes, cap, progress."""

from __future__ import annotations

from typing import Any

import pytest

from gitbook_mcp.linkcheck import LinkScanner, PageNode
from tests.unit.linkcheck.fakes import (
    SITE_URL,
    FakeReader,
    block,
    doc,
    heading,
    link,
    para,
    set_home,
    text,
    world,
)

pytestmark = pytest.mark.anyio

OK = None
CASES: list[tuple[str, dict[str, Any], str | None]] = [
    ("page ok", {"kind": "page", "page": "p_guide"}, OK),
    ("page gone", {"kind": "page", "page": "p_gone"}, "no page p_gone in change request cr1"),
    ("group page", {"kind": "page", "page": "p_group"}, OK),
    ("anchor ok", {"kind": "anchor", "page": "p_guide", "anchor": "set-up"}, OK),
    (
        "anchor gone",
        {"kind": "anchor", "page": "p_guide", "anchor": "setup"},
        "the page guide has no heading #setup",
    ),
    ("own anchor", {"kind": "anchor", "anchor": "welcome"}, OK),
    ("own anchor gone", {"kind": "anchor", "anchor": "nope"}, "the page Home has no heading #nope"),
    ("other space page", {"kind": "page", "page": "q_intro", "space": "s2"}, OK),
    (
        "other space anchor",
        {"kind": "anchor", "page": "q_intro", "space": "s2", "anchor": "overview"},
        OK,
    ),
    (
        "other space page gone",
        {"kind": "page", "page": "q_gone", "space": "s2"},
        "no page q_gone in the main content of space s2",
    ),
    (
        "space gone page",
        {"kind": "page", "page": "q_intro", "space": "s_gone"},
        "not checked: the space s_gone cannot be read with this token (it may not exist)",
    ),
    ("file ok", {"kind": "file", "file": "f_logo"}, OK),
    ("file gone", {"kind": "file", "file": "f_gone"}, "no file f_gone in change request cr1"),
    ("space ok", {"kind": "space", "space": "s2"}, OK),
    (
        "space gone",
        {"kind": "space", "space": "s_gone"},
        "not checked: the space s_gone cannot be read with this token (it may not exist)",
    ),
    ("site page", {"kind": "url", "url": SITE_URL + "/guide"}, OK),
    ("site root", {"kind": "url", "url": SITE_URL + "/"}, OK),
    ("site anchor", {"kind": "url", "url": SITE_URL + "/guide#run-it"}, OK),
    (
        "site anchor gone",
        {"kind": "url", "url": SITE_URL + "/guide#walk-it"},
        "the page guide has no heading #walk-it",
    ),
    ("site redirect", {"kind": "url", "url": SITE_URL + "/old-guide"}, OK),
    (
        "site nothing",
        {"kind": "url", "url": SITE_URL + "/nothing/here"},
        "nothing is published at this URL and no redirect covers it",
    ),
    ("site other space", {"kind": "url", "url": SITE_URL + "/other/intro"}, OK),
    (
        "site other space gone",
        {"kind": "url", "url": SITE_URL + "/other/outro"},
        "nothing is published at this URL and no redirect covers it",
    ),
]
UNCHECKED = [
    ("outside", {"kind": "url", "url": "https://example.com/x"}),
    ("user", {"kind": "user", "user": "u1"}),
]


def _home() -> dict[str, Any]:
    links = [link(ref, label) for label, ref, _ in CASES] + [
        link(ref, label) for label, ref in UNCHECKED
    ]
    return doc(heading("Welcome", 1), para(*links))


async def test_every_link_kind_and_reason_in_a_change_request() -> None:
    reader, sites = world()
    set_home(reader, _home())
    result = await LinkScanner(reader, sites=sites).scan("s1", "cr1")
    assert {f.text: f.reason for f in result.findings} == {
        label: reason for label, _, reason in CASES if reason
    }
    assert result.links_checked == len(CASES)
    assert result.pages_scanned == 3
    finding = result.findings[0]
    assert (finding.page_id, finding.page_path, finding.page_title) == ("p_home", "", "Home")
    assert {f.kind for f in result.findings} == {"page", "anchor", "file", "space", "url"}
    unreadable = {f.text: f.status for f in result.findings if "cannot be read" in f.reason}
    # another space the token cannot read: not known to be broken (issue 35)
    assert unreadable == {"space gone page": "unchecked", "space gone": "unchecked"}
    assert all(f.status == "broken" for f in result.findings if f.text not in unreadable)


async def test_main_content_reasons_name_it() -> None:
    reader, sites = world()
    set_home(reader, doc(para(link({"kind": "page", "page": "p_gone"}, "x"))), cr=None)
    result = await LinkScanner(reader, sites=sites).scan("s1")
    assert [f.reason for f in result.findings] == ["no page p_gone in the main content of space s1"]


async def test_one_page_mode_counts_the_same_as_the_full_scan() -> None:
    reader, sites = world()
    set_home(reader, _home())
    guide_link = link({"kind": "page", "page": "p_nowhere"}, "from guide")
    reader.bodies[("s1", "cr1", "p_guide")] = reader.bodies[("s1", "cr1", "p_guide")].__class__(
        document=doc(heading("Set up"), heading("Run it"), para(guide_link))
    )
    scanner = LinkScanner(reader, sites=sites)
    full = await scanner.scan("s1", "cr1")
    one = await scanner.scan_page("s1", "cr1", "p_home")
    home_findings = [f for f in full.findings if f.page_id == "p_home"]
    assert [(f.text, f.reason) for f in one.findings] == [(f.text, f.reason) for f in home_findings]
    assert one.links_checked == full.links_checked - 1
    assert one.pages_scanned == 1
    with pytest.raises(LookupError, match="no page p_x"):
        await scanner.scan_page("s1", "cr1", "p_x")


async def test_markdown_pages_are_checked_too() -> None:
    reader, sites = world()
    set_home(
        reader,
        "# Welcome\n[ok](guide.md) [gone](guide/gone.md) [anchor](guide.md#set-up) "
        "[bad anchor](guide.md#nope) ![img](.gitbook/assets/logo.png) "
        "![missing](.gitbook/assets/nope.png) [self](#welcome)\n",
    )
    result = await LinkScanner(reader, sites=sites).scan("s1", "cr1")
    assert [(f.text, f.reason, f.link.line) for f in result.findings] == [
        ("gone", "no page guide/gone in change request cr1", 2),
        ("bad anchor", "the page guide has no heading #nope", 2),
        ("missing", "no file nope.png in change request cr1", 2),
        # the leading ``# Welcome`` is the page's title, not a heading: no anchor (as in GitBook)
        ("self", "the page Home has no heading #welcome", 2),
    ]
    assert result.links_checked == 7


async def test_anchors_as_gitbook_makes_them_and_unsure_is_never_broken() -> None:
    """Issue 35: capitals are not spelt out, anchors are compared decoded, and a heading's id
    under a part of the rule nobody has observed (a trailing ``.``) is unchecked, not broken."""
    reader, sites = world()
    set_home(
        reader,
        "# Welcome\n## Create an Issuer DID\n## Café au lait\n## Step 2: Connect.\n\n"
        "[caps](#create-an-issuer-did) [encoded](#caf%C3%A9-au-lait) [dot](#step-2-connect) "
        "[gone](#create-an-issuer-d-i-d)\n",
    )
    result = await LinkScanner(reader, sites=sites).scan("s1", "cr1")
    assert [(f.text, f.status, f.reason) for f in result.findings] == [
        (
            "dot",
            "unchecked",
            "not checked: #step-2-connect may be the id of the heading #step-2-connect. "
            "(that part of GitBook's rule is not known)",
        ),
        ("gone", "broken", "the page Home has no heading #create-an-issuer-d-i-d"),
    ]


async def test_reads_are_capped_cached_and_reported() -> None:
    reader = FakeReader(delay=0.01)
    pages = [
        (PageNode(f"p{i}", f"Page {i}", f"page-{i}"), doc(para(text("no links"))))
        for i in range(30)
    ]
    target = link({"kind": "anchor", "page": "p0", "anchor": "x"}, "to p0")
    pages[1] = (pages[1][0], doc(para(target, link({"kind": "file", "file": "f"}, "file"))))
    reader.add("s1", None, pages)
    seen: list[tuple[int, int]] = []

    async def progress(done: int, total: int, message: str) -> None:
        seen.append((done, total))

    result = await LinkScanner(reader, concurrency=4, progress=progress).scan("s1")
    assert reader.max_in_flight == 4
    page_reads = [r for r in reader.reads if r[0] == "page"]
    assert len(page_reads) == 30
    assert len(set(page_reads)) == 30
    assert [r for r in reader.reads if r[0] == "revision"] == [("revision", "s1", "")]
    assert seen[-1] == (30, 30)
    assert len(seen) == 30
    assert [f.reason for f in result.findings] == [
        "the page page-0 has no heading #x",
        "no file f in the main content of space s1",
    ]


async def test_embed_and_content_ref_blocks_are_checked() -> None:
    reader, sites = world()
    embed = {
        "object": "block",
        "type": "embed",
        "isVoid": True,
        "data": {"url": SITE_URL + "/gone"},
    }
    set_home(reader, doc(block("content-ref", {"kind": "page", "page": "p_gone"}), embed))
    result = await LinkScanner(reader, sites=sites).scan("s1", "cr1")
    assert [(f.link.node_type, f.kind) for f in result.findings] == [
        ("content-ref", "page"),
        ("embed", "url"),
    ]


class CappedReader(FakeReader):
    """A reader that caps its own requests, as the API client does."""

    max_concurrency = 3


async def test_a_reader_that_caps_itself_is_not_limited_again() -> None:
    from gitbook_mcp.linkcheck.scan import _reads_in_progress

    capped = CappedReader()
    assert _reads_in_progress(capped, None) is None
    assert _reads_in_progress(capped, 8) is None
    assert _reads_in_progress(capped, 2) == 2
    assert _reads_in_progress(FakeReader(), None) == 8
    assert _reads_in_progress(FakeReader(), 5) == 5


async def test_the_content_scan_benchmark_replays_with_latency_only() -> None:
    from bench import scan_content

    result = await scan_content.measure(pages=10, latency_ms=1, concurrency=4, runs=1)
    assert result["requests"] == 1 + 8 + 10
    assert result["max_in_flight"] <= 4
    assert result["findings"] == 5


async def test_link_pages_are_checked_by_their_target() -> None:
    reader, sites = world()
    pages = reader.revisions[("s1", "cr1")].pages
    pages.append(
        PageNode("p_l1", "To guide", "", type="link", target={"kind": "page", "page": "p_guide"})
    )
    pages.append(
        PageNode("p_l2", "To nowhere", "", type="link", target={"kind": "page", "page": "p_0"})
    )
    app = {"kind": "url", "url": "https://app.gitbook.com/s/s2/gone"}
    pages.append(PageNode("p_l3", "Other space", "", type="link", target=app))
    result = await LinkScanner(reader, sites=sites).scan("s1", "cr1")
    assert [(f.page_id, f.text, f.link.node_type, f.reason) for f in result.findings] == [
        ("p_l2", "To nowhere", "link-page", "no page p_0 in change request cr1"),
        ("p_l3", "Other space", "link-page", "no page gone in the main content of space s2"),
    ]
    assert result.pages_scanned == 6


async def test_a_url_ref_without_a_scheme_is_a_path_from_the_page() -> None:
    reader, sites = world()
    refs = [
        ("to guide", {"kind": "url", "url": "guide.md"}),
        ("to gone", {"kind": "url", "url": "guide/gone.md"}),
        ("bad anchor", {"kind": "url", "url": "guide.md#nope"}),
        ("own anchor", {"kind": "url", "url": "#welcome"}),
        ("outside", {"kind": "url", "url": "https://example.com/x"}),
    ]
    set_home(reader, doc(heading("Welcome", 1), para(*(link(r, label) for label, r in refs))))
    result = await LinkScanner(reader, sites=sites).scan("s1", "cr1")
    assert [(f.text, f.reason) for f in result.findings] == [
        ("to gone", "no page guide/gone in change request cr1"),
        ("bad anchor", "the page guide has no heading #nope"),
    ]
    assert result.links_checked == 4
    assert list(result.not_checked.values()) == [
        "not checked: outside URL (check with external=true)"
    ]


async def test_a_scan_keeps_every_link_the_unchecked_ones_or_none() -> None:
    reader, sites = world()
    set_home(reader, _home())
    every = await LinkScanner(reader, sites=sites).scan("s1", "cr1")
    unchecked = await LinkScanner(reader, sites=sites, keep_links="unchecked").scan("s1", "cr1")
    none = await LinkScanner(reader, sites=sites, keep_links="none").scan("s1", "cr1")
    assert {"p_home", "p_guide"} <= set(every.links)  # every page read, links or none
    assert every.unchecked_links == {}
    assert unchecked.links == none.links == none.unchecked_links == {}
    assert len(unchecked.not_checked) == 2  # the outside URL and the user
    assert unchecked.unchecked_links == {  # the very links `not_checked` points at
        (page, position): every.links[page][position] for page, position in every.not_checked
    }
    for lean in (unchecked, none):
        assert lean.findings == every.findings
        assert lean.not_checked == every.not_checked
        assert (lean.links_checked, lean.pages) == (every.links_checked, every.pages)


async def test_markdown_is_parsed_off_the_event_loop_and_its_anchors_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Red-team N4: `check_links --local` on a page with a long heading froze the server.
    import threading

    from gitbook_mcp.linkcheck import context

    loop = threading.get_ident()
    calls: list[tuple[str, int]] = []
    documents: list[int] = []
    for name in ("parse_page", "anchor_map"):
        real = getattr(context, name)

        def spy(*args: Any, _name: str = name, _real: Any = real, **kwargs: Any) -> Any:
            calls.append((_name, threading.get_ident()))
            if _name == "anchor_map":
                documents.append(id(args[0]))
            return _real(*args, **kwargs)

        monkeypatch.setattr(context, name, spy)
    reader, sites = world()
    set_home(reader, "## Welcome\n[a](#welcome) [b](#welcome) [c](#nope)\n")
    result = await LinkScanner(reader, sites=sites).scan("s1", "cr1")
    assert [f.text for f in result.findings] == ["c"]
    # the page parsed once; every page's anchors taken once, as the scan reads it (its body is
    # then dropped: the anchors are what links to it ask for)
    assert [name for name, _ in calls].count("parse_page") == 1
    assert len(documents) == len(set(documents)) >= 1
    assert all(ident != loop for _, ident in calls)


async def test_site_redirects_are_followed_to_the_end() -> None:
    reader, sites = world()
    sites.redirects.update(
        {
            ("site1", "/a"): SITE_URL + "/b",
            ("site1", "/b"): SITE_URL + "/old-guide",
            ("site1", "/c"): "/docs/d",
            ("site1", "/x"): SITE_URL + "/y",
            ("site1", "/y"): SITE_URL + "/x",
            ("site1", "/out"): "https://elsewhere.test/page",
        }
    )
    labels = {
        "chain": "/a",
        "chain anchor": "/a#walk-it",
        "dead end": "/c",
        "loop": "/x",
        "outside": "/out",
    }
    set_home(
        reader,
        doc(
            *(
                para(link({"kind": "url", "url": SITE_URL + p}, label))
                for label, p in labels.items()
            )
        ),
    )
    result = await LinkScanner(reader, sites=sites).scan("s1", "cr1")
    assert {f.text: f.reason for f in result.findings} == {
        "chain anchor": "the page guide has no heading #walk-it",
        "dead end": "the redirects end at /docs/d, where nothing is published (via /c)",
        "loop": "the redirects loop (via /x -> /y -> /x)",
    }
    assert list(result.not_checked.values()) == [
        "not checked: the site redirects it to https://elsewhere.test/page"
    ]
    assert sites.lookups.count(("site1", "/x")) == 1, "each redirect is looked up once"


async def test_a_page_whose_markdown_parses_past_its_budget_is_reported_not_read(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Issue 36: a hostile space's page must not hold a worker thread for as long as it likes.
    from gitbook_mcp.linkcheck import markdown

    monkeypatch.setattr(markdown, "PAGE_CPU_SECONDS", 0.0)
    reader, sites = world()
    set_home(reader, "[a\n" * 2000)
    result = await LinkScanner(reader, sites=sites).scan("s1", "cr1")
    assert result.partial
    (why,) = result.missing
    assert why.startswith("page Home [p_home]: not read (its markdown took more than 0 s of CPU")
    assert "simplify it" in why
    assert "p_home" not in result.links
    assert set(result.links) == set(result.pages) - {"p_home"}


async def test_a_page_past_its_budget_is_parsed_once_in_a_run(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from gitbook_mcp.linkcheck import context, markdown

    monkeypatch.setattr(markdown, "PAGE_CPU_SECONDS", 0.0)
    parses: list[str] = []

    def counted(text: str) -> Any:
        parses.append(text)
        return markdown.parse_page(text)

    monkeypatch.setattr(context, "parse_page", counted)
    reader, _ = world()
    set_home(reader, "[a\n" * 2000)
    ctx = context.ScanContext(reader, "s1", "cr1")
    index = await ctx.index()
    for _ in range(3):  # the scan, then each link asking for the page's anchors
        with pytest.raises(context.PageTooSlow, match="or split the page"):
            await ctx.anchors(index, "p_home")
    assert len(parses) == 1
