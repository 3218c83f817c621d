"""Redirects of the live profile through HTTP: external and path destinations, wildcard sources,
``permanent`` and ``draft``, and `bulkUpsertSiteRedirects` (all or nothing, 400 naming the index)."""

from __future__ import annotations

import httpx2
import pytest

from gitbook_mcp.api import Profile
from gitbook_mcp.local.seed.content import PAGE_INSTALL
from gitbook_mcp.local.seed.ids import ORG_ACME, SPACES
from gitbook_mcp.local.seed.sites import SECTION_GUIDES, SITE_DOCS, SITE_SPACE_HANDBOOK

pytestmark = pytest.mark.anyio

SITE = f"/orgs/{ORG_ACME}/sites/{SITE_DOCS}"
GUIDES = {"kind": "site-section", "siteSectionId": SECTION_GUIDES}
EXTERNAL = {"kind": "external", "url": "https://example.com/new"}


@pytest.fixture
def profile() -> Profile:
    return "live"


async def _lookup(api: httpx2.AsyncClient, source: str) -> httpx2.Response:
    return await api.get(f"{SITE}/redirect", params={"source": source})


async def _sources(api: httpx2.AsyncClient) -> dict[str, dict[str, object]]:
    items = (await api.get(f"{SITE}/redirects", params={"limit": 100})).json()["items"]
    return {f"{r['source']}{' (draft)' if r['draft'] else ''}": r for r in items}


async def test_external_permanent_redirect(api: httpx2.AsyncClient) -> None:
    created = await api.post(
        f"{SITE}/redirects", json={"source": "/away", "destination": EXTERNAL, "permanent": True}
    )
    assert created.status_code == 201
    assert created.json()["permanent"] is True
    assert created.json()["destination"] == EXTERNAL
    assert (await _lookup(api, "/away")).json()["target"] == "https://example.com/new"


async def test_wildcard_source_captures_the_rest(api: httpx2.AsyncClient) -> None:
    body = {"source": "/old/*", "destination": EXTERNAL, "captureWildcard": True}
    assert (await api.post(f"{SITE}/redirects", json=body)).status_code == 201
    found = (await _lookup(api, "/old/a/b")).json()
    assert found["redirect"]["source"] == "/old/*"
    assert found["target"] == "https://example.com/new/a/b"
    assert (await _lookup(api, "/older")).status_code == 404


async def test_path_destination_is_kept_as_the_page_it_names(api: httpx2.AsyncClient) -> None:
    path = {"kind": "path", "spaceId": SPACES["handbook"], "path": "getting-started/install"}
    created = await api.post(f"{SITE}/redirects", json={"source": "/inst", "destination": path})
    assert created.status_code == 201
    assert created.json()["destination"] == {
        "kind": "site-page",
        "siteSpaceId": SITE_SPACE_HANDBOOK,
        "pageId": PAGE_INSTALL,
    }


async def test_bulk_upsert_creates_updates_and_deletes_in_one_call(
    api: httpx2.AsyncClient,
) -> None:
    response = await api.put(
        f"{SITE}/redirects",
        json={
            "redirects": [
                {"source": "/fresh", "destination": GUIDES},
                {"source": "/old-install", "destination": EXTERNAL, "permanent": True},
                {"source": "/release-notes", "destination": None},
            ]
        },
    )
    assert response.status_code == 200
    statuses = [(r["status"], r["source"]) for r in response.json()["results"]]
    assert statuses == [
        ("created", "/fresh"),
        ("updated", "/old-install"),
        ("deleted", "/release-notes"),
    ]
    sources = await _sources(api)
    assert sources["/fresh"]["destination"] == GUIDES
    assert sources["/old-install"]["permanent"] is True
    assert "/release-notes" not in sources


async def test_bulk_upsert_that_fails_on_its_third_item_writes_nothing(
    api: httpx2.AsyncClient,
) -> None:
    before = await _sources(api)
    response = await api.put(
        f"{SITE}/redirects",
        json={
            "redirects": [
                {"source": "/fresh", "destination": GUIDES},
                {"source": "/old-install", "destination": None},
                {"source": "/bad", "destination": {"kind": "site-section", "siteSectionId": "x"}},
            ]
        },
    )
    assert response.status_code == 400
    assert "redirects[2]" in response.json()["error"]["message"]
    assert await _sources(api) == before


async def test_bulk_upsert_names_the_index_of_a_malformed_item(api: httpx2.AsyncClient) -> None:
    response = await api.put(
        f"{SITE}/redirects",
        json={"redirects": [{"source": "/a", "destination": GUIDES}, {"source": "no-slash"}]},
    )
    assert response.status_code == 400
    assert response.json()["error"]["message"].startswith("redirects[1].source")


async def test_draft_redirect_is_published_by_a_bulk_upsert(api: httpx2.AsyncClient) -> None:
    drafted = await api.put(
        f"{SITE}/redirects",
        json={
            "redirects": [{"source": "/old-install", "intent": "draft", "destination": EXTERNAL}]
        },
    )
    assert drafted.json()["results"][0]["draft"] is True
    live = (await _lookup(api, "/old-install")).json()["redirect"]
    assert live["destination"] == GUIDES  # the draft does not serve yet
    published = await api.put(
        f"{SITE}/redirects", json={"redirects": [{"source": "/old-install", "intent": "publish"}]}
    )
    assert published.json()["results"][0]["status"] == "published"
    assert (await _lookup(api, "/old-install")).json()["redirect"]["destination"] == EXTERNAL
    assert "/old-install (draft)" not in await _sources(api)
