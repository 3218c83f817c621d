"""The exposure guard: foreign Host and Origin refused, binding beyond loopback needs consent
while the public demo tokens open the database."""

from __future__ import annotations

import httpx2
import pytest

from gitbook_mcp.local import Store, create_app
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
