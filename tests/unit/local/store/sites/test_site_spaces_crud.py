"""Site spaces through HTTP: listing (default filter, pages), adding, updating and removing."""

from __future__ import annotations

import httpx2
import pytest

from gitbook_mcp.local.seed.sites import (
    SECTION_API,
    SECTION_GUIDES,
    SITE_SPACE_API,
    SITE_SPACE_CHANGELOG,
    SITE_SPACE_HANDBOOK,
)
from tests.unit.local.store.sites.support import GLOBEX, SITE, ApiAs, collect, expect_error

pytestmark = pytest.mark.anyio

SPACES = f"{SITE}/site-spaces"
HANDBOOK = f"{SPACES}/{SITE_SPACE_HANDBOOK}"


# -- list -------------------------------------------------------------------------------------


async def test_site_spaces_are_listed_in_structure_order_over_pages(
    api: httpx2.AsyncClient,
) -> None:
    every = await collect(api, SPACES, limit=1)
    assert [s["id"] for s in every] == [SITE_SPACE_HANDBOOK, SITE_SPACE_CHANGELOG, SITE_SPACE_API]
    handbook = every[0]
    assert handbook["space"]["id"] == "spc_handbook"
    assert handbook["space"]["object"] == "space"
    assert handbook["title"] == handbook["space"]["title"]
    assert handbook["section"] == SECTION_GUIDES
    assert handbook["urls"]["published"] == "https://acme.gitbook.io/docs"
    assert every[1]["urls"]["published"] == "https://acme.gitbook.io/docs/changelog"
    assert every[2]["urls"]["published"] == "https://acme.gitbook.io/docs/api"


async def test_default_filter_splits_the_site_spaces(api: httpx2.AsyncClient) -> None:
    defaults = (await api.get(SPACES, params={"default": "true"})).json()
    others = (await api.get(SPACES, params={"default": "false"})).json()
    # One default per section: the handbook in Guides, the API reference in API.
    assert [s["id"] for s in defaults["items"]] == [SITE_SPACE_HANDBOOK, SITE_SPACE_API]
    assert all(s["default"] for s in defaults["items"])
    assert [s["id"] for s in others["items"]] == [SITE_SPACE_CHANGELOG]
    assert others["count"] == 1
    assert not others["items"][0]["default"]
    expect_error(await api.get(SPACES, params={"default": "sometimes"}), 400, "default")


async def test_share_key_is_accepted_and_unknown_sites_are_404(api: httpx2.AsyncClient) -> None:
    listed = await api.get(SPACES, params={"shareKey": "sk_anything"})
    assert listed.json()["count"] == 3
    expect_error(await api.get("/orgs/org_acme/sites/site_nope/site-spaces"), 404, "site_nope")


# -- add --------------------------------------------------------------------------------------


async def test_added_space_goes_to_the_default_section(api: httpx2.AsyncClient) -> None:
    added = await api.post(SPACES, json={"spaceId": "spc_runbooks"})
    assert added.status_code == 201
    body = added.json()
    assert body["section"] == SECTION_GUIDES
    assert body["default"] is False
    assert body["path"] == "runbooks"
    assert body["urls"]["published"] == "https://acme.gitbook.io/docs/runbooks"
    guides = [s["id"] for s in await collect(api, SPACES) if s.get("section") == SECTION_GUIDES]
    assert guides[-1] == body["id"]
    assert (await api.get(SITE)).json()["siteSpaces"] == 4


async def test_added_space_goes_to_the_named_section_at_a_free_path(
    api: httpx2.AsyncClient,
) -> None:
    first = (await api.post(SPACES, json={"spaceId": "spc_api", "sectionId": SECTION_API})).json()
    second = (await api.post(SPACES, json={"spaceId": "spc_api", "sectionId": SECTION_API})).json()
    assert first["section"] == second["section"] == SECTION_API
    assert [first["path"], second["path"]] == ["api-reference-2", "api-reference-3"]
    assert first["urls"]["published"] == f"https://acme.gitbook.io/docs/api/{first['path']}"


async def test_site_without_sections_publishes_at_the_root(api: httpx2.AsyncClient) -> None:
    added = await api.post(f"{GLOBEX}/site-spaces", json={"spaceId": "spc_globex"})
    assert added.status_code == 201
    body = added.json()
    assert "section" not in body
    assert body["default"] is False
    assert body["urls"]["published"] == f"https://globex.gitbook.io/platform/{body['path']}"
    listed = (await api.get(f"{GLOBEX}/site-spaces", params={"default": "true"})).json()
    assert [s["id"] for s in listed["items"]] == ["ss_globex"]


@pytest.mark.parametrize(
    ("body", "status", "field"),
    [
        ({}, 400, "spaceId"),
        ({"spaceId": ""}, 400, "spaceId"),
        ({"spaceId": 7}, 400, "spaceId"),
        ({"spaceId": "spc_globex"}, 400, "spaceId"),  # another organization's space
        ({"spaceId": "spc_archive"}, 400, "spaceId"),  # deleted
        ({"spaceId": "spc_nope"}, 400, "spaceId"),
        ({"spaceId": "spc_api", "sectionId": "sec_nope"}, 404, "sec_nope"),
        ({"spaceId": "spc_api", "sectionId": None}, 400, "sectionId"),
    ],
)
async def test_add_site_space_errors(
    api: httpx2.AsyncClient, body: dict[str, object], status: int, field: str
) -> None:
    expect_error(await api.post(SPACES, json=body), status, field)
    assert (await api.get(SITE)).json()["siteSpaces"] == 3


