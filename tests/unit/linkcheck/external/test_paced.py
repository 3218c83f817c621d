"""Progress of a paced scan: pauses are reported, and the rest's time is added to messages."""

from __future__ import annotations

import pytest

from gitbook_mcp.client.pacing import Pacer
from gitbook_mcp.linkcheck.external.paced import paced_progress, rest_note

pytestmark = pytest.mark.anyio

NOW = 1_800_000_000.0


def _headers(limit: int, remaining: int, reset: float) -> dict[str, str]:
    return {
        "X-RateLimit-Limit": str(limit),
        "X-RateLimit-Remaining": str(remaining),
        "X-RateLimit-Reset": str(reset),
    }


def test_the_note_names_the_seconds_and_the_pages_left() -> None:
    assert rest_note(12.4, 30) == "about 12 s more for the 30 pages left (the API's rate limit)"
    assert rest_note(3, 1) == "about 3 s more for the 1 page left (the API's rate limit)"
    assert rest_note(0.2, 30) == ""
    assert rest_note(12, 0) == ""


async def test_page_messages_carry_the_rest_and_pauses_are_reported() -> None:
    now = [NOW]

    async def sleep(seconds: float) -> None:
        now[0] += seconds

    pacer = Pacer(clock=lambda: now[0], sleep=sleep)
    seen: list[tuple[int, int, str]] = []

    async def inner(done: int, total: int, message: str) -> None:
        seen.append((done, total, message))

    async with paced_progress(pacer, inner) as progress:
        assert progress is not None
        await progress(1, 50, "read a")  # no budget known: nothing added
        await pacer.start()
        pacer.answered(_headers(10, 2, NOW + 4))
        await progress(2, 50, "read b")
        await pacer.start()
        await pacer.start()  # the window's budget is spent
        await pacer.start()  # so this one waits for the reset
    # 48 pages left, 2 of them in this window: the rest wait for its reset at least
    assert seen == [
        (1, 50, "read a"),  # no budget known yet: nothing added
        (2, 50, "read b; about 4 s more for the 48 pages left (the API's rate limit)"),
        (2, 50, "waiting 4 s for the API's rate-limit window to reset"),
    ]
    assert now[0] >= NOW + 4
    assert pacer.waits == 1
    pacer.answered(_headers(10, 9, NOW + 9))
    assert pacer.delay() == 0


async def test_without_a_listener_nothing_is_wrapped() -> None:
    async with paced_progress(Pacer(), None) as progress:
        assert progress is None
