"""Spaces through HTTP: read, update, soft delete and restore within 7 days, duplicate, move,
transfer, and the organization's listing."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from datetime import timedelta

import httpx2
import pytest

from gitbook_mcp.local.clock import ManualClock

pytestmark = pytest.mark.anyio
ApiAs = Callable[[str | None], AbstractAsyncContextManager[httpx2.AsyncClient]]


async def _ids(api: httpx2.AsyncClient, url: str, **params: object) -> list[str]:
    ids: list[str] = []
    cursor = None
    while True:
        query = {**params, **({"page": cursor} if cursor else {})}
        body = (await api.get(url, params=query)).json()
        ids += [item["id"] for item in body["items"]]
        cursor = (body.get("next") or {}).get("page")
        if not cursor:
            return ids


async def test_get_space_carries_permissions_for_the_caller(
    api: httpx2.AsyncClient, api_as: ApiAs
) -> None:
    admin = (await api.get("/spaces/spc_handbook")).json()
    assert admin["permissions"]["admin"] is True
    async with api_as("gb_local_reader") as reader:
        seen = (await reader.get("/spaces/spc_handbook")).json()
        changelog = (await reader.get("/spaces/spc_changelog")).json()
    assert seen["permissions"]["edit"] is False
    assert changelog["permissions"]["edit"] is True  # granted edit on this one space
    assert (await api.get("/spaces/spc_missing")).status_code == 404


async def test_update_changes_fields_and_edit_mode(api: httpx2.AsyncClient, api_as: ApiAs) -> None:
    response = await api.patch("/spaces/spc_api", json={"title": "API", "editMode": "locked"})
    assert response.status_code == 200
    assert (await api.get("/spaces/spc_api")).json()["editMode"] == "locked"
    await api.patch("/spaces/spc_api", json={"editMode": "live"})
    assert (await api.get("/spaces/spc_api")).json()["editMode"] == "live"
    bad = await api.patch("/spaces/spc_api", json={"editMode": "frozen"})
    assert bad.status_code == 400
    assert "editMode" in bad.json()["error"]["message"]
    long = await api.patch("/spaces/spc_api", json={"title": "x" * 51})
    assert long.status_code == 400
    async with api_as("gb_local_commenter") as commenter:
        assert (await commenter.patch("/spaces/spc_api", json={"title": "No"})).status_code == 403


async def test_delete_then_restore_within_seven_days(
    api: httpx2.AsyncClient, api_as: ApiAs, clock: ManualClock
) -> None:
    async with api_as("gb_local_editor") as editor:
        assert (await editor.delete("/spaces/spc_api")).status_code == 403
    assert (await api.delete("/spaces/spc_api")).status_code == 205
    assert (await api.get("/spaces/spc_api")).status_code == 404
    assert (await api.delete("/spaces/spc_api")).status_code == 204
    assert "spc_api" not in await _ids(api, "/orgs/org_acme/spaces")
    clock.advance(timedelta(days=6))
    restored = await api.post("/spaces/spc_api/restore")
    assert restored.status_code == 200
    assert restored.json()["id"] == "spc_api"
    assert "spc_api" in await _ids(api, "/orgs/org_acme/spaces")


async def test_a_space_deleted_over_seven_days_ago_is_gone(
    api: httpx2.AsyncClient, clock: ManualClock
) -> None:
    assert (await api.post("/spaces/spc_archive/restore")).status_code == 200  # deleted 2 days ago
    assert (await api.delete("/spaces/spc_archive")).status_code == 205
    clock.advance(timedelta(days=8))
    assert (await api.post("/spaces/spc_archive/restore")).status_code == 404
    assert (await api.get("/spaces/spc_archive")).status_code == 404


async def test_restore_of_a_live_space_is_refused(api: httpx2.AsyncClient) -> None:
    assert (await api.post("/spaces/spc_api/restore")).status_code == 412


async def test_duplicate_places_a_copy_after_the_original(
    api: httpx2.AsyncClient, api_as: ApiAs
) -> None:
    response = await api.post("/spaces/spc_api/duplicate")
    assert response.status_code == 201
    copy = response.json()
    assert copy["title"] == "API Reference (copy)"
    siblings = await _ids(api, "/collections/col_product/spaces")
    assert siblings[siblings.index("spc_api") + 1] == copy["id"]
    async with api_as("gb_local_reader") as reader:
        assert (await reader.post("/spaces/spc_api/duplicate")).status_code == 403


async def test_move_between_collections_and_positions(api: httpx2.AsyncClient) -> None:
    moved = await api.post("/spaces/spc_changelog/move", json={"parent": "col_product"})
    assert moved.status_code == 200
    assert moved.json()["parent"] == "col_product"
    before = await api.post(
        "/spaces/spc_changelog/move",
        json={"position": {"before": {"type": "space", "space": "spc_api"}}},
    )
    assert before.status_code == 200
    order = await _ids(api, "/collections/col_product/spaces")
    assert order.index("spc_changelog") < order.index("spc_api")
    assert (
        await api.post("/spaces/spc_changelog/move", json={"parent": "col_product"})
    ).status_code == 409
    assert (
        await api.post("/spaces/spc_changelog/move", json={"parent": "col_nope"})
    ).status_code == 400
    bad_position = {"position": {"after": {"type": "space", "space": "spc_globex"}}}
    assert (await api.post("/spaces/spc_changelog/move", json=bad_position)).status_code == 400
    assert (await api.post("/spaces/spc_nope/move", json={"parent": None})).status_code == 404


async def test_transfer_to_another_organization(api: httpx2.AsyncClient, api_as: ApiAs) -> None:
    assert (
        await api.post("/spaces/spc_api/transfer", json={"organization": "org_acme"})
    ).status_code == 409
    moved = await api.post("/spaces/spc_api/transfer", json={"organization": "org_globex"})
    assert moved.status_code == 200
    assert moved.json()["organization"] == "org_globex"
    assert "spc_api" in await _ids(api, "/orgs/org_globex/spaces")
    assert (await api.post("/spaces/spc_api/transfer", json={})).status_code == 400
    assert (
        await api.post("/spaces/spc_nope/transfer", json={"organization": "org_acme"})
    ).status_code == 404


async def test_transfer_needs_admin_of_the_target(api: httpx2.AsyncClient, api_as: ApiAs) -> None:
    assert (
        await api.patch("/orgs/org_globex/members/usr_editor", json={"role": "edit"})
    ).status_code == 200
    grant = await api.post(
        "/spaces/spc_handbook/permissions", json={"role": "admin", "users": ["usr_editor"]}
    )
    assert grant.status_code == 204
    async with api_as("gb_local_editor") as editor:
        refused = await editor.post(
            "/spaces/spc_handbook/transfer", json={"organization": "org_globex"}
        )
    assert refused.status_code == 412
    assert (await api.get("/spaces/spc_handbook")).json()["organization"] == "org_acme"


async def test_listing_pages_stay_correct_while_spaces_are_added(api: httpx2.AsyncClient) -> None:
    first = (await api.get("/orgs/org_acme/spaces", params={"limit": 2})).json()
    assert len(first["items"]) == 2
    await api.post("/spaces/spc_api/duplicate")
    rest = await _ids(api, "/orgs/org_acme/spaces", limit=2, page=first["next"]["page"])
    everything = [i["id"] for i in first["items"]] + rest
    assert len(everything) == len(set(everything))
    assert {"spc_handbook", "spc_api", "spc_changelog", "spc_runbooks"} <= set(everything)
