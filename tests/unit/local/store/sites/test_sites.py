"""Docs sites through HTTP: listing an organization's sites (filters, pages) and reading one."""

from __future__ import annotations

import httpx2
import pytest

from gitbook_mcp.local import Store
from tests.unit.local.store.sites.support import GLOBEX, SITE, ApiAs, collect, expect_error

pytestmark = pytest.mark.anyio


async def test_sites_are_listed_per_organization(api: httpx2.AsyncClient) -> None:
    acme = await collect(api, "/orgs/org_acme/sites")
    globex = await collect(api, "/orgs/org_globex/sites")
    assert [s["id"] for s in acme] == ["site_docs"]
    assert [s["id"] for s in globex] == ["site_globex"]


async def test_a_site_carries_its_counts_default_and_published_url(api: httpx2.AsyncClient) -> None:
    site = (await api.get(SITE)).json()
    assert site["object"] == "site"
    assert site["title"] == "Acme Docs"
    assert site["type"] == "premium"
    assert site["siteSpaces"] == 3
    assert site["defaultSpace"] == "ss_handbook"
    assert site["published"] is True
    assert site["createdAt"] == "2026-03-02T10:00:00.000Z"
    assert site["urls"]["published"] == "https://acme.gitbook.io/docs"
    assert {f["id"] for f in site["features"]} >= {"sites-sections", "sites-redirects"}
    globex = (await api.get(GLOBEX)).json()
    assert globex["siteSpaces"] == 1
    assert globex["defaultSpace"] == "ss_globex"
    assert globex["features"] == []


async def test_published_urls_follow_the_organization_hostname(api: httpx2.AsyncClient) -> None:
    changed = await api.patch("/orgs/org_acme", json={"hostname": "acmecorp"})
    assert changed.status_code == 200
    site = (await api.get(SITE)).json()
    assert site["urls"]["published"] == "https://acmecorp.gitbook.io/docs"
    sections = (await api.get(f"{SITE}/sections")).json()["items"]
    assert sections[1]["urls"]["published"] == "https://acmecorp.gitbook.io/docs/api"


@pytest.mark.parametrize(
    ("params", "expected"),
    [
        ({"space": "spc_handbook"}, ["site_docs"]),
        ({"space": "spc_runbooks"}, []),
        ({"title": "acme"}, ["site_docs"]),
        ({"title": "nothing like it"}, []),
        ({"published": "true"}, ["site_docs"]),
        ({"published": "false"}, []),
        ({"type": "premium"}, ["site_docs"]),
        ({"type": ["basic", "ultimate"]}, []),
    ],
)
async def test_sites_filters(
    api: httpx2.AsyncClient, params: dict[str, object], expected: list[str]
) -> None:
    body = (await api.get("/orgs/org_acme/sites", params=params)).json()
    assert [s["id"] for s in body["items"]] == expected
    assert body["count"] == len(expected)


async def test_sites_filter_rejects_an_unknown_type(api: httpx2.AsyncClient) -> None:
    expect_error(await api.get("/orgs/org_acme/sites", params={"type": "gold"}), 400, "type")
    expect_error(await api.get("/orgs/org_acme/sites", params={"published": "maybe"}), 400)


async def test_sites_pages_with_limit_one(api: httpx2.AsyncClient, store: Store) -> None:
    for n in range(3):
        store.sites.create_site("org_acme", f"site_extra_{n}", f"Extra {n}", f"extra-{n}")
    sites = await collect(api, "/orgs/org_acme/sites", limit=1)
    assert [s["id"] for s in sites] == ["site_docs", "site_extra_0", "site_extra_1", "site_extra_2"]
    first = (await api.get("/orgs/org_acme/sites", params={"limit": 1})).json()
    assert len(first["items"]) == 1
    assert first["count"] == 4
    assert "next" in first
    expect_error(await api.get("/orgs/org_acme/sites", params={"limit": 0}), 400, "limit")
    expect_error(await api.get("/orgs/org_acme/sites", params={"page": "%%%"}), 400, "page")


async def test_missing_and_foreign_sites_are_404(api: httpx2.AsyncClient, api_as: ApiAs) -> None:
    expect_error(await api.get("/orgs/org_acme/sites/site_nope"), 404, "site_nope")
    expect_error(await api.get("/orgs/org_acme/sites/site_globex"), 404, "site_globex")
    async with api_as("gb_local_reader") as reader:
        assert (await reader.get(SITE)).status_code == 200
        expect_error(await reader.get("/orgs/org_globex/sites"), 404, "org_globex")
        expect_error(await reader.get(GLOBEX), 404)
