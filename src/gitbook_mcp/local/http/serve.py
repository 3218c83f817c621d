"""Serving the local API with uvicorn, with every bound uvicorn offers plus a header deadline.

Bounded: the body (size and arrival time, see `body`), the header block's size (h11's
``h11_max_incomplete_event_size``), idle keep-alive connections (``timeout_keep_alive``), the
connections and requests in flight (``limit_concurrency``, 503 beyond), and the time a client
may take to send a request's headers (`HEADER_TIMEOUT_S`, enforced by `_HeaderDeadline`, since
uvicorn's h11 protocol has no header timeout of its own).
"""

from __future__ import annotations

import asyncio
from typing import Any

import uvicorn
from starlette.types import ASGIApp
from uvicorn.protocols.http.h11_impl import H11Protocol

__all__ = [
    "HEADER_TIMEOUT_S",
    "KEEP_ALIVE_S",
    "MAX_CONCURRENCY",
    "MAX_HEADER_BYTES",
    "header_deadline_protocol",
    "server_config",
]

HEADER_TIMEOUT_S = 10.0
KEEP_ALIVE_S = 5
MAX_CONCURRENCY = 256
MAX_HEADER_BYTES = 16 * 1024


def header_deadline_protocol(timeout_s: float) -> type[asyncio.Protocol]:
    """uvicorn's h11 protocol, closing a connection whose request has not started in time."""

    class _HeaderDeadline(H11Protocol):
        # `cycle`, `loop` and `transport` are the protocol's own (unprefixed) attributes;
        # uvicorn offers no public hook for a header timeout, so this subclass reads them.
        _deadline: asyncio.TimerHandle | None = None

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            self._arm()

        def on_response_complete(self) -> None:
            super().on_response_complete()
            self._arm()

        def connection_lost(self, exc: Exception | None) -> None:
            if self._deadline is not None:
                self._deadline.cancel()
            super().connection_lost(exc)

        def _arm(self) -> None:
            if self._deadline is not None:
                self._deadline.cancel()
            waiting_after = self.cycle
            self._deadline = self.loop.call_later(timeout_s, self._expire, waiting_after)

        def _expire(self, waiting_after: Any) -> None:
            idle = self.cycle is waiting_after
            if idle and not self.transport.is_closing():
                self.transport.close()

    return _HeaderDeadline


def server_config(app: ASGIApp, host: str, port: int, log_level: str) -> uvicorn.Config:
    """The uvicorn configuration of ``gitbook-mcp local-api``."""
    return uvicorn.Config(
        app,
        host=host,
        port=port,
        log_level=log_level.lower(),
        log_config=None,  # uvicorn's records reach the root handler of `gitbook_mcp.logs`
        access_log=False,
        http=header_deadline_protocol(HEADER_TIMEOUT_S),
        timeout_keep_alive=KEEP_ALIVE_S,
        limit_concurrency=MAX_CONCURRENCY,
        h11_max_incomplete_event_size=MAX_HEADER_BYTES,
    )
