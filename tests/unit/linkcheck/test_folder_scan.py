"""`BatchScanner`: a folder's pages scanned in batches (one worker-thread hop each), each page's
scan the one `scan_page` gives, a page past its budget refused alone, a page asked again scanned
again, pages asked at once sharing the batch under way, and pages left out of a folder check
never scanned ahead."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import anyio
import pytest

from gitbook_mcp.document import ParseTooSlow
from gitbook_mcp.linkcheck import folder_scan
from gitbook_mcp.linkcheck.context import PageTooSlow
from gitbook_mcp.linkcheck.folder_scan import BATCH_PAGES, BatchScanner
from gitbook_mcp.linkcheck.folder_source import check_folder
from gitbook_mcp.linkcheck.markdown import scan_page

pytestmark = pytest.mark.anyio

PAGES = 2 * BATCH_PAGES + 5


def _texts() -> dict[str, str]:
    return {
        f"p{n}": f"# H{n}\n\nSee [next](p{n + 1}.md) and [here](#h{n}).\n" for n in range(PAGES)
    }


def _counted(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Sizes of the batches sent to a worker thread."""
    sizes: list[int] = []
    real = folder_scan.run_cpu

    async def counting(work: Any, texts: list[str]) -> Any:
        sizes.append(len(texts))
        return await real(work, texts)

    monkeypatch.setattr(folder_scan, "run_cpu", counting)
    return sizes


async def test_pages_in_order_are_scanned_a_batch_a_hop(monkeypatch: pytest.MonkeyPatch) -> None:
    sizes = _counted(monkeypatch)
    texts = _texts()
    scanner = BatchScanner(texts, list(texts))
    for page, text in texts.items():
        assert await scanner.scan(page) == scan_page(text)
    assert sizes == [BATCH_PAGES, BATCH_PAGES, 5]
    assert await scanner.scan("p3") == scan_page(texts["p3"])  # asked again: scanned again
    assert sizes[-1] == 1


async def test_pages_asked_at_once_share_the_batch(monkeypatch: pytest.MonkeyPatch) -> None:
    sizes = _counted(monkeypatch)
    texts = _texts()
    scanner = BatchScanner(texts, list(texts))
    found: dict[str, Any] = {}

    async def ask(page: str) -> None:
        found[page] = await scanner.scan(page)

    async with anyio.create_task_group() as tg:
        for page in texts:
            tg.start_soon(ask, page)
    assert found == {page: scan_page(text) for page, text in texts.items()}
    assert sum(sizes) == PAGES
    assert len(sizes) <= 3


async def test_a_page_past_its_budget_is_refused_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    def slow_on_p1(text: str) -> Any:
        if "p2.md" in text:
            raise ParseTooSlow(1.0)
        return scan_page(text)

    monkeypatch.setattr(folder_scan, "scan_page", slow_on_p1)
    texts = _texts()
    scanner = BatchScanner(texts, list(texts))
    assert await scanner.scan("p0") == scan_page(texts["p0"])
    with pytest.raises(PageTooSlow):
        await scanner.scan("p1")
    assert await scanner.scan("p2") == scan_page(texts["p2"])


async def test_pages_left_out_are_not_scanned_ahead(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    sizes = _counted(monkeypatch)
    (tmp_path / "SUMMARY.md").write_text(
        "# Contents\n\n* [A](a.md)\n* [B](b.md)\n* [C](c.md)\n", encoding="utf-8"
    )
    (tmp_path / "a.md").write_text("# A\n\n[to C](c.md) [to B](b.md#b)\n", encoding="utf-8")
    (tmp_path / "b.md").write_text("# B\n\n## B\n\n[gone](nowhere.md)\n", encoding="utf-8")
    (tmp_path / "c.md").write_text("# C\n\ntext\n", encoding="utf-8")
    check = await check_folder(tmp_path, skip_file=lambda file: file == "b.md")
    assert check.result.findings == []  # b.md's broken link is not checked
    assert check.result.links_checked == 2  # its anchor, asked by a.md, is read
    assert sorted(sizes) == [1, 2]  # a.md and c.md together, b.md alone when asked
