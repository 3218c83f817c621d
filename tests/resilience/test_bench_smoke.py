"""The benchmark suite in small sizes, so that it cannot rot (its figures are not asserted)."""

from __future__ import annotations

import pytest

from bench import cases, run

pytestmark = [pytest.mark.anyio, pytest.mark.slow]


@pytest.mark.timeout(300)
async def test_quick_benchmarks_run_and_report() -> None:
    results = await run.collect(run.QUICK)
    text = run.report(results, run.QUICK)
    assert "| start-up to `initialize`" in text
    assert "| readers of hostile text" in text
    assert "| API calls of a recheck after a change to 5 of" in text
    assert results["context"]["default (live)"]["tools"] == 37  # no list_backlinks in live
    assert results["context"]["default (seed)"]["tools"] == 29
    assert [r["replicas"] for r in results["replicas"]] == [1, 3]
    assert results["callers"]["callers"] == run.QUICK["callers"]
    assert results["load"]["calls"] == run.QUICK["clients"] * run.QUICK["client_calls"]


async def test_scan_store_has_the_requested_pages() -> None:
    store = cases.build_scan_store(12)
    count = store.db.scalar(
        "SELECT COUNT(*) FROM pages p JOIN change_requests c ON c.revision_id = p.revision_id "
        "WHERE c.id = 'cr_install_rewrite' AND p.slug LIKE 'bench-%'"
    )
    assert count == 12
    store.close()
