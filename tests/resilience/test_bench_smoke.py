"""The benchmark suite in small sizes, so that it cannot rot (its figures are not asserted)."""

from __future__ import annotations

import pytest

from bench import folder_check, journeys, run, scan_content

pytestmark = [pytest.mark.anyio, pytest.mark.slow]


@pytest.mark.timeout(300)
async def test_quick_benchmarks_run_and_report() -> None:
    results = await run.collect(run.QUICK)
    text = run.report(results, run.QUICK)
    assert "| start-up to `initialize`" in text
    assert "| readers of hostile text" in text
    assert "| `check-links PATH` on the Git Sync folder `cheqd-product-docs`" in text
    assert "| API calls of a recheck after a change to 5 of" in text
    assert "the SDK's floor, a call of a minimal MCPServer's tool that does nothing" in text
    assert len(results["overhead"]["floor"].values) == run.QUICK["calls"]
    assert "Per call: in the median run, the SDK's round trip for a tool that does nothing" in text
    assert "Spoken to in bare JSON-RPC lines, without the SDK's client" in text
    assert len(results["overhead"]["bare"].values) == run.QUICK["calls"]
    assert results["context"]["default (live)"]["tools"] == 37  # no list_backlinks in live
    assert results["context"]["default (seed)"]["tools"] == 29
    assert [r["replicas"] for r in results["replicas"]] == [1, 3]
    assert results["callers"]["callers"] == run.QUICK["callers"]
    assert results["load"]["calls"] == run.QUICK["clients"] * run.QUICK["client_calls"]
    assert run.JOURNEYS_HEADING in text
    assert list(results["journeys"]) == list(journeys.JOURNEYS)
    for name, row in results["journeys"].items():
        assert row["calls"] > 0, name
        assert row["calls"] == len(row["tools"]), name
        assert f"| {name} | {row['calls']} | " in text


def test_the_journeys_section_is_replaced_in_place() -> None:
    row = {
        "calls": 2,
        "tools": ["search_content", "get_page"],
        "text_bytes": 400,
        "structured_bytes": 600,
        "text_tokens": 100,
        "structured_tokens": 150,
    }
    old = "# Benchmarks\n\n## Context\n\nrows\n\n" + run.JOURNEYS_HEADING + "\n\nold\n"
    once = run.with_journeys(old, {"answer from the docs": row})
    twice = run.with_journeys(once + "\n## Later\n\nkept\n", {"answer from the docs": row})
    assert once.startswith("# Benchmarks\n\n## Context\n\nrows\n\n" + run.JOURNEYS_HEADING)
    assert "old" not in once
    assert (
        "| answer from the docs | 2 | search_content, get_page | 400 (100) | 600 (150) | 1.50 |"
        in once
    )
    assert twice.count(run.JOURNEYS_HEADING) == 1
    assert twice.endswith("## Later\n\nkept\n")
    added = run.with_journeys("# Benchmarks\n", {"answer from the docs": row})
    assert added.startswith("# Benchmarks\n\n" + run.JOURNEYS_HEADING)


def test_the_lychee_section_keeps_the_notes_under_its_table() -> None:
    found = {"pages": 10, "files": 9, "links": 30, "broken": 2, "lychee_total": 40}
    found |= {"lychee_errors": 3, "ours": [2.0, 2.2], "lychee": [1.0, 1.0], "ratios": [2.0, 2.2]}
    old = (
        "# Benchmarks\n\n" + folder_check.LYCHEE_HEADING + "\n\nold intro\n\n| old | table |\n\n"
        f"{folder_check.RATIO_LINE} (old): 9.9.\n\nA note on the old run.\n\n## Later\n\nkept\n"
    )
    new = folder_check.with_lychee(old, found)
    assert "old intro" not in new
    assert "9.9" not in new
    assert "ours over lychee's, per run): 2.0, 2.2; median 2.1" in new
    assert new.count(folder_check.RATIO_LINE) == 1
    assert new.endswith(": met.\n\nA note on the old run.\n\n## Later\n\nkept\n")
    assert folder_check.with_lychee(new, found) == new
    added = folder_check.with_lychee("# Benchmarks\n", found)
    assert added.startswith("# Benchmarks\n\n" + folder_check.LYCHEE_HEADING)
    assert added.endswith(": met.\n")


async def test_scan_store_has_the_requested_pages() -> None:
    store = scan_content.build_scan_store(12)
    count = store.db.scalar(
        "SELECT COUNT(*) FROM pages p JOIN change_requests c ON c.revision_id = p.revision_id "
        "WHERE c.id = 'cr_install_rewrite' AND p.slug LIKE 'bench-%'"
    )
    assert count == 12
    store.close()
