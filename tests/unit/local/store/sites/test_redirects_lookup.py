"""Resolving a redirect by its source: the redirect and the published URL it leads to."""

from __future__ import annotations

import httpx2
import pytest

from gitbook_mcp.local.seed.sites import SECTION_GUIDES, SITE_SPACE_API, SITE_SPACE_CHANGELOG
from tests.unit.local.store.sites.support import SITE, ApiAs, expect_error

pytestmark = pytest.mark.anyio

LOOKUP = f"{SITE}/redirect"
BASE = "https://acme.gitbook.io/docs"


@pytest.mark.parametrize(
    ("source", "redirect_id", "target"),
    [
        ("/old-install", "rd_old_install", BASE),  # the default section
        ("/docs/v1/api", "rd_v1_api", f"{BASE}/api"),  # another section
        ("/release-notes", "rd_release_notes", f"{BASE}/changelog"),  # a site space
        ("/setup", "rd_setup", f"{BASE}/getting-started/install"),  # a page
    ],
)
async def test_lookup_resolves_the_target(
    api: httpx2.AsyncClient, source: str, redirect_id: str, target: str
) -> None:
    response = await api.get(LOOKUP, params={"source": source})
    assert response.status_code == 200
    body = response.json()
    assert body["redirect"]["id"] == redirect_id
    assert body["redirect"]["source"] == source
    assert body["target"] == target


async def test_target_follows_changes_of_the_structure(api: httpx2.AsyncClient) -> None:
    await api.patch(f"{SITE}/sections/sec_api", json={"path": "reference"})
    await api.patch(f"{SITE}/site-spaces/{SITE_SPACE_CHANGELOG}", json={"path": "news"})
    api_target = (await api.get(LOOKUP, params={"source": "/docs/v1/api"})).json()["target"]
    news_target = (await api.get(LOOKUP, params={"source": "/release-notes"})).json()["target"]
    assert api_target == f"{BASE}/reference"
    assert news_target == f"{BASE}/news"
    await api.patch(
        f"{SITE}/sections/{SECTION_GUIDES}", json={"defaultSiteSpace": SITE_SPACE_CHANGELOG}
    )
    moved = (await api.get(LOOKUP, params={"source": "/setup"})).json()["target"]
    assert moved == f"{BASE}/user-handbook/getting-started/install"


async def test_new_redirect_resolves_to_a_site_space_of_another_section(
    api: httpx2.AsyncClient,
) -> None:
    second = await api.post(
        f"{SITE}/site-spaces", json={"spaceId": "spc_api", "sectionId": "sec_api"}
    )
    created = await api.post(
        f"{SITE}/redirects",
        json={
            "source": "/v2",
            "destination": {"kind": "site-space", "siteSpaceId": second.json()["id"]},
        },
    )
    assert created.status_code == 201
    target = (await api.get(LOOKUP, params={"source": "/v2", "shareKey": "sk"})).json()["target"]
    assert target == f"{BASE}/api/api-reference-2"
    default = await api.post(
        f"{SITE}/redirects",
        json={
            "source": "/v1",
            "destination": {"kind": "site-space", "siteSpaceId": SITE_SPACE_API},
        },
    )
    assert default.status_code == 201
    assert (await api.get(LOOKUP, params={"source": "/v1"})).json()["target"] == f"{BASE}/api"


async def test_lookup_errors(api: httpx2.AsyncClient) -> None:
    expect_error(await api.get(LOOKUP, params={"source": "/missing"}), 404, "/missing")
    expect_error(await api.get(LOOKUP, params={"source": "missing"}), 400, "source")
    expect_error(await api.get(LOOKUP, params={"source": "/trailing/"}), 400, "source")
    expect_error(await api.get(LOOKUP, params={"source": "/" + "a" * 512}), 400, "source")
    expect_error(await api.get(LOOKUP), 400, "source")
    expect_error(
        await api.get("/orgs/org_acme/sites/site_nope/redirect", params={"source": "/a"}), 404
    )


async def test_lookup_is_a_read_for_any_member(api_as: ApiAs) -> None:
    async with api_as("gb_local_reader") as reader:
        found = await reader.get(LOOKUP, params={"source": "/old-install"})
        assert found.json()["target"] == BASE
        globex = await reader.get(
            "/orgs/org_globex/sites/site_globex/redirect", params={"source": "/a"}
        )
        expect_error(globex, 404, "org_globex")
