"""The HTTP edge refuses what it cannot parse with a 400, caps bodies (413) and their arrival
time (408), answers HEAD like GET, maps a busy database to 503, and checks Host and Origin."""

from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path

import httpx2
import pytest

from gitbook_mcp.local import Store, create_app, load_demo
from gitbook_mcp.local.http import body as body_module
from gitbook_mcp.local.http.body import MAX_BODY_BYTES
from gitbook_mcp.local.http.guard import exposure_problem, security_for
from tests.support.local import raw_api

pytestmark = pytest.mark.anyio
ADMIN = {"Authorization": "Bearer gb_local_admin"}


def _error(answer: httpx2.Response, status: int) -> str:
    assert answer.status_code == status, answer.text
    error = answer.json()["error"]
    assert error["code"] == status
    message: str = error["message"]
    return message


async def test_non_finite_limits_are_400(app: object) -> None:
    async with raw_api(app, check=False) as api:
        for value in ("nan", "inf", "-inf", "NaN", "Infinity", "1e400"):
            answer = await api.get("/orgs", params={"limit": value})
            assert _error(answer, 400).startswith("limit"), value


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


async def test_an_integer_field_refuses_infinity_even_when_parsed(store: Store) -> None:
    from gitbook_mcp.local.errors import Invalid
    from gitbook_mcp.local.http.call import Body

    for value in (float("nan"), float("inf"), 1.5):
        with pytest.raises(Invalid):
            Body({"n": value}).integer("n")
    assert Body({"n": 3.0}).integer("n") == 3


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


async def test_head_answers_like_get_without_a_body(app: object) -> None:
    async with raw_api(app, check=False) as api:
        got = await api.get("/orgs")
        head = await api.head("/orgs")
        page = await api.head("/spaces/spc_handbook/content/path/getting-started")
        post_only = await api.head("/orgs/org_acme/invites")
    assert head.status_code == 200
    assert head.content == b""
    assert head.headers["content-type"] == got.headers["content-type"]
    assert page.status_code == 200
    assert post_only.status_code == 405


async def test_a_busy_database_is_503_with_retry_after(tmp_path: Path) -> None:
    db = tmp_path / "busy.db"
    store = Store(db)
    load_demo(store)
    store.db.execute("PRAGMA busy_timeout = 50")
    other = sqlite3.connect(db, isolation_level=None)
    try:
        other.execute("BEGIN EXCLUSIVE")
        async with raw_api(create_app(store), check=False) as api:
            answer = await api.post(
                "/spaces/spc_handbook/comments", json={"body": {"markdown": "x"}}
            )
        assert "busy" in _error(answer, 503)
        assert answer.headers["retry-after"] == "1"
    finally:
        other.execute("ROLLBACK")
        other.close()
        store.close()


def _guarded(store: Store) -> object:
    return create_app(store, security=security_for("127.0.0.1", 8787, ["docs.test:8787"]))


async def _get(app: object, headers: dict[str, str]) -> httpx2.Response:
    async with httpx2.AsyncClient(
        transport=httpx2.ASGITransport(app=app),  # type: ignore[arg-type]
        base_url="http://127.0.0.1:8787/v1",
    ) as client:
        return await client.get("/orgs", headers=ADMIN | headers)


async def test_foreign_hosts_and_origins_are_refused(store: Store) -> None:
    app = _guarded(store)
    assert (await _get(app, {})).status_code == 200
    assert (await _get(app, {"host": "localhost:8787"})).status_code == 200
    assert (await _get(app, {"host": "docs.test:8787"})).status_code == 200
    assert (await _get(app, {"origin": "http://127.0.0.1:8787"})).status_code == 200
    assert "Host" in _error(await _get(app, {"host": "evil.test:8787"}), 421)
    assert "Host" in _error(await _get(app, {"host": "127.0.0.1:9999"}), 421)
    assert "Origin" in _error(await _get(app, {"origin": "http://evil.test"}), 403)


def test_binding_beyond_loopback_needs_consent_while_demo_tokens_open_the_db(
    store: Store,
) -> None:
    assert store.identity.has_demo_tokens()
    assert exposure_problem("127.0.0.1", True, expose=False) is None
    assert exposure_problem("localhost", True, expose=False) is None
    for host in ("0.0.0.0", "::", "192.168.1.10"):
        problem = exposure_problem(host, True, expose=False)
        assert problem is not None
        assert "--expose-demo-tokens" in problem
        assert exposure_problem(host, True, expose=True) is None
        assert exposure_problem(host, False, expose=False) is None
    assert not Store(":memory:").identity.has_demo_tokens()