# -- update -----------------------------------------------------------------------------------


async def test_condition_is_set_kept_when_absent_and_removed_by_null(
    api: httpx2.AsyncClient,
) -> None:
    rule = "visitor.claims.plan == 'pro'"
    assert (await api.patch(HANDBOOK, json={"condition": rule})).json()["condition"] == rule
    kept = (await api.patch(HANDBOOK, json={"path": "manual"})).json()
    assert kept["path"] == "manual"
    assert kept["condition"] == rule
    listed = next(s for s in await collect(api, SPACES) if s["id"] == SITE_SPACE_HANDBOOK)
    assert listed["condition"] == rule
    assert listed["path"] == "manual"
    cleared = (await api.patch(HANDBOOK, json={"condition": None})).json()
    assert "condition" not in cleared
    assert cleared["path"] == "manual"


async def test_update_points_the_site_space_at_another_space(api: httpx2.AsyncClient) -> None:
    swapped = (await api.patch(HANDBOOK, json={"spaceId": "spc_runbooks"})).json()
    assert swapped["space"]["id"] == "spc_runbooks"
    assert swapped["id"] == SITE_SPACE_HANDBOOK
    assert swapped["path"] == "user-handbook"
    assert swapped["default"] is True
    unchanged = (await api.patch(HANDBOOK, json={})).json()
    assert unchanged["space"]["id"] == "spc_runbooks"


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"path": "p" * 101}, "path"),
        ({"path": ""}, "path"),
        ({"path": None}, "path"),
        ({"path": "changelog"}, "path"),  # taken by another site space of Guides
        ({"condition": "c" * 1025}, "condition"),
        ({"condition": ""}, "condition"),
        ({"spaceId": "spc_globex"}, "spaceId"),
        ({"spaceId": None}, "spaceId"),
    ],
)
async def test_update_site_space_errors_name_the_field(
    api: httpx2.AsyncClient, body: dict[str, object], field: str
) -> None:
    expect_error(await api.patch(HANDBOOK, json=body), 400, field)
    after = next(s for s in await collect(api, SPACES) if s["id"] == SITE_SPACE_HANDBOOK)
    assert after["path"] == "user-handbook"
    assert after["space"]["id"] == "spc_handbook"


async def test_update_accepts_the_longest_path_and_condition(api: httpx2.AsyncClient) -> None:
    body = {"path": "p" * 100, "condition": "c" * 1024}
    updated = (await api.patch(HANDBOOK, json=body)).json()
    assert updated["path"] == "p" * 100
    assert len(updated["condition"]) == 1024


async def test_same_path_is_allowed_in_another_section(api: httpx2.AsyncClient) -> None:
    moved = await api.patch(f"{SPACES}/{SITE_SPACE_API}", json={"path": "changelog"})
    assert moved.status_code == 200
    assert moved.json()["path"] == "changelog"


async def test_update_unknown_site_space_is_404(api: httpx2.AsyncClient) -> None:
    expect_error(await api.patch(f"{SPACES}/ss_nope", json={"path": "x"}), 404, "ss_nope")
    expect_error(await api.patch(f"{GLOBEX}/site-spaces/{SITE_SPACE_API}", json={}), 404)


# -- delete -----------------------------------------------------------------------------------


async def test_delete_site_space_205_then_204(api: httpx2.AsyncClient) -> None:
    url = f"{SPACES}/{SITE_SPACE_CHANGELOG}"
    assert (await api.delete(url)).status_code == 205
    assert (await api.delete(url)).status_code == 204
    assert SITE_SPACE_CHANGELOG not in {s["id"] for s in await collect(api, SPACES)}
    assert (await api.get(SITE)).json()["siteSpaces"] == 2
    assert (await api.delete(f"{SPACES}/ss_never")).status_code == 204


async def test_deleting_the_default_hands_it_to_the_next(api: httpx2.AsyncClient) -> None:
    assert (await api.delete(HANDBOOK)).status_code == 205
    changelog = next(s for s in await collect(api, SPACES) if s["id"] == SITE_SPACE_CHANGELOG)
    assert changelog["default"] is True
    assert changelog["urls"]["published"] == "https://acme.gitbook.io/docs"
    assert (await api.get(SITE)).json()["defaultSpace"] == SITE_SPACE_CHANGELOG


async def test_deleting_a_published_site_space_removes_its_redirects(
    api: httpx2.AsyncClient,
) -> None:
    assert (await api.delete(f"{SPACES}/{SITE_SPACE_CHANGELOG}")).status_code == 205
    sources = {r["source"] for r in await collect(api, f"{SITE}/redirects")}
    assert "/release-notes" not in sources
    assert "/old-install" in sources


async def test_non_admins_cannot_change_site_spaces(api: httpx2.AsyncClient, api_as: ApiAs) -> None:
    async with api_as("gb_local_editor") as editor:
        expect_error(await editor.post(SPACES, json={"spaceId": "spc_runbooks"}), 403, "admin")
        expect_error(await editor.patch(HANDBOOK, json={"path": "x"}), 403, "admin")
        expect_error(await editor.delete(HANDBOOK), 403, "admin")
        assert (await editor.get(SPACES)).status_code == 200
    assert (await api.get(SITE)).json()["siteSpaces"] == 3
