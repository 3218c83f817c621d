"""One caller of an ``--auth upstream`` server cannot lock the others out (issue 26: N1, N2, N8)."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from typing import Any

import anyio
import anyio.lowlevel
import httpx2
import pytest
from mcp.shared.exceptions import MCPError

from gitbook_mcp.server.http.auth.verifier import VERIFY_CONCURRENCY, UpstreamVerifier
from tests.conftest import CANARY
from tests.deploy.ops_support import ACCEPT, LEGACY_INITIALIZE
from tests.unit.server.auth.conftest import EXTRA_TOKEN, Running

pytestmark = pytest.mark.anyio
Upstream = Callable[..., AbstractAsyncContextManager[Running]]


def _bearer(token: str) -> dict[str, str]:
    return {**ACCEPT, "authorization": f"Bearer {token}"}


async def test_random_bearers_share_their_address_bucket_and_verifications_are_bounded(
    upstream: Upstream,
) -> None:
    async with upstream(rate_limit=0.01, rate_burst=5) as running:
        verifier = running.server.verifier
        assert verifier is not None
        async with httpx2.AsyncClient(timeout=30) as http:
            answers = [
                (
                    await http.post(
                        running.mcp_url, json=LEGACY_INITIALIZE, headers=_bearer(f"junk-{n}")
                    )
                )
                for n in range(30)
            ]
    statuses = [a.status_code for a in answers]
    assert statuses[:5] == [401] * 5
    assert set(statuses[5:]) == {429}  # one address, one bucket, whatever the bearer says
    assert verifier.asked == 5  # only the requests let through were verified


async def test_two_authorization_headers_are_refused_400(upstream: Upstream) -> None:
    async with upstream() as running, httpx2.AsyncClient(timeout=30) as http:
        headers = [
            *ACCEPT.items(),
            ("authorization", f"Bearer {CANARY}"),
            ("authorization", "Bearer something-else"),
        ]
        doubled = await http.post(running.mcp_url, json=LEGACY_INITIALIZE, headers=headers)
        single = await http.post(running.mcp_url, json=LEGACY_INITIALIZE, headers=_bearer(CANARY))
    assert doubled.status_code == 400
    assert single.status_code == 200


async def test_each_verified_caller_has_its_own_bucket(upstream: Upstream) -> None:
    async with (
        upstream(rate_limit=0.01, rate_burst=3) as running,
        httpx2.AsyncClient(timeout=30) as http,
    ):

        async def post(token: str) -> int:
            answer = await http.post(
                running.mcp_url, json=LEGACY_INITIALIZE, headers=_bearer(token)
            )
            return answer.status_code

        # The first request of each token is charged to the address (it is not yet known).
        first = [await post(CANARY), await post(EXTRA_TOKEN)]
        admin = [await post(CANARY) for _ in range(4)]
        reader = await post(EXTRA_TOKEN)
    assert first == [200, 200]
    assert admin == [200, 200, 200, 429]
    assert reader == 200  # the admin's spent bucket is not the reader's


def _counting_verifier(
    handler: Callable[[httpx2.Request], Any], *, max_size: int = 20
) -> UpstreamVerifier:
    from gitbook_mcp.client import GitBookClient

    @asynccontextmanager
    async def clients(token: str) -> Any:
        async with GitBookClient(
            token=token,
            base_url="http://api.invalid/v1",
            transport=httpx2.MockTransport(handler),
            max_retries=0,
        ) as client:
            yield client

    return UpstreamVerifier(clients, has_user_endpoint=True, ttl=60, max_size=max_size)


def _user_or_401(request: httpx2.Request) -> httpx2.Response:
    if request.headers["authorization"] == f"Bearer {CANARY}":
        return httpx2.Response(200, json={"object": "user", "id": "usr_a", "displayName": "A"})
    return httpx2.Response(401, json={"error": {"code": 401, "message": "no"}})


async def test_junk_verdicts_never_evict_a_valid_one() -> None:
    asked: list[str] = []

    def answer(request: httpx2.Request) -> httpx2.Response:
        asked.append(request.headers["authorization"])
        return _user_or_401(request)

    verifier = _counting_verifier(answer, max_size=20)
    assert await verifier.verify_token(CANARY) is not None
    for n in range(30):
        assert await verifier.verify_token(f"junk-{n}") is None
    assert await verifier.verify_token(CANARY) is not None
    assert asked.count(f"Bearer {CANARY}") == 1  # still cached: no second request


async def test_verifications_in_flight_are_capped() -> None:
    release = anyio.Event()
    started: list[str] = []
    now, most = 0, 0

    async def slow(request: httpx2.Request) -> httpx2.Response:
        nonlocal now, most
        started.append(request.headers["authorization"])
        now += 1
        most = max(most, now)
        await release.wait()
        now -= 1
        return httpx2.Response(401, json={"error": {"code": 401, "message": "no"}})

    verifier = _counting_verifier(slow)
    async with anyio.create_task_group() as group:
        for n in range(VERIFY_CONCURRENCY * 3):
            group.start_soon(verifier.check, f"junk-{n}")
        for _ in range(200):
            await anyio.lowlevel.checkpoint()
        waiting = len(started)
        release.set()
    assert waiting == VERIFY_CONCURRENCY  # the others wait their turn
    assert most == VERIFY_CONCURRENCY
    assert len(started) == VERIFY_CONCURRENCY * 3


async def test_one_caller_filling_its_quota_closes_its_own_oldest_not_others_chances(
    upstream: Upstream,
) -> None:
    async with (
        upstream(max_sessions=4, sessions_per_caller=3) as running,
        httpx2.AsyncClient(timeout=30) as http,
    ):

        async def initialize(token: str) -> httpx2.Response:
            return await http.post(running.mcp_url, json=LEGACY_INITIALIZE, headers=_bearer(token))

        reader = [await initialize(EXTRA_TOKEN) for _ in range(5)]
        admin = await initialize(CANARY)
        oldest, newest = (reader[i].headers["mcp-session-id"] for i in (0, 4))
        ping = {"jsonrpc": "2.0", "id": 2, "method": "ping"}
        used = {
            sid: await http.post(
                running.mcp_url, json=ping, headers={**_bearer(EXTRA_TOKEN), "mcp-session-id": sid}
            )
            for sid in (oldest, newest)
        }
    assert [r.status_code for r in reader] == [200] * 5
    assert admin.status_code == 200  # before: 429 while the reader held the replica's cap
    assert used[oldest].status_code == 404  # closed to make room for the reader's own
    assert used[newest].status_code == 200


async def test_the_host_allow_list_covers_every_route(upstream: Upstream) -> None:
    paths = ("/metrics", "/healthz", "/readyz", "/.well-known/oauth-protected-resource")
    async with upstream() as running, httpx2.AsyncClient(timeout=30) as http:
        evil = [
            (await http.get(f"{running.url}{p}", headers={"host": "evil.example"})).status_code
            for p in paths
        ]
        good = [(await http.get(f"{running.url}{p}")).status_code for p in paths[1:]]
    assert evil == [421] * 4
    assert good == [200] * 3


async def test_metrics_answer_a_verified_caller_only(upstream: Upstream) -> None:
    async with upstream() as running, httpx2.AsyncClient(timeout=30) as http:
        bare = await http.get(f"{running.url}/metrics")
        junk = await http.get(f"{running.url}/metrics", headers=_bearer("junk"))
        admin = await http.get(f"{running.url}/metrics", headers=_bearer(CANARY))
    assert (bare.status_code, junk.status_code) == (401, 401)
    assert admin.status_code == 200
    assert "gitbook_mcp_open_sessions" in admin.text


async def test_a_token_found_valid_keeps_its_bucket_while_re_checked_until_refused() -> None:
    refuse = False

    def answer(request: httpx2.Request) -> httpx2.Response:
        if refuse:
            return httpx2.Response(401, json={"error": {"code": 401, "message": "revoked"}})
        return _user_or_401(request)

    verifier = _counting_verifier(answer)
    assert not verifier.vouched(CANARY)
    assert await verifier.verify_token(CANARY) is not None
    verifier.verdicts.clear()  # the verdict expired: the next request re-checks it
    assert verifier.vouched(CANARY)  # ...without its request being charged to the address
    assert not verifier.known_valid(CANARY)
    refuse = True
    assert await verifier.verify_token(CANARY) is None
    assert not verifier.vouched(CANARY)
    assert not verifier.vouched("never-seen")


async def test_a_call_the_api_refuses_ends_the_cached_verdict_at_once(upstream: Upstream) -> None:
    async with upstream(auth_cache_ttl=300) as running, running.client(EXTRA_TOKEN) as client:
        assert not (await client.call_tool("list_organizations", {})).is_error
        with sqlite3.connect(running.db) as db:
            db.execute("DELETE FROM api_tokens WHERE token = ?", (EXTRA_TOKEN,))
        refused = await client.call_tool("list_organizations", {})
        # The tool list is kept for this caller: without a new verification it would be
        # served for the verdict's whole TTL (300 s here).
        with pytest.raises(MCPError):
            await client.list_tools()
    assert refused.is_error
