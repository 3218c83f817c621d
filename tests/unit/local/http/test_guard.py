"""The exposure guard: foreign Host and Origin refused, binding beyond loopback needs consent
while the public demo tokens open the database."""

from __future__ import annotations

import httpx2
import pytest
from mcp.server.transport_security import (
    DEFAULT_MAX_REQUEST_BODY_SIZE,
    TransportSecurityMiddleware,
    TransportSecuritySettings,
)
from starlette.datastructures import Headers
from starlette.requests import Request

from gitbook_mcp.local import Store, create_app
from gitbook_mcp.local.http.body import MAX_BODY_BYTES
from gitbook_mcp.local.http.guard import exposure_problem, security_for

pytestmark = pytest.mark.anyio


ADMIN = {"Authorization": "Bearer gb_local_admin"}


def _error(answer: httpx2.Response, status: int) -> str:
    assert answer.status_code == status, answer.text
    error = answer.json()["error"]
    assert error["code"] == status
    message: str = error["message"]
    return message


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


@pytest.mark.parametrize(
    ("host", "origin"),
    [
        ("127.0.0.1:8787", None),
        ("localhost:8787", "http://localhost:8787"),
        ("[::1]:8787", "http://[::1]:8787"),
        ("docs.test:8787", None),
        ("docs.test:8788", None),
        ("wild.test:1", "http://wild.test:99"),
        ("wild.test", None),
        ("evil.test:8787", None),
        ("127.0.0.1:9999", None),
        ("", None),
        (None, None),
        ("127.0.0.1:8787", "http://evil.test"),
        ("127.0.0.1:8787", "http://127.0.0.1:8787.evil.test"),
        ("127.0.0.1:8787", ""),
    ],
)
async def test_the_guard_answers_as_the_mcp_transports_would(
    host: str | None, origin: str | None
) -> None:
    """The local API's own Host/Origin check (no SDK import at start) and mcp's middleware,
    given the same allow-lists, refuse the same requests with the same status."""
    rules = security_for(
        "127.0.0.1", 8787, ["docs.test:8787", "wild.test:*"], ["http://wild.test:*"]
    )
    sdk = TransportSecurityMiddleware(
        TransportSecuritySettings(
            allowed_hosts=list(rules.hosts), allowed_origins=list(rules.origins)
        )
    )
    raw = [
        (k.encode(), v.encode()) for k, v in (("host", host), ("origin", origin)) if v is not None
    ]
    scope = {"type": "http", "method": "GET", "path": "/", "headers": raw}
    expected = await sdk.validate_request(Request(scope), is_post=False)
    assert rules.refusal(Headers(scope=scope)) == (
        None if expected is None else expected.status_code
    )


def test_the_body_cap_is_the_mcp_transports_own() -> None:
    assert MAX_BODY_BYTES == DEFAULT_MAX_REQUEST_BODY_SIZE
