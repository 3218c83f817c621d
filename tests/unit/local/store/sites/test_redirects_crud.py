"""Site redirects through HTTP: listing, creating (source pattern, destinations), updating and
deleting."""

from __future__ import annotations

from typing import Any

import httpx2
import pytest

from gitbook_mcp.local.seed.content import PAGE_FAQ
from gitbook_mcp.local.seed.sites import (
    REDIRECTS,
    SECTION_API,
    SECTION_GUIDES,
    SITE_SPACE_API,
    SITE_SPACE_HANDBOOK,
)
from tests.unit.local.store.sites.support import (
    GLOBEX,
    NON_ADMINS,
    SITE,
    ApiAs,
    collect,
    expect_error,
)

pytestmark = pytest.mark.anyio

REDIRECTS_URL = f"{SITE}/redirects"
TO_GUIDES = {"kind": "site-section", "siteSectionId": SECTION_GUIDES}


async def _sources(api: httpx2.AsyncClient) -> list[str]:
    return [r["source"] for r in await collect(api, REDIRECTS_URL)]


async def test_redirects_list_by_source_over_pages(api: httpx2.AsyncClient) -> None:
    redirects = await collect(api, REDIRECTS_URL, limit=1)
    assert [r["source"] for r in redirects] == sorted(source for source, _ in REDIRECTS.values())
    by_id = {r["id"]: r for r in redirects}
    for ident, (source, destination) in REDIRECTS.items():
        assert by_id[ident]["object"] == "site-redirect"
        assert by_id[ident]["source"] == source
        assert by_id[ident]["destination"] == destination
    assert (await api.get(f"{GLOBEX}/redirects")).json() == {"items": [], "count": 0}


@pytest.mark.parametrize(
    "destination",
    [
        {"kind": "site-section", "siteSectionId": SECTION_API},
        {"kind": "site-space", "siteSpaceId": SITE_SPACE_API},
        {"kind": "site-page", "siteSpaceId": SITE_SPACE_HANDBOOK, "pageId": PAGE_FAQ},
    ],
)
async def test_create_redirect_to_each_kind(
    api: httpx2.AsyncClient, destination: dict[str, str]
) -> None:
    created = await api.post(
        REDIRECTS_URL, json={"source": "/a/b%20c/d-e_f.g~h", "destination": destination}
    )
    assert created.status_code == 201
    body = created.json()
    assert body["source"] == "/a/b%20c/d-e_f.g~h"
    assert body["destination"] == destination
    assert "/a/b%20c/d-e_f.g~h" in await _sources(api)


async def test_destination_keeps_only_the_fields_of_its_kind(api: httpx2.AsyncClient) -> None:
    destination = {"kind": "site-section", "siteSectionId": SECTION_API, "pageId": "pg_x"}
    created = await api.post(REDIRECTS_URL, json={"source": "/x", "destination": destination})
    assert created.json()["destination"] == {"kind": "site-section", "siteSectionId": SECTION_API}


@pytest.mark.parametrize(
    "source",
    [
        "no-slash",
        "/",
        "/trailing/",
        "//double",
        "/a//b",
        "/with space",
        "/%zz",
        "/%2",
        "/query?x=1",
        "/" + "a" * 512,  # 513 characters
    ],
)
async def test_bad_sources_are_400_naming_source(api: httpx2.AsyncClient, source: str) -> None:
    response = await api.post(REDIRECTS_URL, json={"source": source, "destination": TO_GUIDES})
    expect_error(response, 400, "source")
    assert len(await _sources(api)) == len(REDIRECTS)


async def test_the_longest_source_is_accepted(api: httpx2.AsyncClient) -> None:
    source = "/" + "a" * 511
    response = await api.post(REDIRECTS_URL, json={"source": source, "destination": TO_GUIDES})
    assert response.status_code == 201


async def test_duplicate_source_is_400_naming_source(api: httpx2.AsyncClient) -> None:
    response = await api.post(
        REDIRECTS_URL, json={"source": "/old-install", "destination": TO_GUIDES}
    )
    expect_error(response, 400, "source")
    other_site = await api.post(
        f"{GLOBEX}/redirects",
        json={
            "source": "/old-install",
            "destination": {"kind": "site-space", "siteSpaceId": "ss_globex"},
        },
    )
    assert other_site.status_code == 201


