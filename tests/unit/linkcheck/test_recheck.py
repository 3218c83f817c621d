"""Incremental rechecks against the local workspace: after a change to 5 pages of a 40-page
change request, a recheck reads those 5 pages and little else; callers never share reads. And a
scan against a rate-limited workspace (the real headers) paces itself instead of meeting 429s."""

from __future__ import annotations

from collections import Counter

import httpx2
import pytest

from gitbook_mcp.client import GitBookClient
from gitbook_mcp.linkcheck.run import CheckRequest, run_scan
from gitbook_mcp.local import LocalTransport, RateLimitConfig, Store, create_app
from gitbook_mcp.local.seed.ids import SPACES
from tests.conftest import CANARY

pytestmark = pytest.mark.anyio

SPACE = SPACES["handbook"]
PAGES = 40


class Counting(httpx2.AsyncBaseTransport):
    """The local workspace, counting requests by method and path."""

    def __init__(self, inner: httpx2.AsyncBaseTransport) -> None:
        self.inner = inner
        self.calls: Counter[str] = Counter()
        self.statuses: list[int] = []

    async def handle_async_request(self, request: httpx2.Request) -> httpx2.Response:
        self.calls[f"{request.method} {request.url.path}"] += 1
        response = await self.inner.handle_async_request(request)
        self.statuses.append(response.status_code)
        return response

    def total(self) -> int:
        return sum(self.calls.values())


def _change_request(store: Store) -> tuple[str, list[str]]:
    cr, revision = store.change_requests.rows.create(
        SPACE, subject="Many pages", status="open", created_by="usr_admin"
    )
    pages = [
        store.content.revisions.add_page(
            revision,
            title=f"Bulk {i}",
            slug=f"bulk-{i}",
            markdown=f"See [next](bulk-{(i + 1) % PAGES}.md) and [gone](missing-{i}.md).\n",
        )
        for i in range(PAGES)
    ]
    store.content.revisions.relink(revision)
    return cr, pages


def _edit(store: Store, cr: str, pages: list[str]) -> None:
    """A new revision of the change request in which ``pages`` changed."""
    current = store.db.scalar("SELECT revision_id FROM change_requests WHERE id = ?", (cr,))
    revision = store.content.revisions.create(SPACE, copy_of=str(current))
    for page in pages:
        store.content.revisions.set_markdown(revision, page, "Now [nowhere](nowhere.md).\n")
    store.change_requests.rows.set_revision(cr, revision)


def _client(store: Store, token: str, transport: Counting) -> GitBookClient:
    return GitBookClient(token=token, base_url="http://local.test/v1", transport=transport)


async def test_a_recheck_after_a_change_to_5_pages_costs_about_5_plus_3_calls(
    store: Store,
) -> None:
    cr, pages = _change_request(store)
    transport = Counting(LocalTransport(create_app(store)))
    request = CheckRequest(SPACE, cr)
    async with _client(store, CANARY, transport) as client:
        first = (await run_scan(client, request)).result
        first_calls = transport.total()
        _edit(store, cr, pages[:5])
        transport.calls.clear()
        again = (await run_scan(client, request)).result
    assert first_calls > PAGES  # the first check read every page
    reads = sum(n for call, n in transport.calls.items() if "/content/page/" in call)
    assert reads == 5
    assert transport.total() <= 8, transport.calls
    # what the recheck found follows the change: each edited page has one broken link now
    assert again.pages_scanned == first.pages_scanned
    edited = {f.page_id: f.target for f in again.broken if f.page_id in pages[:5]}
    assert edited == dict.fromkeys(pages[:5], "nowhere")
    kept = [f for f in again.broken if f.page_id in pages[5:]]
    assert len(kept) == PAGES - 5  # the unchanged pages' findings, from what was kept


async def test_an_unchanged_recheck_reads_no_page(store: Store) -> None:
    cr, _ = _change_request(store)
    transport = Counting(LocalTransport(create_app(store)))
    async with _client(store, CANARY, transport) as client:
        first = await run_scan(client, CheckRequest(SPACE, cr))
        transport.calls.clear()
        again = await run_scan(client, CheckRequest(SPACE, cr))
    assert not [call for call in transport.calls if "/content/page/" in call]
    assert first.result.cache_short is None  # no recheck
    assert again.result.cache_short is None  # every page fit: the result says nothing


async def test_another_caller_reads_every_page_itself(store: Store) -> None:
    cr, _ = _change_request(store)
    transport = Counting(LocalTransport(create_app(store)))
    async with _client(store, CANARY, transport) as alice:
        await run_scan(alice, CheckRequest(SPACE, cr))
    transport.calls.clear()
    async with _client(store, "gb_local_editor", transport) as bob:
        await run_scan(bob, CheckRequest(SPACE, cr))
    reads = sum(n for call, n in transport.calls.items() if "/content/page/" in call)
    assert reads >= PAGES  # nothing alice read was served to bob


async def test_a_scan_over_a_rate_limited_api_meets_no_429_and_says_how_long_the_rest_takes(
    store: Store,
) -> None:
    cr, _ = _change_request(store)
    app = create_app(store, rate_limit=RateLimitConfig(limit=20, window_s=1.0))
    transport = Counting(LocalTransport(app))
    messages: list[str] = []

    async def progress(done: int, total: int, message: str) -> None:
        messages.append(message)

    async with GitBookClient(
        token=CANARY, base_url="http://local.test/v1", transport=transport, max_concurrency=2
    ) as client:
        result = (await run_scan(client, CheckRequest(SPACE, cr), progress=progress)).result
        assert client.pacer.waits >= 1
    assert result.pages_scanned > PAGES
    assert transport.total() > 40  # over two windows' worth
    assert 429 not in transport.statuses
    assert any(m.startswith("waiting ") and "rate-limit window" in m for m in messages)
    assert any("(the API's rate limit)" in m for m in messages)


async def test_a_recheck_that_does_not_fit_the_page_cache_says_so(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    import structlog

    from gitbook_mcp.linkcheck.page_cache import page_cache

    monkeypatch.setattr(page_cache(), "max_entries", 10)  # room for 10 of the 40 pages
    cr, _ = _change_request(store)
    transport = Counting(LocalTransport(create_app(store)))
    async with _client(store, CANARY, transport) as client:
        await run_scan(client, CheckRequest(SPACE, cr))
        transport.calls.clear()
        with structlog.testing.capture_logs() as logs:
            again = await run_scan(client, CheckRequest(SPACE, cr))
    reads = sum(n for call, n in transport.calls.items() if "/content/page/" in call)
    (short,) = [e for e in logs if e["event"] == "linkcheck.cache_short"]
    assert 0 < short["read_again"] <= reads  # at least those: more may go while it reads
    assert short["cache_entries"] == 10
    # the result says it too: nothing changed, so every page read was read again
    said = again.result.cache_short
    assert said is not None
    assert said.read_again == reads
    assert said.unchanged >= PAGES
    assert said.cache_entries == 10
