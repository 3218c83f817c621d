"""Organization search through HTTP: FTS5 over titles and markdown of current content, ranked,
with matching sections; only spaces the caller can view; parameter errors."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from typing import Any

import httpx2
import pytest

from gitbook_mcp.local import Store
from gitbook_mcp.local.seed.content import CR_INSTALL, PAGE_INSTALL
from gitbook_mcp.local.store.content.search import fts_query, sections_matching

pytestmark = pytest.mark.anyio
ApiAs = Callable[[str | None], AbstractAsyncContextManager[httpx2.AsyncClient]]
SEARCH = "/orgs/org_acme/search"


async def _search(api: httpx2.AsyncClient, query: str, **params: Any) -> list[dict[str, Any]]:
    answer = await api.get(SEARCH, params={"query": query, **params})
    assert answer.status_code == 200, answer.text
    items: list[dict[str, Any]] = answer.json()["items"]
    return items


def _page_paths(results: list[dict[str, Any]]) -> list[tuple[str, str]]:
    return [(r["id"], p["path"]) for r in results for p in r["pages"]]


def test_fts_query_quotes_words_and_prefixes_the_last() -> None:
    assert fts_query('reset "my" token-') == '"reset" "my" "token"*'


def test_sections_matching_uses_the_index_stemming() -> None:
    markdown = "# Intro\n\nNothing.\n\n## Setup\n\nRun the [installer](x.md) twice.\n"
    [found] = sections_matching([markdown], "installing")
    assert found == [("setup", "Setup", "Run the installer twice.")]
    assert sections_matching([markdown], "zebra") == [[]]


async def test_finds_words_in_markdown_with_the_matching_section(
    api: httpx2.AsyncClient,
) -> None:
    results = await _search(api, "incident channel")
    assert [r["id"] for r in results] == ["spc_runbooks"]
    assert results[0]["title"] == "Runbooks"
    page = results[0]["pages"][0]
    assert page["path"] == "on-call"
    assert page["urls"]["app"].endswith("/s/spc_runbooks/on-call")
    section = page["sections"][0]
    assert section["title"] == "On-call"
    assert "incident channel" in section["body"]
    assert section["path"] == "on-call#on-call"
    assert section["urls"]["app"].endswith("/on-call#on-call")


async def test_stemming_and_prefix_match(api: httpx2.AsyncClient) -> None:
    installing = _page_paths(await _search(api, "installing"))
    assert ("spc_handbook", "getting-started/install") in installing
    prefix = _page_paths(await _search(api, "sentenc"))
    assert prefix == [("spc_handbook", "guides/writing")]


async def test_titles_count_and_rank_above_body_text(api: httpx2.AsyncClient) -> None:
    results = await _search(api, "errors")
    assert [r["id"] for r in results] == ["spc_api"]
    assert [p["path"] for p in results[0]["pages"]] == ["errors", "overview"]
    faq = await _search(api, "FAQ")
    assert ("spc_handbook", "faq") in _page_paths(faq)


async def test_every_word_must_appear(api: httpx2.AsyncClient) -> None:
    assert await _search(api, "incident zebracorn") == []
    assert _page_paths(await _search(api, "token admin")) == [("spc_handbook", "faq")]


async def test_only_published_content_is_searched(api: httpx2.AsyncClient) -> None:
    """Words only in change request #1 (not merged) are not found; merged #3's are."""
    assert await _search(api, "verify setup") == []
    assert _page_paths(await _search(api, "new here")) == [("spc_handbook", "getting-started")]


async def test_the_index_follows_page_writes(api: httpx2.AsyncClient, store: Store) -> None:
    published = str(store.db.scalar("SELECT revision_id FROM spaces WHERE id = 'spc_api'"))
    store.content.revisions.set_markdown(published, "pg_api_errors", "Quokkas answer 418.")
    assert _page_paths(await _search(api, "quokkas")) == [("spc_api", "errors")]
    assert await _search(api, "429") == []
    store.content.revisions.remove_page(published, "pg_api_errors")
    assert await _search(api, "quokkas") == []
    draft = str(
        store.db.scalar("SELECT revision_id FROM change_requests WHERE id = ?", (CR_INSTALL,))
    )
    store.content.revisions.set_markdown(draft, PAGE_INSTALL, "Wombats install things.")
    assert await _search(api, "wombats") == []
    store.change_requests.rows.merge(CR_INSTALL)
    assert _page_paths(await _search(api, "wombats")) == [
        ("spc_handbook", "getting-started/install")
    ]


