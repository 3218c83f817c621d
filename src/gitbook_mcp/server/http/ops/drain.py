"""Graceful stop: on SIGTERM (or SIGINT) stop accepting, finish the calls in flight, exit 0.

uvicorn already closes its listening sockets on a signal, asks idle keep-alive connections to
close and waits for the requests in flight (up to ``timeout_graceful_shutdown``, our grace
period), then runs the lifespan shutdown. It then raises the captured signal again, which would
end the process with that signal instead of status 0; `DrainingServer` handles the signal without
re-raising it (`gitbook_mcp.server.http.ops.shutdown`, imported only when HTTP serves). While draining, ``/readyz`` answers 503 (`Drain.draining`) so that a load balancer
that still probes stops sending, and the number of calls still in flight is logged.
"""

from __future__ import annotations

from starlette.types import ASGIApp, Receive, Scope, Send

from gitbook_mcp.asgi import HttpMiddleware
from gitbook_mcp.server.http.ops.metrics import IN_FLIGHT

__all__ = ["Drain", "InFlight"]


class Drain:
    """Whether the process is draining, and how many HTTP requests are in flight."""

    def __init__(self) -> None:
        self.draining = False
        self.in_flight = 0


class InFlight(HttpMiddleware):
    """Count the HTTP requests being served (for the drain log and the in-flight gauge)."""

    def __init__(self, app: ASGIApp, drain: Drain) -> None:
        super().__init__(app)
        self.drain = drain

    async def handle(self, scope: Scope, receive: Receive, send: Send) -> None:
        self.drain.in_flight += 1
        IN_FLIGHT.inc()
        try:
            await self.app(scope, receive, send)
        finally:
            self.drain.in_flight -= 1
            IN_FLIGHT.dec()
