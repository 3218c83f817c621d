"""Following a site URL through redirect chains to a page, or to why it ends on nothing."""

from __future__ import annotations

import pytest

from gitbook_mcp.linkcheck import LinkScanner, RedirectHop
from gitbook_mcp.linkcheck.context import ScanContext
from gitbook_mcp.linkcheck.resolve import MAX_HOPS, follow
from tests.unit.linkcheck.fakes import SITE_URL, doc, link, para, set_home, world

pytestmark = pytest.mark.anyio


def _context(redirects: dict[tuple[str, str], str | RedirectHop]) -> ScanContext:
    reader, sites = world()
    sites.redirects.update(redirects)
    return ScanContext(reader, "s1", None, sites=sites)


async def test_a_chain_is_followed_to_its_page() -> None:
    ctx = _context({("site1", "/a"): SITE_URL + "/b", ("site1", "/b"): SITE_URL + "/guide"})
    end = await follow(ctx, SITE_URL + "/a")
    assert end is not None
    assert end.page is not None
    assert (end.page.id, end.chain) == ("p_guide", ("/a", "/b"))


async def test_a_chain_ending_on_nothing_is_broken_and_names_the_chain() -> None:
    ctx = _context({("site1", "/a"): SITE_URL + "/b", ("site1", "/b"): SITE_URL + "/faq"})
    end = await follow(ctx, SITE_URL + "/a")
    assert end is not None
    assert end.broken
    assert end.reason + end.via() == (
        "the redirects end at /docs/faq, where nothing is published (via /a -> /b)"
    )


async def test_a_redirect_to_a_deleted_page_is_broken() -> None:
    # The service answers the site space's URL for a page it no longer has: the page id tells.
    gone = RedirectHop(SITE_URL, "ss1", "p_faq")
    ctx = _context({("site1", "/a"): SITE_URL + "/b", ("site1", "/b"): gone})
    end = await follow(ctx, SITE_URL + "/a")
    assert end is not None
    assert end.broken
    assert end.reason == "the redirect from /b: it leads to page p_faq, which was deleted"
    assert end.chain == ("/a", "/b")


async def test_a_loop_and_a_chain_too_long_are_broken_after_a_bounded_number_of_lookups() -> None:
    ctx = _context({("site1", "/a"): SITE_URL + "/b", ("site1", "/b"): SITE_URL + "/a"})
    end = await follow(ctx, SITE_URL + "/a")
    assert end is not None
    assert (end.reason, end.chain) == ("the redirects loop", ("/a", "/b", "/a"))
    long = {("site1", f"/r{i}"): SITE_URL + f"/r{i + 1}" for i in range(3 * MAX_HOPS)}
    reader, sites = world()
    sites.redirects.update(long)
    end = await follow(ScanContext(reader, "s1", None, sites=sites), SITE_URL + "/r0")
    assert end is not None
    assert end.reason == f"more than {MAX_HOPS} redirects"
    assert len(sites.lookups) == MAX_HOPS


async def test_a_redirect_out_of_the_sites_ends_outside_and_a_foreign_url_is_not_followed() -> None:
    ctx = _context({("site1", "/a"): "https://example.com/x"})
    end = await follow(ctx, SITE_URL + "/a")
    assert end is not None
    assert end.outside
    assert not end.broken
    assert await follow(ctx, "https://example.com/a") is None


async def test_the_scan_reports_a_chain_ending_on_a_deleted_page_broken() -> None:
    reader, sites = world()
    sites.redirects[("site1", "/a")] = SITE_URL + "/b"
    sites.redirects[("site1", "/b")] = RedirectHop(SITE_URL, "ss1", "p_faq")
    set_home(reader, doc(para(link({"kind": "url", "url": SITE_URL + "/a"}, "FAQ"))))
    result = await LinkScanner(reader, sites=sites).scan("s1", "cr1")
    assert [f.reason for f in result.broken] == [
        "the redirect from /b: it leads to page p_faq, which was deleted (via /a -> /b)"
    ]


async def test_a_relative_redirect_target_is_followed_and_a_link_leaving_the_sites_is_unchecked() -> (
    None
):
    reader, sites = world()
    sites.redirects[("site1", "/a")] = "/docs/guide"
    sites.redirects[("site1", "/away")] = "https://example.com/x"
    end = await follow(ScanContext(reader, "s1", None, sites=sites), SITE_URL + "/a")
    assert end is not None
    assert end.page is not None
    assert end.page.id == "p_guide"
    set_home(reader, doc(para(link({"kind": "url", "url": SITE_URL + "/away"}, "away"))))
    result = await LinkScanner(reader, sites=sites).scan("s1", "cr1")
    assert result.broken == []
    assert list(result.not_checked.values()) == [
        "not checked: the site redirects it to https://example.com/x"
    ]
