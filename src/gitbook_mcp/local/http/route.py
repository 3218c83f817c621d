"""`RouteSpec`: one row of the route table."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from starlette.responses import Response

from gitbook_mcp.local.http.call import Call

__all__ = ["Handler", "RouteSpec"]

Handler = Callable[[Call], Awaitable[Response]]


@dataclass(frozen=True)
class RouteSpec:
    """An operation: HTTP method, the contract's path template (under /v1), handler, opId."""

    method: str
    path: str
    handler: Handler
    operation_id: str
