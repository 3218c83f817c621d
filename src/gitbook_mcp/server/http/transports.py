"""The MCP server's HTTP app (SSE or streamable HTTP) and its uvicorn configuration; the
process that serves it is `gitbook_mcp.cli.serve`.

HTTP binds to loopback by default with DNS-rebinding protection (allowed hosts and origins are
configurable). When a bearer token is configured (required when binding beyond loopback), every
HTTP request must carry it; the check is a small ASGI layer in front of the SDK's app. With
``--auth upstream`` each request carries the caller's own API token instead (`server.http.auth`).

No request is held open forever: the request line and headers must arrive within
`HEADER_TIMEOUT` seconds of the connection (or of the previous response), through uvicorn's h11
protocol with a timer (uvicorn has no setting for it); a request body must arrive within
`BODY_TIMEOUT` seconds (408) and stay under `MAX_BODY_BYTES` (413, the SDK's SSE limit). Session
ids, which the SDK logs at INFO, are logged as a short hash at DEBUG.

`/healthz` (the process answers) and `/readyz` (the API answers one cheap authenticated request,
cached for `READY_CACHE_SECONDS`) are served in front of the bearer check and the MCP path, so
that probes need no token; neither ever shows a token or an upstream body. Every route, probes
included, is behind the Host allow-list. ``/metrics`` is on its own listener with
``--metrics-port``, else behind the bearer (under ``--auth upstream``: a verified caller's).
The layers of `gitbook_mcp.server.http.ops` wrap the app: a request id per request, the in-flight
count and drain on SIGTERM, a per-caller rate limit and session quotas (429).
"""

from __future__ import annotations

import hashlib
import logging
import math
import re
import time
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import anyio
from mcp.server.transport_security import TransportSecuritySettings
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from gitbook_mcp.logs import get_logger
from gitbook_mcp.server.http.ops.drain import Drain, InFlight
from gitbook_mcp.server.http.ops.edge import BearerAuth, HostCheck, OneAuthorization
from gitbook_mcp.server.http.ops.limits import Trusted, bearer_of, with_rate_limit
from gitbook_mcp.server.http.ops.metrics import MetricsRoute
from gitbook_mcp.server.http.ops.request_id import RequestIdMiddleware
from gitbook_mcp.server.http.ops.sessions import with_session_cap
from gitbook_mcp.server.http.ops.sse_sessions import with_sse_session_cap

if TYPE_CHECKING:
    import asyncio

    import uvicorn

    from gitbook_mcp.config.settings import Settings
    from gitbook_mcp.server.app import GitBookServer
    from gitbook_mcp.server.calls.runtime import Runtime

__all__ = [
    "BODY_TIMEOUT",
    "HEADER_TIMEOUT",
    "MAX_BODY_BYTES",
    "READY_CACHE_SECONDS",
    "READY_TIMEOUT",
    "BearerAuth",
    "BodyLimit",
    "HealthRoutes",
    "SessionIdFilter",
    "header_timeout_protocol",
    "hide_session_ids",
    "http_app",
    "security_settings",
    "uvicorn_config",
]

HEADER_TIMEOUT = 10.0
"""Seconds for a request line and its headers to arrive."""
BODY_TIMEOUT = 30.0
"""Seconds for a whole request body to arrive."""
MAX_BODY_BYTES = 4 * 1024 * 1024
"""Largest request body accepted (the SDK's own limit on its SSE transport)."""
READY_CACHE_SECONDS = 5.0
"""Seconds a readiness answer is reused, so that probes do not hammer the API."""
READY_TIMEOUT = 5.0
"""Seconds the readiness request may take before the API counts as down."""
_health_log = get_logger("gitbook_mcp.server")
_SESSION_LOGGERS = ("mcp.server.streamable_http_manager", "mcp.server.streamable_http")


def security_settings(settings: Settings) -> TransportSecuritySettings:
    """Host and Origin checks: loopback names for this port, plus any configured ones."""
    hosts = [f"127.0.0.1:{settings.port}", f"localhost:{settings.port}", f"[::1]:{settings.port}"]
    origins = [f"http://{h}" for h in hosts]
    if settings.host not in ("127.0.0.1", "localhost", "::1", "0.0.0.0", "::"):
        hosts.append(f"{settings.host}:{settings.port}")
        origins.append(f"http://{settings.host}:{settings.port}")
    return TransportSecuritySettings(
        enable_dns_rebinding_protection=True,
        allowed_hosts=hosts + list(settings.allowed_hosts),
        allowed_origins=origins + list(settings.allowed_origins),
    )


async def _answer(send: Send, status: int, error: str) -> None:
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [(b"content-type", b"application/json"), (b"connection", b"close")],
        }
    )
    await send({"type": "http.response.body", "body": f'{{"error":"{error}"}}'.encode()})


