"""Teams: listing and filters, create/update/delete, team members and the membership rules."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from typing import Any

import httpx2
import pytest

from gitbook_mcp.local import Store
from gitbook_mcp.local.seed.orgs import SAML_OKTA, TEAM_SUPPORT, TEAM_WRITERS

pytestmark = pytest.mark.anyio

ApiAs = Callable[[str | None], AbstractAsyncContextManager[httpx2.AsyncClient]]
TEAMS = "/orgs/org_acme/teams"
WRITERS = f"{TEAMS}/{TEAM_WRITERS}"
SUPPORT = f"{TEAMS}/{TEAM_SUPPORT}"


async def _all_pages(client: httpx2.AsyncClient, url: str, **params: Any) -> list[Any]:
    items: list[Any] = []
    while True:
        response = await client.get(url, params=params)
        assert response.status_code == 200
        body = response.json()
        items.extend(body["items"])
        assert len(items) <= body["count"]
        if "next" not in body:
            return items
        params["page"] = body["next"]["page"]


async def _roles(api: httpx2.AsyncClient, team_url: str) -> dict[str, str]:
    items = await _all_pages(api, f"{team_url}/members")
    return {i["organization"]["id"]: i["team"]["role"] for i in items}


# -- teams --------------------------------------------------------------------------------


async def test_list_teams_pages_by_title(api: httpx2.AsyncClient) -> None:
    first = (await api.get(TEAMS, params={"limit": 1})).json()
    assert first["count"] == 2
    teams = await _all_pages(api, TEAMS, limit=1)
    assert [t["title"] for t in teams] == ["Support", "Writers"]
    assert teams[1]["members"] == 2


async def test_list_teams_filters_by_title_and_owner(api: httpx2.AsyncClient) -> None:
    by_title = (await api.get(TEAMS, params={"title": "RIT"})).json()
    assert [t["id"] for t in by_title["items"]] == [TEAM_WRITERS]
    owned = (await api.get(TEAMS, params={"owner": "usr_editor"})).json()
    assert [t["id"] for t in owned["items"]] == [TEAM_WRITERS]
    admin = (await api.get(TEAMS, params={"owner": "usr_admin"})).json()
    assert admin["count"] == 2
    assert (await api.get(TEAMS, params={"owner": "usr_sam"})).json()["count"] == 0
    assert (await api.get(TEAMS, params={"owner": "usr_nobody"})).json()["count"] == 0


async def test_team_permissions_follow_ownership(api_as: ApiAs) -> None:
    async with api_as("gb_local_editor") as client:
        teams = (await client.get(TEAMS)).json()["items"]
    assert {t["id"]: t["permissions"]["admin"] for t in teams} == {
        TEAM_SUPPORT: False,
        TEAM_WRITERS: True,
    }


async def test_list_and_get_teams_errors(api: httpx2.AsyncClient, api_as: ApiAs) -> None:
    assert (await api.get(f"{TEAMS}/team_nope")).status_code == 404
    async with api_as("gb_local_reader") as client:
        assert (await client.get("/orgs/org_globex/teams")).status_code == 404
    await api.patch("/orgs/org_acme/members/usr_reader", json={"role": None})
    async with api_as("gb_local_reader") as client:
        assert (await client.get(TEAMS)).status_code == 403
        assert (await client.get(WRITERS)).status_code == 403


async def test_get_team(api_as: ApiAs) -> None:
    async with api_as("gb_local_reader") as client:
        team = (await client.get(WRITERS)).json()
    assert (team["title"], team["members"], team["spaces"]) == ("Writers", 2, 0)
    assert team["permissions"] == {"view": True, "admin": False}


async def test_create_team_with_members(api: httpx2.AsyncClient) -> None:
    response = await api.put(
        TEAMS, json={"title": "Docs Guild", "members": ["usr_reader", "sam@acme.test"]}
    )
    assert response.status_code == 201
    team = response.json()
    assert team["members"] == 2
    assert await _roles(api, f"{TEAMS}/{team['id']}") == {
        "usr_reader": "member",
        "usr_sam": "member",
    }
    assert (await api.get(TEAMS)).json()["count"] == 3


async def test_a_non_admin_creator_owns_the_team(api: httpx2.AsyncClient, api_as: ApiAs) -> None:
    await api.patch("/orgs/org_acme/members/usr_reader", json={"role": "create"})
    async with api_as("gb_local_reader") as client:
        response = await client.put(TEAMS, json={"title": "Readers"})
    assert response.status_code == 201
    assert response.json()["permissions"]["admin"] is True
    assert await _roles(api, f"{TEAMS}/{response.json()['id']}") == {"usr_reader": "owner"}


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({}, "title"),
        ({"title": ""}, "title"),
        ({"title": "x" * 65}, "title"),
        ({"title": "Ghosts", "members": ["usr_nobody"]}, "members"),
        ({"title": "Ghosts", "members": "usr_dana"}, "members"),
    ],
)
async def test_create_team_400_names_the_field(
    api: httpx2.AsyncClient, body: dict[str, Any], field: str
) -> None:
    response = await api.put(TEAMS, json=body)
    assert response.status_code == 400
    assert field in response.json()["error"]["message"]
    assert (await api.get(TEAMS)).json()["count"] == 2


async def test_create_team_needs_own_team(api_as: ApiAs) -> None:
    async with api_as("gb_local_editor") as client:
        assert (await client.put(TEAMS, json={"title": "Mine"})).status_code == 403
    async with api_as("gb_local_reader") as client:
        response = await client.put("/orgs/org_globex/teams", json={"title": "Mine"})
    assert response.status_code == 404


async def test_update_team_title(api: httpx2.AsyncClient, api_as: ApiAs) -> None:
    assert (await api.patch(SUPPORT, json={"title": "Customer Support"})).status_code == 200
    assert (await api.get(SUPPORT)).json()["title"] == "Customer Support"
    async with api_as("gb_local_editor") as client:
        assert (await client.patch(WRITERS, json={"title": "Authors"})).status_code == 200
        assert (await client.patch(SUPPORT, json={"title": "Mine"})).status_code == 403
    assert (await api.get(WRITERS)).json()["title"] == "Authors"


async def test_update_team_errors(api: httpx2.AsyncClient) -> None:
    missing = await api.patch(WRITERS, json={})
    assert missing.status_code == 400
    assert "title" in missing.json()["error"]["message"]
    assert (await api.patch(f"{TEAMS}/team_nope", json={"title": "X"})).status_code == 404


async def test_delete_team_answers_205_then_204(api: httpx2.AsyncClient, store: Store) -> None:
    with store.db.transaction():
        store.db.execute(
            "INSERT INTO grants(target_kind, target_id, principal_kind, principal_id, role) "
            "VALUES ('space', 'spc_api', 'team', ?, 'edit')",
            (TEAM_SUPPORT,),
        )
    assert (await api.get(SUPPORT)).json()["spaces"] == 1
    assert (await api.delete(SUPPORT)).status_code == 205
    assert (await api.get(SUPPORT)).status_code == 404
    assert (await api.delete(SUPPORT)).status_code == 204
    assert (
        store.db.scalar("SELECT COUNT(*) FROM grants WHERE principal_id = ?", (TEAM_SUPPORT,)) == 0
    )
    provider = (await api.get(f"/orgs/org_acme/saml/{SAML_OKTA}")).json()
    assert "defaultTeam" not in provider


async def test_delete_team_needs_team_admin(api: httpx2.AsyncClient, api_as: ApiAs) -> None:
    async with api_as("gb_local_editor") as client:
        assert (await client.delete(SUPPORT)).status_code == 403
        assert (await client.delete(WRITERS)).status_code == 205
    assert (await api.get(SUPPORT)).status_code == 200


# -- team members -------------------------------------------------------------------------


async def test_list_team_members_owners_first_with_paging(api: httpx2.AsyncClient) -> None:
    items = await _all_pages(api, f"{WRITERS}/members", limit=1)
    assert [(i["organization"]["id"], i["team"]["role"]) for i in items] == [
        ("usr_editor", "owner"),
        ("usr_dana", "member"),
    ]
    assert items[0]["permissions"] == {"view": True}
    assert items[0]["organization"]["object"] == "member"
    assert (await api.get(f"{TEAMS}/team_nope/members")).status_code == 404


async def test_update_members_removes_a_user_named_in_add_and_remove(
    api: httpx2.AsyncClient,
) -> None:
    response = await api.put(
        f"{WRITERS}/members",
        json={
            "add": ["usr_reader", "sam@acme.test"],
            "remove": ["usr_reader", "dana@acme.test"],
            "memberships": {"usr_sam": {"role": "owner"}},
        },
    )
    assert response.status_code == 204
    assert await _roles(api, WRITERS) == {"usr_editor": "owner", "usr_sam": "owner"}


async def test_update_members_memberships_add_and_change_roles(api: httpx2.AsyncClient) -> None:
    body = {"memberships": {"usr_dana": {"role": "owner"}, "cora@acme.test": {"role": "member"}}}
    assert (await api.put(f"{WRITERS}/members", json=body)).status_code == 204
    assert await _roles(api, WRITERS) == {
        "usr_editor": "owner",
        "usr_dana": "owner",
        "usr_commenter": "member",
    }


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"add": ["usr_nobody"]}, "add"),
        ({"remove": ["ghost@acme.test"]}, "remove"),
        ({"memberships": {"usr_sam": {"role": "boss"}}}, "memberships.usr_sam.role"),
        ({"memberships": {"usr_sam": "owner"}}, "memberships.usr_sam"),
        ({"add": "usr_sam"}, "add"),
    ],
)
async def test_update_members_400_names_the_field(
    api: httpx2.AsyncClient, body: dict[str, Any], field: str
) -> None:
    response = await api.put(f"{WRITERS}/members", json=body)
    assert response.status_code == 400
    assert field in response.json()["error"]["message"]
    assert await _roles(api, WRITERS) == {"usr_editor": "owner", "usr_dana": "member"}


async def test_update_members_needs_team_admin(api: httpx2.AsyncClient, api_as: ApiAs) -> None:
    async with api_as("gb_local_editor") as client:
        owned = await client.put(f"{WRITERS}/members", json={"add": ["usr_reader"]})
        other = await client.put(f"{SUPPORT}/members", json={"add": ["usr_reader"]})
    assert (owned.status_code, other.status_code) == (204, 403)
    assert "usr_reader" in await _roles(api, WRITERS)
    assert (await api.put(f"{TEAMS}/team_nope/members", json={})).status_code == 404


async def test_add_member_adds_or_updates(api: httpx2.AsyncClient) -> None:
    assert (await api.put(f"{SUPPORT}/members/usr_reader")).status_code == 204
    assert (await api.put(f"{SUPPORT}/members/usr_sam", json={"role": "owner"})).status_code == 204
    assert await _roles(api, SUPPORT) == {"usr_reader": "member", "usr_sam": "owner"}
    assert (await api.put(f"{SUPPORT}/members/usr_sam", json={})).status_code == 204
    assert (await _roles(api, SUPPORT))["usr_sam"] == "owner"


async def test_add_member_errors(api: httpx2.AsyncClient, api_as: ApiAs) -> None:
    bad = await api.put(f"{SUPPORT}/members/usr_reader", json={"role": "boss"})
    assert bad.status_code == 400
    assert "role" in bad.json()["error"]["message"]
    assert (await api.put(f"{SUPPORT}/members/usr_nobody")).status_code == 404
    assert (await api.put(f"{TEAMS}/team_nope/members/usr_reader")).status_code == 404
    async with api_as("gb_local_editor") as client:
        assert (await client.put(f"{SUPPORT}/members/usr_reader")).status_code == 403
    assert await _roles(api, SUPPORT) == {"usr_sam": "member"}


async def test_remove_team_member_answers_205_then_204(
    api: httpx2.AsyncClient, api_as: ApiAs
) -> None:
    async with api_as("gb_local_editor") as client:
        assert (await client.delete(f"{SUPPORT}/members/usr_sam")).status_code == 403
        assert (await client.delete(f"{WRITERS}/members/usr_dana")).status_code == 205
        assert (await client.delete(f"{WRITERS}/members/usr_dana")).status_code == 204
    assert await _roles(api, WRITERS) == {"usr_editor": "owner"}
    assert (await api.delete(f"{TEAMS}/team_nope/members/usr_dana")).status_code == 404
