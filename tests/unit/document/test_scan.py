"""The linear markdown scanners (red-team N4 and the code-span finding): results, the caps, and
the work done on the pathological inputs, counted rather than timed (speed is bench's job)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from gitbook_mcp.document import anchor_of, parse_markdown, scan
from gitbook_mcp.document.anchors import MAX_ANCHOR_TEXT
from gitbook_mcp.document.scan import (
    HEADING_MAX_CHARS,
    blank_code_spans,
    code_spans,
    heading,
    headings,
)
from gitbook_mcp.linkcheck.markdown import markdown_anchors, markdown_links
from gitbook_mcp.local.store.content.search import sections_matching

SIZES = (2_000, 20_000)


class _CountingPattern:
    """Stands in for a compiled pattern: counts the calls and the characters each may read."""

    def __init__(self, pattern: re.Pattern[str]) -> None:
        self.pattern = pattern
        self.calls = 0
        self.widest = 0

    def match(self, text: str, pos: int = 0, endpos: int = 2**63 - 1) -> Any:
        self.calls += 1
        self.widest = max(self.widest, min(endpos, len(text)) - pos)
        return self.pattern.match(text, pos, endpos)

    def finditer(self, text: str) -> Any:
        self.calls += 1
        self.widest = max(self.widest, len(text))
        return self.pattern.finditer(text)


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("# Title", (1, "Title")),
        ("   ### Spaced ###  ", (3, "Spaced")),
        ("## C#", (2, "C")),
        ("####### seven", None),
        ("#hashtag", None),
        ("    # indented code", None),
        ("#   ", None),
    ],
)
def test_a_heading_line_is_parsed_and_its_closing_hashes_stripped(
    line: str, expected: tuple[int, str] | None
) -> None:
    assert heading(line) == expected


def test_a_heading_never_takes_the_next_line_as_its_text() -> None:
    # The old ``#{1,6}\s+(.+?)`` let ``\s+`` cross the newline.
    assert markdown_anchors("#\n\nfoo") == {}
    assert [(h.start, h.end, h.text) for h in headings("x\n## Two\n#\nz")] == [(2, 8, "Two")]


@pytest.mark.parametrize("size", SIZES)
def test_a_pathological_heading_costs_one_capped_match(
    size: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Red-team N4: ``# a`` + 5,000 spaces + ``x`` took 334 s in markdown_anchors.
    # Search and the importer read headings with document.scan: one capped match per line.
    counting = _CountingPattern(scan._ATX)
    monkeypatch.setattr(scan, "_ATX", counting)
    (found,) = headings("# a" + " " * size + "x")
    assert counting.calls == 1
    assert counting.widest <= HEADING_MAX_CHARS
    assert found.text == "a"
    # The link checker reads pages with markdown-it (linear); an anchor reads MAX_ANCHOR_TEXT.
    assert list(markdown_anchors("## a" + " " * size + "x")) == ["a"]


def test_every_heading_reader_keeps_at_most_the_capped_text() -> None:
    long = "# " + "a" * 20_000
    (anchor,) = markdown_anchors("#" + long)
    assert len(anchor) <= MAX_ANCHOR_TEXT
    block = parse_markdown("#" + long).document["nodes"][0]
    assert block["type"] == "heading-1"
    assert len(anchor_of(block) or "") <= MAX_ANCHOR_TEXT
    ((found,),) = sections_matching([long + "\nbody word"], "word")
    assert len(found[1]) <= HEADING_MAX_CHARS


def test_a_comment_heading_of_spaces_reads_as_a_document_heading() -> None:
    # Red-team N4: a comment ``# a`` + 2,000 spaces + ``x`` (format=document) froze local-api.
    # Comments are parsed by the document package (markdown-it: linear); the anchor reads at most
    # MAX_ANCHOR_TEXT characters of the heading.
    block = parse_markdown("## a" + " " * 2_000 + "x").document["nodes"][0]
    assert block["type"] == "heading-1"
    assert anchor_of(block) == "a"  # the ``x`` is past MAX_ANCHOR_TEXT
    short = parse_markdown("## a" + " " * 200 + "x").document["nodes"][0]
    assert anchor_of(short) == "a-x"


def test_code_spans_pair_runs_of_equal_length() -> None:
    assert code_spans("`a``b`") == [(0, 6)]
    assert code_spans("``a`b`` c `d`") == [(0, 7), (10, 13)]
    assert code_spans("``a`") == []
    assert blank_code_spans("x `y\nz` w") == "x   \n   w"


@pytest.mark.parametrize("size", SIZES)
def test_runs_of_backticks_are_paired_with_one_search_each(
    size: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Red-team: 1,400 backticks took 46 s in ``(`+)(?:(?!\1).)+?\1``. Here every run length
    # from 1 up appears once (no run closes another), the worst case for a scan per opener.
    calls: list[int] = []
    real = scan.bisect_right

    def counting(a: list[int], x: int) -> int:
        calls.append(x)
        return real(a, x)

    monkeypatch.setattr(scan, "bisect_right", counting)
    runs, text = 0, ""
    while len(text) < size:
        runs += 1
        text += "`" * runs + "a"
    assert code_spans(text) == []
    assert len(calls) == runs
    calls.clear()
    assert code_spans("`" * size) == []
    assert len(calls) == 1


def test_links_in_code_are_ignored_and_after_an_unclosed_run_are_found() -> None:
    # 1,400 backticks took 46 s with the old code-span pattern; pages are read by markdown-it.
    text = "`[a](b)` and " + "`" * 1_400 + " [c](d)"
    assert [link.href for link in markdown_links(text, page_path="p")] == ["d"]
    spans = code_spans(text)
    assert spans == [(0, 8)]


def test_link_text_and_target_stop_at_a_bracket() -> None:
    # Each ``[`` scans only to the next bracket, so ``[`` repeated costs linear time; the old
    # text class took ``[`` too and the target took ``[`` and ``(``.
    assert [link.href for link in markdown_links("[a](b[c](d)", page_path="p")] == ["d"]
    assert [link.text for link in markdown_links("[a [b](x)", page_path="p")] == ["b"]


def test_an_autolink_stops_at_the_next_angle_bracket() -> None:
    hrefs = [link.href for link in markdown_links("<http://a<http://b>", page_path="p")]
    assert hrefs == ["http://b"]


def test_an_imported_or_inserted_page_takes_its_title_from_a_heading_on_one_line() -> None:
    from gitbook_mcp.local.store.content.batch_parse import parse_changes
    from gitbook_mcp.local.store.content.importer import _title_and_body

    assert _title_and_body("#\nfoo", "Fallback") == ("Fallback", "#\nfoo")
    assert _title_and_body("intro\n# Title #\n\nbody", "F") == ("Title", "intro\nbody")
    insert = {"operation": "insert_page", "document": {"markdown": "#\nNot a title"}}
    assert "title" not in parse_changes([insert])[0].meta
    insert["document"] = {"markdown": "\n  # Title ##\nbody"}
    assert parse_changes([insert])[0].meta["title"] == "Title"
