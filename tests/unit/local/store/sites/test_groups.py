"""Section groups through HTTP: listing, creating, updating, deleting, membership and moves."""

from __future__ import annotations

from typing import Any

import httpx2
import pytest

from gitbook_mcp.local.seed.sites import GROUP_REFERENCE, SECTION_API, SECTION_GUIDES
from tests.unit.local.store.sites.support import NON_ADMINS, SITE, ApiAs, collect, expect_error

pytestmark = pytest.mark.anyio

GROUPS = f"{SITE}/section-groups"
REFERENCE = f"{GROUPS}/{GROUP_REFERENCE}"


async def _sections(api: httpx2.AsyncClient) -> list[tuple[str, str | None]]:
    """(section id, group id) in the order of the site's structure."""
    return [(s["id"], s.get("sectionGroup")) for s in await collect(api, f"{SITE}/sections")]


async def _new_section(api: httpx2.AsyncClient, title: str) -> str:
    response = await api.post(f"{SITE}/sections", json={"spaceId": "spc_runbooks", "title": title})
    assert response.status_code == 201
    ident: str = response.json()["id"]
    return ident


async def _group(api: httpx2.AsyncClient, body: dict[str, Any]) -> dict[str, Any]:
    response = await api.post(GROUPS, json=body)
    assert response.status_code == 201, response.text
    group: dict[str, Any] = response.json()
    return group


async def test_groups_list_with_their_sections(api: httpx2.AsyncClient) -> None:
    groups = await collect(api, GROUPS, limit=1)
    assert len(groups) == 1
    reference = groups[0]
    assert reference["id"] == GROUP_REFERENCE
    assert reference["title"] == "Reference"
    assert reference["icon"] == "folder"
    assert [s["id"] for s in reference["sections"]] == [SECTION_API]
    assert reference["sections"][0]["siteSpaces"][0]["space"]["id"] == "spc_api"


async def test_groups_page_with_limit_one(api: httpx2.AsyncClient) -> None:
    made = [(await _group(api, {"title": f"Group {n}"}))["id"] for n in range(3)]
    groups = await collect(api, GROUPS, limit=1)
    assert [g["id"] for g in groups] == [GROUP_REFERENCE, *made]


async def test_create_group_takes_the_sections_in_order(api: httpx2.AsyncClient) -> None:
    ops = await _new_section(api, "Operations")
    group = await _group(
        api, {"title": "Learn", "icon": "school", "sections": [ops, SECTION_GUIDES, ops]}
    )
    assert group["title"] == "Learn"
    assert [s["id"] for s in group["sections"]] == [ops, SECTION_GUIDES]
    assert all(s["sectionGroup"] == group["id"] for s in group["sections"])
    # The new group sits after the Reference group at the top level.
    assert await _sections(api) == [
        (SECTION_API, GROUP_REFERENCE),
        (ops, group["id"]),
        (SECTION_GUIDES, group["id"]),
    ]


async def test_create_group_moves_a_section_out_of_its_old_group(api: httpx2.AsyncClient) -> None:
    group = await _group(api, {"title": "Apis", "sections": [SECTION_API]})
    assert [s["id"] for s in group["sections"]] == [SECTION_API]
    reference = (await api.get(GROUPS)).json()["items"][0]
    assert reference["sections"] == []


@pytest.mark.parametrize(
    ("body", "status", "field"),
    [
        ({}, 400, "title"),
        ({"title": ""}, 400, "title"),
        ({"title": "t" * 101}, 400, "title"),
        ({"title": "Ok", "icon": "i" * 51}, 400, "icon"),
        ({"title": "Ok", "sections": "sec_api"}, 400, "sections"),
        ({"title": "Ok", "sections": [SECTION_API, "sec_nope"]}, 404, "sec_nope"),
    ],
)
async def test_create_group_errors(
    api: httpx2.AsyncClient, body: dict[str, Any], status: int, field: str
) -> None:
    expect_error(await api.post(GROUPS, json=body), status, field)
    assert (await api.get(GROUPS)).json()["count"] == 1
    assert await _sections(api) == [(SECTION_GUIDES, None), (SECTION_API, GROUP_REFERENCE)]


async def test_update_group_title_and_icon(api: httpx2.AsyncClient) -> None:
    updated = (await api.patch(REFERENCE, json={"title": "APIs"})).json()
    assert updated["title"] == "APIs"
    assert updated["icon"] == "folder"
    cleared = (await api.patch(REFERENCE, json={"icon": None})).json()
    assert "icon" not in cleared
    assert cleared["title"] == "APIs"
    expect_error(await api.patch(REFERENCE, json={"title": ""}), 400, "title")
    expect_error(await api.patch(REFERENCE, json={"title": None}), 400, "title")
    expect_error(await api.patch(f"{GROUPS}/grp_nope", json={"title": "x"}), 404, "grp_nope")


async def test_delete_group_keeps_its_sections_in_place(api: httpx2.AsyncClient) -> None:
    ops = await _new_section(api, "Operations")
    assert (await api.delete(REFERENCE)).status_code == 205
    assert (await api.delete(REFERENCE)).status_code == 204
    assert await _sections(api) == [(SECTION_GUIDES, None), (SECTION_API, None), (ops, None)]
    assert (await api.get(GROUPS)).json()["count"] == 0


