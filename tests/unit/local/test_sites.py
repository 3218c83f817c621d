"""Docs sites through HTTP: site spaces, sections, section groups, redirects, MCP servers."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from typing import Any

import httpx2
import pytest

from gitbook_mcp.local.seed.sites import SECTION_API, SECTION_GUIDES, SITE_SPACE_HANDBOOK

pytestmark = pytest.mark.anyio
ApiAs = Callable[[str | None], AbstractAsyncContextManager[httpx2.AsyncClient]]
SITE = "/orgs/org_acme/sites/site_docs"


async def _all(api: httpx2.AsyncClient, url: str, **params: Any) -> list[dict[str, Any]]:
    items: list[dict[str, Any]] = []
    cursor = None
    while True:
        body = (
            await api.get(url, params={**params, **({"page": cursor} if cursor else {})})
        ).json()
        items += body["items"]
        cursor = (body.get("next") or {}).get("page")
        if not cursor:
            return items


async def test_sites_are_listed_per_organization(api: httpx2.AsyncClient, api_as: ApiAs) -> None:
    sites = await _all(api, "/orgs/org_acme/sites")
    assert [s["id"] for s in sites] == ["site_docs"]
    assert (await api.get(SITE)).json()["siteSpaces"] == 3
    assert (await api.get("/orgs/org_acme/sites/site_globex")).status_code == 404
    async with api_as("gb_local_reader") as reader:
        assert (await reader.get("/orgs/org_globex/sites")).status_code == 404


async def test_site_spaces_paging_and_default_filter(api: httpx2.AsyncClient) -> None:
    every = await _all(api, f"{SITE}/site-spaces", limit=1)
    assert len(every) == 3
    defaults = (await api.get(f"{SITE}/site-spaces", params={"default": "true"})).json()["items"]
    others = (await api.get(f"{SITE}/site-spaces", params={"default": "false"})).json()["items"]
    assert {s["id"] for s in defaults} | {s["id"] for s in others} == {s["id"] for s in every}
    assert all(s["default"] for s in defaults)
    assert SITE_SPACE_HANDBOOK in {s["id"] for s in defaults}


async def test_add_site_space_goes_to_the_default_section(
    api: httpx2.AsyncClient, api_as: ApiAs
) -> None:
    added = await api.post(f"{SITE}/site-spaces", json={"spaceId": "spc_runbooks"})
    assert added.status_code == 201
    assert added.json()["section"] == SECTION_GUIDES
    in_api = await api.post(
        f"{SITE}/site-spaces", json={"spaceId": "spc_runbooks", "sectionId": SECTION_API}
    )
    assert in_api.json()["section"] == SECTION_API
    assert (
        await api.post(f"{SITE}/site-spaces", json={"spaceId": "spc_globex"})
    ).status_code == 400
    assert (
        await api.post(f"{SITE}/site-spaces", json={"spaceId": "spc_api", "sectionId": "sec_nope"})
    ).status_code == 404
    assert (await api.post(f"{SITE}/site-spaces", json={})).status_code == 400
    async with api_as("gb_local_editor") as editor:
        assert (
            await editor.post(f"{SITE}/site-spaces", json={"spaceId": "spc_runbooks"})
        ).status_code == 403


async def test_site_space_without_sections_goes_to_the_root(api: httpx2.AsyncClient) -> None:
    globex = "/orgs/org_globex/sites/site_globex"
    added = (await api.post(f"{globex}/site-spaces", json={"spaceId": "spc_globex"})).json()
    assert "section" not in added


async def test_update_site_space_condition_rules(api: httpx2.AsyncClient) -> None:
    url = f"{SITE}/site-spaces/{SITE_SPACE_HANDBOOK}"
    assert (await api.patch(url, json={"condition": "visitor.claims.plan == 'pro'"})).json()[
        "condition"
    ]
    unchanged = (await api.patch(url, json={"path": "handbook"})).json()
    assert unchanged["path"] == "handbook"
    assert unchanged["condition"] == "visitor.claims.plan == 'pro'"
    cleared = (await api.patch(url, json={"condition": None})).json()
    assert "condition" not in cleared
    swapped = (await api.patch(url, json={"spaceId": "spc_runbooks"})).json()
    assert swapped["space"]["id"] == "spc_runbooks"
    assert (await api.patch(url, json={"path": "p" * 101})).status_code == 400
    assert (await api.patch(url, json={"condition": "c" * 1025})).status_code == 400
    assert (await api.patch(f"{SITE}/site-spaces/ss_nope", json={"path": "x"})).status_code == 404


async def test_move_and_delete_site_space(api: httpx2.AsyncClient) -> None:
    guides = [
        s["id"]
        for s in (await api.get(f"{SITE}/site-spaces")).json()["items"]
        if s.get("section") == SECTION_GUIDES
    ]
    first, second = guides[0], guides[1]
    moved = await api.post(
        f"{SITE}/site-spaces/{second}/move",
        json={"position": {"before": {"type": "site-space", "siteSpace": first}}},
    )
    assert moved.status_code == 200
    order = [
        s["id"]
        for s in (await api.get(f"{SITE}/site-spaces")).json()["items"]
        if s.get("section") == SECTION_GUIDES
    ]
    assert order.index(second) < order.index(first)
    bad = {"position": {"before": {"type": "site-space", "siteSpace": "ss_elsewhere"}}}
    assert (await api.post(f"{SITE}/site-spaces/{second}/move", json=bad)).status_code == 400
    assert (
        await api.post(
            f"{SITE}/site-spaces/ss_nope/move",
            json={"position": {"after": {"type": "site-space", "siteSpace": first}}},
        )
    ).status_code == 404
    assert (await api.delete(f"{SITE}/site-spaces/{second}")).status_code == 205
    assert (await api.delete(f"{SITE}/site-spaces/{second}")).status_code == 204


async def test_sections_lifecycle(api: httpx2.AsyncClient) -> None:
    sections = await _all(api, f"{SITE}/sections", limit=1)
    assert [s["id"] for s in sections] == [SECTION_GUIDES, SECTION_API]
    added = await api.post(
        f"{SITE}/sections", json={"spaceId": "spc_runbooks", "title": "Operations"}
    )
    assert added.status_code == 201
    new = added.json()
    assert new["siteSpaces"][0]["space"]["id"] == "spc_runbooks"
    url = f"{SITE}/sections/{new['id']}"
    changed = (
        await api.patch(url, json={"description": "Run the thing", "condition": "true"})
    ).json()
    assert changed["description"] == "Run the thing"
    assert "condition" not in (await api.patch(url, json={"condition": None})).json()
    assert (await api.patch(url, json={"defaultSiteSpace": SITE_SPACE_HANDBOOK})).status_code == 400
    assert (await api.patch(url, json={"title": "x"})).status_code == 400
    moved = await api.post(
        f"{url}/move",
        json={"position": {"before": {"type": "site-section", "siteSection": SECTION_GUIDES}}},
    )
    assert moved.status_code == 200
    assert next(s["id"] for s in await _all(api, f"{SITE}/sections")) == new["id"]
    assert (
        await api.post(
            f"{SITE}/sections/sec_nope/move",
            json={"position": {"after": {"type": "site-section", "siteSection": SECTION_API}}},
        )
    ).status_code == 404
    assert (await api.delete(url)).status_code == 205
    assert (await api.delete(url)).status_code == 204


async def test_section_groups_lifecycle(api: httpx2.AsyncClient) -> None:
    groups = (await api.get(f"{SITE}/section-groups")).json()["items"]
    assert [g["title"] for g in groups] == ["Reference"]
    assert [s["id"] for s in groups[0]["sections"]] == [SECTION_API]
    created = await api.post(
        f"{SITE}/section-groups", json={"title": "Learn", "sections": [SECTION_GUIDES]}
    )
    assert created.status_code == 201
    group = created.json()
    url = f"{SITE}/section-groups/{group['id']}"
    assert (await api.patch(url, json={"title": "Learning"})).json()["title"] == "Learning"
    assert (await api.delete(f"{url}/sections/{SECTION_GUIDES}")).status_code == 205
    assert (await api.delete(f"{url}/sections/{SECTION_GUIDES}")).status_code == 204
    assert (
        await api.post(f"{url}/sections", json={"sectionId": SECTION_GUIDES})
    ).status_code == 201
    assert (await api.post(f"{url}/sections", json={"sectionId": "sec_nope"})).status_code == 404
    moved = await api.post(
        f"{url}/move",
        json={"position": {"before": {"type": "site-section-group", "id": groups[0]["id"]}}},
    )
    assert moved.status_code == 200
    assert (
        await api.post(f"{SITE}/section-groups", json={"title": "Bad", "sections": ["sec_nope"]})
    ).status_code == 400
    assert (await api.delete(url)).status_code == 205
    assert (await api.delete(url)).status_code == 204


async def test_redirects_lifecycle_and_lookup(api: httpx2.AsyncClient, api_as: ApiAs) -> None:
    assert len(await _all(api, f"{SITE}/redirects", limit=1)) == 4
    created = await api.post(
        f"{SITE}/redirects",
        json={
            "source": "/guides/old",
            "destination": {"kind": "site-section", "siteSectionId": SECTION_API},
        },
    )
    assert created.status_code == 201
    redirect = created.json()
    found = (await api.get(f"{SITE}/redirect", params={"source": "/guides/old"})).json()
    assert found["redirect"]["id"] == redirect["id"]
    assert found["target"].endswith("/docs/api")
    duplicate = await api.post(
        f"{SITE}/redirects", json={"source": "/guides/old", "destination": redirect["destination"]}
    )
    assert duplicate.status_code == 400
    bad_source = await api.post(
        f"{SITE}/redirects", json={"source": "no-slash", "destination": redirect["destination"]}
    )
    assert bad_source.status_code == 400
    assert "source" in bad_source.json()["error"]["message"]
    assert (
        await api.post(
            f"{SITE}/redirects", json={"source": "/x/", "destination": redirect["destination"]}
        )
    ).status_code == 400
    bad_dest = {
        "source": "/y",
        "destination": {"kind": "site-section", "siteSectionId": "sec_nope"},
    }
    assert (await api.post(f"{SITE}/redirects", json=bad_dest)).status_code == 400
    page_dest = {"kind": "site-page", "siteSpaceId": SITE_SPACE_HANDBOOK, "pageId": "pg_install"}
    updated = await api.patch(f"{SITE}/redirects/{redirect['id']}", json={"destination": page_dest})
    assert updated.json()["destination"] == page_dest
    assert (await api.get(f"{SITE}/redirect", params={"source": "/missing"})).status_code == 404
    assert (await api.get(f"{SITE}/redirect", params={"source": "missing"})).status_code == 400
    async with api_as("gb_local_commenter") as commenter:
        assert (await commenter.delete(f"{SITE}/redirects/{redirect['id']}")).status_code == 403
    assert (await api.delete(f"{SITE}/redirects/{redirect['id']}")).status_code == 205
    assert (await api.delete(f"{SITE}/redirects/{redirect['id']}")).status_code == 204
    assert (
        await api.patch(f"{SITE}/redirects/{redirect['id']}", json={"source": "/z"})
    ).status_code == 404


async def test_mcp_servers_lifecycle(api: httpx2.AsyncClient) -> None:
    servers = (await api.get(f"{SITE}/mcp-servers")).json()["items"]
    assert [s["name"] for s in servers] == ["Acme Tools"]
    created = await api.post(
        f"{SITE}/mcp-servers", json={"name": "Search", "url": "https://search.acme.test/mcp"}
    )
    assert created.status_code == 201
    url = f"{SITE}/mcp-servers/{created.json()['id']}"
    assert (await api.get(url)).json()["headers"] == {}
    patched = (
        await api.patch(url, json={"headers": {"Authorization": "Bearer x"}, "name": "Search v2"})
    ).json()
    assert patched["name"] == "Search v2"
    assert patched["headers"] == {"Authorization": "Bearer x"}
    assert (
        await api.post(f"{SITE}/mcp-servers", json={"name": "", "url": "https://x.test"})
    ).status_code == 400
    assert (
        await api.post(f"{SITE}/mcp-servers", json={"name": "n", "url": "not a url"})
    ).status_code == 400
    assert (await api.delete(url)).status_code == 205
    assert (await api.delete(url)).status_code == 204
    assert (await api.get(url)).status_code == 404
