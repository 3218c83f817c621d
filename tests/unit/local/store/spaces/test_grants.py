"""User and team permissions on spaces and collections, through HTTP: invite, list users,
update and remove a user, and the aggregate of everyone who can access."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from typing import Any

import httpx2
import pytest

pytestmark = pytest.mark.anyio
ApiAs = Callable[[str | None], AbstractAsyncContextManager[httpx2.AsyncClient]]
TARGETS = pytest.mark.parametrize(
    "base", ["/spaces/spc_api/permissions", "/collections/col_product/permissions"]
)


async def _all(api: httpx2.AsyncClient, url: str, **params: Any) -> dict[str, str]:
    """user id -> permission over every page."""
    found: dict[str, str] = {}
    while True:
        response = await api.get(url, params=params)
        assert response.status_code == 200
        body = response.json()
        for item in body["items"]:
            assert item["user"]["id"] not in found
            found[item["user"]["id"]] = item["permission"]
        if "next" not in body:
            return found
        params["page"] = body["next"]["page"]


# -- invite, list users -------------------------------------------------------------------


@TARGETS
async def test_invite_users_by_id_or_email_and_read_back(
    api: httpx2.AsyncClient, base: str
) -> None:
    assert await _all(api, f"{base}/users") == {}
    invited = await api.post(base, json={"role": "edit", "users": ["usr_reader", "cora@acme.test"]})
    assert invited.status_code == 204
    assert invited.content == b""
    assert await _all(api, f"{base}/users") == {"usr_reader": "edit", "usr_commenter": "edit"}
    assert await _all(api, f"{base}/users", limit=1) == {
        "usr_reader": "edit",
        "usr_commenter": "edit",
    }
    # inviting again changes the role; a null role removes the explicit permission
    await api.post(base, json={"role": "admin", "users": ["usr_reader"]})
    await api.post(base, json={"role": None, "users": ["usr_commenter"]})
    assert await _all(api, f"{base}/users") == {"usr_reader": "admin"}


@TARGETS
async def test_invite_errors(api: httpx2.AsyncClient, base: str) -> None:
    for body, field in [
        ({"users": ["usr_reader"]}, "role"),
        ({"role": "owner", "users": ["usr_reader"]}, "role"),
        ({"role": "edit"}, "body: needs teams or users"),
        ({"role": "edit", "users": []}, "users"),
        ({"role": "edit", "users": "usr_reader"}, "users"),
        ({"role": "edit", "teams": [""]}, "teams"),
    ]:
        response = await api.post(base, json=body)
        assert response.status_code == 400, body
        assert response.json()["error"]["message"].startswith(field)
    assert (await api.post(base, json={"role": "edit", "users": ["usr_nobody"]})).status_code == 404
    team = await api.post(base, json={"role": "edit", "teams": ["team_nope"]})
    assert team.status_code == 404
    assert "team_nope" in team.json()["error"]["message"]
    # one unknown principal refuses the whole invitation
    mixed = await api.post(base, json={"role": "edit", "users": ["usr_reader", "usr_nobody"]})
    assert mixed.status_code == 404
    assert await _all(api, f"{base}/users") == {}


async def test_invite_needs_a_member_of_the_organization(api: httpx2.AsyncClient) -> None:
    outsider = await api.post(
        "/spaces/spc_globex/permissions", json={"role": "edit", "users": ["usr_reader"]}
    )
    assert outsider.status_code == 404
    team_of_another_org = await api.post(
        "/spaces/spc_globex/permissions", json={"role": "edit", "teams": ["team_writers"]}
    )
    assert team_of_another_org.status_code == 404


@pytest.mark.parametrize("kind", ["spaces", "collections"])
async def test_unknown_targets_are_404(api: httpx2.AsyncClient, kind: str) -> None:
    base = f"/{kind}/nope/permissions"
    assert (await api.post(base, json={"role": "edit", "users": ["usr_reader"]})).status_code == 404
    assert (await api.get(f"{base}/users")).status_code == 404
    assert (await api.get(f"{base}/aggregate")).status_code == 404
    assert (await api.patch(f"{base}/users/usr_reader", json={"role": "read"})).status_code == 404
    assert (await api.delete(f"{base}/users/usr_reader")).status_code == 404


# -- update and remove a user -------------------------------------------------------------


@TARGETS
async def test_update_user_reads_back(api: httpx2.AsyncClient, base: str) -> None:
    await api.post(base, json={"role": "edit", "users": ["usr_reader"]})
    updated = await api.patch(f"{base}/users/usr_reader", json={"role": "comment"})
    assert updated.status_code == 204
    assert await _all(api, f"{base}/users") == {"usr_reader": "comment"}
    assert (await api.patch(f"{base}/users/usr_reader", json={})).status_code == 204
    assert await _all(api, f"{base}/users") == {"usr_reader": "comment"}
    bad = await api.patch(f"{base}/users/usr_reader", json={"role": "boss"})
    assert bad.status_code == 400
    assert bad.json()["error"]["message"].startswith("role")
    assert (await api.patch(f"{base}/users/usr_reader", json={"role": None})).status_code == 204
    assert await _all(api, f"{base}/users") == {}
    # a user without an explicit permission here, and an unknown user
    assert (await api.patch(f"{base}/users/usr_reader", json={"role": "read"})).status_code == 404
    assert (await api.patch(f"{base}/users/usr_nobody", json={"role": "read"})).status_code == 404


@TARGETS
async def test_remove_user_205_then_204(api: httpx2.AsyncClient, base: str) -> None:
    await api.post(base, json={"role": "edit", "users": ["usr_reader", "usr_sam"]})
    assert (await api.delete(f"{base}/users/usr_reader")).status_code == 205
    assert await _all(api, f"{base}/users") == {"usr_sam": "edit"}
    assert (await api.delete(f"{base}/users/usr_reader")).status_code == 204
    assert (await api.delete(f"{base}/users/usr_nobody")).status_code == 204


@TARGETS
async def test_permission_writes_need_admin_reads_need_view(
    api: httpx2.AsyncClient, api_as: ApiAs, base: str
) -> None:
    await api.post(base, json={"role": "edit", "users": ["usr_sam"]})
    async with api_as("gb_local_editor") as editor:
        invite = await editor.post(base, json={"role": "admin", "users": ["usr_editor"]})
        assert invite.status_code == 403
        assert "admin" in invite.json()["error"]["message"]
        assert (
            await editor.patch(f"{base}/users/usr_sam", json={"role": "admin"})
        ).status_code == 403
        assert (await editor.delete(f"{base}/users/usr_sam")).status_code == 403
        assert (await editor.get(f"{base}/users")).status_code == 200
        assert (await editor.get(f"{base}/aggregate")).status_code == 200
    assert await _all(api, f"{base}/users") == {"usr_sam": "edit"}
    await api.patch("/orgs/org_acme/members/usr_reader", json={"role": None})
    async with api_as("gb_local_reader") as reader:
        assert (await reader.get(f"{base}/users")).status_code == 404
        assert (await reader.get(f"{base}/aggregate")).status_code == 404


async def test_an_admin_grant_lets_a_member_manage_permissions(
    api: httpx2.AsyncClient, api_as: ApiAs
) -> None:
    await api.post("/spaces/spc_api/permissions", json={"role": "admin", "users": ["usr_editor"]})
    async with api_as("gb_local_editor") as editor:
        allowed = await editor.post(
            "/spaces/spc_api/permissions", json={"role": "comment", "users": ["usr_reader"]}
        )
    assert allowed.status_code == 204
    assert (await _all(api, "/spaces/spc_api/permissions/users"))["usr_reader"] == "comment"


# -- aggregate ----------------------------------------------------------------------------


async def test_aggregate_differs_from_the_users_list(api: httpx2.AsyncClient) -> None:
    base = "/spaces/spc_changelog/permissions"
    assert await _all(api, f"{base}/users") == {"usr_reader": "edit"}  # the seeded grant
    assert await _all(api, f"{base}/aggregate") == {
        "usr_admin": "admin",
        "usr_editor": "edit",
        "usr_commenter": "comment",
        "usr_reader": "edit",  # raised above the organization role by the grant
        "usr_dana": "create",
        "usr_sam": "review",
    }
    assert await _all(api, f"{base}/aggregate", role="edit") == {
        "usr_editor": "edit",
        "usr_reader": "edit",
    }
    assert await _all(api, f"{base}/aggregate", limit=2) == await _all(api, f"{base}/aggregate")
    bad = await api.get(f"{base}/aggregate", params={"role": "boss"})
    assert bad.status_code == 400
    assert bad.json()["error"]["message"].startswith("role")


async def test_aggregate_counts_team_and_collection_grants(api: httpx2.AsyncClient) -> None:
    # seed: the Writers team (editor, dana) reviews in col_internal, the commenter comments
    internal = await _all(api, "/collections/col_internal/permissions/aggregate")
    assert internal["usr_editor"] == "review"
    assert internal["usr_dana"] == "create"  # a grant never lowers the organization role
    assert await _all(api, "/collections/col_internal/permissions/users") == {
        "usr_commenter": "comment"
    }
    # grants on a collection reach the spaces inside it
    runbooks = await _all(api, "/spaces/spc_runbooks/permissions/aggregate", role="review")
    assert runbooks == {"usr_editor": "review", "usr_sam": "review"}
    team = await api.post(
        "/spaces/spc_api/permissions", json={"role": "admin", "teams": ["team_support"]}
    )
    assert team.status_code == 204
    assert (await _all(api, "/spaces/spc_api/permissions/aggregate"))["usr_sam"] == "admin"
    assert "usr_sam" not in await _all(api, "/spaces/spc_api/permissions/users")
    await api.post("/spaces/spc_api/permissions", json={"role": None, "teams": ["team_support"]})
    assert (await _all(api, "/spaces/spc_api/permissions/aggregate"))["usr_sam"] == "review"


async def test_aggregate_leaves_out_members_without_access(
    api: httpx2.AsyncClient,
) -> None:
    await api.patch("/orgs/org_acme/members/usr_reader", json={"role": None})
    assert "usr_reader" not in await _all(api, "/spaces/spc_api/permissions/aggregate")
    assert (await _all(api, "/spaces/spc_changelog/permissions/aggregate"))["usr_reader"] == "edit"


# -- the demo grants ----------------------------------------------------------------------


async def test_the_demo_tokens_see_their_seeded_grants(api_as: ApiAs) -> None:
    async with api_as("gb_local_reader") as reader:
        assert (await reader.get("/spaces/spc_changelog")).json()["permissions"]["edit"] is True
        assert (await reader.get("/spaces/spc_api")).json()["permissions"]["edit"] is False
    async with api_as("gb_local_commenter") as commenter:
        runbooks = (await commenter.get("/spaces/spc_runbooks")).json()["permissions"]
        assert (runbooks["comment"], runbooks["edit"]) == (True, False)
    async with api_as("gb_local_editor") as editor:
        runbooks = (await editor.get("/spaces/spc_runbooks")).json()["permissions"]
        assert (runbooks["review"], runbooks["admin"]) == (True, False)
        api_space = (await editor.get("/spaces/spc_api")).json()["permissions"]
        assert api_space["review"] is False
