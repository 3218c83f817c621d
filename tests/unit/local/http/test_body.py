"""Reading a body: strict JSON (no NaN/Infinity, bounded nesting), capped in size while
reading (413) and in arrival time (408)."""

from __future__ import annotations

from collections.abc import AsyncIterator

import httpx2
import pytest

from gitbook_mcp.local.http import body as body_module
from gitbook_mcp.local.http.body import MAX_BODY_BYTES
from tests.support.local import raw_api

pytestmark = pytest.mark.anyio


def _error(answer: httpx2.Response, status: int) -> str:
    assert answer.status_code == status, answer.text
    error = answer.json()["error"]
    assert error["code"] == status
    message: str = error["message"]
    return message


async def test_non_finite_json_numbers_and_deep_nesting_are_400(app: object) -> None:
    async with raw_api(app, check=False) as api:
        for raw in (
            b'{"title": "x", "position": NaN}',
            b'{"title": "x", "position": Infinity}',
            b'{"title": "x", "position": -Infinity}',
            b"[" * 1000 + b"]" * 1000,
            b'{"a":' * 200 + b"1" + b"}" * 200,
            b"[" * 100_000 + b"]" * 100_000,
        ):
            answer = await api.post(
                "/orgs/org_acme/collections",
                content=raw,
                headers={"content-type": "application/json"},
            )
            assert _error(answer, 400).startswith("body"), raw[:40]


async def test_a_body_past_the_cap_is_413_while_reading(app: object) -> None:
    sent: list[int] = []

    async def chunks() -> AsyncIterator[bytes]:
        for _ in range(64):
            sent.append(1)
            yield b" " * (256 * 1024)

    async with raw_api(app, check=False) as api:
        declared = await api.post(
            "/orgs/org_acme/collections",
            content=b"{}",
            headers={"content-length": str(MAX_BODY_BYTES + 1)},
        )
        assert "larger than" in _error(declared, 413)
        streamed = await api.post("/orgs/org_acme/collections", content=chunks())
        assert "larger than" in _error(streamed, 413)
    assert len(sent) < 64


async def test_a_body_that_does_not_arrive_is_408(
    app: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    import anyio

    monkeypatch.setattr(body_module, "BODY_TIMEOUT_S", 0.2)

    async def trickle() -> AsyncIterator[bytes]:
        yield b"{"
        await anyio.sleep(5)
        yield b"}"

    async with raw_api(app, check=False) as api:
        with anyio.fail_after(3):
            answer = await api.post("/orgs/org_acme/collections", content=trickle())
    assert "in time" in _error(answer, 408)