async def test_deleted_spaces_are_not_searched(api: httpx2.AsyncClient, store: Store) -> None:
    revision = store.change_requests.rows.publish_empty("spc_archive")
    store.content.revisions.add_page(
        revision, title="Legacy", slug="legacy", markdown="Fossilised platypus notes."
    )
    assert await _search(api, "platypus") == []
    assert (await api.post("/spaces/spc_archive/restore")).status_code == 200
    assert _page_paths(await _search(api, "platypus")) == [("spc_archive", "legacy")]


async def test_results_only_cover_spaces_the_caller_can_view(api_as: ApiAs, store: Store) -> None:
    store.identity.create_user("usr_guest", "Gus Guest", "gus@acme.test")
    store.identity.add_token("gb_test_guest", "usr_guest")
    now = store.now()
    with store.db.transaction():
        store.db.execute(
            "INSERT INTO members(org_id, user_id, role, joined_at) "
            "VALUES ('org_acme', 'usr_guest', NULL, ?)",
            (now,),
        )
        store.db.execute(
            "INSERT INTO grants(target_kind, target_id, principal_kind, principal_id, role) "
            "VALUES ('space', 'spc_api', 'user', 'usr_guest', 'read')"
        )
    async with api_as("gb_test_guest") as guest:
        assert [r["id"] for r in await _search(guest, "errors")] == ["spc_api"]
        assert await _search(guest, "installer") == []
        assert await _search(guest, "incident") == []


async def test_an_organization_the_caller_is_not_in_is_404(
    api: httpx2.AsyncClient, api_as: ApiAs
) -> None:
    assert [r["id"] for r in await _search(api, "platform")] == []
    globex = await api.get("/orgs/org_globex/search", params={"query": "platform"})
    assert [r["id"] for r in globex.json()["items"]] == ["spc_globex"]
    async with api_as("gb_local_reader") as reader:
        refused = await reader.get("/orgs/org_globex/search", params={"query": "platform"})
        assert refused.status_code == 404
        assert [r["id"] for r in await _search(reader, "incident")] == ["spc_runbooks"]
    assert (await api.get("/orgs/org_nope/search", params={"query": "x"})).status_code == 404


async def test_query_errors_are_400_naming_query(api: httpx2.AsyncClient) -> None:
    for params in ({}, {"query": "q" * 513}, {"query": ""}, {"query": "?!"}):
        answer = await api.get(SEARCH, params=params)
        assert answer.status_code == 400, params
        assert "query" in answer.json()["error"]["message"]
    assert (await api.get(SEARCH, params={"query": "q" * 512})).status_code == 200
    assert (await api.get(SEARCH, params={"query": "x", "limit": 1001})).status_code == 400


async def test_results_are_paged_by_space(api: httpx2.AsyncClient, store: Store) -> None:
    for key in ("spc_api", "spc_changelog", "spc_runbooks"):
        revision = str(store.db.scalar("SELECT revision_id FROM spaces WHERE id = ?", (key,)))
        store.content.revisions.add_page(
            revision, title="Shared", slug="shared", markdown="Every space mentions kiwis."
        )
    first = (await api.get(SEARCH, params={"query": "kiwis", "limit": 2})).json()
    assert first["count"] == 3
    second = (
        await api.get(SEARCH, params={"query": "kiwis", "limit": 2, "page": first["next"]["page"]})
    ).json()
    ids = [r["id"] for r in first["items"] + second["items"]]
    assert sorted(ids) == ["spc_api", "spc_changelog", "spc_runbooks"]
    assert "next" not in second
