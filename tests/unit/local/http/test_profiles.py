"""Each profile serves exactly its operations: in ``live`` the 8 removed ones answer 404 in the
API's error shape, in ``seed`` a live-only row is never served; answers follow that profile's
contract."""

from __future__ import annotations

import pytest

from gitbook_mcp.api import ADDED_IN_LIVE, KEPT, REMOVED_IN_LIVE, operations
from gitbook_mcp.local import Store, create_app
from gitbook_mcp.local.app import served_routes
from gitbook_mcp.local.routes import ROUTES
from gitbook_mcp.local.seed.ids import ORG_ACME, SPACES
from tests.support.local import raw_api

pytestmark = pytest.mark.anyio

HANDBOOK = SPACES["handbook"]


def test_each_profile_serves_only_rows_of_its_operations() -> None:
    seed, live = served_routes("seed"), served_routes("live")
    assert {r.operation_id for r in seed} <= operations("seed")
    assert {r.operation_id for r in live} <= operations("live")
    assert not {r.operation_id for r in seed} & ADDED_IN_LIVE
    assert not {r.operation_id for r in live} & REMOVED_IN_LIVE
    assert {r.operation_id for r in ROUTES} & KEPT == {r.operation_id for r in live} & KEPT


async def test_removed_operation_is_404_in_live_and_served_in_seed(store: Store) -> None:
    async with raw_api(create_app(store, profile="live"), check=False) as live:
        gone = await live.get(f"/spaces/{HANDBOOK}/links")
        kept = await live.get(f"/spaces/{HANDBOOK}")
    async with raw_api(create_app(store, profile="seed")) as seed:
        served = await seed.get(f"/spaces/{HANDBOOK}/links")
    assert gone.status_code == 404
    assert gone.json() == {"error": {"code": 404, "message": "No such endpoint"}}
    assert kept.status_code == 200
    assert served.status_code == 200


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("POST", f"/spaces/{HANDBOOK}/transfer"),
        ("POST", f"/orgs/{ORG_ACME}/sites/site_x/section-groups/g/sections"),
        ("DELETE", f"/orgs/{ORG_ACME}/sites/site_x/section-groups/g/sections/s"),
    ],
)
async def test_every_removed_write_is_404_in_live(store: Store, method: str, path: str) -> None:
    async with raw_api(create_app(store, profile="live"), check=False) as live:
        response = await live.request(method, path, json={})
    assert response.status_code == 404
    assert response.json()["error"]["code"] == 404


async def test_bare_app_is_seed_and_the_hook_checks_the_served_profile(store: Store) -> None:
    async with raw_api(create_app(store)) as seed:
        assert (await seed.get(f"/spaces/{HANDBOOK}/links")).status_code == 200
    async with raw_api(create_app(store, profile="live")) as live:
        # validated against openapi-live.json: a seed-only path is not in it at all
        with pytest.raises(AssertionError, match="no operation in the contract"):
            await live.get(f"/spaces/{HANDBOOK}/links")


async def test_live_search_results_take_the_search_routes_own_shape(store: Store) -> None:
    """Search results carry no ``object`` kind: the route's ``live_shape`` adds live's fields."""
    query = {"query": "publishing"}
    async with raw_api(create_app(store, profile="live")) as live:
        reshaped = (await live.get(f"/orgs/{ORG_ACME}/search", params=query)).json()["items"]
    async with raw_api(create_app(store, profile="seed")) as seed:
        plain = (await seed.get(f"/orgs/{ORG_ACME}/search", params=query)).json()["items"]
    assert reshaped
    assert all(s["type"] == "space" and "score" in s for s in reshaped)
    assert [p["rank"] for p in reshaped[0]["pages"]] == list(range(1, len(plain[0]["pages"]) + 1))
    assert not any("score" in s for s in plain)
