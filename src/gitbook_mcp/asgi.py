"""`HttpMiddleware`: the ASGI layer that acts on HTTP requests and lets other scopes through.

The MCP server's operational layers (request ids, in-flight count, session cap) and the local
workspace's dropped connections all pass lifespan and other non-HTTP scopes straight on.
"""

from __future__ import annotations

from abc import ABC, abstractmethod

from starlette.types import ASGIApp, Receive, Scope, Send

__all__ = ["HttpMiddleware"]


class HttpMiddleware(ABC):
    """Wraps ``app``: HTTP requests go through `handle`, any other scope straight to ``app``."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        await self.handle(scope, receive, send)

    @abstractmethod
    async def handle(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Serve one HTTP request: the subclass's own layer, which calls ``app`` when it passes."""
