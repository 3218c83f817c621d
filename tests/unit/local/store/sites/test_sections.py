"""Site sections through HTTP: listing, adding, updating, deleting and moving sections."""

from __future__ import annotations

from typing import Any

import httpx2
import pytest

from gitbook_mcp.local.seed.sites import (
    GROUP_REFERENCE,
    SECTION_API,
    SECTION_GUIDES,
    SITE_SPACE_API,
    SITE_SPACE_CHANGELOG,
    SITE_SPACE_HANDBOOK,
)
from tests.unit.local.store.sites.support import GLOBEX, SITE, ApiAs, collect, expect_error

pytestmark = pytest.mark.anyio

SECTIONS = f"{SITE}/sections"
GUIDES = f"{SECTIONS}/{SECTION_GUIDES}"
API_SECTION = f"{SECTIONS}/{SECTION_API}"


def _position(side: str, target: str) -> dict[str, Any]:
    return {"position": {side: {"type": "site-section", "siteSection": target}}}


async def _order(api: httpx2.AsyncClient) -> list[str]:
    return [s["id"] for s in await collect(api, SECTIONS)]


async def _add(api: httpx2.AsyncClient, space_id: str, title: str | None = None) -> dict[str, Any]:
    body: dict[str, Any] = {"spaceId": space_id}
    if title is not None:
        body["title"] = title
    response = await api.post(SECTIONS, json=body)
    assert response.status_code == 201, response.text
    section: dict[str, Any] = response.json()
    return section


# -- list -------------------------------------------------------------------------------------


async def test_sections_list_in_structure_order_over_pages(api: httpx2.AsyncClient) -> None:
    sections = await collect(api, SECTIONS, limit=1)
    assert [s["id"] for s in sections] == [SECTION_GUIDES, SECTION_API]
    guides, reference = sections
    assert guides["default"] is True
    assert guides["title"] == "Guides"
    assert guides["icon"] == "book"
    assert guides["urls"]["published"] == "https://acme.gitbook.io/docs"
    assert [s["id"] for s in guides["siteSpaces"]] == [SITE_SPACE_HANDBOOK, SITE_SPACE_CHANGELOG]
    assert guides["siteSpaces"][0]["space"]["id"] == "spc_handbook"
    assert "sectionGroup" not in guides
    assert reference["default"] is False
    assert reference["sectionGroup"] == GROUP_REFERENCE
    assert reference["path"] == "api"
    assert reference["urls"]["published"] == "https://acme.gitbook.io/docs/api"
    assert [s["id"] for s in reference["siteSpaces"]] == [SITE_SPACE_API]


async def test_site_without_sections_lists_none(api: httpx2.AsyncClient) -> None:
    assert (await api.get(f"{GLOBEX}/sections", params={"shareKey": "k"})).json()["count"] == 0
    expect_error(await api.get("/orgs/org_acme/sites/site_nope/sections"), 404)


# -- add --------------------------------------------------------------------------------------


async def test_add_section_publishes_the_space_last(api: httpx2.AsyncClient) -> None:
    section = await _add(api, "spc_runbooks", "Operations")
    assert section["title"] == "Operations"
    assert section["path"] == "operations"
    assert section["default"] is False
    assert [s["space"]["id"] for s in section["siteSpaces"]] == ["spc_runbooks"]
    assert section["siteSpaces"][0]["default"] is True
    assert section["siteSpaces"][0]["section"] == section["id"]
    assert section["urls"]["published"] == "https://acme.gitbook.io/docs/operations"
    assert await _order(api) == [SECTION_GUIDES, SECTION_API, section["id"]]
    assert (await api.get(SITE)).json()["siteSpaces"] == 4


async def test_add_section_takes_its_title_from_the_space(api: httpx2.AsyncClient) -> None:
    section = await _add(api, "spc_runbooks")
    assert section["title"] == "Runbooks"
    again = await _add(api, "spc_runbooks", "Runbooks")
    assert again["path"] == "runbooks-2"


