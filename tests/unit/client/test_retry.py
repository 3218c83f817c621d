"""The retry policy's pure functions, case by case, without sleeping."""

from __future__ import annotations

import pytest

from gitbook_mcp.client.retry import parse_retry_after, retry_delay, should_retry


@pytest.mark.parametrize(
    ("method", "status", "failure", "expected"),
    [
        ("GET", 429, None, True),
        ("GET", 502, None, True),
        ("GET", 503, None, True),
        ("GET", 504, None, True),
        ("GET", 500, None, False),
        ("GET", 404, None, False),
        ("GET", 400, None, False),
        ("PUT", 503, None, True),
        ("DELETE", 429, None, True),
        ("GET", None, "timeout", True),
        ("GET", None, "network", True),
        ("DELETE", None, "timeout", True),
        ("POST", 503, None, False),
        ("POST", 429, None, False),
        ("PATCH", 502, None, False),
        ("POST", None, "timeout", False),
        ("POST", None, "network", False),
        ("PATCH", None, "network", False),
        ("POST", None, "connect", True),
        ("PATCH", None, "connect", True),
        ("get", 503, None, True),
    ],
)
def test_should_retry(method: str, status: int | None, failure: str | None, expected: bool) -> None:
    assert should_retry(method, status=status, failure=failure) is expected


@pytest.mark.parametrize(
    ("headers", "expected"),
    [
        ({"Retry-After": "3"}, 3.0),
        ({"retry-after": "0.5"}, 0.5),
        ({"Retry-After": "-4"}, 0.0),
        ({"Retry-After": "Sun, 22 Nov 2026 12:00:10 GMT"}, 10.0),
        ({"X-RateLimit-Reset": "1795348810"}, 10.0),
        ({"X-RateLimit-Reset": "1795348810000"}, 10.0),
        ({"X-RateLimit-Reset": "7"}, 7.0),
        ({"X-RateLimit-Reset": "soon"}, None),
        ({"Retry-After": "2", "X-RateLimit-Reset": "1795348900"}, 2.0),
        ({}, None),
    ],
)
def test_parse_retry_after(headers: dict[str, str], expected: float | None) -> None:
    now = 1795348800.0  # 2026-11-22T12:00:00Z
    assert parse_retry_after(headers, now=lambda: now) == expected


@pytest.mark.parametrize(
    ("attempt", "rand", "expected"),
    [
        (0, 0.0, 0.5),
        (1, 0.0, 1.0),
        (2, 0.0, 2.0),
        (3, 0.0, 4.0),
        (4, 0.0, 8.0),
        (10, 0.0, 8.0),
        (0, 1.0, 0.375),
        (2, 1.0, 1.5),
    ],
)
def test_backoff_is_exponential_capped_and_jittered(
    attempt: int, rand: float, expected: float
) -> None:
    assert retry_delay(attempt, random=lambda: rand) == pytest.approx(expected)


def test_server_hint_wins_over_backoff() -> None:
    assert retry_delay(5, retry_after=2.0, random=lambda: 1.0) == pytest.approx(2.05)
    assert retry_delay(0, retry_after=0.0) == 0.0


def test_an_attempt_past_its_deadline_is_never_retried() -> None:
    assert not should_retry("GET", failure="deadline")
    assert not should_retry("POST", failure="deadline")
