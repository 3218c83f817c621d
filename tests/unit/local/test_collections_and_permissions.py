"""Collections and the user/team permissions of collections and spaces, through HTTP."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractAsyncContextManager

import httpx2
import pytest

pytestmark = pytest.mark.anyio
ApiAs = Callable[[str | None], AbstractAsyncContextManager[httpx2.AsyncClient]]


async def test_list_collections_nested_or_top_level(api: httpx2.AsyncClient) -> None:
    nested = {c["id"] for c in (await api.get("/orgs/org_acme/collections")).json()["items"]}
    top = {
        c["id"]
        for c in (await api.get("/orgs/org_acme/collections", params={"nested": "false"})).json()[
            "items"
        ]
    }
    assert nested == {"col_product", "col_guides", "col_internal"}
    assert top == {"col_product", "col_internal"}
    assert (await api.get("/orgs/org_nope/collections")).status_code == 404


async def test_create_get_update_delete(api: httpx2.AsyncClient, api_as: ApiAs) -> None:
    created = await api.post(
        "/orgs/org_acme/collections", json={"title": "Tutorials", "parent": "col_product"}
    )
    assert created.status_code == 201
    cid = created.json()["id"]
    assert (await api.get(f"/collections/{cid}")).json()["parent"] == "col_product"
    updated = await api.patch(
        f"/collections/{cid}", json={"description": "Step by step", "defaultLevel": "read"}
    )
    assert updated.json()["description"] == "Step by step"
    assert updated.json()["defaultLevel"] == "read"
    assert (await api.patch(f"/collections/{cid}", json={"title": "t" * 51})).status_code == 400
    assert (
        await api.patch(f"/collections/{cid}", json={"description": "d" * 101})
    ).status_code == 400
    bad_parent = await api.post("/orgs/org_acme/collections", json={"parent": "col_nope"})
    assert bad_parent.status_code == 400
    assert "parent" in bad_parent.json()["error"]["message"]
    async with api_as("gb_local_editor") as editor:
        assert (
            await editor.post("/orgs/org_acme/collections", json={"title": "No"})
        ).status_code == 403
        assert (await editor.patch(f"/collections/{cid}", json={"title": "No"})).status_code == 403
    assert (await api.delete(f"/collections/{cid}")).status_code == 205
    assert (await api.delete(f"/collections/{cid}")).status_code == 204
    assert (await api.get(f"/collections/{cid}")).status_code == 404


async def test_deleting_a_collection_keeps_its_spaces_at_the_top(api: httpx2.AsyncClient) -> None:
    assert (await api.delete("/collections/col_guides")).status_code == 205
    handbook = (await api.get("/spaces/spc_handbook")).json()
    assert "parent" not in handbook


async def test_collection_spaces(api: httpx2.AsyncClient) -> None:
    ids = [s["id"] for s in (await api.get("/collections/col_product/spaces")).json()["items"]]
    assert ids == ["spc_api"]
    assert (await api.get("/collections/col_nope/spaces")).status_code == 404


async def test_move_collection_rules(api: httpx2.AsyncClient) -> None:
    assert (
        await api.post("/collections/col_internal/move", json={"parent": "col_product"})
    ).status_code == 200
    assert (await api.get("/collections/col_internal")).json()["parent"] == "col_product"
    assert (
        await api.post("/collections/col_internal/move", json={"parent": "col_product"})
    ).status_code == 409
    assert (
        await api.post("/collections/col_product/move", json={"parent": "col_guides"})
    ).status_code == 400
    assert (
        await api.post("/collections/col_product/move", json={"parent": "col_product"})
    ).status_code == 400
    assert (await api.post("/collections/col_nope/move", json={"parent": None})).status_code == 404
    to_top = await api.post("/collections/col_internal/move", json={"parent": None})
    assert to_top.status_code == 200
    assert "parent" not in to_top.json()


async def test_transfer_collection_with_its_spaces(api: httpx2.AsyncClient) -> None:
    assert (
        await api.post("/collections/col_internal/transfer", json={"organization": "org_acme"})
    ).status_code == 409
    moved = await api.post(
        "/collections/col_internal/transfer", json={"organization": "org_globex"}
    )
    assert moved.status_code == 200
    assert (await api.get("/spaces/spc_runbooks")).json()["organization"] == "org_globex"
    assert (
        await api.post("/collections/col_nope/transfer", json={"organization": "org_globex"})
    ).status_code == 404


async def test_transfer_collection_needs_admin_of_the_target(
    api: httpx2.AsyncClient, api_as: ApiAs
) -> None:
    await api.patch("/orgs/org_globex/members/usr_editor", json={"role": "edit"})
    await api.post(
        "/collections/col_internal/permissions", json={"role": "admin", "users": ["usr_editor"]}
    )
    async with api_as("gb_local_editor") as editor:
        refused = await editor.post(
            "/collections/col_internal/transfer", json={"organization": "org_globex"}
        )
    assert refused.status_code == 412


@pytest.mark.parametrize(
    ("kind", "target"), [("spaces", "spc_api"), ("collections", "col_product")]
)
async def test_permission_lifecycle(
    api: httpx2.AsyncClient, api_as: ApiAs, kind: str, target: str
) -> None:
    base = f"/{kind}/{target}/permissions"
    assert (await api.post(base, json={"role": "edit", "users": ["usr_reader"]})).status_code == 204
    users = (await api.get(f"{base}/users")).json()["items"]
    assert {(u["user"]["id"], u["permission"]) for u in users} >= {("usr_reader", "edit")}
    assert (
        await api.patch(f"{base}/users/usr_reader", json={"role": "comment"})
    ).status_code == 204
    users = (await api.get(f"{base}/users")).json()["items"]
    assert ("usr_reader", "comment") in {(u["user"]["id"], u["permission"]) for u in users}
    assert (await api.patch(f"{base}/users/usr_sam", json={"role": "read"})).status_code == 404
    assert (await api.post(base, json={"role": "edit", "users": ["usr_nobody"]})).status_code == 404
    assert (await api.post(base, json={"role": "edit", "teams": ["team_nope"]})).status_code == 404
    assert (await api.post(base, json={"users": ["usr_reader"]})).status_code == 400
    async with api_as("gb_local_editor") as editor:
        assert (
            await editor.post(base, json={"role": "edit", "users": ["usr_sam"]})
        ).status_code == 403
    assert (await api.delete(f"{base}/users/usr_reader")).status_code == 205
    assert (await api.delete(f"{base}/users/usr_reader")).status_code == 204


@pytest.mark.parametrize(
    ("kind", "target"), [("spaces", "spc_changelog"), ("collections", "col_internal")]
)
async def test_aggregate_lists_everyone_with_access(
    api: httpx2.AsyncClient, kind: str, target: str
) -> None:
    base = f"/{kind}/{target}/permissions"
    everyone = {
        u["user"]["id"]: u["permission"]
        for u in (await api.get(f"{base}/aggregate")).json()["items"]
    }
    assert everyone["usr_admin"] == "admin"
    assert len(everyone) == 6
    editors = (await api.get(f"{base}/aggregate", params={"role": "edit"})).json()["items"]
    assert all(u["permission"] == "edit" for u in editors)
    explicit = (await api.get(f"{base}/users")).json()["items"]
    assert len(explicit) < len(everyone)
    assert (await api.get(f"/{kind}/nope/permissions/aggregate")).status_code == 404


async def test_team_grants_raise_access(api: httpx2.AsyncClient, api_as: ApiAs) -> None:
    assert (
        await api.post(
            "/spaces/spc_api/permissions", json={"role": "admin", "teams": ["team_support"]}
        )
    ).status_code == 204
    members = (await api.get("/spaces/spc_api/permissions/aggregate")).json()["items"]
    assert ("usr_sam", "admin") in {(u["user"]["id"], u["permission"]) for u in members}
    async with api_as("gb_local_reader") as reader:
        assert (await reader.get("/spaces/spc_api/permissions/users")).status_code == 200
