"""Calls in flight per caller: at most `IN_FLIGHT` run at once, `WAITING` more queue, and the rest
are refused at once with a tool error that says when to retry (over HTTP, the edge answers 429
first: `server.http.ops.limits.CallerInFlight`).

The rate limit counts requests per second; this counts work in flight, so that a caller cannot
hold the server's CPU with a few dozen costly calls sent together. A caller is the
authenticated tenant under ``--auth upstream`` (its token's hash), else its MCP session over
HTTP (sessions per caller are capped), else the client's address (a stateless request), else
the process's one local user (stdio).
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any, Final

import anyio

from gitbook_mcp.server.http.auth.keys import CALLER_KEY

__all__ = [
    "CALL_HOLDER",
    "IN_FLIGHT",
    "WAITING",
    "CallSlots",
    "TooManyInFlight",
    "caller_of_call",
    "holder_of_call",
]

IN_FLIGHT: Final = 2
"""Tool calls of one caller that run at once."""
WAITING: Final = 2
"""Tool calls of one caller that wait for a slot; beyond that, a call is refused."""


CALL_HOLDER: ContextVar[str] = ContextVar("gitbook_mcp_call_holder", default="")
"""The caller and session of the call being served (`holder_of_call`): what a confirm token is
bound to, so that one caller's token confirms nothing for another."""


class TooManyInFlight(Exception):
    """The caller already has `IN_FLIGHT` calls running and `WAITING` queued."""


def caller_of_call(request: Any) -> str:
    """Who makes this call: ``token:<hash>`` under ``--auth upstream``, else the MCP session of
    its HTTP request (``session:<Mcp-Session-Id>``), else its client address, else ``local``
    (stdio: the one user of the process)."""
    if (key := CALLER_KEY.get()) is not None:
        return f"token:{key}"
    headers = getattr(request, "headers", None)
    session = headers.get("mcp-session-id") if headers is not None else None
    if session:
        return f"session:{session[:128]}"
    scope = getattr(request, "scope", None)
    client = scope.get("client") if isinstance(scope, dict) else None
    if client:
        return f"addr:{client[0]}"
    return "local"


def holder_of_call(request: Any, server: object, caller: str) -> str:
    """``caller`` and its MCP session: the ``Mcp-Session-Id`` of an HTTP request (none on a
    stateless one: the caller alone), else the server (stdio: one connection per process)."""
    headers = getattr(request, "headers", None)
    if headers is not None:
        return f"{caller} {headers.get('mcp-session-id', '')}"
    return f"{caller} {id(server):x}"


@dataclass
class _Slots:
    semaphore: anyio.Semaphore
    holders: int = 0


@dataclass
class CallSlots:
    """The slots of every caller with calls in flight (forgotten when its last call ends)."""

    in_flight: int = IN_FLIGHT
    waiting: int = WAITING
    callers: dict[str, _Slots] = field(default_factory=dict)

    def running(self, caller: str) -> int:
        """Calls of ``caller`` holding a slot now."""
        slots = self.callers.get(caller)
        return 0 if slots is None else self.in_flight - slots.semaphore.value

    @asynccontextmanager
    async def hold(self, caller: str) -> AsyncIterator[None]:
        """Run the body in one of ``caller``'s slots, its CPU work in ``caller``'s share;
        `TooManyInFlight` when its queue is full."""
        slots = self.callers.get(caller)
        if slots is None:
            slots = self.callers[caller] = _Slots(anyio.Semaphore(self.in_flight))
        if slots.holders >= self.in_flight + self.waiting:
            raise TooManyInFlight(caller)
        slots.holders += 1
        # Imported here: the document package is the first tool call's, not start-up's.
        from gitbook_mcp.document.cpu import CPU_OWNER

        owner = CPU_OWNER.set(caller)
        try:
            async with slots.semaphore:
                yield
        finally:
            CPU_OWNER.reset(owner)
            slots.holders -= 1
            if slots.holders == 0:
                del self.callers[caller]