async def test_add_and_remove_sections(api: httpx2.AsyncClient) -> None:
    added = await api.post(f"{REFERENCE}/sections", json={"sectionId": SECTION_GUIDES})
    assert added.status_code == 201
    assert [s["id"] for s in added.json()["sections"]] == [SECTION_API, SECTION_GUIDES]
    twice = await api.post(f"{REFERENCE}/sections", json={"sectionId": SECTION_GUIDES})
    assert [s["id"] for s in twice.json()["sections"]] == [SECTION_API, SECTION_GUIDES]
    assert (await api.delete(f"{REFERENCE}/sections/{SECTION_API}")).status_code == 205
    assert (await api.delete(f"{REFERENCE}/sections/{SECTION_API}")).status_code == 204
    assert (await api.delete(f"{REFERENCE}/sections/sec_nope")).status_code == 204
    # A removed section lands right after its former group.
    assert await _sections(api) == [(SECTION_GUIDES, GROUP_REFERENCE), (SECTION_API, None)]


@pytest.mark.parametrize(
    ("url", "body", "status", "mentions"),
    [
        (f"{REFERENCE}/sections", {"sectionId": "sec_nope"}, 404, "sec_nope"),
        (f"{REFERENCE}/sections", {}, 400, "sectionId"),
        (f"{GROUPS}/grp_nope/sections", {"sectionId": SECTION_GUIDES}, 404, "grp_nope"),
    ],
)
async def test_add_section_to_group_errors(
    api: httpx2.AsyncClient, url: str, body: dict[str, Any], status: int, mentions: str
) -> None:
    expect_error(await api.post(url, json=body), status, mentions)
    assert await _sections(api) == [(SECTION_GUIDES, None), (SECTION_API, GROUP_REFERENCE)]


async def test_remove_from_unknown_group_is_404(api: httpx2.AsyncClient) -> None:
    expect_error(await api.delete(f"{GROUPS}/grp_nope/sections/{SECTION_API}"), 404, "grp_nope")


async def test_move_group_among_top_level_items(api: httpx2.AsyncClient) -> None:
    other = await _group(api, {"title": "Other"})
    before_guides = {"position": {"before": {"type": "site-section", "id": SECTION_GUIDES}}}
    moved = await api.post(f"{REFERENCE}/move", json=before_guides)
    assert moved.status_code == 200
    assert moved.json()["id"] == GROUP_REFERENCE
    assert await _sections(api) == [(SECTION_API, GROUP_REFERENCE), (SECTION_GUIDES, None)]
    after_other = {"position": {"after": {"type": "site-section-group", "id": other["id"]}}}
    assert (await api.post(f"{REFERENCE}/move", json=after_other)).status_code == 200
    groups = [g["id"] for g in await collect(api, GROUPS)]
    assert groups == [other["id"], GROUP_REFERENCE]
    assert (await api.post(f"{GROUPS}/{other['id']}/move")).status_code == 200
    assert [g["id"] for g in await collect(api, GROUPS)] == [GROUP_REFERENCE, other["id"]]


@pytest.mark.parametrize(
    "pointer",
    [
        {"type": "site-section", "id": SECTION_API},  # inside a group: not a top-level item
        {"type": "site-section-group", "id": SECTION_GUIDES},  # the type does not match
        {"type": "site-section", "id": GROUP_REFERENCE},  # itself, named as a section
        {"type": "site-section-group", "id": GROUP_REFERENCE},  # itself
        {"type": "site-space", "id": SECTION_GUIDES},
        {"type": "site-section", "id": "sec_nope"},
        {"type": "site-section"},
    ],
)
async def test_invalid_group_positions_are_400(
    api: httpx2.AsyncClient, pointer: dict[str, Any]
) -> None:
    response = await api.post(f"{REFERENCE}/move", json={"position": {"before": pointer}})
    expect_error(response, 400, "position")
    assert await _sections(api) == [(SECTION_GUIDES, None), (SECTION_API, GROUP_REFERENCE)]


async def test_move_unknown_group_is_404(api: httpx2.AsyncClient) -> None:
    body = {"position": {"after": {"type": "site-section", "id": SECTION_GUIDES}}}
    expect_error(await api.post(f"{GROUPS}/grp_nope/move", json=body), 404, "grp_nope")


@pytest.mark.parametrize("token", NON_ADMINS)
async def test_non_admins_cannot_change_groups(
    api: httpx2.AsyncClient, api_as: ApiAs, token: str
) -> None:
    async with api_as(token) as other:
        assert (await other.get(GROUPS)).status_code == 200
        expect_error(await other.post(GROUPS, json={"title": "Mine"}), 403)
        expect_error(await other.patch(REFERENCE, json={"title": "Mine"}), 403)
        expect_error(await other.post(f"{REFERENCE}/sections", json={"sectionId": "x"}), 403)
        expect_error(await other.delete(f"{REFERENCE}/sections/{SECTION_API}"), 403)
        expect_error(await other.post(f"{REFERENCE}/move"), 403)
        expect_error(await other.delete(REFERENCE), 403)
    groups = await collect(api, GROUPS)
    assert [(g["title"], len(g["sections"])) for g in groups] == [("Reference", 1)]