class BodyLimit:
    """Read a request body whole, within ``timeout`` seconds and ``max_bytes``, then pass it on."""

    def __init__(
        self, app: ASGIApp, *, max_bytes: int = MAX_BODY_BYTES, timeout: float = BODY_TIMEOUT
    ) -> None:
        self.app = app
        self.max_bytes = max_bytes
        self.timeout = timeout

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] in ("GET", "HEAD", "DELETE", "OPTIONS"):
            await self.app(scope, receive, send)
            return
        length = dict(scope.get("headers") or []).get(b"content-length", b"0")
        if length.isdigit() and int(length) > self.max_bytes:
            await _answer(send, 413, "request body too large")
            return
        chunks: list[bytes] = []
        size = 0
        with anyio.move_on_after(self.timeout) as waited:
            more = True
            while more:
                message = await receive()
                if message["type"] != "http.request":
                    return  # the client went away
                chunks.append(message.get("body", b""))
                size += len(chunks[-1])
                if size > self.max_bytes:
                    await _answer(send, 413, "request body too large")
                    return
                more = bool(message.get("more_body", False))
        if waited.cancelled_caught:
            await _answer(send, 408, "request body not received in time")
            return
        await self.app(scope, _replay(b"".join(chunks), receive), send)


def _replay(body: bytes, receive: Receive) -> Receive:
    """A ``receive`` that gives ``body`` once, then whatever the connection says next."""
    sent = False

    async def replay() -> Message:
        nonlocal sent
        if sent:
            return await receive()
        sent = True
        return {"type": "http.request", "body": body, "more_body": False}

    return replay


class HealthRoutes:
    """``GET /healthz`` and ``GET /readyz`` for probes, answered before anything else runs."""

    def __init__(
        self,
        app: ASGIApp,
        runtime: Runtime,
        *,
        cache_seconds: float = READY_CACHE_SECONDS,
        probe: Callable[[], Awaitable[None]] | None = None,
        drain: Drain | None = None,
    ) -> None:
        self.app = app
        self.runtime = runtime
        self.probe = probe
        """How to check the API instead of the runtime's client (``--auth upstream``)."""
        self.drain = drain
        self.cache_seconds = cache_seconds
        self._checked_at: float | None = None
        self._reason: str | None = None
        self._lock = anyio.Lock()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        path = scope.get("path") if scope["type"] == "http" else None
        if path not in ("/healthz", "/readyz") or scope["method"] not in ("GET", "HEAD"):
            await self.app(scope, receive, send)
            return
        reason = await self.readiness() if path == "/readyz" else None
        if path == "/readyz" and self.drain is not None and self.drain.draining:
            reason = "draining"
        status = 503 if reason else 200
        body = f'{{"status":"unavailable","reason":"{reason}"}}' if reason else '{"status":"ok"}'
        await send(
            {
                "type": "http.response.start",
                "status": status,
                "headers": [
                    (b"content-type", b"application/json"),
                    (b"cache-control", b"no-store"),
                ],
            }
        )
        await send({"type": "http.response.body", "body": body.encode()})

    async def readiness(self) -> str | None:
        """``None`` when the API answered lately, else a short reason (an error's class name)."""
        async with self._lock:
            now = time.monotonic()
            if self._checked_at is None or now - self._checked_at >= self.cache_seconds:
                self._reason = await self._probe()
                self._checked_at = time.monotonic()
            return self._reason

    async def _probe(self) -> str | None:
        try:
            with anyio.fail_after(READY_TIMEOUT):
                if self.probe is not None:
                    await self.probe()
                elif self.runtime.client is not None:
                    await self.runtime.client.orgs.list(limit=1).to_list(max_items=1)
                else:
                    async with self.runtime.factory() as client:
                        await client.orgs.list(limit=1).to_list(max_items=1)
        except TimeoutError:
            return "api did not answer in time"
        except Exception as exc:  # noqa: BLE001 - any failure means not ready; only its class is shown
            _health_log.warning("readiness.failed", error=type(exc).__name__)
            return f"api unavailable ({type(exc).__name__})"
        return None


