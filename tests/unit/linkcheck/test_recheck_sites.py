"""Rechecks of a space's main content on the live profile (sites, redirect lookups, the site's
findings): an unchanged recheck costs the tree alone, a change of k pages k + 3 requests at
most, whatever the number of broken links; a redirect this caller creates is seen at once."""

from __future__ import annotations

import pytest

from gitbook_mcp.client import GitBookClient
from gitbook_mcp.linkcheck.run import CheckRequest, run_scan
from gitbook_mcp.linkcheck.site_memo import SITE_TTL, SiteMemo
from gitbook_mcp.local import LocalTransport, Store, create_app
from gitbook_mcp.local.seed.content import PAGE_WRITING
from gitbook_mcp.local.seed.ids import ORG_ACME, SITE_DOCS, SPACES
from gitbook_mcp.local.seed.sites import SITE_SPACE_HANDBOOK
from tests.conftest import CANARY
from tests.unit.linkcheck.test_recheck import Counting

pytestmark = pytest.mark.anyio

SPACE = SPACES["handbook"]
PAGES, BROKEN = 30, 20
REQUEST = CheckRequest(SPACE, site_findings=True)


def _new_revision(store: Store) -> str:
    current = store.db.scalar("SELECT revision_id FROM spaces WHERE id = ?", (SPACE,))
    return store.content.revisions.create(SPACE, copy_of=str(current))


def _publish(store: Store, revision: str) -> None:
    store.db.execute("UPDATE spaces SET revision_id = ? WHERE id = ?", (revision, SPACE))


def _many_broken(store: Store) -> list[str]:
    """``PAGES`` pages in the main content, ``BROKEN`` of them with a link to a missing page."""
    revision = _new_revision(store)
    pages = [
        store.content.revisions.add_page(
            revision,
            title=f"Bulk {i}",
            slug=f"bulk-{i}",
            markdown=f"See [next](bulk-{(i + 1) % PAGES}.md)"
            + (f" and [gone](missing-{i}.md).\n" if i < BROKEN else ".\n"),
        )
        for i in range(PAGES)
    ]
    store.content.revisions.relink(revision)
    _publish(store, revision)
    return pages


async def test_rechecks_cost_the_tree_and_the_changed_pages_not_the_broken_links(
    store: Store,
) -> None:
    pages = _many_broken(store)
    transport = Counting(LocalTransport(create_app(store, profile="live")))
    async with GitBookClient(
        token=CANARY, base_url="http://local.test/v1", transport=transport, profile="live"
    ) as client:
        first = (await run_scan(client, REQUEST)).result
        lookups = sum(n for call, n in transport.calls.items() if call.endswith("/redirect"))
        transport.calls.clear()
        unchanged = (await run_scan(client, REQUEST)).result
        unchanged_calls = transport.total()
        revision = _new_revision(store)
        for page in pages[-5:]:  # pages without a broken link: their findings stay as they were
            store.content.revisions.set_markdown(revision, page, "Now [first](bulk-0.md).\n")
        _publish(store, revision)
        transport.calls.clear()
        changed = (await run_scan(client, REQUEST)).result
    assert lookups >= BROKEN  # the first check looked up a redirect per broken link
    assert unchanged_calls <= 3, transport.calls
    reads = sum(n for call, n in transport.calls.items() if "/content/page/" in call)
    assert reads == 5
    assert transport.total() <= 5 + 3, transport.calls
    same = {(f.page_id, f.target, f.reason) for f in first.findings}
    assert {(f.page_id, f.target, f.reason) for f in unchanged.findings} == same
    assert {(f.page_id, f.target, f.reason) for f in changed.findings} == same
    assert len([f for f in first.broken if f.target.startswith("missing-")]) == BROKEN


async def test_a_write_of_this_caller_makes_the_next_check_read_the_site_again(
    store: Store,
) -> None:
    """A redirect `fix_links` just created must be seen: no site answer outlives a write."""
    transport = Counting(LocalTransport(create_app(store, profile="live")))
    async with GitBookClient(
        token=CANARY, base_url="http://local.test/v1", transport=transport, profile="live"
    ) as client:
        await run_scan(client, REQUEST)
        transport.calls.clear()
        await run_scan(client, REQUEST)
        kept = dict(transport.calls)
        await client.redirects.create(
            ORG_ACME,
            SITE_DOCS,
            source="/guides/old-page",
            destination={
                "kind": "site-page",
                "siteSpaceId": SITE_SPACE_HANDBOOK,
                "pageId": PAGE_WRITING,
            },
        )
        transport.calls.clear()
        await run_scan(client, REQUEST)
    assert not [call for call in kept if "/sites" in call]
    reread = [call for call in transport.calls if "/sites" in call]
    assert any(call.endswith("/findings") for call in reread), transport.calls
    assert any(call.endswith("/redirect") for call in reread), transport.calls


async def test_a_site_answer_is_kept_for_its_revision_a_while_for_others_and_not_past_a_write() -> (
    None
):
    now, writes, reads = [0.0], [0], []

    async def read() -> int:
        reads.append(1)
        return len(reads)

    memo = SiteMemo(lambda: writes[0], clock=lambda: now[0])
    assert await memo.get("k", "r1", read) == 1
    now[0] = SITE_TTL * 10
    assert await memo.get("k", "r1", read) == 1  # the same revision: kept
    assert await memo.get("k", "r2", read) == 2  # another, and old: read again
    now[0] += SITE_TTL / 2
    assert await memo.get("k", "r3", read) == 2  # another, but recent: kept
    assert await memo.get("k", "r3", read, same_revision=True) == 3  # a finding: its revision only
    writes[0] += 1
    assert await memo.get("k", "r3", read) == 4  # the caller wrote: nothing is kept
