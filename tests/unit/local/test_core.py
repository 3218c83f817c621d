"""The core of the local workspace: authentication, unknown routes, the error shape, faults."""

from __future__ import annotations

import httpx2
import pytest

from gitbook_mcp.local import FaultConfig, LocalTransport, RateLimitConfig, Store, create_app
from gitbook_mcp.local.errors import Invalid
from gitbook_mcp.local.http.call import Call, ok
from gitbook_mcp.local.http.route import RouteSpec
from gitbook_mcp.local.store.paging import paginate
from tests.support.local import raw_api

pytestmark = pytest.mark.anyio


async def _whoami(call: Call) -> object:
    return ok({"user": call.actor.user_id, "limit": call.query.limit()})


ROUTES = [RouteSpec("GET", "/whoami", _whoami, "whoami")]  # type: ignore[arg-type]


@pytest.fixture
def app(store: Store) -> object:
    return create_app(store, routes=ROUTES)


async def test_token_identifies_the_demo_user(app: object) -> None:
    async with raw_api(app, "gb_local_reader", check=False) as client:
        response = await client.get("/whoami")
    assert response.json() == {"user": "usr_reader", "limit": None}


async def test_limit_above_1000_is_400_naming_the_field(app: object) -> None:
    async with raw_api(app, "gb_local_reader", check=False) as client:
        response = await client.get("/whoami", params={"limit": 1001})
    assert response.status_code == 400
    assert "limit" in response.json()["error"]["message"]


async def test_missing_token_is_401_in_the_error_shape(app: object) -> None:
    async with raw_api(app, None, check=False) as client:
        response = await client.get("/whoami")
    assert response.status_code == 401
    assert response.json()["error"]["code"] == 401


async def test_unknown_token_is_401(app: object) -> None:
    async with raw_api(app, "gb_local_nobody", check=False) as client:
        response = await client.get("/whoami")
    assert response.status_code == 401


async def test_unknown_route_is_404_in_the_error_shape(app: object) -> None:
    async with raw_api(app, "gb_local_admin", check=False) as client:
        response = await client.get("/no/such/thing")
    assert response.status_code == 404
    assert response.json() == {"error": {"code": 404, "message": "No such endpoint"}}


def test_keyset_pagination_survives_inserts_and_deletes() -> None:
    items = list(range(0, 100, 10))
    first = paginate(items, key=lambda i: (i,), cursor=None, limit=3)
    assert first["items"] == [0, 10, 20]
    assert first["count"] == 10
    items.remove(10)
    items.append(25)
    second = paginate(items, key=lambda i: (i,), cursor=first["next"]["page"], limit=3)
    assert second["items"] == [25, 30, 40]


@pytest.mark.parametrize(
    "foreign", [(1,), ("a", 2, 3), ("a", "b")], ids=["shorter", "longer", "other-kinds"]
)
def test_a_cursor_of_another_list_is_invalid_not_a_crash(foreign: tuple[object, ...]) -> None:
    items = [("x", 1), ("y", 2), ("z", 3)]
    other = paginate([foreign, foreign], key=lambda i: i, cursor=None, limit=1)
    with pytest.raises(Invalid, match="not a cursor of this list"):
        paginate(items, key=lambda i: i, cursor=other["next"]["page"], limit=1)


def test_last_page_has_no_next() -> None:
    page = paginate([1, 2], key=lambda i: (i,), cursor=None, limit=2)
    assert "next" not in page


async def test_rate_limit_answers_429_with_headers(store: Store) -> None:
    app = create_app(store, rate_limit=RateLimitConfig(limit=2, window_s=60), routes=ROUTES)
    async with raw_api(app, "gb_local_admin", check=False) as client:
        statuses = [(await client.get("/whoami")).status_code for _ in range(3)]
        last = await client.get("/whoami")
    assert statuses[:2] == [200, 200]
    assert statuses[2] == 429
    assert last.headers["Retry-After"]
    assert last.headers["X-RateLimit-Remaining"] == "0"


async def test_dropped_connection_is_a_network_error_in_process(store: Store) -> None:
    app = create_app(store, faults=FaultConfig(drop_rate=1.0, seed=1), routes=ROUTES)
    async with httpx2.AsyncClient(
        transport=LocalTransport(app),
        base_url="http://x/v1",
        headers={"Authorization": "Bearer gb_local_admin"},
    ) as client:
        with pytest.raises(httpx2.ReadError):
            await client.get("/whoami")


def test_fault_plan_is_deterministic_under_a_seed() -> None:
    from gitbook_mcp.local.faults import FaultPlan

    config = FaultConfig(error_rate=0.3, drop_rate=0.2, seed=7)
    a, b = FaultPlan(config), FaultPlan(config)
    first, second = [a.decide() for _ in range(50)], [b.decide() for _ in range(50)]
    assert first == second
    assert any(d.status for d in first)
    assert any(d.drop for d in first)
