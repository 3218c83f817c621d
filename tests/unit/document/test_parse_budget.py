"""A parse's CPU budget: the parse ends with `ParseTooSlow` once the thread's CPU clock passes it
(the clock is replaced by a counter here: nothing is timed), a parse without one runs on, and
the costliest real pages parse within `PAGE_CPU_SECONDS` on the real clock."""

from __future__ import annotations

from pathlib import Path

import pytest

from gitbook_mcp.document import PAGE_CPU_SECONDS, ParseTooSlow, parse_markdown, render_markdown
from gitbook_mcp.document.parse import budget

HOSTILE = "[a\n" * 2000
CORPORA = Path(__file__).resolve().parents[2] / "corpora"
COSTLIEST = (
    "beefree-sdk-docs/other-customizations/appearance/custom-css/change-log.md",
    "beefree-sdk-docs/getting-started/tracking-message-changes.md",
)
"""The two real pages that cost the most CPU to parse (0.08-0.15 s, measured over both corpora
of 449 pages; `PAGE_CPU_SECONDS`), beside the largest of each corpus (73 KB and 68 KB)."""


def _real_pages() -> list[str]:
    largest = [
        path.relative_to(CORPORA).as_posix()
        for corpus in ("cheqd-product-docs", "beefree-sdk-docs")
        for path in sorted((CORPORA / corpus).rglob("*.md"), key=lambda p: p.stat().st_size)[-1:]
    ]
    return [*largest, *COSTLIEST]


def _clock(monkeypatch: pytest.MonkeyPatch, step: float) -> list[int]:
    """Each read of the CPU clock advances it by ``step`` seconds; answers the count of reads."""
    reads = [0]

    def thread_time() -> float:
        reads[0] += 1
        return reads[0] * step

    monkeypatch.setattr(budget.time, "thread_time", thread_time)
    return reads


def test_a_parse_past_its_budget_ends_with_parse_too_slow(monkeypatch: pytest.MonkeyPatch) -> None:
    reads = _clock(monkeypatch, 0.1)
    with pytest.raises(ParseTooSlow, match="more than 1 s of CPU time"):
        parse_markdown(HOSTILE, cpu_seconds=1.0)
    # Started at 0.1, so past 1.1 on the 12th read: the clock is read until then, and no more.
    assert reads[0] == 12


def test_a_parse_within_its_budget_gives_the_same_document(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _clock(monkeypatch, 0.0)
    text = "Intro.\n\n## Section\n\nSome [text](https://example.com) and a list:\n\n- one\n- two\n"
    within = parse_markdown(text, cpu_seconds=0.5).document
    assert render_markdown(within) == render_markdown(parse_markdown(text).document)
    assert [node["type"] for node in within["nodes"]] == [
        "paragraph",
        "heading-1",
        "paragraph",
        "list-unordered",
    ]


def test_without_a_budget_the_clock_is_never_read(monkeypatch: pytest.MonkeyPatch) -> None:
    reads = _clock(monkeypatch, 10.0)
    parse_markdown(HOSTILE)
    assert reads[0] == 0


@pytest.mark.parametrize("page", _real_pages())
def test_the_costliest_real_pages_parse_within_the_budget(page: str) -> None:
    # Issue 36: the budget is proportionate to real pages: none of them may be refused.
    text = (CORPORA / page).read_text(encoding="utf-8")
    # Parsed whole within the budget (the same document as without one: the test above).
    assert len(parse_markdown(text, cpu_seconds=PAGE_CPU_SECONDS).document["nodes"]) > 20
    links = parse_markdown(text, cpu_seconds=PAGE_CPU_SECONDS, links_only=True)  # a link scan's
    assert len(links.document["nodes"]) > 20
