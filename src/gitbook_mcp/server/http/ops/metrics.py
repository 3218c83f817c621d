"""Prometheus metrics (prometheus-client) and the ``/metrics`` route.

Labels are bounded and carry no secret: a tool's registered name, an outcome, an HTTP method, a
status code or failure kind, a retry reason. Never a token, a caller id, a session id or a path
with ids in it. The metrics live in the default registry, once per process (one replica).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from prometheus_client import (
    CONTENT_TYPE_LATEST,
    REGISTRY,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    generate_latest,
)
from prometheus_client.exposition import choose_encoder
from starlette.types import ASGIApp, Receive, Scope, Send

from gitbook_mcp.client._base import add_observer

__all__ = [
    "API_REQUESTS",
    "API_SECONDS",
    "HTTP_REJECTED",
    "IN_FLIGHT",
    "METRICS_PATH",
    "OPENMETRICS",
    "OPEN_SESSIONS",
    "RATE_LIMIT_WAITS",
    "RATE_LIMIT_WAIT_SECONDS",
    "RETRIES",
    "TOOL_CALLS",
    "TOOL_SECONDS",
    "ApiObserver",
    "MetricsRoute",
    "exposition_for",
    "metrics_app",
    "observe_tool_call",
]

METRICS_PATH: Final = "/metrics"
OPENMETRICS: Final = "application/openmetrics-text"
_LATENCY = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0)

TOOL_CALLS = Counter(
    "gitbook_mcp_tool_calls",
    "Tool calls by tool and outcome (ok, invalid, error)",
    ["tool", "outcome"],
)
TOOL_SECONDS = Histogram(
    "gitbook_mcp_tool_call_seconds", "Tool call latency in seconds", ["tool"], buckets=_LATENCY
)
API_REQUESTS = Counter(
    "gitbook_mcp_api_requests",
    "API requests by method and status (an HTTP code, or connect/timeout/network)",
    ["method", "status"],
)
API_SECONDS = Histogram(
    "gitbook_mcp_api_request_seconds", "API request latency in seconds", buckets=_LATENCY
)
RETRIES = Counter("gitbook_mcp_api_retries", "API requests retried, by reason", ["reason"])
RATE_LIMIT_WAITS = Counter(
    "gitbook_mcp_rate_limit_waits",
    "Waits for a rate limit: the API's 429 (api) or the client's own request-rate cap (client)",
    ["source"],
)
RATE_LIMIT_WAIT_SECONDS = Counter(
    "gitbook_mcp_rate_limit_wait_seconds", "Seconds spent waiting for rate limits", ["source"]
)
OPEN_SESSIONS = Gauge("gitbook_mcp_open_sessions", "Open streamable-HTTP sessions")
IN_FLIGHT = Gauge("gitbook_mcp_http_in_flight", "MCP HTTP requests being served")
HTTP_REJECTED = Counter(
    "gitbook_mcp_http_rejected",
    "MCP HTTP requests refused before the server (rate_limited, in_flight, session_cap, draining)",
    ["reason"],
)

_CLIENT_WAIT_FLOOR = 0.001
"""A client rate-cap wait shorter than this is not a wait (the lock was free)."""


def observe_tool_call(tool: str, outcome: str, seconds: float) -> None:
    """Count one tool call and its latency."""
    TOOL_CALLS.labels(tool=tool, outcome=outcome).inc()
    TOOL_SECONDS.labels(tool=tool).observe(seconds)


class ApiObserver:
    """The API client's hook: requests by status, retries, rate-limit waits."""

    def api_request(
        self, method: str, status: int | None, failure: str | None, seconds: float
    ) -> None:
        """One attempt finished (``status``) or failed (``failure``)."""
        API_REQUESTS.labels(
            method=method, status=str(status) if status else failure or "unknown"
        ).inc()
        API_SECONDS.observe(seconds)

    def api_retry(self, reason: str, delay: float) -> None:
        """An attempt will be retried after ``delay`` seconds."""
        RETRIES.labels(reason=reason).inc()
        if reason == "429":
            RATE_LIMIT_WAITS.labels(source="api").inc()
            RATE_LIMIT_WAIT_SECONDS.labels(source="api").inc(delay)

    def rate_wait(self, seconds: float) -> None:
        """The client's own request-rate cap held a request back."""
        if seconds >= _CLIENT_WAIT_FLOOR:
            RATE_LIMIT_WAITS.labels(source="client").inc()
            RATE_LIMIT_WAIT_SECONDS.labels(source="client").inc(seconds)


add_observer(ApiObserver())


class MetricsRoute:
    """``GET /metrics``: the exposition of ``registry``, to requests ``allow`` lets in (401 for
    the others; everyone when None): OpenMetrics when ``Accept`` asks for
    ``application/openmetrics-text``, else the Prometheus text format."""

    def __init__(
        self,
        app: ASGIApp,
        registry: CollectorRegistry = REGISTRY,
        *,
        allow: Callable[[Scope], bool] | None = None,
    ) -> None:
        self.app = app
        self.registry = registry
        self.allow = allow

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope.get("path") != METRICS_PATH:
            await self.app(scope, receive, send)
            return
        if self.allow is not None and not self.allow(scope):
            headers = [(b"content-type", b"application/json"), (b"www-authenticate", b"Bearer")]
            await send({"type": "http.response.start", "status": 401, "headers": headers})
            await send({"type": "http.response.body", "body": b'{"error":"bearer required"}'})
            return
        encode, content_type = exposition_for(_header(scope, b"accept"))
        body = encode(self.registry)
        headers = [(b"content-type", content_type.encode()), (b"cache-control", b"no-store")]
        await send({"type": "http.response.start", "status": 200, "headers": headers})
        await send({"type": "http.response.body", "body": body})


def exposition_for(accept: str) -> tuple[Callable[[CollectorRegistry], bytes], str]:
    """The encoder and content type ``accept`` asks for: prometheus-client's own negotiation when
    OpenMetrics is among the accepted types, else the Prometheus text format."""
    wanted = {part.split(";")[0].strip().lower() for part in accept.split(",")}
    if OPENMETRICS in wanted:
        return choose_encoder(accept)
    return generate_latest, CONTENT_TYPE_LATEST


def _header(scope: Scope, name: bytes) -> str:
    """One request header of ``scope``, joined when repeated ('' when absent)."""
    values = [v.decode("latin-1") for k, v in scope.get("headers", ()) if k.lower() == name]
    return ",".join(values)


async def _not_found(scope: Scope, receive: Receive, send: Send) -> None:  # noqa: ARG001 - an ASGI app's signature
    if scope["type"] != "http":
        return
    headers = [(b"content-type", b"application/json")]
    await send({"type": "http.response.start", "status": 404, "headers": headers})
    await send({"type": "http.response.body", "body": b'{"error":"not found"}'})


def metrics_app() -> ASGIApp:
    """The app of the ``--metrics-port`` listener: ``/metrics`` and nothing else (404)."""
    return MetricsRoute(_not_found)
