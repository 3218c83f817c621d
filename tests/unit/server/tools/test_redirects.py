"""The ``redirects`` toolset: a redirect created is in the site's table."""

from __future__ import annotations

import pytest

from gitbook_mcp.local import Store
from tests.unit.server.conftest import McpFactory

pytestmark = pytest.mark.anyio


async def test_a_redirect_created_is_in_the_sites_table(mcp: McpFactory, store: Store) -> None:
    async with mcp() as client:
        redirect = await client.call_tool(
            "create_redirect",
            {
                "organization_id": "org_acme",
                "site_id": "site_docs",
                "source": "/guides/old-page",
                "section_id": "sec_guides",
            },
        )
    assert not redirect.is_error
    assert (
        store.db.scalar("SELECT COUNT(*) FROM site_redirects WHERE source = '/guides/old-page'")
        == 1
    )


async def test_a_page_without_its_site_space_says_where_site_spaces_are_listed(
    mcp: McpFactory, store: Store
) -> None:
    async with mcp() as client:
        refused = await client.call_tool(
            "create_redirect",
            {
                "organization_id": "org_acme",
                "site_id": "site_docs",
                "source": "/guides/older",
                "page_id": "pg_install",
            },
        )
    assert refused.is_error
    assert "page_id needs site_space_id" in refused.content[0].text
    assert "list_site_spaces" in refused.content[0].text
    assert (
        store.db.scalar("SELECT COUNT(*) FROM site_redirects WHERE source = '/guides/older'") == 0
    )


async def _lookup(client: object, source: str) -> object:
    return await client.call_tool(  # type: ignore[attr-defined]
        "list_redirects", {"organization_id": "org_acme", "site_id": "site_docs", "source": source}
    )


async def test_a_lookup_shows_the_url_it_resolves_to(mcp: McpFactory) -> None:
    async with mcp() as client:
        listed = await client.call_tool(
            "list_redirects", {"organization_id": "org_acme", "site_id": "site_docs"}
        )
        source = listed.structured_content["redirects"][0]["source"]
        found = await _lookup(client, source + "/")
    assert not found.is_error, found.content[0].text
    target = found.structured_content["redirects"][0]["target"]
    assert target
    assert target in found.content[0].text


async def test_a_lookup_with_no_match_is_an_answer_not_an_error(mcp: McpFactory) -> None:
    async with mcp() as client:
        found = await _lookup(client, "/no/such/page")
        missing_site = await client.call_tool(
            "list_redirects",
            {"organization_id": "org_acme", "site_id": "site_nope", "source": "/x"},
        )
    assert not found.is_error
    assert found.content[0].text.startswith("No redirect for /no/such/page")
    assert missing_site.is_error


async def test_a_source_given_as_a_site_url_is_cut_to_its_path_and_a_foreign_one_refused(
    mcp: McpFactory, store: Store
) -> None:
    async with mcp(toolsets=("all",)) as client:
        site = await client.call_tool(
            "get_site", {"organization_id": "org_acme", "site_id": "site_docs"}
        )
        base = site.structured_content["url"].rstrip("/")
        created = await client.call_tool(
            "create_redirect",
            {
                "organization_id": "org_acme",
                "site_id": "site_docs",
                "source": f"{base}/guides/older/",
                "section_id": "sec_guides",
            },
        )
        foreign = await _lookup(client, "https://elsewhere.test/guides/older")
        spaced = await _lookup(client, "/guides/with space")
    assert not created.is_error, created.content[0].text
    assert created.structured_content["source"] == "/guides/older"
    assert foreign.is_error
    assert "not on this site" in foreign.content[0].text
    assert spaced.is_error
    assert "e.g. /old/page" in spaced.content[0].text


