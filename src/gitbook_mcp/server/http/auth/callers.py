"""Each caller's own runtime (API client, permissions, offered tools), kept briefly.

In ``--auth upstream`` every verified token gets a `Runtime` of its own, created on its first
request and kept in a bounded, expiring cache keyed by `caller_key`: the least recently used
caller is dropped beyond ``max_size``, and any caller idle for ``ttl`` seconds. A dropped
caller's client is closed once its last request in flight is done, never under it.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from contextlib import AsyncExitStack, asynccontextmanager
from dataclasses import dataclass

import anyio

from gitbook_mcp.logs import get_logger
from gitbook_mcp.server.calls.runtime import Runtime
from gitbook_mcp.server.http.auth.cache import ExpiringLRU
from gitbook_mcp.server.http.auth.keys import caller_key

__all__ = ["Callers"]

_log = get_logger("gitbook_mcp.server.http.auth")


@dataclass
class _Caller:
    runtime: Runtime
    key: str
    users: int = 0
    retired: bool = False


class Callers:
    """The runtimes of recent callers, by caller key; see the module's docstring."""

    def __init__(
        self, make_runtime: Callable[[str], Runtime], *, max_size: int, ttl: float
    ) -> None:
        self.make_runtime = make_runtime
        self._cache: ExpiringLRU[_Caller] = ExpiringLRU(max_size, ttl)
        self._lock = anyio.Lock()

    def __len__(self) -> int:
        return len(self._cache)

    def held_keys(self) -> list[str]:
        """The caller keys held now (hashes, never tokens)."""
        return self._cache.held_keys()

    @asynccontextmanager
    async def use(self, token: str) -> AsyncIterator[Runtime]:
        """The caller's runtime for one request (created on first use, kept while in use)."""
        key = caller_key(token)
        async with self._lock:
            gone = self._cache.prune()
            caller = self._cache.get(key)
            if caller is None:
                runtime = self.make_runtime(token)
                runtime.stack = AsyncExitStack()
                caller = _Caller(runtime, key)
                gone += self._cache.put(key, caller)
                _log.debug("caller.added", caller=key[:12], callers=len(self._cache))
            else:
                self._cache.touch(key)
            caller.users += 1
        for old in gone:
            await self._retire(old)
        try:
            yield caller.runtime
        finally:
            caller.users -= 1
            if caller.retired and caller.users == 0:
                await self._close(caller)

    async def aclose(self) -> None:
        """Close every caller's client (at shutdown)."""
        async with self._lock:
            gone = self._cache.clear()
        for caller in gone:
            await self._retire(caller)

    async def _retire(self, caller: _Caller) -> None:
        caller.retired = True
        if caller.users == 0:
            await self._close(caller)

    async def _close(self, caller: _Caller) -> None:
        stack, caller.runtime.stack = caller.runtime.stack, None
        caller.runtime.client = None
        if stack is not None:
            with anyio.CancelScope(shield=True):
                await stack.aclose()
            _log.debug("caller.closed", caller=caller.key[:12])