@pytest.mark.parametrize(
    ("body", "status", "mentions"),
    [
        ({"destination": TO_GUIDES}, 400, "source"),
        ({"source": "/x"}, 400, "destination"),
        ({"source": "/x", "destination": "sec_guides"}, 400, "destination"),
        ({"source": "/x", "destination": {"kind": "page"}}, 400, "destination.kind"),
        ({"source": "/x", "destination": {"kind": {}}}, 400, "destination.kind"),
        ({"source": "/x", "destination": {"kind": []}}, 400, "destination.kind"),
        ({"source": "/x", "destination": {"kind": "site-section"}}, 400, "siteSectionId"),
        (
            {"source": "/x", "destination": {"kind": "site-page", "siteSpaceId": "ss_api"}},
            400,
            "pageId",
        ),
        (
            {"source": "/x", "destination": {"kind": "site-section", "siteSectionId": "sec_nope"}},
            404,
            "sec_nope",
        ),
        (
            {"source": "/x", "destination": {"kind": "site-space", "siteSpaceId": "ss_nope"}},
            404,
            "ss_nope",
        ),
        (
            {"source": "/x", "destination": {"kind": "site-space", "siteSpaceId": "ss_globex"}},
            404,
            "ss_globex",
        ),
        (
            {
                "source": "/x",
                "destination": {
                    "kind": "site-page",
                    "siteSpaceId": SITE_SPACE_API,
                    "pageId": PAGE_FAQ,
                },
            },
            404,
            PAGE_FAQ,
        ),  # the FAQ is a page of the handbook, not of the API reference
    ],
)
async def test_create_redirect_errors(
    api: httpx2.AsyncClient, body: dict[str, Any], status: int, mentions: str
) -> None:
    expect_error(await api.post(REDIRECTS_URL, json=body), status, mentions)
    assert "/x" not in await _sources(api)


async def test_update_redirect_source_and_destination(api: httpx2.AsyncClient) -> None:
    url = f"{REDIRECTS_URL}/rd_old_install"
    moved = (await api.patch(url, json={"source": "/legacy/install"})).json()
    assert moved["source"] == "/legacy/install"
    assert moved["destination"] == TO_GUIDES
    page = {"kind": "site-page", "siteSpaceId": SITE_SPACE_HANDBOOK, "pageId": PAGE_FAQ}
    retargeted = (await api.patch(url, json={"destination": page})).json()
    assert retargeted["destination"] == page
    assert retargeted["source"] == "/legacy/install"
    same = (await api.patch(url, json={"source": "/legacy/install"})).json()
    assert same["source"] == "/legacy/install"
    assert "/old-install" not in await _sources(api)


@pytest.mark.parametrize(
    ("body", "status", "mentions"),
    [
        ({"source": "/docs/v1/api"}, 400, "source"),  # another redirect's source
        ({"source": "bad"}, 400, "source"),
        ({"source": None}, 400, "source"),
        ({"destination": {"kind": "site-space"}}, 400, "siteSpaceId"),
        ({"destination": None}, 400, "destination"),
        ({"destination": {"kind": {}}}, 400, "destination.kind"),
        ({"destination": {"kind": ["site-space"]}}, 400, "destination.kind"),
        ({"destination": {"kind": "site-section", "siteSectionId": "sec_x"}}, 404, "sec_x"),
    ],
)
async def test_update_redirect_errors(
    api: httpx2.AsyncClient, body: dict[str, Any], status: int, mentions: str
) -> None:
    url = f"{REDIRECTS_URL}/rd_old_install"
    expect_error(await api.patch(url, json=body), status, mentions)
    unchanged = next(r for r in await collect(api, REDIRECTS_URL) if r["id"] == "rd_old_install")
    assert unchanged["source"] == "/old-install"
    assert unchanged["destination"] == TO_GUIDES


async def test_update_unknown_redirect_is_404(api: httpx2.AsyncClient) -> None:
    expect_error(await api.patch(f"{REDIRECTS_URL}/rd_nope", json={"source": "/z"}), 404, "rd_nope")


async def test_delete_redirect_205_then_204(api: httpx2.AsyncClient) -> None:
    url = f"{REDIRECTS_URL}/rd_v1_api"
    assert (await api.delete(url)).status_code == 205
    assert (await api.delete(url)).status_code == 204
    assert "/docs/v1/api" not in await _sources(api)
    expect_error(await api.patch(url, json={"source": "/z"}), 404)


@pytest.mark.parametrize("token", NON_ADMINS)
async def test_non_admins_cannot_write_redirects(
    api: httpx2.AsyncClient, api_as: ApiAs, token: str
) -> None:
    async with api_as(token) as other:
        assert (await other.get(REDIRECTS_URL)).json()["count"] == len(REDIRECTS)
        body = {"source": "/mine", "destination": TO_GUIDES}
        expect_error(await other.post(REDIRECTS_URL, json=body), 403, "admin")
        expect_error(await other.patch(f"{REDIRECTS_URL}/rd_v1_api", json=body), 403, "admin")
        expect_error(await other.delete(f"{REDIRECTS_URL}/rd_v1_api"), 403, "admin")
        # Even a redirect that does not exist: the role is checked first.
        expect_error(await other.delete(f"{REDIRECTS_URL}/rd_nope"), 403)
    assert len(await _sources(api)) == len(REDIRECTS)