async def test_deleting_a_redirect_twice_or_by_a_wrong_id_says_nothing_was_deleted(
    mcp: McpFactory,
) -> None:
    site = {"organization_id": "org_acme", "site_id": "site_docs"}
    async with mcp() as client:
        made = await client.call_tool(
            "create_redirect", {**site, "source": "/old", "section_id": "sec_guides"}
        )
        ident = made.structured_content["id"]
        first = await client.call_tool("delete_redirect", {**site, "redirect_id": ident})
        again = await client.call_tool("delete_redirect", {**site, "redirect_id": ident})
        typo = await client.call_tool("delete_redirect", {**site, "redirect_id": "rd_nope"})
    assert first.structured_content == {"deleted": True, "target": f"redirect {ident}"}
    assert first.content[0].text == f"Deleted redirect {ident}."
    for gone, name in ((again, ident), (typo, "rd_nope")):
        assert not gone.is_error
        assert gone.structured_content == {"deleted": False, "target": f"redirect {name}"}
        assert gone.content[0].text.startswith(f"Nothing deleted: no redirect {name} here")


SITE = "https://acme.gitbook.io/docs"


def _delete_faq(store: Store) -> None:
    """Delete the FAQ page from the handbook's published content."""
    revision = store.db.scalar("SELECT revision_id FROM spaces WHERE id = 'spc_handbook'")
    store.content.revisions.remove_page(revision, "pg_faq")


async def test_a_lookup_says_where_the_path_ends_and_broken_once_its_page_is_deleted(
    mcp: McpFactory, store: Store
) -> None:
    async with mcp() as client:
        served = await _lookup(client, "/faq")
        redirected = await _lookup(client, "/setup")
        _delete_faq(store)
        gone = await _lookup(client, "/faq")
    assert served.structured_content["ends"] == "page faq [pg_faq] of space spc_handbook"
    assert redirected.structured_content["ends"] == (
        "page getting-started/install [pg_install] of space spc_handbook via /setup"
    )
    assert gone.content[0].text == (
        "No redirect for /faq. It ends at broken: nothing is published at this URL and no "
        "redirect covers it."
    )


async def test_a_redirect_to_a_deleted_page_is_broken_in_the_lookup_the_check_and_resolve_url(
    mcp: McpFactory, store: Store
) -> None:
    async with mcp(
        "gb_local_admin", toolsets=("redirects", "fixes", "links"), profile="live"
    ) as client:
        created = await client.call_tool(
            "create_redirect",
            {
                "organization_id": "org_acme",
                "site_id": "site_docs",
                "source": "/help",
                "site_space_id": "ss_handbook",
                "page_id": "pg_faq",
            },
        )
        assert not created.is_error, created.content[0].text
        before = await client.call_tool("resolve_url", {"url": SITE + "/help"})
        _delete_faq(store)
        lookup = await _lookup(client, "/help")
        after = await client.call_tool("resolve_url", {"url": SITE + "/help"})
        outside = await client.call_tool("resolve_url", {"url": "https://example.com/help"})
    assert before.structured_content == {
        "url": SITE + "/faq",
        "broken": False,
        "via": ["/help"],
        "space_id": "spc_handbook",
        "page_id": "pg_faq",
        "path": "faq",
    }
    assert "It ends at broken: the redirect from /help: it leads to page pg_faq, which was " in (
        lookup.content[0].text
    )
    assert after.structured_content["broken"] is True
    assert after.content[0].text == (
        f"Ends at {SITE}: broken: the redirect from /help: it leads to page pg_faq, which was "
        "deleted via /help"
    )
    assert outside.is_error
    assert "is under no published site of yours" in outside.content[0].text


async def test_list_sites_gives_the_address_resolve_url_needs(mcp: McpFactory) -> None:
    async with mcp("gb_local_admin", toolsets=("navigate", "fixes"), profile="live") as client:
        sites = await client.call_tool("list_sites", {"organization_id": "org_acme"})
        bare = await client.call_tool("resolve_url", {"url": "/setup"})
        whole = await client.call_tool("resolve_url", {"url": SITE + "/setup"})
    (site,) = sites.structured_content["sites"]
    assert site["url"] == SITE
    assert f"[site_docs] at {SITE}" in sites.content[0].text
    assert bare.is_error
    assert "Give the whole URL: list_sites shows each site's." in bare.content[0].text
    assert not whole.is_error
    assert whole.structured_content["page_id"] == "pg_install"
