"""In-process access to the local workspace: an ``httpx2`` transport with no socket."""

from __future__ import annotations

import httpx2
from starlette.types import ASGIApp

from gitbook_mcp.local.faults import ConnectionDropped

__all__ = ["LocalTransport"]


class LocalTransport(httpx2.AsyncBaseTransport):
    """``httpx2.ASGITransport`` that turns an injected dropped connection into ``ReadError``."""

    def __init__(self, app: ASGIApp) -> None:
        self._inner = httpx2.ASGITransport(app=app)

    async def handle_async_request(self, request: httpx2.Request) -> httpx2.Response:
        try:
            return await self._inner.handle_async_request(request)
        except ConnectionDropped as exc:
            raise httpx2.ReadError("connection dropped by the server", request=request) from exc

    async def aclose(self) -> None:
        await self._inner.aclose()
