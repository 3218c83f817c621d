"""`RouteSpec`: one row of the route table."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from starlette.responses import Response

from gitbook_mcp.api import route_of
from gitbook_mcp.local.http.call import Call

__all__ = ["Handler", "RouteSpec"]

Handler = Callable[[Call], Awaitable[Response]]


@dataclass(frozen=True)
class RouteSpec:
    """An operation: HTTP method, the contract's path template (under /v1) and handler; its
    operationId is the API's for that route (`gitbook_mcp.api`), or ``operation_id`` for a route
    the API lacks (tests)."""

    method: str
    path: str
    handler: Handler
    operation_id: str = field(default="")
    live_shape: Callable[[Any], None] | None = None
    """What the live profile changes in the route's whole answer, after each object's shape by
    its kind (`gitbook_mcp.local.http.shapes`); None for most routes."""

    def __post_init__(self) -> None:
        if not self.operation_id:
            object.__setattr__(self, "operation_id", route_of(self.method, self.path))
