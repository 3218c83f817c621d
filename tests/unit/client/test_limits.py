"""The client's rate limiter: a token bucket driven by a fake clock, so no test sleeps."""

from __future__ import annotations

import math
import time

import anyio
import httpx2
import pytest

from gitbook_mcp.client import GitBookClient
from gitbook_mcp.client.limits import Throttle

pytestmark = pytest.mark.anyio


class FakeTime:
    """A clock that only moves when the limiter sleeps; records every sleep."""

    def __init__(self) -> None:
        self.now = 100.0
        self.sleeps: list[float] = []

    def clock(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.sleeps.append(seconds)
        self.now += seconds
        await anyio.lowlevel.checkpoint()


def _limiter(rate: float, burst: int = 1) -> tuple[Throttle, FakeTime]:
    fake = FakeTime()
    return Throttle(rate, burst=burst, clock=fake.clock, sleep=fake.sleep), fake


@pytest.mark.parametrize("rate", [0.0, -1.0, math.nan, math.inf])
def test_a_rate_that_is_not_positive_and_finite_is_refused(rate: float) -> None:
    with pytest.raises(ValueError, match="positive finite"):
        Throttle(rate)


async def test_the_first_request_goes_at_once_and_the_next_waits_one_interval() -> None:
    limiter, fake = _limiter(rate=4.0)
    await limiter.acquire()
    assert fake.sleeps == []
    await limiter.acquire()
    assert fake.sleeps == [pytest.approx(0.25)]


async def test_a_burst_goes_at_once_then_requests_are_paced() -> None:
    limiter, fake = _limiter(rate=10.0, burst=3)
    for _ in range(3):
        await limiter.acquire()
    assert fake.sleeps == []
    for _ in range(2):
        await limiter.acquire()
    assert fake.sleeps == [pytest.approx(0.1), pytest.approx(0.1)]


async def test_a_quiet_period_refills_the_bucket_but_never_beyond_the_burst() -> None:
    limiter, fake = _limiter(rate=10.0, burst=2)
    await limiter.acquire()
    await limiter.acquire()
    fake.now += 60.0  # a long pause earns 600 tokens, capped at 2
    for _ in range(3):
        await limiter.acquire()
    assert fake.sleeps == [pytest.approx(0.1)]


async def test_a_partly_refilled_token_waits_only_for_the_rest() -> None:
    limiter, fake = _limiter(rate=2.0)
    await limiter.acquire()
    fake.now += 0.2  # 0.4 of a token earned; 0.3 s remain of the 0.5 s interval
    await limiter.acquire()
    assert fake.sleeps == [pytest.approx(0.3)]


async def test_concurrent_callers_share_one_pace() -> None:
    limiter, fake = _limiter(rate=5.0)
    started: list[float] = []

    async def call() -> None:
        await limiter.acquire()
        started.append(fake.now)

    async with anyio.create_task_group() as tg:
        for _ in range(4):
            tg.start_soon(call)
    assert sorted(started) == [
        pytest.approx(100.0),
        pytest.approx(100.2),
        pytest.approx(100.4),
        pytest.approx(100.6),
    ]


async def test_the_client_paces_its_requests_with_requests_per_second() -> None:
    def handler(request: httpx2.Request) -> httpx2.Response:
        return httpx2.Response(200, json={"object": "space", "id": "s1", "title": "Docs"})

    async with GitBookClient(
        token="t",
        base_url="http://api.test/v1",
        transport=httpx2.MockTransport(handler),
        requests_per_second=50.0,
    ) as client:
        started = time.monotonic()
        for _ in range(4):
            await client.spaces.get("s1")
        elapsed = time.monotonic() - started
    assert elapsed >= 3 * 0.02 * 0.9  # three waits of 1/50 s after the first request
