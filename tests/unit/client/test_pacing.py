"""Pacing on the API's budget: the rule (headers and now -> delay) and the pacer a client's
concurrent requests share, against a fake clock (no test sleeps) and a fake fixed-window API."""

from __future__ import annotations

import math

import anyio
import httpx2
import pytest
from pydantic import BaseModel

from gitbook_mcp.client import GitBookClient
from gitbook_mcp.client.pacing import (
    RESET_MARGIN,
    Budget,
    Pacer,
    pace_delay,
    read_budget,
    time_needed,
)

NOW = 1_800_000_000.0


def _headers(limit: int, remaining: int, reset: float) -> dict[str, str]:
    return {
        "X-RateLimit-Limit": str(limit),
        "X-RateLimit-Remaining": str(remaining),
        "X-RateLimit-Reset": str(reset),
    }


@pytest.mark.parametrize(
    ("headers", "expected"),
    [
        (_headers(300, 120, NOW + 7), Budget(300, 120, NOW + 7)),
        (
            {
                "x-ratelimit-limit": "10",
                "x-ratelimit-remaining": "3",
                "x-ratelimit-reset": str((NOW + 2) * 1000),
            },
            Budget(10, 3, NOW + 2),
        ),
        (_headers(10, 3, 4), Budget(10, 3, NOW + 4)),  # seconds from now, not a date
        (_headers(10, 30, NOW + 1), Budget(10, 10, NOW + 1)),  # never more than the limit
        ({"X-RateLimit-Limit": "10", "X-RateLimit-Remaining": "3"}, None),
        (_headers(10, 3, 0) | {"X-RateLimit-Reset": "soon"}, None),
        (_headers(0, 0, NOW + 1), None),
        (_headers(10, -1, NOW + 1), None),
        (_headers(10, 1, 0) | {"X-RateLimit-Reset": "nan"}, None),
        ({}, None),
    ],
)
def test_the_budget_is_read_from_the_three_headers(
    headers: dict[str, str], expected: Budget | None
) -> None:
    assert read_budget(headers, now=NOW) == expected


@pytest.mark.parametrize(
    ("budget", "now", "sent", "reserve", "delay"),
    [
        (None, NOW, 50, 0, 0.0),  # nothing known: no wait
        (Budget(300, 120, NOW + 7), NOW, 0, 0, 0.0),  # budget left
        (Budget(300, 120, NOW + 7), NOW, 119, 0, 0.0),  # the last one of the window
        (Budget(300, 120, NOW + 7), NOW, 120, 0, 7 + RESET_MARGIN),  # spent: wait for the reset
        (Budget(300, 0, NOW + 2.5), NOW, 0, 0, 2.5 + RESET_MARGIN),
        (Budget(300, 0, NOW + 2.5), NOW + 3, 0, 0, 0.0),  # the window is over
        (Budget(300, 20, NOW + 4), NOW, 12, 8, 4 + RESET_MARGIN),  # the reserve is kept
        (Budget(300, 20, NOW + 4), NOW, 11, 8, 0.0),
        (Budget(10, 2, NOW + 4), NOW, 0, 8, 0.0),  # a reserve of at most a tenth of the limit
        (Budget(10, 1, NOW + 4), NOW, 0, 8, 4 + RESET_MARGIN),
    ],
)
def test_the_delay_before_the_next_request(
    budget: Budget | None, now: float, sent: int, reserve: int, delay: float
) -> None:
    assert pace_delay(budget, now, sent=sent, reserve=reserve) == pytest.approx(delay)


def test_the_time_the_budget_imposes_on_the_rest_of_a_job() -> None:
    budget = Budget(300, 100, NOW + 4)
    assert time_needed(budget, NOW, 100, window=10) == 0
    assert time_needed(budget, NOW, 101, window=10) == pytest.approx(4)
    assert time_needed(budget, NOW, 400, window=10) == pytest.approx(4)
    assert time_needed(budget, NOW, 401, window=10) == pytest.approx(14)
    assert time_needed(budget, NOW + 5, 300, window=10) == 0  # a fresh window
    assert time_needed(None, NOW, 10_000, window=10) == 0


