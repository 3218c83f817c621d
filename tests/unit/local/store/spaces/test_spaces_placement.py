"""Where spaces sit, through HTTP: move between collections and next to siblings, transfer to
another organization, and the organization's listing with its pages."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from typing import Any

import httpx2
import pytest

from gitbook_mcp.local import Store

pytestmark = pytest.mark.anyio
ApiAs = Callable[[str | None], AbstractAsyncContextManager[httpx2.AsyncClient]]


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


def _at(side: str, space: str) -> dict[str, Any]:
    return {"position": {side: {"type": "space", "space": space}}}


# -- moveSpace ----------------------------------------------------------------------------


async def test_move_into_a_collection_goes_last(api: httpx2.AsyncClient) -> None:
    moved = await api.post("/spaces/spc_changelog/move", json={"parent": "col_product"})
    assert moved.status_code == 200
    assert moved.json()["parent"] == "col_product"
    assert await _ids(api, "/collections/col_product/spaces") == ["spc_api", "spc_changelog"]
    to_top = await api.post("/spaces/spc_changelog/move", json={"parent": None})
    assert to_top.status_code == 200
    assert "parent" not in to_top.json()
    assert await _ids(api, "/collections/col_product/spaces") == ["spc_api"]


async def test_move_before_and_after_changes_the_order(api: httpx2.AsyncClient) -> None:
    await api.post("/spaces/spc_changelog/move", json={"parent": "col_product"})
    await api.post("/spaces/spc_runbooks/move", json={"parent": "col_product"})
    url = "/collections/col_product/spaces"
    assert await _ids(api, url) == ["spc_api", "spc_changelog", "spc_runbooks"]
    assert (
        await api.post("/spaces/spc_runbooks/move", json=_at("before", "spc_api"))
    ).status_code == 200
    assert await _ids(api, url) == ["spc_runbooks", "spc_api", "spc_changelog"]
    assert (
        await api.post("/spaces/spc_runbooks/move", json=_at("after", "spc_api"))
    ).status_code == 200
    assert await _ids(api, url) == ["spc_api", "spc_runbooks", "spc_changelog"]
    # repeated small moves keep finding room between neighbours
    for _ in range(30):
        await api.post("/spaces/spc_changelog/move", json=_at("before", "spc_runbooks"))
        await api.post("/spaces/spc_changelog/move", json=_at("after", "spc_runbooks"))
    assert await _ids(api, url) == ["spc_api", "spc_runbooks", "spc_changelog"]


async def test_move_with_parent_and_position_together(api: httpx2.AsyncClient) -> None:
    body = {"parent": "col_product", **_at("before", "spc_api")}
    moved = await api.post("/spaces/spc_changelog/move", json=body)
    assert moved.status_code == 200
    assert await _ids(api, "/collections/col_product/spaces") == ["spc_changelog", "spc_api"]


async def test_move_that_changes_nothing_is_409(api: httpx2.AsyncClient) -> None:
    await api.post("/spaces/spc_changelog/move", json={"parent": "col_product"})
    same_parent = await api.post("/spaces/spc_changelog/move", json={"parent": "col_product"})
    assert same_parent.status_code == 409
    already_after = await api.post("/spaces/spc_changelog/move", json=_at("after", "spc_api"))
    assert already_after.status_code == 409
    assert await _ids(api, "/collections/col_product/spaces") == ["spc_api", "spc_changelog"]


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"parent": "col_nope"}, "parent"),
        ({}, "body: must have at least 1 field"),  # the contract's minProperties
        (_at("after", "spc_globex"), "position"),  # not in the target container
        (_at("before", "spc_changelog"), "position"),  # the space itself
        ({"parent": "col_internal", **_at("after", "spc_api")}, "position"),
        ({"position": {"before": {"type": "page", "page": "x"}}}, "position.before"),
        (
            {
                "position": {
                    "before": {"type": "space", "space": "spc_api"},
                    "after": {"type": "space", "space": "spc_api"},
                }
            },
            "position",
        ),
    ],
)
async def test_move_rejects_bad_parent_or_position(
    api: httpx2.AsyncClient, body: dict[str, Any], field: str
) -> None:
    response = await api.post("/spaces/spc_changelog/move", json=body)
    assert response.status_code == 400
    assert response.json()["error"]["message"].startswith(field)
    assert "parent" not in (await api.get("/spaces/spc_changelog")).json()


async def test_move_errors_404_and_403(api: httpx2.AsyncClient, api_as: ApiAs) -> None:
    assert (await api.post("/spaces/spc_nope/move", json={"parent": None})).status_code == 404
    assert (await api.post("/spaces/spc_archive/move", json={"parent": None})).status_code == 404
    async with api_as("gb_local_editor") as editor:
        refused = await editor.post("/spaces/spc_changelog/move", json={"parent": "col_product"})
    assert refused.status_code == 403
    assert "parent" not in (await api.get("/spaces/spc_changelog")).json()


async def test_move_into_a_collection_the_caller_cannot_see_is_400(
    api: httpx2.AsyncClient, api_as: ApiAs
) -> None:
    await api.patch("/orgs/org_acme/members/usr_reader", json={"role": None})
    await api.post(
        "/spaces/spc_changelog/permissions", json={"role": "admin", "users": ["usr_reader"]}
    )
    async with api_as("gb_local_reader") as reader:
        hidden = await reader.post("/spaces/spc_changelog/move", json={"parent": "col_product"})
    assert hidden.status_code == 400


# -- transferSpace ------------------------------------------------------------------------


async def test_transfer_to_another_organization(api: httpx2.AsyncClient, store: Store) -> None:
    await api.post(
        "/spaces/spc_runbooks/permissions", json={"role": "edit", "users": ["usr_reader"]}
    )
    await api.post(
        "/spaces/spc_runbooks/permissions", json={"role": "edit", "users": ["usr_editor"]}
    )
    moved = await api.post("/spaces/spc_runbooks/transfer", json={"organization": "org_globex"})
    assert moved.status_code == 200
    space = moved.json()
    assert space["organization"] == "org_globex"
    assert "parent" not in space
    assert await _ids(api, "/orgs/org_globex/spaces") == ["spc_globex", "spc_runbooks"]
    assert "spc_runbooks" not in await _ids(api, "/orgs/org_acme/spaces")
    # grants of users who are not members of the new organization do not follow
    users = (await api.get("/spaces/spc_runbooks/permissions/users")).json()["items"]
    assert [u["user"]["id"] for u in users] == ["usr_editor"]
    assert (
        store.db.one(
            "SELECT 1 FROM grants WHERE principal_id = 'usr_reader' AND target_id = 'spc_runbooks'"
        )
        is None
    )


async def test_transfer_errors(api: httpx2.AsyncClient) -> None:
    same = await api.post("/spaces/spc_runbooks/transfer", json={"organization": "org_acme"})
    assert same.status_code == 409
    missing_field = await api.post("/spaces/spc_runbooks/transfer", json={})
    assert missing_field.status_code == 400
    assert missing_field.json()["error"]["message"].startswith("organization")
    assert (
        await api.post("/spaces/spc_nope/transfer", json={"organization": "org_globex"})
    ).status_code == 404
    assert (
        await api.post("/spaces/spc_runbooks/transfer", json={"organization": "org_nope"})
    ).status_code == 404
    assert (await api.get("/spaces/spc_runbooks")).json()["organization"] == "org_acme"


async def test_a_space_published_on_a_site_cannot_be_transferred(api: httpx2.AsyncClient) -> None:
    refused = await api.post("/spaces/spc_api/transfer", json={"organization": "org_globex"})
    assert refused.status_code == 412
    assert "site" in refused.json()["error"]["message"]
    assert (await api.get("/spaces/spc_api")).json()["organization"] == "org_acme"


async def test_transfer_needs_space_admin_and_admin_of_the_target(
    api: httpx2.AsyncClient, api_as: ApiAs
) -> None:
    async with api_as("gb_local_editor") as editor:
        forbidden = await editor.post(
            "/spaces/spc_runbooks/transfer", json={"organization": "org_globex"}
        )
    assert forbidden.status_code == 403
    assert (
        await api.patch("/orgs/org_globex/members/usr_editor", json={"role": "edit"})
    ).status_code == 200
    grant = await api.post(
        "/spaces/spc_runbooks/permissions", json={"role": "admin", "users": ["usr_editor"]}
    )
    assert grant.status_code == 204
    async with api_as("gb_local_editor") as editor:
        refused = await editor.post(
            "/spaces/spc_runbooks/transfer", json={"organization": "org_globex"}
        )
    assert refused.status_code == 412
    assert (await api.get("/spaces/spc_runbooks")).json()["organization"] == "org_acme"


# -- listSpacesInOrganizationById ---------------------------------------------------------


async def test_org_listing_shows_live_spaces_the_caller_can_view(
    api: httpx2.AsyncClient, api_as: ApiAs
) -> None:
    everything = await _ids(api, "/orgs/org_acme/spaces")
    assert set(everything) == {
        "spc_handbook",
        "spc_api",
        "spc_changelog",
        "spc_runbooks",
        "spc_cloud",
    }
    await api.patch("/orgs/org_acme/members/usr_reader", json={"role": None})
    async with api_as("gb_local_reader") as reader:
        assert await _ids(reader, "/orgs/org_acme/spaces") == ["spc_changelog"]
    async with api_as("gb_local_commenter") as commenter:
        assert (await commenter.get("/orgs/org_globex/spaces")).status_code == 404
    assert (await api.get("/orgs/org_nope/spaces")).status_code == 404
    bad_limit = await api.get("/orgs/org_acme/spaces", params={"limit": 0})
    assert bad_limit.status_code == 400
    assert bad_limit.json()["error"]["message"].startswith("limit")


async def test_listing_pages_stay_correct_while_spaces_are_added(api: httpx2.AsyncClient) -> None:
    first = (await api.get("/orgs/org_acme/spaces", params={"limit": 2})).json()
    assert len(first["items"]) == 2
    assert first["count"] == 5
    added = (await api.post("/spaces/spc_api/duplicate")).json()["id"]
    seen = [i["id"] for i in first["items"]]
    cursor = first["next"]["page"]
    pages = 1
    while cursor:
        body = (await api.get("/orgs/org_acme/spaces", params={"limit": 2, "page": cursor})).json()
        assert len(body["items"]) <= 2
        seen += [i["id"] for i in body["items"]]
        cursor = (body.get("next") or {}).get("page")
        pages += 1
        if pages == 2:
            await api.post("/spaces/spc_changelog/duplicate")  # added while paging
    assert pages >= 3
    assert len(seen) == len(set(seen))
    demo = {"spc_handbook", "spc_api", "spc_changelog", "spc_runbooks", "spc_cloud"}
    assert {*demo, added} <= set(seen)
