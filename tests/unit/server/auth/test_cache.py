"""Callers are kept bounded and briefly; a dropped caller's client closes after its last call."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import anyio
import anyio.lowlevel
import pytest

from gitbook_mcp.server.calls.runtime import Runtime
from gitbook_mcp.server.http.auth.cache import ExpiringLRU
from gitbook_mcp.server.http.auth.callers import Callers
from gitbook_mcp.server.http.auth.keys import caller_key


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_the_least_recently_used_goes_first_and_nothing_outlives_its_ttl() -> None:
    clock = Clock()
    cache: ExpiringLRU[str] = ExpiringLRU(2, 10.0, clock=clock)
    assert cache.put("a", "A") == []
    assert cache.put("b", "B") == []
    assert cache.get("a") == "A"  # a is now the most recently used
    assert cache.put("c", "C") == ["B"]
    assert sorted(cache.held_keys()) == ["a", "c"]
    clock.now = 9.0
    cache.touch("c")
    clock.now = 10.0
    assert cache.get("a") is None
    assert cache.prune() == []
    assert cache.get("c") == "C"
    clock.now = 19.0
    assert cache.prune() == ["C"]
    assert len(cache) == 0


@pytest.mark.anyio
async def test_a_dropped_caller_is_closed_only_when_its_last_request_ends() -> None:
    closed: list[str] = []

    def make_runtime(token: str) -> Runtime:
        @asynccontextmanager
        async def factory() -> AsyncIterator[Any]:
            try:
                yield object()
            finally:
                closed.append(token)

        return Runtime([], factory, refresh_interval=60)

    callers = Callers(make_runtime, max_size=1, ttl=60)
    async with callers.use("gb_first") as first:
        await first.get_client()
        async with callers.use("gb_first") as again:
            assert again is first  # one runtime per token
        async with callers.use("gb_second") as second:  # pushes the first out...
            await second.get_client()
            assert callers.held_keys() == [caller_key("gb_second")]
            assert closed == []  # ...but it is still in use
        await anyio.lowlevel.checkpoint()
        assert closed == []
    assert closed == ["gb_first"]
    await callers.aclose()
    assert closed == ["gb_first", "gb_second"]