class FakeTime:
    def __init__(self) -> None:
        self.now = NOW
        self.sleeps: list[float] = []

    def clock(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.sleeps.append(seconds)
        self.now += seconds
        await anyio.lowlevel.checkpoint()


class FixedWindowAPI:
    """``limit`` requests per ``window`` seconds from the first one, the real headers on each
    answer, 429 past the limit; time is the fake clock's."""

    def __init__(self, fake: FakeTime, limit: int, window: float) -> None:
        self.fake, self.limit, self.window = fake, limit, window
        self.start = -math.inf
        self.used = 0
        self.statuses: list[int] = []

    async def __call__(self, request: httpx2.Request) -> httpx2.Response:
        await anyio.lowlevel.checkpoint()
        now = self.fake.now
        if now - self.start >= self.window:
            self.start, self.used = now, 0
        allowed = self.used < self.limit
        self.used += allowed
        reset = self.start + self.window
        headers = _headers(self.limit, max(0, self.limit - self.used), math.ceil(reset))
        status = 200 if allowed else 429
        self.statuses.append(status)
        return httpx2.Response(status, headers=headers, json={"id": "spc_1"})


class Anything(BaseModel):
    pass


async def _get(client: GitBookClient) -> None:
    await client.request("GET", "/spaces/{spaceId}", cast_to=Anything, ids={"spaceId": "spc_1"})


@pytest.mark.anyio
async def test_concurrent_requests_of_a_long_job_never_meet_a_429() -> None:
    fake = FakeTime()
    api = FixedWindowAPI(fake, limit=30, window=10)
    pacer = Pacer(reserve=4, clock=fake.clock, sleep=fake.sleep)
    async with (
        GitBookClient(
            token="t",
            base_url="https://api.test/v1",
            transport=httpx2.MockTransport(api),
            max_concurrency=8,
            sleep=fake.sleep,
            pacer=pacer,
        ) as client,
        anyio.create_task_group() as tg,
    ):
        for _ in range(100):
            tg.start_soon(_get, client)
    assert api.statuses.count(429) == 0
    assert len(api.statuses) == 100
    # 100 requests at 30 per window, less a reserve of 3 and up to 8 in flight not yet known
    # to be counted: 19 to 27 per window, so three or four pauses for a reset, no more
    assert 3 <= pacer.waits <= 4
    assert fake.now - NOW <= 4 * (10 + 1 + RESET_MARGIN)


@pytest.mark.anyio
async def test_a_budget_spent_elsewhere_is_waited_for_and_listeners_are_told_once() -> None:
    fake = FakeTime()
    pacer = Pacer(clock=fake.clock, sleep=fake.sleep)
    told: list[float] = []

    async def listen(seconds: float) -> None:
        told.append(seconds)

    remove = pacer.add_listener(listen)
    await pacer.start()
    pacer.answered(_headers(100, 0, NOW + 6))  # another replica spent the budget
    assert pacer.eta(150) == pytest.approx(6)  # the window's length is not known yet
    async with anyio.create_task_group() as tg:
        for _ in range(5):
            tg.start_soon(pacer.start)
    assert told == [pytest.approx(6 + RESET_MARGIN)]
    assert fake.now >= NOW + 6
    remove()
    assert pacer.delay() == 0


@pytest.mark.anyio
async def test_an_answer_without_the_headers_changes_nothing_and_stays_counted() -> None:
    fake = FakeTime()
    pacer = Pacer(clock=fake.clock, sleep=fake.sleep)
    await pacer.start()
    pacer.answered(_headers(10, 2, NOW + 5))
    await pacer.start()
    pacer.answered(None)
    await pacer.start()
    assert pacer.delay() == pytest.approx(5 + RESET_MARGIN)
    pacer.answered(_headers(10, 5, NOW - 1))  # a late answer of a window already over
    assert pacer.budget == Budget(10, 2, NOW + 5)