async def test_first_section_takes_in_the_root_site_spaces(api: httpx2.AsyncClient) -> None:
    section = await api.post(
        f"{GLOBEX}/sections", json={"spaceId": "spc_globex", "title": "Platform", "icon": "globe"}
    )
    assert section.status_code == 201
    body = section.json()
    assert body["default"] is True
    assert body["icon"] == "globe"
    assert [s["id"] for s in body["siteSpaces"]] == ["ss_globex", body["siteSpaces"][1]["id"]]
    assert body["siteSpaces"][1]["path"] == "globex-platform-2"
    assert all(s["section"] == body["id"] for s in body["siteSpaces"])
    # The landing content of the site is unchanged.
    assert (await api.get(GLOBEX)).json()["defaultSpace"] == "ss_globex"
    added = (await api.post(f"{GLOBEX}/site-spaces", json={"spaceId": "spc_globex"})).json()
    assert added["section"] == body["id"]


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({}, "spaceId"),
        ({"spaceId": "spc_globex"}, "spaceId"),
        ({"spaceId": "spc_runbooks", "title": "x"}, "title"),
        ({"spaceId": "spc_runbooks", "title": "t" * 129}, "title"),
        ({"spaceId": "spc_runbooks", "icon": "i" * 51}, "icon"),
    ],
)
async def test_add_section_errors(
    api: httpx2.AsyncClient, body: dict[str, Any], field: str
) -> None:
    expect_error(await api.post(SECTIONS, json=body), 400, field)
    assert await _order(api) == [SECTION_GUIDES, SECTION_API]


# -- update -----------------------------------------------------------------------------------


async def test_update_section_fields(api: httpx2.AsyncClient) -> None:
    changes = {
        "title": "Reference API",
        "path": "reference",
        "description": "Every endpoint",
        "icon": "brackets",
        "condition": "visitor.claims.beta",
    }
    updated = (await api.patch(API_SECTION, json=changes)).json()
    for key, value in changes.items():
        assert updated[key] == value
    assert updated["urls"]["published"] == "https://acme.gitbook.io/docs/reference"
    assert updated["siteSpaces"][0]["urls"]["published"] == "https://acme.gitbook.io/docs/reference"
    kept = (await api.patch(API_SECTION, json={"title": "Endpoints"})).json()
    assert kept["condition"] == "visitor.claims.beta"
    assert kept["description"] == "Every endpoint"
    cleared = (
        await api.patch(API_SECTION, json={"condition": None, "icon": None, "description": None})
    ).json()
    assert not {"condition", "icon", "description"} & set(cleared)
    assert cleared["title"] == "Endpoints"


async def test_default_site_space_of_a_section_can_be_chosen(api: httpx2.AsyncClient) -> None:
    updated = (await api.patch(GUIDES, json={"defaultSiteSpace": SITE_SPACE_CHANGELOG})).json()
    flags = {s["id"]: s["default"] for s in updated["siteSpaces"]}
    assert flags == {SITE_SPACE_HANDBOOK: False, SITE_SPACE_CHANGELOG: True}
    assert (await api.get(SITE)).json()["defaultSpace"] == SITE_SPACE_CHANGELOG
    handbook = next(s for s in updated["siteSpaces"] if s["id"] == SITE_SPACE_HANDBOOK)
    assert handbook["urls"]["published"] == "https://acme.gitbook.io/docs/user-handbook"
    defaults = (await api.get(f"{SITE}/site-spaces", params={"default": "true"})).json()
    assert [s["id"] for s in defaults["items"]] == [SITE_SPACE_CHANGELOG, SITE_SPACE_API]


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"defaultSiteSpace": SITE_SPACE_API}, "defaultSiteSpace"),  # of another section
        ({"defaultSiteSpace": "ss_nope"}, "defaultSiteSpace"),
        ({"title": "G"}, "title"),
        ({"title": None}, "title"),
        ({"path": "api"}, "path"),  # the API section's path
        ({"path": "p" * 101}, "path"),
        ({"condition": "c" * 1025}, "condition"),
        ({"description": "d" * 257}, "description"),
        ({"icon": 5}, "icon"),
    ],
)
async def test_update_section_errors(
    api: httpx2.AsyncClient, body: dict[str, Any], field: str
) -> None:
    expect_error(await api.patch(GUIDES, json=body), 400, field)
    guides = (await api.get(SECTIONS)).json()["items"][0]
    assert guides["title"] == "Guides"
    assert guides["path"] == "guides"
    assert guides["siteSpaces"][0]["default"] is True


async def test_update_unknown_section_is_404(api: httpx2.AsyncClient) -> None:
    expect_error(await api.patch(f"{SECTIONS}/sec_nope", json={"title": "Hello"}), 404, "sec_nope")


# -- delete -----------------------------------------------------------------------------------


