"""Operations over HTTP, in process on loopback: metrics, request ids, limits, stateless mode."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import anyio
import httpx2
import pytest
import structlog
from prometheus_client import REGISTRY
from prometheus_client.openmetrics.parser import (
    text_string_to_metric_families as openmetrics_families,
)
from prometheus_client.parser import text_string_to_metric_families

from gitbook_mcp.config.settings import Settings
from gitbook_mcp.local import Store
from gitbook_mcp.server.http.ops.limits import CallerRateLimit, caller_key, caller_of
from gitbook_mcp.server.http.transports import MAX_BODY_BYTES, http_app
from tests.conftest import CANARY
from tests.deploy.ops_support import ACCEPT, LEGACY_INITIALIZE, modern_headers, rpc, serve_app
from tests.unit.server.conftest import make_server

pytestmark = pytest.mark.anyio

BEARER = "mcp-bearer-5e1f0c"


@asynccontextmanager
async def served(store: Store, **options: Any) -> AsyncIterator[httpx2.AsyncClient]:
    """The HTTP app of a server over ``store``, on loopback, and a client for it."""
    options = {"transport": "streamable-http", **options}

    def make(port: int) -> Any:
        settings = Settings(local=True, port=port, **options)
        return http_app(make_server(store, **options), settings)

    async with serve_app(make) as url, httpx2.AsyncClient(base_url=url, timeout=10) as client:
        yield client


async def call(
    client: httpx2.AsyncClient, name: str, arguments: dict[str, Any], **headers: str
) -> httpx2.Response:
    """One 2026-07-28 ``tools/call`` request."""
    body = rpc("tools/call", {"name": name, "arguments": arguments})
    return await client.post(
        "/mcp", json=body, headers={**modern_headers("tools/call", name), **headers}
    )


def sample(name: str, **labels: str) -> float:
    """The current value of one sample in the default registry (0 when absent)."""
    return REGISTRY.get_sample_value(name, labels) or 0.0


async def test_metrics_count_tool_calls_api_requests_and_latency(store: Store) -> None:
    ok_before = sample("gitbook_mcp_tool_calls_total", tool="list_organizations", outcome="ok")
    bad_before = sample("gitbook_mcp_tool_calls_total", tool="unknown", outcome="invalid")
    api_before = sample("gitbook_mcp_api_requests_total", method="GET", status="200")
    lat_before = sample("gitbook_mcp_tool_call_seconds_count", tool="list_organizations")
    async with served(store, mcp_auth_token=BEARER) as client:
        auth = {"authorization": f"Bearer {BEARER}"}
        for _ in range(2):
            assert (await call(client, "list_organizations", {}, **auth)).status_code == 200
        invalid = await call(client, "no_such_tool_x", {}, **auth)
        assert "error" in invalid.json() or invalid.json()["result"]["isError"] is True
        metrics = await client.get("/metrics", headers=auth)
        without = await client.get("/metrics")
    assert without.status_code == 401  # behind the bearer, like the MCP path
    assert metrics.status_code == 200
    assert metrics.headers["content-type"].startswith("text/plain")
    names = {family.name for family in text_string_to_metric_families(metrics.text)}
    assert {
        "gitbook_mcp_tool_calls",
        "gitbook_mcp_tool_call_seconds",
        "gitbook_mcp_api_requests",
        "gitbook_mcp_api_retries",
        "gitbook_mcp_rate_limit_waits",
        "gitbook_mcp_open_sessions",
    } <= names
    ok = sample("gitbook_mcp_tool_calls_total", tool="list_organizations", outcome="ok")
    assert ok - ok_before == 2
    unknown = sample("gitbook_mcp_tool_calls_total", tool="unknown", outcome="invalid")
    assert unknown - bad_before == 1  # an unknown name is counted, under a bounded label
    assert sample("gitbook_mcp_api_requests_total", method="GET", status="200") > api_before
    assert (
        sample("gitbook_mcp_tool_call_seconds_count", tool="list_organizations") - lat_before == 2
    )


async def test_metrics_answer_openmetrics_to_a_scraper_that_accepts_it(store: Store) -> None:
    scraper = "application/openmetrics-text;version=1.0.0,text/plain;version=0.0.4;q=0.5"
    async with served(store, mcp_auth_token=BEARER) as client:
        auth = {"authorization": f"Bearer {BEARER}"}
        await call(client, "list_organizations", {}, **auth)
        open_metrics = await client.get("/metrics", headers={**auth, "accept": scraper})
        plain = await client.get("/metrics", headers={**auth, "accept": "text/plain"})
    assert open_metrics.status_code == 200
    assert open_metrics.headers["content-type"].startswith("application/openmetrics-text")
    assert open_metrics.text.endswith("# EOF\n")  # OpenMetrics' mandatory terminator
    families = {f.name for f in openmetrics_families(open_metrics.text)}
    assert "gitbook_mcp_tool_calls" in families
    assert plain.headers["content-type"].startswith("text/plain")
    assert "# EOF" not in plain.text


async def test_no_token_caller_or_address_in_metrics_labels(store: Store) -> None:
    async with served(store, mcp_auth_token=BEARER) as client:
        auth = {"authorization": f"Bearer {BEARER}"}
        await call(client, "list_organizations", {}, **auth)
        text = (await client.get("/metrics", headers=auth)).text
    labels = " ".join(
        f"{k}={v}"
        for family in text_string_to_metric_families(text)
        for s in family.samples
        for k, v in s.labels.items()
    )
    for secret in (BEARER, caller_key(BEARER), CANARY, caller_key(CANARY), "127.0.0.1"):
        assert secret not in text
        assert secret not in labels
    assert "tool=list_organizations" in labels  # the labels were read


async def test_a_sane_request_id_is_kept_in_logs_and_answer_else_one_is_made(store: Store) -> None:
    logs: list[dict[str, Any]] = []

    class Capture(logging.Handler):
        """The client's records with the context bound when each was logged, as the server's
        formatter renders them (structlog's contextvars merged in)."""

        def emit(self, record: logging.LogRecord) -> None:
            logs.append({**structlog.contextvars.get_contextvars(), "event": record.getMessage()})

    handler, client_log = Capture(), logging.getLogger("gitbook_mcp.client")
    client_log.addHandler(handler)
    level, client_log.level = client_log.level, logging.INFO
    async with served(store) as client:
        try:
            kept = await call(client, "list_organizations", {}, **{"x-request-id": "lb-42.a:b"})
        finally:
            client_log.removeHandler(handler)
            client_log.setLevel(level)
        made = await call(client, "list_organizations", {})
        odd = await call(client, "list_organizations", {}, **{"x-request-id": "a b<script>"})
    assert kept.headers["x-request-id"] == "lb-42.a:b"
    assert len(made.headers["x-request-id"]) == 32
    assert odd.headers["x-request-id"] not in ("a b<script>", made.headers["x-request-id"])
    call_lines = [line for line in logs if line.get("event") == "api.request"]
    assert call_lines  # the call logged its API requests
    assert all(line.get("request_id") == "lb-42.a:b" for line in call_lines)


async def test_a_caller_over_its_rate_gets_429_with_retry_after_whatever_bearer_it_invents(
    store: Store,
) -> None:
    async with served(store, rate_limit=0.5, rate_burst=2) as client:
        answers = [
            await call(client, "list_organizations", {}, authorization=f"Bearer invented-{n}")
            for n in range(3)
        ]
        probe = await client.get("/healthz")
    # No bearer is verified here: each made-up one would otherwise open a fresh bucket.
    assert [a.status_code for a in answers] == [200, 200, 429]
    assert int(answers[2].headers["retry-after"]) >= 1
    assert probe.status_code == 200


def test_only_a_bearer_known_valid_names_a_caller() -> None:
    def scope(token: str, address: str) -> dict[str, Any]:
        return {"headers": [(b"authorization", f"Bearer {token}".encode())], "client": (address, 1)}

    def known(token: str) -> bool:
        return token == "personal-token"

    assert caller_of(scope(BEARER, "10.0.0.1"), BEARER, known) == "addr:10.0.0.1"
    assert caller_of(scope(BEARER, "10.0.0.1"), BEARER) != caller_of(
        scope(BEARER, "10.0.0.2"), BEARER
    )
    personal = caller_of(scope("personal-token", "10.0.0.1"), BEARER, known)
    assert personal == "token:" + caller_key("personal-token")
    assert "personal-token" not in personal
    assert caller_of(scope("made-up", "10.0.0.1"), BEARER, known) == "addr:10.0.0.1"
    assert caller_of(scope("personal-token", "10.0.0.1")) == "addr:10.0.0.1"  # none verified


def test_a_bucket_refills_at_its_rate() -> None:
    now = [0.0]
    limit = CallerRateLimit(lambda *_: None, rate=2.0, burst=1, clock=lambda: now[0])  # type: ignore[arg-type,return-value]
    assert limit.take("a") == 0.0
    assert limit.take("a") == pytest.approx(0.5)
    now[0] = 0.5
    assert limit.take("a") == 0.0
    assert limit.take("b") == 0.0


async def _initialize(client: httpx2.AsyncClient) -> httpx2.Response:
    return await client.post("/mcp", json=LEGACY_INITIALIZE, headers=ACCEPT)


async def test_sessions_beyond_the_cap_get_429_and_a_closed_one_frees_room(store: Store) -> None:
    async with served(store, max_sessions=2, rate_limit=0) as client:
        opened = [await _initialize(client) for _ in range(2)]
        refused = await _initialize(client)
        modern = await call(client, "list_organizations", {})
        gauge = sample("gitbook_mcp_open_sessions")
        sid = opened[0].headers["mcp-session-id"]
        closed = await client.delete(
            "/mcp", headers={"mcp-session-id": sid, "mcp-protocol-version": "2025-06-18"}
        )
        again = await _initialize(client)
    assert [o.status_code for o in opened] == [200, 200]
    assert refused.status_code == 429
    assert refused.headers["retry-after"] == "30"
    assert modern.status_code == 200  # a 2026-07-28 request opens no session
    assert gauge == 2
    assert closed.status_code == 200
    assert again.status_code == 200


async def test_a_body_over_the_bound_is_refused_413_on_the_mcp_path(store: Store) -> None:
    async with served(store) as client:
        port = client.base_url.port
        assert port is not None
        async with await anyio.connect_tcp("127.0.0.1", port) as stream:
            head = (
                f"POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                "Content-Type: application/json\r\nAccept: application/json, text/event-stream\r\n"
                f"Mcp-Protocol-Version: 2026-07-28\r\nContent-Length: {MAX_BODY_BYTES + 1}\r\n\r\n"
            )
            await stream.send(head.encode() + b'{"jsonrpc":"2.0"')
            answer = await stream.receive()
    assert answer.startswith(b"HTTP/1.1 413 ")


async def _legacy_list_without_session(client: httpx2.AsyncClient) -> httpx2.Response:
    body = {"jsonrpc": "2.0", "id": 7, "method": "tools/list", "params": {}}
    headers = {
        "accept": "application/json, text/event-stream",
        "mcp-protocol-version": "2025-06-18",
    }
    return await client.post("/mcp", json=body, headers=headers)


async def test_stateless_serves_a_legacy_request_with_no_session(store: Store) -> None:
    async with served(store, stateless=True) as client:
        stateless = await _legacy_list_without_session(client)
    async with served(store) as client:
        stateful = await _legacy_list_without_session(client)
    assert stateless.status_code == 200
    assert "list_organizations" in stateless.text
    assert "mcp-session-id" not in stateless.headers
    assert stateful.status_code == 400  # a stateful replica needs the session it opened


async def test_api_retries_and_rate_limit_waits_are_counted() -> None:
    from gitbook_mcp.client import GitBookClient

    answers = iter([429, 200, 200])

    def api(request: httpx2.Request) -> httpx2.Response:
        status = next(answers)
        body = {"items": [], "next": None} if status == 200 else {"error": {"code": 429}}
        return httpx2.Response(status, json=body, headers={"retry-after": "0"})

    async def no_sleep(_: float) -> None:
        return None

    retries = sample("gitbook_mcp_api_retries_total", reason="429")
    api_waits = sample("gitbook_mcp_rate_limit_waits_total", source="api")
    cap_waits = sample("gitbook_mcp_rate_limit_waits_total", source="client")
    limited = sample("gitbook_mcp_api_requests_total", method="GET", status="429")
    async with GitBookClient(
        token=CANARY,
        base_url="http://api.test/v1",
        transport=httpx2.MockTransport(api),
        sleep=no_sleep,
        requests_per_second=20.0,
    ) as client:
        await client.orgs.list(limit=1)
        await client.orgs.list(limit=1)
    assert sample("gitbook_mcp_api_retries_total", reason="429") - retries == 1
    assert sample("gitbook_mcp_rate_limit_waits_total", source="api") - api_waits == 1
    assert sample("gitbook_mcp_rate_limit_waits_total", source="client") - cap_waits >= 1
    assert sample("gitbook_mcp_api_requests_total", method="GET", status="429") - limited == 1
