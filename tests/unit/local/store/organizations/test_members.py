"""Organization members: list filters and paging, roles, removal, pings, SSO, spaces and teams."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from datetime import timedelta
from typing import Any

import httpx2
import pytest

from gitbook_mcp.local import Store
from gitbook_mcp.local.clock import ManualClock, iso

pytestmark = pytest.mark.anyio

ApiAs = Callable[[str | None], AbstractAsyncContextManager[httpx2.AsyncClient]]
MEMBERS = "/orgs/org_acme/members"
ACME_IDS = ["usr_admin", "usr_commenter", "usr_dana", "usr_editor", "usr_reader", "usr_sam"]


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


def _grant(store: Store, space: str, kind: str, principal: str, role: str) -> None:
    with store.db.transaction():
        store.db.execute(
            "INSERT INTO grants(target_kind, target_id, principal_kind, principal_id, role) "
            "VALUES ('space', ?, ?, ?, ?)",
            (space, kind, principal, role),
        )


# -- list ---------------------------------------------------------------------------------


async def test_list_members_pages_two_at_a_time_newest_first(api: httpx2.AsyncClient) -> None:
    first = (await api.get(MEMBERS, params={"limit": 2})).json()
    assert first["count"] == 6
    assert len(first["items"]) == 2
    members = await _all_pages(api, MEMBERS, limit=2)
    ids = [m["id"] for m in members]
    assert ids == sorted(ACME_IDS, reverse=True)
    ascending = await _all_pages(api, MEMBERS, limit=4, order="asc")
    assert [m["id"] for m in ascending] == ACME_IDS


async def test_list_members_pages_by_join_time(api: httpx2.AsyncClient, clock: ManualClock) -> None:
    clock.advance(timedelta(hours=1))
    invited = await api.post("/orgs/org_acme/invites", json={"emails": ["zed@acme.test"]})
    newest = invited.json()["users"][0]
    members = await _all_pages(api, MEMBERS, limit=3)
    assert members[0]["id"] == newest
    assert members[0]["joinedAt"] == iso(clock.now())


async def test_list_members_filters_by_role(api: httpx2.AsyncClient) -> None:
    edit = (await api.get(MEMBERS, params={"role": "edit"})).json()
    assert [m["id"] for m in edit["items"]] == ["usr_editor"]
    assert (await api.get(MEMBERS, params={"role": "guest"})).json()["items"] == []
    await api.patch(f"{MEMBERS}/usr_reader", json={"role": None})
    guests = (await api.get(MEMBERS, params={"role": "guest"})).json()
    assert [m["id"] for m in guests["items"]] == ["usr_reader"]


async def test_list_members_searches_name_and_email(api: httpx2.AsyncClient) -> None:
    by_name = (await api.get(MEMBERS, params={"search": "dana"})).json()
    assert [m["id"] for m in by_name["items"]] == ["usr_dana"]
    by_email = (await api.get(MEMBERS, params={"search": "EDDIE@"})).json()
    assert [m["id"] for m in by_email["items"]] == ["usr_editor"]


async def test_sorting_by_last_seen_lists_only_seen_members(
    api: httpx2.AsyncClient, api_as: ApiAs, clock: ManualClock
) -> None:
    seen = (await api.get(MEMBERS, params={"sort": "lastSeenAt"})).json()
    assert {m["id"] for m in seen["items"]} == {"usr_admin", "usr_editor", "usr_dana"}
    clock.advance(timedelta(minutes=5))
    async with api_as("gb_local_reader") as client:
        assert (await client.post("/orgs/org_acme/ping")).status_code == 200
    latest = (await api.get(MEMBERS, params={"sort": "lastSeenAt", "limit": 1})).json()
    assert latest["items"][0]["id"] == "usr_reader"
    assert latest["count"] == 4


@pytest.mark.parametrize(
    ("params", "field"),
    [({"role": "owner"}, "role"), ({"sort": "name"}, "sort"), ({"order": "up"}, "order")],
)
async def test_list_members_400_names_the_parameter(
    api: httpx2.AsyncClient, params: dict[str, str], field: str
) -> None:
    response = await api.get(MEMBERS, params=params)
    assert response.status_code == 400
    assert field in response.json()["error"]["message"]


async def test_guests_may_not_list_members(api: httpx2.AsyncClient, api_as: ApiAs) -> None:
    await api.patch(f"{MEMBERS}/usr_reader", json={"role": None})
    async with api_as("gb_local_reader") as client:
        response = await client.get(MEMBERS)
    assert response.status_code == 403


async def test_list_members_is_404_for_non_members(api_as: ApiAs) -> None:
    async with api_as("gb_local_reader") as client:
        assert (await client.get("/orgs/org_globex/members")).status_code == 404


# -- one member ---------------------------------------------------------------------------


async def test_get_member(api_as: ApiAs) -> None:
    async with api_as("gb_local_reader") as client:
        member = (await client.get(f"{MEMBERS}/usr_dana")).json()
    assert member["role"] == "create"
    assert member["user"]["email"] == "dana@acme.test"
    assert member["teams"] == 1
    assert member["lastSeenAt"]


async def test_get_member_is_404_for_unknown_users(api: httpx2.AsyncClient) -> None:
    assert (await api.get(f"{MEMBERS}/usr_nobody")).status_code == 404


async def test_update_member_role(api: httpx2.AsyncClient) -> None:
    response = await api.patch(f"{MEMBERS}/usr_reader", json={"role": "review"})
    assert response.status_code == 200
    assert (await api.get(f"{MEMBERS}/usr_reader")).json()["role"] == "review"
    unchanged = await api.patch(f"{MEMBERS}/usr_reader", json={})
    assert unchanged.json()["role"] == "review"


async def test_update_member_errors(api: httpx2.AsyncClient, api_as: ApiAs) -> None:
    bad = await api.patch(f"{MEMBERS}/usr_reader", json={"role": "owner"})
    assert bad.status_code == 400
    assert "role" in bad.json()["error"]["message"]
    assert (await api.patch(f"{MEMBERS}/usr_nobody", json={"role": "read"})).status_code == 404
    async with api_as("gb_local_editor") as client:
        forbidden = await client.patch(f"{MEMBERS}/usr_reader", json={"role": "admin"})
    assert forbidden.status_code == 403
    assert (await api.get(f"{MEMBERS}/usr_reader")).json()["role"] == "read"


async def test_the_last_admin_cannot_be_demoted(api: httpx2.AsyncClient) -> None:
    response = await api.patch(f"{MEMBERS}/usr_admin", json={"role": "edit"})
    assert response.status_code == 412
    await api.patch(f"{MEMBERS}/usr_dana", json={"role": "admin"})
    assert (await api.patch(f"{MEMBERS}/usr_admin", json={"role": "edit"})).status_code == 200


async def test_remove_member_answers_205_then_204(api: httpx2.AsyncClient) -> None:
    assert (await api.delete(f"{MEMBERS}/usr_dana")).status_code == 205
    assert (await api.get(f"{MEMBERS}/usr_dana")).status_code == 404
    assert (await api.delete(f"{MEMBERS}/usr_dana")).status_code == 204
    writers = (await api.get("/orgs/org_acme/teams/team_writers")).json()
    assert writers["members"] == 1


async def test_remove_member_errors(api: httpx2.AsyncClient, api_as: ApiAs) -> None:
    async with api_as("gb_local_editor") as client:
        assert (await client.delete(f"{MEMBERS}/usr_reader")).status_code == 403
    assert (await api.delete(f"{MEMBERS}/usr_admin")).status_code == 412
    async with api_as("gb_local_reader") as client:
        assert (await client.delete("/orgs/org_globex/members/usr_editor")).status_code == 404


async def test_ping_records_last_seen(
    api: httpx2.AsyncClient, api_as: ApiAs, clock: ManualClock
) -> None:
    clock.advance(timedelta(days=1))
    async with api_as("gb_local_commenter") as client:
        response = await client.post("/orgs/org_acme/ping")
    claims = response.json()["serviceVisitorClaims"]
    assert claims.count(".") == 2
    member = (await api.get(f"{MEMBERS}/usr_commenter")).json()
    assert member["lastSeenAt"] == iso(clock.now())


async def test_ping_is_404_for_non_members(api_as: ApiAs) -> None:
    async with api_as("gb_local_reader") as client:
        assert (await client.post("/orgs/org_globex/ping")).status_code == 404


async def test_set_sso_member(api: httpx2.AsyncClient, api_as: ApiAs) -> None:
    response = await api.post(f"{MEMBERS}/usr_reader/sso")
    assert response.status_code == 200
    assert response.json()["sso"] is True
    assert (await api.get(f"{MEMBERS}/usr_reader")).json()["sso"] is True
    assert (await api.post(f"{MEMBERS}/usr_nobody/sso")).status_code == 404
    async with api_as("gb_local_editor") as client:
        assert (await client.post(f"{MEMBERS}/usr_sam/sso")).status_code == 403


# -- member spaces and teams --------------------------------------------------------------


async def test_member_spaces_lists_granted_spaces_with_the_strongest_role(
    api: httpx2.AsyncClient, store: Store
) -> None:
    _grant(store, "spc_handbook", "user", "usr_dana", "read")
    _grant(store, "spc_api", "user", "usr_dana", "comment")
    _grant(store, "spc_api", "team", "team_writers", "edit")
    _grant(store, "spc_archive", "user", "usr_dana", "admin")  # deleted: not listed
    _grant(store, "spc_globex", "user", "usr_dana", "admin")  # another organization
    items = await _all_pages(api, f"{MEMBERS}/usr_dana/spaces", limit=1)
    by_space = {i["space"]["id"]: i["permission"] for i in items}
    assert by_space == {"spc_handbook": "read", "spc_api": "edit"}
    assert items[0]["space"]["permissions"]["admin"] is True  # rendered for the caller
    assert (await api.get(f"{MEMBERS}/usr_dana")).json()["spaces"] == 2


async def test_member_spaces_errors(api: httpx2.AsyncClient, api_as: ApiAs) -> None:
    assert (await api.get(f"{MEMBERS}/usr_nobody/spaces")).status_code == 404
    empty = (await api.get(f"{MEMBERS}/usr_sam/spaces")).json()
    assert empty == {"items": [], "count": 0}
    await api.patch(f"{MEMBERS}/usr_reader", json={"role": None})
    async with api_as("gb_local_reader") as client:
        assert (await client.get(f"{MEMBERS}/usr_sam/spaces")).status_code == 403


async def test_member_teams_with_roles_title_filter_and_paging(api: httpx2.AsyncClient) -> None:
    editor = (await api.get(f"{MEMBERS}/usr_editor/teams")).json()
    assert [(i["team"]["title"], i["member"]["role"]) for i in editor["items"]] == [
        ("Writers", "owner")
    ]
    await api.put("/orgs/org_acme/teams/team_support/members/usr_dana")
    dana = await _all_pages(api, f"{MEMBERS}/usr_dana/teams", limit=1)
    assert [i["team"]["id"] for i in dana] == ["team_support", "team_writers"]
    filtered = (await api.get(f"{MEMBERS}/usr_dana/teams", params={"title": "WRIT"})).json()
    assert [i["team"]["id"] for i in filtered["items"]] == ["team_writers"]


async def test_member_teams_errors(api: httpx2.AsyncClient, api_as: ApiAs) -> None:
    assert (await api.get(f"{MEMBERS}/usr_nobody/teams")).status_code == 404
    await api.patch(f"{MEMBERS}/usr_reader", json={"role": None})
    async with api_as("gb_local_reader") as client:
        assert (await client.get(f"{MEMBERS}/usr_dana/teams")).status_code == 403
