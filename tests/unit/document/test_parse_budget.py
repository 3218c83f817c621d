"""A parse's CPU budget: the parse ends with `ParseTooSlow` once the thread's CPU clock passes it
(the clock is replaced by a counter here: nothing is timed), and a parse without one runs on."""

from __future__ import annotations

import pytest

from gitbook_mcp.document import ParseTooSlow, parse_markdown, render_markdown
from gitbook_mcp.document.parse import budget

HOSTILE = "[a\n" * 2000


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