def header_timeout_protocol(seconds: float) -> type[asyncio.Protocol]:
    """uvicorn's h11 protocol, closing a connection whose request headers are late."""
    # Imported here: stdio never loads the HTTP stack.
    import h11
    from uvicorn.protocols.http.h11_impl import H11Protocol

    class HeaderTimeoutProtocol(H11Protocol):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self._header_timer: Any = None

        def _await_headers(self) -> None:
            if self._header_timer is None:
                self._header_timer = self.loop.call_later(seconds, self._headers_late)

        def _headers_late(self) -> None:
            self._header_timer = None
            if self.conn.their_state is h11.IDLE and not self.transport.is_closing():
                self.transport.close()

        def _stop_waiting(self) -> None:
            if self._header_timer is not None:
                self._header_timer.cancel()
                self._header_timer = None

        def connection_made(self, transport: Any) -> None:
            super().connection_made(transport)
            self._await_headers()

        def data_received(self, data: bytes) -> None:
            if self.conn.their_state is h11.IDLE:
                self._await_headers()
            super().data_received(data)

        def on_response_complete(self) -> None:
            self._stop_waiting()
            super().on_response_complete()

        def connection_lost(self, exc: Exception | None) -> None:
            self._stop_waiting()
            super().connection_lost(exc)

    return HeaderTimeoutProtocol


class SessionIdFilter(logging.Filter):
    """The SDK logs session ids at INFO: rewrite each as a short hash, at DEBUG."""

    _SESSION = re.compile(r"(?i)(session(?: id)?:?\s+)(\S*\d\S*)")

    def __init__(self, level: int) -> None:
        super().__init__()
        self.level = level

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        hidden = self._SESSION.sub(lambda m: m.group(1) + _short_hash(m.group(2)), message)
        if hidden == message:
            return True
        record.msg, record.args = hidden, ()
        record.levelno, record.levelname = logging.DEBUG, "DEBUG"
        return self.level <= logging.DEBUG


def _short_hash(value: str) -> str:
    return "#" + hashlib.sha256(value.encode()).hexdigest()[:8]


def hide_session_ids(level: str) -> None:
    """Install `SessionIdFilter` on the SDK's session loggers (once)."""
    numeric = logging.getLevelNamesMapping().get(level.upper(), logging.INFO)
    for name in _SESSION_LOGGERS:
        logger = logging.getLogger(name)
        logger.filters = [f for f in logger.filters if not isinstance(f, SessionIdFilter)]
        logger.addFilter(SessionIdFilter(numeric))


def http_app(server: GitBookServer, settings: Settings, drain: Drain | None = None) -> ASGIApp:
    """The ASGI app for SSE or streamable HTTP, outermost first: request id, in-flight count,
    Host check, one Authorization, probes, per-caller rate limit, optional bearer, ``/metrics``
    (unless on its own port), body limits, session quotas."""
    hide_session_ids(settings.log_level)
    security = security_settings(settings)
    verifier = server.verifier
    trusted: Trusted | None = verifier.known_valid if verifier is not None else None
    if settings.transport == "sse":
        app: ASGIApp = server.sse_app(transport_security=security, host=settings.host)
        app = with_sse_session_cap(app, settings, trusted)
    else:
        app = server.streamable_http_app(
            transport_security=security,
            host=settings.host,
            stateless_http=settings.stateless,
            session_idle_timeout=settings.session_idle_timeout,
            max_sessions=settings.max_sessions,
        )
        app = with_session_cap(app, settings, trusted)
    app = BodyLimit(app)
    if not settings.metrics_port:
        app = MetricsRoute(app, allow=_verified(trusted))
    if settings.mcp_auth_token:
        app = BearerAuth(app, settings.mcp_auth_token)
    if verifier is not None:
        from gitbook_mcp.server.http.auth.gate import UpstreamGate

        app = UpstreamGate(app, verifier)
    app = with_rate_limit(app, settings, verifier.vouched if verifier is not None else None)
    drain = drain or Drain()
    app = HealthRoutes(app, server.base_runtime, probe=server.ready_probe, drain=drain)
    app = HostCheck(OneAuthorization(app), security.allowed_hosts)
    return RequestIdMiddleware(InFlight(app, drain))


def _verified(trusted: Trusted | None) -> Callable[[Scope], bool] | None:
    """Under ``--auth upstream``, ``/metrics`` answers a caller whose bearer is verified only."""
    if trusted is None:
        return None
    return lambda scope: bool(bearer_of(scope)) and trusted(bearer_of(scope))


def uvicorn_config(
    app: ASGIApp, settings: Settings, *, header_timeout: float = HEADER_TIMEOUT
) -> uvicorn.Config:
    """uvicorn's configuration: loopback or the configured host, late headers refused."""
    from uvicorn import Config

    return Config(
        app,
        host=settings.host,
        port=settings.port,
        log_level=settings.log_level.lower(),
        log_config=None,  # uvicorn's records reach the root handler of `gitbook_mcp.logs`
        access_log=False,
        lifespan="on",
        http=header_timeout_protocol(header_timeout),
        h11_max_incomplete_event_size=64 * 1024,
        timeout_graceful_shutdown=math.ceil(settings.drain_grace),
    )
