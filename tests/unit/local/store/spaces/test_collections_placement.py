"""Where collections sit, through HTTP: move under another parent or next to a sibling, and
transfer to another organization with everything inside."""

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


def _at(side: str, kind: str, ident: str) -> dict[str, Any]:
    return {"position": {side: {"type": kind, kind: ident}}}


# -- moveCollection -----------------------------------------------------------------------


async def test_move_under_another_parent_and_back_to_the_top(api: httpx2.AsyncClient) -> None:
    moved = await api.post("/collections/col_internal/move", json={"parent": "col_product"})
    assert moved.status_code == 200
    assert moved.json()["parent"] == "col_product"
    assert (await api.get("/collections/col_internal")).json()["parent"] == "col_product"
    assert await _ids(api, COLLECTIONS, nested="false") == ["col_product"]
    # the spaces inside move along
    assert (await api.get("/spaces/spc_runbooks")).json()["parent"] == "col_internal"
    to_top = await api.post("/collections/col_internal/move", json={"parent": None})
    assert to_top.status_code == 200
    assert "parent" not in to_top.json()
    assert await _ids(api, COLLECTIONS, nested="false") == ["col_product", "col_internal"]


async def test_move_before_and_after_changes_the_order(api: httpx2.AsyncClient) -> None:
    before = await api.post(
        "/collections/col_internal/move", json=_at("before", "collection", "col_product")
    )
    assert before.status_code == 200
    assert await _ids(api, COLLECTIONS, nested="false") == ["col_internal", "col_product"]
    after = await api.post(
        "/collections/col_internal/move", json=_at("after", "collection", "col_product")
    )
    assert after.status_code == 200
    assert await _ids(api, COLLECTIONS, nested="false") == ["col_product", "col_internal"]
    # a space can be the anchor too: spaces and collections share the container's order
    last = await api.post(
        "/collections/col_internal/move", json=_at("after", "space", "spc_changelog")
    )
    assert last.status_code == 200
    assert await _ids(api, COLLECTIONS, nested="false") == ["col_product", "col_internal"]


async def test_move_that_changes_nothing_is_409(api: httpx2.AsyncClient) -> None:
    assert (
        await api.post("/collections/col_guides/move", json={"parent": "col_product"})
    ).status_code == 409
    assert (
        await api.post("/collections/col_product/move", json={"parent": None})
    ).status_code == 409
    already = await api.post(
        "/collections/col_product/move", json=_at("before", "collection", "col_internal")
    )
    assert already.status_code == 409


@pytest.mark.parametrize(
    ("target", "body", "field"),
    [
        ("col_product", {"parent": "col_guides"}, "parent"),  # under its own descendant
        ("col_product", {"parent": "col_product"}, "parent"),  # under itself
        ("col_internal", {"parent": "col_nope"}, "parent"),
        ("col_internal", {}, "body: must have at least 1 field"),  # the contract's minProperties
        ("col_internal", _at("before", "space", "spc_handbook"), "position"),  # elsewhere
        ("col_internal", _at("before", "collection", "col_internal"), "position"),  # itself
        ("col_internal", {"position": {"after": {"type": "space"}}}, "position.after.space"),
    ],
)
async def test_move_rejects_bad_parent_or_position(
    api: httpx2.AsyncClient, target: str, body: dict[str, Any], field: str
) -> None:
    response = await api.post(f"/collections/{target}/move", json=body)
    assert response.status_code == 400
    assert response.json()["error"]["message"].startswith(field)
    assert await _ids(api, COLLECTIONS) == ["col_product", "col_guides", "col_internal"]


async def test_move_errors_404_and_403(api: httpx2.AsyncClient, api_as: ApiAs) -> None:
    assert (await api.post("/collections/col_nope/move", json={"parent": None})).status_code == 404
    async with api_as("gb_local_editor") as editor:
        refused = await editor.post("/collections/col_guides/move", json={"parent": None})
    assert refused.status_code == 403
    assert (await api.get("/collections/col_guides")).json()["parent"] == "col_product"


# -- transferCollection -------------------------------------------------------------------


async def test_transfer_moves_nested_collections_and_spaces(
    api: httpx2.AsyncClient, store: Store
) -> None:
    created = await api.post(COLLECTIONS, json={"title": "Deep", "parent": "col_internal"})
    deep = created.json()["id"]
    await api.post("/spaces/spc_changelog/move", json={"parent": deep})
    await api.post(
        "/spaces/spc_changelog/permissions", json={"role": "admin", "users": ["usr_sam"]}
    )
    with store.db.transaction():  # spc_changelog is published on the docs site: unpublish it
        store.db.execute("DELETE FROM site_spaces WHERE space_id = 'spc_changelog'")
    moved = await api.post(
        "/collections/col_internal/transfer", json={"organization": "org_globex"}
    )
    assert moved.status_code == 200
    assert moved.json()["organization"] == "org_globex"
    assert "parent" not in moved.json()
    assert (await api.get(f"/collections/{deep}")).json()["organization"] == "org_globex"
    for space in ("spc_runbooks", "spc_changelog"):
        assert (await api.get(f"/spaces/{space}")).json()["organization"] == "org_globex"
    assert set(await _ids(api, "/orgs/org_globex/collections")) == {"col_internal", deep}
    assert "col_internal" not in await _ids(api, COLLECTIONS)
    # the commenter's and the Writers team's grants stay behind; sam is not in globex
    assert (
        store.db.scalar(
            "SELECT COUNT(*) FROM grants WHERE target_id IN ('col_internal', 'spc_changelog')"
        )
        == 0
    )


async def test_transfer_errors(api: httpx2.AsyncClient) -> None:
    same = await api.post("/collections/col_internal/transfer", json={"organization": "org_acme"})
    assert same.status_code == 409
    assert (
        await api.post("/collections/col_nope/transfer", json={"organization": "org_globex"})
    ).status_code == 404
    assert (
        await api.post("/collections/col_internal/transfer", json={"organization": "org_nope"})
    ).status_code == 404
    missing = await api.post("/collections/col_internal/transfer", json={})
    assert missing.status_code == 400
    assert missing.json()["error"]["message"].startswith("organization")
    # col_product holds spaces published on the docs site
    published = await api.post(
        "/collections/col_product/transfer", json={"organization": "org_globex"}
    )
    assert published.status_code == 412
    assert (await api.get("/collections/col_product")).json()["organization"] == "org_acme"


async def test_transfer_needs_collection_admin_and_admin_of_the_target(
    api: httpx2.AsyncClient, api_as: ApiAs
) -> None:
    async with api_as("gb_local_editor") as editor:
        forbidden = await editor.post(
            "/collections/col_internal/transfer", json={"organization": "org_globex"}
        )
    assert forbidden.status_code == 403
    await api.patch("/orgs/org_globex/members/usr_editor", json={"role": "edit"})
    await api.post(
        "/collections/col_internal/permissions", json={"role": "admin", "users": ["usr_editor"]}
    )
    async with api_as("gb_local_editor") as editor:
        refused = await editor.post(
            "/collections/col_internal/transfer", json={"organization": "org_globex"}
        )
    assert refused.status_code == 412
    assert (await api.get("/collections/col_internal")).json()["organization"] == "org_acme"
