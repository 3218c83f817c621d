"""The app: authentication, unknown routes and the error shape, rate limits and dropped
connections as middleware around one route per operation."""

from __future__ import annotations

import httpx2
import pytest

from gitbook_mcp.local import FaultConfig, LocalTransport, RateLimitConfig, Store, create_app
from gitbook_mcp.local.http.call import Call, ok
from gitbook_mcp.local.http.route import RouteSpec
from tests.support.local import raw_api

pytestmark = pytest.mark.anyio


async def _whoami(call: Call) -> object:
    return ok({"user": call.actor.user_id, "limit": call.query.limit()})


ROUTES = [RouteSpec("whoami", _whoami, method="GET", path="/whoami")]  # type: ignore[arg-type]


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
