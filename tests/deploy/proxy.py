"""A small round-robin HTTP proxy on loopback, the load balancer of the replica tests.

Like an ordinary load balancer: each request goes to the next replica; a replica that refuses
the connection is marked down and the request goes to the next one (nothing was sent, so that
is safe); a replica that fails after the request was sent answers 502, which a client retries.
Answers are buffered whole (the replicas answer 2026-07-28 calls with JSON).
"""

from __future__ import annotations

import itertools
from typing import Final

import httpx2
from starlette.types import Receive, Scope, Send

__all__ = ["RETRYABLE", "RoundRobinProxy"]

RETRYABLE: Final = 502
"""The status of a request that reached a replica that then failed: retry it elsewhere."""
_HOP: Final = frozenset({b"host", b"connection", b"content-length", b"transfer-encoding"})


class RoundRobinProxy:
    """An ASGI app forwarding each request to the next live upstream."""

    def __init__(self, upstreams: list[str]) -> None:
        self.upstreams = upstreams
        self.down: set[str] = set()
        self.served: dict[str, int] = dict.fromkeys(upstreams, 0)
        self.in_flight: dict[str, int] = dict.fromkeys(upstreams, 0)
        """Requests sent to each upstream and not yet answered."""
        self._turn = itertools.cycle(upstreams)
        # Idle connections are dropped after 2 s, well before the replicas' own keep-alive
        # timeout (uvicorn's 5 s), as load balancers are configured: otherwise a request sent on
        # a connection the replica is closing at that instant fails with no replica down.
        limits = httpx2.Limits(max_connections=200, keepalive_expiry=2.0)
        self._http = httpx2.AsyncClient(timeout=30, limits=limits)

    async def aclose(self) -> None:
        """Close the connections to the upstreams."""
        await self._http.aclose()

    def _next(self) -> str | None:
        for _ in self.upstreams:
            upstream = next(self._turn)
            if upstream not in self.down:
                return upstream
        return None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            return
        body = b""
        more = True
        while more:
            message = await receive()
            body += message.get("body", b"")
            more = bool(message.get("more_body", False))
        headers = [(k, v) for k, v in scope["headers"] if k not in _HOP]
        status, out_headers, content = await self._forward(scope, headers, body)
        await send({"type": "http.response.start", "status": status, "headers": out_headers})
        await send({"type": "http.response.body", "body": content})

    async def _forward(
        self, scope: Scope, headers: list[tuple[bytes, bytes]], body: bytes
    ) -> tuple[int, list[tuple[bytes, bytes]], bytes]:
        while (upstream := self._next()) is not None:
            url = upstream + scope["path"]
            self.in_flight[upstream] += 1
            try:
                answer = await self._http.request(
                    scope["method"], url, headers=headers, content=body
                )
            except httpx2.ConnectError:
                self.in_flight[upstream] -= 1
                self.down.add(upstream)  # never reached it: try the next one
                continue
            except httpx2.HTTPError:
                self.in_flight[upstream] -= 1
                return (
                    RETRYABLE,
                    [(b"content-type", b"application/json")],
                    b'{"error":"upstream failed"}',
                )
            self.in_flight[upstream] -= 1
            self.served[upstream] += 1
            kept = [
                (k.encode(), v.encode())
                for k, v in answer.headers.items()
                if k.encode() not in _HOP and k != "content-encoding"
            ]
            return answer.status_code, kept, answer.content
        return 503, [(b"retry-after", b"1")], b'{"error":"no upstream"}'
