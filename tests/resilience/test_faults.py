"""Fault injection: 1,000 tool calls while a fifth of the API requests fail.

The local workspace injects transient 5xx answers, dropped connections (before and after the
request was applied), 429 with Retry-After, and answers slower than the client's timeout. The
server must not crash or hang; reads must succeed at least 99% of the time; no write may ever be
applied twice; and every write must be reported as done, as not done, or as unknown with the tool
to call to check.
"""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import anyio
import anyio.lowlevel
import pytest
from mcp.client import Client

from gitbook_mcp.client import GitBookClient
from gitbook_mcp.config.settings import Settings
from gitbook_mcp.local import FaultConfig, LocalTransport, Store, create_app, load_demo
from gitbook_mcp.server.runner import create_server

pytestmark = [pytest.mark.anyio, pytest.mark.slow]

CALLS = 1000
FAULTS = FaultConfig(
    error_rate=0.06,
    error_statuses=(502, 503, 504),
    drop_rate=0.05,
    rate_limit_rate=0.05,
    retry_after_s=0.0,
    slow_rate=0.04,
    slow_ms=120.0,
    seed=20261122,
)


async def _no_wait(_: float) -> None:
    await anyio.lowlevel.checkpoint()


@pytest.mark.timeout(600)
async def test_a_thousand_calls_through_injected_faults(tmp_path: object) -> None:
    store = Store(":memory:")
    load_demo(store)
    faulty = create_app(store, faults=FAULTS)
    healthy = create_app(store)

    @asynccontextmanager
    async def factory() -> AsyncIterator[GitBookClient]:
        async with GitBookClient(
            token="gb_local_admin",
            base_url="http://local.test/v1",
            transport=LocalTransport(faulty),
            timeout=0.06,
            connect_timeout=0.06,
            sleep=_no_wait,
        ) as client:
            yield client

    # Permissions are read once without faults, so that gating is not what is being tested.
    server = create_server(Settings(local=True, permissions_refresh=1e9), factory=factory)
    async with GitBookClient(
        token="gb_local_admin", base_url="http://local.test/v1", transport=LocalTransport(healthy)
    ) as warm:
        from gitbook_mcp.server.calls.gating import PermissionState

        server.runtime.permissions = await PermissionState.load(warm)

    rng = random.Random(7)
    reads_ok = reads = 0
    outcomes: dict[str, str] = {}
    async with Client(server, cache=None) as client:
        for index in range(CALLS):
            roll = rng.random()
            if roll < 0.7:
                reads += 1
                name, args = rng.choice(
                    [
                        ("list_comments", {"space_id": "spc_handbook"}),
                        ("get_page", {"space_id": "spc_handbook", "page_id": "pg_install"}),
                        ("list_redirects", {"organization_id": "org_acme", "site_id": "site_docs"}),
                        ("get_page_tree", {"space_id": "spc_api"}),
                    ]
                )
                result = await client.call_tool(name, args)
                reads_ok += not result.is_error
                if result.is_error:
                    assert "Traceback" not in result.content[0].text
                continue
            marker = f"marker-{index}"
            if roll < 0.85:
                result = await client.call_tool(
                    "post_comment", {"space_id": "spc_handbook", "markdown": marker}
                )
                check = "list_comments"
            else:
                result = await client.call_tool(
                    "create_redirect",
                    {
                        "organization_id": "org_acme",
                        "site_id": "site_docs",
                        "source": f"/{marker}",
                        "section_id": "sec_guides",
                    },
                )
                check = "list_redirects"
            text = result.content[0].text
            if not result.is_error:
                outcomes[marker] = "done"
            elif "Outcome unknown" in text:
                assert check in text, text
                outcomes[marker] = "unknown"
            else:
                assert "not applied" in text or "nothing was changed" in text, text
                outcomes[marker] = "not done"

    counts = {
        marker: int(
            store.db.scalar("SELECT COUNT(*) FROM comments WHERE markdown = ?", (marker,))
            + store.db.scalar(
                "SELECT COUNT(*) FROM site_redirects WHERE source = ?", (f"/{marker}",)
            )
        )
        for marker in outcomes
    }
    assert max(counts.values()) <= 1, "a write was applied twice"
    assert all(counts[m] == 1 for m, o in outcomes.items() if o == "done")
    assert all(counts[m] == 0 for m, o in outcomes.items() if o == "not done")
    assert reads_ok / reads >= 0.99, f"{reads_ok}/{reads} reads succeeded"
    assert set(outcomes.values()) == {"done", "not done", "unknown"}, (
        "the faults were not exercised"
    )
    store.close()
