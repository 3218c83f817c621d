"""`RouteSpec`: one row of the route table."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from starlette.responses import Response

from gitbook_mcp.api import OPERATIONS
from gitbook_mcp.local.http.call import Call

__all__ = ["Handler", "RouteSpec"]

Handler = Callable[[Call], Awaitable[Response]]


@dataclass(frozen=True)
class RouteSpec:
    """An operation, by its operationId, and its handler; its HTTP method and path template
    (under /v1) are the API table's (`gitbook_mcp.api`), given here only for a route the API
    lacks (tests)."""

    operation_id: str
    handler: Handler
    live_shape: Callable[[Any], None] | None = None
    """What the live profile changes in the route's whole answer, after each object's shape by
    its kind (`gitbook_mcp.local.http.shapes`); None for most routes."""
    method: str = field(default="")
    path: str = field(default="")

    def __post_init__(self) -> None:
        if not self.path:
            try:
                row = OPERATIONS[self.operation_id]
            except KeyError:
                raise LookupError(f"the API has no operation {self.operation_id!r}") from None
            object.__setattr__(self, "method", row.method)
            object.__setattr__(self, "path", row.path)
