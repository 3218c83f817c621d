"""Collections through HTTP: list (nested or top level, only what the caller can view), create,
read, update, delete (nested collections go, their spaces move to the top level) and spaces."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from typing import Any

import httpx2
import pytest

from gitbook_mcp.local import Store

pytestmark = pytest.mark.anyio
ApiAs = Callable[[str | None], AbstractAsyncContextManager[httpx2.AsyncClient]]
COLLECTIONS = "/orgs/org_acme/collections"


async def _ids(api: httpx2.AsyncClient, url: str, **params: Any) -> list[str]:
    ids: list[str] = []
    while True:
        response = await api.get(url, params=params)
        assert response.status_code == 200
        body = response.json()
        ids += [item["id"] for item in body["items"]]
        if "next" not in body:
            return ids
        params["page"] = body["next"]["page"]


# -- listCollectionsInOrganizationById ----------------------------------------------------


async def test_list_collections_nested_or_top_level(api: httpx2.AsyncClient) -> None:
    assert await _ids(api, COLLECTIONS) == ["col_product", "col_guides", "col_internal"]
    assert await _ids(api, COLLECTIONS, nested="true", limit=1) == [
        "col_product",
        "col_guides",
        "col_internal",
    ]
    assert await _ids(api, COLLECTIONS, nested="false") == ["col_product", "col_internal"]
    product = (await api.get(COLLECTIONS)).json()["items"][0]
    assert product["permissions"] == {
        "view": True,
        "admin": True,
        "viewInviteLinks": True,
        "create": True,
    }
    bad = await api.get(COLLECTIONS, params={"nested": "maybe"})
    assert bad.status_code == 400
    assert bad.json()["error"]["message"].startswith("nested")


async def test_list_collections_only_what_the_caller_can_view(
    api: httpx2.AsyncClient, api_as: ApiAs
) -> None:
    await api.patch("/orgs/org_acme/members/usr_reader", json={"role": None})
    async with api_as("gb_local_reader") as reader:
        assert await _ids(reader, COLLECTIONS) == []
    await api.post(
        "/collections/col_guides/permissions", json={"role": "read", "users": ["usr_reader"]}
    )
    async with api_as("gb_local_reader") as reader:
        assert await _ids(reader, COLLECTIONS) == ["col_guides"]
        assert await _ids(reader, COLLECTIONS, nested="false") == []  # col_guides is nested
    async with api_as("gb_local_commenter") as commenter:
        assert (await commenter.get("/orgs/org_globex/collections")).status_code == 404
    assert (await api.get("/orgs/org_nope/collections")).status_code == 404


# -- createCollection, getCollectionById --------------------------------------------------


async def test_create_reads_back_and_goes_last(api: httpx2.AsyncClient) -> None:
    created = await api.post(COLLECTIONS, json={"title": "Tutorials", "parent": "col_product"})
    assert created.status_code == 201
    collection = created.json()
    assert (collection["title"], collection["parent"], collection["organization"]) == (
        "Tutorials",
        "col_product",
        "org_acme",
    )
    read = (await api.get(f"/collections/{collection['id']}")).json()
    assert read == collection
    assert await _ids(api, COLLECTIONS) == [
        "col_product",
        "col_guides",
        "col_internal",
        collection["id"],
    ]
    top = await api.post(COLLECTIONS, json={})
    assert top.status_code == 201
    assert top.json()["title"] == "Untitled"
    assert "parent" not in top.json()
    assert (await _ids(api, COLLECTIONS, nested="false"))[-1] == top.json()["id"]


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"title": "t" * 51}, "title"),
        ({"parent": "col_nope"}, "parent"),
        ({"title": 7}, "title"),
    ],
)
async def test_create_rejects_bad_fields(
    api: httpx2.AsyncClient, body: dict[str, Any], field: str
) -> None:
    response = await api.post(COLLECTIONS, json=body)
    assert response.status_code == 400
    assert response.json()["error"]["message"].startswith(field)
    assert len(await _ids(api, COLLECTIONS)) == 3


async def test_create_needs_create_content(api: httpx2.AsyncClient, api_as: ApiAs) -> None:
    async with api_as("gb_local_editor") as editor:
        refused = await editor.post(COLLECTIONS, json={"title": "No"})
    assert refused.status_code == 403
    assert "createContent" in refused.json()["error"]["message"]
    assert (await api.post("/orgs/org_nope/collections", json={"title": "x"})).status_code == 404
    assert len(await _ids(api, COLLECTIONS)) == 3


async def test_get_collection_errors(api: httpx2.AsyncClient, api_as: ApiAs) -> None:
    assert (await api.get("/collections/col_nope")).status_code == 404
    async with api_as("gb_local_reader") as reader:
        seen = (await reader.get("/collections/col_product")).json()
    assert seen["permissions"]["admin"] is False
    await api.patch("/orgs/org_acme/members/usr_reader", json={"role": None})
    async with api_as("gb_local_reader") as reader:
        assert (await reader.get("/collections/col_product")).status_code == 404


# -- updateCollectionById -----------------------------------------------------------------


async def test_update_reads_back(api: httpx2.AsyncClient) -> None:
    body = {"title": "Products", "description": "Step by step", "defaultLevel": "read"}
    updated = await api.patch("/collections/col_product", json=body)
    assert updated.status_code == 200
    read = (await api.get("/collections/col_product")).json()
    assert (read["title"], read["description"], read["defaultLevel"]) == (
        "Products",
        "Step by step",
        "read",
    )
    cleared = (await api.patch("/collections/col_product", json={"defaultLevel": None})).json()
    assert cleared["defaultLevel"] is None
    assert cleared["title"] == "Products"  # fields not sent are kept


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"title": "t" * 51}, "title"),
        ({"description": "d" * 101}, "description"),
        ({"defaultLevel": "boss"}, "defaultLevel"),
    ],
)
async def test_update_rejects_bad_fields(
    api: httpx2.AsyncClient, body: dict[str, Any], field: str
) -> None:
    response = await api.patch("/collections/col_product", json=body)
    assert response.status_code == 400
    assert response.json()["error"]["message"].startswith(field)
    assert (await api.get("/collections/col_product")).json()["title"] == "Product"


async def test_update_needs_collection_admin(api: httpx2.AsyncClient, api_as: ApiAs) -> None:
    async with api_as("gb_local_editor") as editor:
        refused = await editor.patch("/collections/col_product", json={"title": "No"})
    assert refused.status_code == 403
    assert (await api.get("/collections/col_product")).json()["title"] == "Product"
    await api.post(
        "/collections/col_product/permissions", json={"role": "admin", "users": ["usr_editor"]}
    )
    async with api_as("gb_local_editor") as editor:
        allowed = await editor.patch("/collections/col_guides", json={"title": "Howtos"})
    assert allowed.status_code == 200  # admin of the parent is admin of what it holds
    assert (await api.patch("/collections/col_nope", json={"title": "x"})).status_code == 404


# -- deleteCollectionById -----------------------------------------------------------------


async def test_delete_removes_nested_collections_and_keeps_spaces_at_the_top(
    api: httpx2.AsyncClient, store: Store
) -> None:
    await api.post(
        "/collections/col_guides/permissions", json={"role": "admin", "users": ["usr_sam"]}
    )
    assert (await api.delete("/collections/col_product")).status_code == 205
    assert (await api.get("/collections/col_product")).status_code == 404
    assert (await api.get("/collections/col_guides")).status_code == 404
    assert await _ids(api, COLLECTIONS) == ["col_internal"]
    for space in ("spc_handbook", "spc_api"):
        assert "parent" not in (await api.get(f"/spaces/{space}")).json()
    # the freed spaces go after the top level's existing items, in their former order
    top = store.db.all(
        "SELECT id FROM spaces WHERE org_id = 'org_acme' AND parent_id IS NULL "
        "AND deleted_at IS NULL ORDER BY position"
    )
    assert [r["id"] for r in top] == ["spc_changelog", "spc_cloud", "spc_handbook", "spc_api"]
    assert store.db.scalar("SELECT COUNT(*) FROM grants WHERE target_id = 'col_guides'") == 0
    assert (await api.delete("/collections/col_product")).status_code == 204


async def test_delete_errors(api: httpx2.AsyncClient, api_as: ApiAs) -> None:
    assert (await api.delete("/collections/col_nope")).status_code == 204
    async with api_as("gb_local_editor") as editor:
        assert (await editor.delete("/collections/col_internal")).status_code == 403
    assert (await api.get("/collections/col_internal")).status_code == 200


async def test_a_deleted_space_of_a_deleted_collection_restores_at_the_top(
    api: httpx2.AsyncClient,
) -> None:
    await api.delete("/spaces/spc_runbooks")
    await api.delete("/collections/col_internal")
    restored = await api.post("/spaces/spc_runbooks/restore")
    assert restored.status_code == 200
    assert "parent" not in restored.json()


# -- listSpacesInCollectionById -----------------------------------------------------------


async def test_collection_spaces(api: httpx2.AsyncClient, api_as: ApiAs) -> None:
    assert await _ids(api, "/collections/col_product/spaces") == ["spc_api"]  # direct only
    assert await _ids(api, "/collections/col_guides/spaces") == ["spc_handbook"]
    assert (await api.get("/collections/col_nope/spaces")).status_code == 404
    await api.patch("/orgs/org_acme/members/usr_reader", json={"role": None})
    async with api_as("gb_local_reader") as reader:
        assert (await reader.get("/collections/col_product/spaces")).status_code == 404


async def test_collection_spaces_pages(api: httpx2.AsyncClient) -> None:
    for _ in range(3):
        assert (await api.post("/spaces/spc_api/duplicate")).status_code == 201
    first = (await api.get("/collections/col_product/spaces", params={"limit": 2})).json()
    assert first["count"] == 4
    ids = await _ids(api, "/collections/col_product/spaces", limit=2)
    assert len(ids) == len(set(ids)) == 4
    assert ids[0] == "spc_api"
