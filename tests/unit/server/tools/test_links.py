"""The ``links`` toolset: broken links read from the pages' content, on both API profiles."""

from __future__ import annotations

from typing import Any

import pytest

from gitbook_mcp.local import Store
from gitbook_mcp.local.seed.content import CR_INSTALL
from tests.unit.server.conftest import McpFactory

pytestmark = pytest.mark.anyio

BROKEN_IN_CR = {
    ("getting-started/install", "getting-started/verify", "page"),
    ("getting-started/upgrade", "guides/migration", "page"),
    ("getting-started/upgrade", "file upgrade.png", "file"),
    ("getting-started/configure", "file spec-sheet.pdf", "file"),
}


def _broken(report: dict[str, Any]) -> set[tuple[str, str, str]]:
    return {(b["page_path"], b["target"], b["kind"]) for b in report["broken"]}


@pytest.mark.parametrize("profile", ["seed", "live"])
async def test_check_links_finds_every_broken_link_of_a_change_request(
    mcp: McpFactory, profile: str
) -> None:
    progress: list[float] = []

    async def on_progress(done: float, total: float | None, message: str | None) -> None:
        progress.append(done)

    async with mcp(profile=profile) as client:
        result = await client.call_tool(
            "check_links",
            {"space_id": "spc_handbook", "change_request_id": CR_INSTALL},
            progress_callback=on_progress,
        )
    report = result.structured_content
    assert result.is_error is False, result.content
    assert _broken(report) == BROKEN_IN_CR
    assert all(b["reason"] and b["text"] for b in report["broken"])
    assert report["pages_scanned"] == max(progress)


async def test_one_page_mode_counts_are_that_pages_share_of_the_full_scan(
    mcp: McpFactory,
) -> None:
    args = {"space_id": "spc_handbook", "change_request_id": CR_INSTALL}
    async with mcp(profile="live") as client:
        full = (await client.call_tool("check_links", args)).structured_content
        tree = (await client.call_tool("get_page_tree", args)).structured_content
        pages = [p["id"] for p in tree["pages"] if p.get("type", "document") == "document"]
        shares = [
            (await client.call_tool("check_links", {**args, "page_id": page})).structured_content
            for page in pages
        ]
    assert sum(s["links_checked"] for s in shares) == full["links_checked"]
    assert set().union(*(_broken(s) for s in shares)) == _broken(full)
    for share in shares:
        assert len(share["links"]) >= share["links_checked"]
        assert [x for x in share["links"] if x["status"] == "broken"] == share["broken"]


async def test_one_page_mode_never_calls_an_unchecked_link_ok(mcp: McpFactory) -> None:
    args = {"space_id": "spc_handbook", "change_request_id": CR_INSTALL}
    async with mcp(profile="live") as client:
        tree = (await client.call_tool("get_page_tree", args)).structured_content
        pages = [p["id"] for p in tree["pages"] if p.get("type", "document") == "document"]
        shares = [
            (await client.call_tool("check_links", {**args, "page_id": page})).structured_content
            for page in pages
        ]
    rows = [x for share in shares for x in share["links"]]
    ok = [x for x in rows if x["status"] == "ok"]
    unchecked = [x for x in rows if x["status"] == "unchecked"]
    assert unchecked, "the demo has outside URLs, which are not checked without external=true"
    assert all(x["reason"].startswith("not checked") for x in unchecked)
    assert not any(x["target"].startswith(("http://", "https://")) for x in ok)
    for share in shares:
        counted = [x for x in share["links"] if x["status"] != "unchecked"]
        assert len(counted) == share["links_checked"]
        assert share["not_checked"] == len(share["links"]) - len(counted)


async def test_a_large_report_is_a_summary_then_pages_of_details(
    mcp: McpFactory, store: Store
) -> None:
    cr, revision = store.change_requests.rows.create(
        "spc_handbook", subject="Bulk", status="open", created_by="usr_admin"
    )
    for i in range(130):
        store.content.revisions.add_page(
            revision, title=f"Bulk {i}", slug=f"bulk-{i}", markdown=f"[gone](missing-{i}.md)\n"
        )
    seen: list[tuple[str, str]] = []
    async with mcp() as client:
        args: dict[str, Any] = {"space_id": "spc_handbook", "change_request_id": cr}
        first = await client.call_tool("check_links", args)
        answer = first.structured_content
        total = answer["broken_total"]
        assert total >= 130
        assert len(answer["broken"]) == 100
        assert answer["next_cursor"] == "100"
        assert answer["by_kind"]["page"] >= 130
        text = first.content[0].text
        assert text.splitlines()[0].startswith(f"{total} broken of ")
        assert "By kind: page " in text.splitlines()[0]
        assert f"{total - 100} more: call again with cursor=100" in text
        seen += [(b["page_id"], b["target"]) for b in answer["broken"]]
        rest = (await client.call_tool("check_links", {**args, "cursor": "100"})).structured_content
        seen += [(b["page_id"], b["target"]) for b in rest["broken"]]
        assert rest.get("next_cursor") is None
        bad = await client.call_tool("check_links", {**args, "cursor": "soon"})
        assert bad.is_error
    assert len(seen) == total == len(set(seen))


async def test_a_late_failure_answers_a_partial_report_not_an_error(
    mcp: McpFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The site's findings, read last, fail: the content's findings come back, marked partial."""
    from gitbook_mcp.client.errors import APITimeoutError
    from gitbook_mcp.linkcheck import run

    async def timing_out(*_: object, **__: object) -> list[object]:
        raise APITimeoutError(method="GET", path="/orgs/o/sites/s/findings")

    monkeypatch.setattr(run, "read_site_findings", timing_out)
    args = {"space_id": "spc_handbook", "change_request_id": CR_INSTALL}
    async with mcp(profile="live") as client:
        result = await client.call_tool("check_links", args)
    report = result.structured_content
    assert result.is_error is False, result.content
    assert _broken(report) == BROKEN_IN_CR
    (why,) = report["partial"]
    assert why.startswith("the published site's findings: not read")
    assert "PARTIAL: 1 parts did not run" in result.content[0].text


async def test_a_recheck_that_does_not_fit_the_page_cache_says_so_and_how_to_raise_it(
    mcp: McpFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    from gitbook_mcp.linkcheck.page_cache import page_cache

    cache = page_cache()
    monkeypatch.setattr(cache, "max_bytes", cache.max_bytes)  # restored after the test
    cache.clear()
    args = {"space_id": "spc_handbook", "change_request_id": CR_INSTALL}
    async with mcp(page_cache_mb=0.004) as client:  # 4 KB: room for a few demo pages
        first = await client.call_tool("check_links", args)
        again = await client.call_tool("check_links", args)
    assert cache.max_bytes == int(0.004 * 1024 * 1024)  # the option sized the cache
    assert "recheck_cache" not in first.structured_content  # no recheck yet
    said = again.structured_content["recheck_cache"]
    assert 0 < said["read_again"] <= said["unchanged"]
    assert said["raise_with"] == "--page-cache-mb (GITBOOK_PAGE_CACHE_MB)"
    text = again.content[0].text
    assert "Recheck cache too small" in text
    assert "--page-cache-mb" in text


async def test_a_recheck_that_fits_the_page_cache_says_nothing_of_it(mcp: McpFactory) -> None:
    args = {"space_id": "spc_handbook", "change_request_id": CR_INSTALL}
    async with mcp() as client:
        await client.call_tool("check_links", args)
        again = await client.call_tool("check_links", args)
    assert again.is_error is False
    assert "recheck_cache" not in again.structured_content
    assert "Recheck cache" not in again.content[0].text