async def test_delete_section_205_then_204_with_its_site_spaces(api: httpx2.AsyncClient) -> None:
    assert (await api.delete(API_SECTION)).status_code == 205
    assert (await api.delete(API_SECTION)).status_code == 204
    assert await _order(api) == [SECTION_GUIDES]
    remaining = {s["id"] for s in await collect(api, f"{SITE}/site-spaces")}
    assert remaining == {SITE_SPACE_HANDBOOK, SITE_SPACE_CHANGELOG}
    sources = {r["source"] for r in await collect(api, f"{SITE}/redirects")}
    assert "/docs/v1/api" not in sources
    group = (await api.get(f"{SITE}/section-groups")).json()["items"][0]
    assert group["sections"] == []


async def test_deleting_the_default_section_promotes_the_next(api: httpx2.AsyncClient) -> None:
    assert (await api.delete(GUIDES)).status_code == 205
    api_section = (await api.get(SECTIONS)).json()["items"][0]
    assert api_section["id"] == SECTION_API
    assert api_section["default"] is True
    assert api_section["urls"]["published"] == "https://acme.gitbook.io/docs"
    site = (await api.get(SITE)).json()
    assert site["defaultSpace"] == SITE_SPACE_API
    added = (await api.post(f"{SITE}/site-spaces", json={"spaceId": "spc_changelog"})).json()
    assert added["section"] == SECTION_API


# -- move -------------------------------------------------------------------------------------


async def test_move_section_before_another(api: httpx2.AsyncClient) -> None:
    ops = await _add(api, "spc_runbooks", "Operations")
    moved = await api.post(f"{SECTIONS}/{ops['id']}/move", json=_position("before", SECTION_GUIDES))
    assert moved.status_code == 200
    assert moved.json()["id"] == ops["id"]
    assert await _order(api) == [ops["id"], SECTION_GUIDES, SECTION_API]
    last = await api.post(f"{SECTIONS}/{ops['id']}/move")
    assert last.status_code == 200
    assert await _order(api) == [SECTION_GUIDES, SECTION_API, ops["id"]]


async def test_move_next_to_a_grouped_section_joins_its_group(api: httpx2.AsyncClient) -> None:
    moved = await api.post(f"{GUIDES}/move", json=_position("after", SECTION_API))
    assert moved.status_code == 200
    assert moved.json()["sectionGroup"] == GROUP_REFERENCE
    group = (await api.get(f"{SITE}/section-groups")).json()["items"][0]
    assert [s["id"] for s in group["sections"]] == [SECTION_API, SECTION_GUIDES]
    out = await api.post(f"{API_SECTION}/move", json=_position("before", SECTION_GUIDES))
    assert out.json()["sectionGroup"] == GROUP_REFERENCE
    assert await _order(api) == [SECTION_API, SECTION_GUIDES]


@pytest.mark.parametrize(
    "body",
    [
        _position("before", "sec_nope"),
        _position("after", SECTION_GUIDES),  # itself
        {"position": {"before": {"type": "site-space", "siteSection": SECTION_API}}},
        {"position": {"after": {"type": "site-section", "siteSection": ""}}},
        {"position": {"before": {"type": "site-section", "siteSection": SECTION_API}, "after": {}}},
    ],
)
async def test_invalid_section_positions_are_400(
    api: httpx2.AsyncClient, body: dict[str, Any]
) -> None:
    expect_error(await api.post(f"{GUIDES}/move", json=body), 400, "position")
    assert await _order(api) == [SECTION_GUIDES, SECTION_API]


async def test_move_unknown_section_is_404(api: httpx2.AsyncClient) -> None:
    response = await api.post(f"{SECTIONS}/sec_nope/move", json=_position("after", SECTION_API))
    expect_error(response, 404, "sec_nope")


async def test_non_admins_cannot_change_sections(api: httpx2.AsyncClient, api_as: ApiAs) -> None:
    async with api_as("gb_local_commenter") as commenter:
        expect_error(await commenter.post(SECTIONS, json={"spaceId": "spc_runbooks"}), 403)
        expect_error(await commenter.patch(GUIDES, json={"title": "Mine"}), 403)
        expect_error(await commenter.delete(GUIDES), 403)
        expect_error(await commenter.post(f"{GUIDES}/move"), 403)
        assert (await commenter.get(SECTIONS)).json()["count"] == 2
    assert (await api.get(SECTIONS)).json()["items"][0]["title"] == "Guides"
