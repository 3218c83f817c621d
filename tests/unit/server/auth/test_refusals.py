"""A bad, revoked or unverifiable token is refused with 401 (or 503), never a 500."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from typing import Any

import anyio
import httpx2
import pytest
from mcp.shared.exceptions import MCPError

from gitbook_mcp.server.http.auth.gate import UpstreamGate
from gitbook_mcp.server.http.auth.verifier import TokenVerdict, UpstreamVerifier
from tests.conftest import CANARY
from tests.deploy.ops_support import ACCEPT, LEGACY_INITIALIZE
from tests.unit.server.auth.conftest import AUTH_SERVER, EXTRA_TOKEN, Running

pytestmark = pytest.mark.anyio


async def _initialize(running: Running, token: str | None) -> httpx2.Response:
    headers = {**ACCEPT, **({"authorization": f"Bearer {token}"} if token else {})}
    async with httpx2.AsyncClient(timeout=30) as http:
        return await http.post(running.mcp_url, json=LEGACY_INITIALIZE, headers=headers)


def _assert_refused(answer: httpx2.Response, running: Running) -> None:
    metadata = f"{running.url}/.well-known/oauth-protected-resource/mcp"
    assert answer.status_code == 401
    challenge = answer.headers["www-authenticate"]
    assert challenge.startswith("Bearer ")
    assert f'resource_metadata="{metadata}"' in challenge


@pytest.mark.parametrize("profile", ["live", "seed"])
async def test_no_token_or_a_garbage_one_is_401_with_the_metadata_pointer(
    upstream: Callable[..., AbstractAsyncContextManager[Running]], profile: str
) -> None:
    garbage = "gb_garbage_" + "x" * 40
    async with upstream(profile=profile) as running:
        missing = await _initialize(running, None)
        wrong = await _initialize(running, garbage)
        good = await _initialize(running, CANARY)
        async with httpx2.AsyncClient() as http:
            ready = await http.get(f"{running.url}/readyz")  # no server token, still ready
            documents = [
                (await http.get(f"{running.url}{path}")).json()
                for path in (
                    "/.well-known/oauth-protected-resource/mcp",
                    "/.well-known/oauth-protected-resource",
                )
            ]
    _assert_refused(missing, running)
    _assert_refused(wrong, running)
    assert garbage not in wrong.text
    assert good.status_code == 200
    assert (ready.status_code, ready.json()) == (200, {"status": "ok"})
    for document in documents:
        assert document["resource"] == running.mcp_url
        assert document["authorization_servers"] == [AUTH_SERVER]


async def test_a_token_revoked_mid_session_is_refused_once_its_verdict_expires(
    upstream: Callable[..., AbstractAsyncContextManager[Running]],
) -> None:
    statuses: list[int] = []
    async with upstream(auth_cache_ttl=0.5) as running:
        async with running.client(EXTRA_TOKEN, statuses) as client:
            before = await client.call_tool("list_organizations", {})
            with sqlite3.connect(running.db) as db:
                db.execute("DELETE FROM api_tokens WHERE token = ?", (EXTRA_TOKEN,))
            cached = await client.call_tool("list_organizations", {})  # within the verdict's TTL
            accepted = list(statuses)
            await anyio.sleep(0.6)
            with pytest.raises(MCPError):
                await client.call_tool("list_organizations", {})
        after = await _initialize(running, EXTRA_TOKEN)
    assert not before.is_error
    assert set(accepted) <= {200, 202}
    assert cached.is_error  # the API itself refuses the revoked token at once...
    said = " ".join(getattr(block, "text", "") for block in cached.content)
    assert "refused your own token" in said  # the caller's own token, not the server's
    assert "GITBOOK_API_TOKEN" not in said
    assert 401 in statuses[len(accepted) :]
    assert 500 not in statuses
    _assert_refused(after, running)  # ...and after the TTL, so does the server


def _down(request: httpx2.Request) -> httpx2.Response:
    raise httpx2.ConnectError("connection refused", request=request)


def _verifier(handler: Callable[[httpx2.Request], httpx2.Response]) -> UpstreamVerifier:
    from contextlib import asynccontextmanager

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

    return UpstreamVerifier(clients, has_user_endpoint=True, ttl=60, max_size=10)


async def test_an_api_outage_is_503_with_retry_after_and_is_not_cached() -> None:
    verifier = _verifier(_down)
    passed: list[str] = []

    async def app(scope: Any, receive: Any, send: Any) -> None:
        passed.append(scope["path"])

    gate = UpstreamGate(app, verifier)
    transport = httpx2.ASGITransport(app=gate)
    async with httpx2.AsyncClient(transport=transport, base_url="http://127.0.0.1") as http:
        answer = await http.post("/mcp", json={}, headers={"authorization": f"Bearer {CANARY}"})
    assert answer.status_code == 503
    assert answer.headers["retry-after"] == "5"
    assert CANARY not in answer.text
    assert passed == []
    assert await verifier.verify_token(CANARY) is None
    assert len(verifier.verdicts) == 0  # an outage says nothing about the token


async def test_verdicts_are_cached_by_hash_and_one_request_serves_concurrent_callers() -> None:
    seen: list[str] = []

    def answer(request: httpx2.Request) -> httpx2.Response:
        seen.append(request.headers["authorization"])
        if request.headers["authorization"] == f"Bearer {CANARY}":
            return httpx2.Response(200, json={"object": "user", "id": "usr_a", "displayName": "A"})
        return httpx2.Response(401, json={"error": {"code": 401, "message": "no"}})

    verifier = _verifier(answer)
    results: list[Any] = []

    async def verify(token: str) -> None:
        results.append(await verifier.verify_token(token))

    async with anyio.create_task_group() as tg:
        for _ in range(5):
            tg.start_soon(verify, CANARY)
            tg.start_soon(verify, "gb_bad")
    assert len(seen) == 2
    good = [r for r in results if r is not None]
    assert len(good) == 5
    assert {r.subject for r in good} == {"usr_a"}
    held = verifier.verdicts.held_keys() + verifier.refusals.held_keys()
    assert all(CANARY not in key and "gb_bad" not in key for key in held)
    assert [verifier.verdicts.get(k) for k in verifier.verdicts.held_keys()] == [
        TokenVerdict("valid", "usr_a")
    ]
    assert [verifier.refusals.get(k) for k in verifier.refusals.held_keys()] == [
        TokenVerdict("invalid")
    ]
