"""Fixtures shared by every suite: a seeded in-memory workspace, its app, and API clients."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import AbstractAsyncContextManager
from datetime import UTC, datetime

import httpx2
import pytest

from gitbook_mcp.api import Profile
from gitbook_mcp.linkcheck.page_cache import page_cache
from gitbook_mcp.local import Store, create_app, load_demo
from gitbook_mcp.local.clock import ManualClock
from tests.support.local import raw_api

SEED_TIME = datetime(2026, 3, 2, 10, 0, tzinfo=UTC)


@pytest.fixture(autouse=True)
def _fresh_page_cache() -> Iterator[None]:
    """Each test starts with no page kept from another test's checks (the cache is the process's,
    and the seeded workspaces of two tests have the same content), and with its bounds (the
    `check-links` command turns it off for its process)."""
    cache = page_cache()
    bounds = (cache.max_bytes, cache.max_entries)
    cache.clear()
    yield
    cache.max_bytes, cache.max_entries = bounds


CANARY = "gb_canary_7d1c0e9a4f"
"""A token of the demo admin used throughout the suite; it must never show in any output."""


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> object:
    """Fail any test whose captured output, logs or failure text contains the canary token."""
    outcome = yield
    report = outcome.get_result()  # type: ignore[attr-defined]
    texts = [content for _, content in report.sections]
    if report.longrepr is not None:
        texts.append(str(report.longrepr))
    if any(CANARY in text for text in texts):
        report.outcome = "failed"
        report.longrepr = f"the canary token appeared in the output of {item.nodeid}"
    return None


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock(SEED_TIME)


@pytest.fixture(scope="session")
def demo_template() -> Iterator[Store]:
    """The demo workspace seeded once per test session at the fixed time, with the canary
    token; tests never write to it, they get copies (`store`)."""
    workspace = Store(":memory:", clock=ManualClock(SEED_TIME), seed=load_demo)
    workspace.identity.add_token(CANARY, "usr_admin")
    yield workspace
    workspace.close()


@pytest.fixture
def store(clock: ManualClock, demo_template: Store) -> Iterator[Store]:
    """The demo workspace in memory, seeded at a fixed time: a copy of `demo_template`
    (about 0.1 ms, where seeding anew costs about 100 ms of CPU)."""
    workspace = Store(":memory:", clock=clock, template=demo_template)
    yield workspace
    workspace.close()


@pytest.fixture
def profile() -> Profile:
    """The API profile the app serves and its answers are checked against.

    ``seed`` unless a test module overrides this fixture (``return "live"``) or a test
    parametrizes it (``@pytest.mark.parametrize("profile", ["live"])``).
    """
    return "seed"


@pytest.fixture
def app(store: Store, profile: Profile) -> object:
    return create_app(store, profile=profile)


@pytest.fixture
async def api(app: object, profile: Profile) -> AsyncIterator[httpx2.AsyncClient]:
    """The admin's raw HTTP client (canary token), checked against the profile's contract."""
    async with raw_api(app, CANARY, profile=profile) as client:
        yield client


@pytest.fixture
def api_as(
    app: object, profile: Profile
) -> Callable[[str | None], AbstractAsyncContextManager[httpx2.AsyncClient]]:
    """``async with api_as("gb_local_reader") as c:`` a raw client for another demo token."""

    def make(token: str | None) -> AbstractAsyncContextManager[httpx2.AsyncClient]:
        return raw_api(app, token, profile=profile)

    return make
