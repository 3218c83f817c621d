"""``--format markdown``: a job summary or pull-request comment whose counts and sections say
what was found, and in which someone else's text renders as nothing but literal code (read back
with markdown-it-py, as a renderer would)."""

from __future__ import annotations

from markdown_it import MarkdownIt
from markdown_it.token import Token

from gitbook_mcp.linkcheck.model import Finding, Link, ScanResult, Target
from gitbook_mcp.linkcheck.report.formats import ReportScope, render_report
from gitbook_mcp.linkcheck.report.markdown import MAX_ROWS, code_span

HOSTILE = "see ``` @octocat <img src=x onerror=alert(1)> [win](https://evil.test) ![i](x.png) |"


def _tokens(markdown: str) -> list[Token]:
    found: list[Token] = []
    stack = MarkdownIt("commonmark").enable("table").parse(markdown)
    while stack:
        token = stack.pop(0)
        found.append(token)
        stack[:0] = token.children or []
    return found


def _result(count: int = 1) -> ScanResult:
    link = Link(HOSTILE, Target("url", url=f"https://x.test/{HOSTILE}"), "link", line=4)
    findings = [
        Finding(f"pg_{n}", f"guides/{HOSTILE}", "T", link, f"answered 404 {HOSTILE}")
        for n in range(count)
    ]
    slow = Link("slow", Target("url", url="https://slow.test/"), "link")
    findings.append(
        Finding("pg_0", "faq", "FAQ", slow, "timed out", status="unchecked", category="timeout")
    )
    return ScanResult(3, 9, findings, pages={"pg_0": "faq"})


def test_counts_and_sections_say_what_was_found() -> None:
    report = render_report(_result(), ReportScope("spc_1"), "markdown")
    lines = report.splitlines()
    assert lines[0] == "# Link check: `space spc_1, main content`"
    assert "❌ 1 broken links." in lines
    rows = {line.split("|")[1].strip(): line.split("|")[2].strip() for line in lines[6:10]}
    assert rows == {"pages checked": "3", "links checked": "9", "broken": "1", "not checked": "1"}
    assert "## Broken links (1)" in lines
    assert "## Not checked (warnings) (1)" in lines
    assert "### `faq`" in lines
    assert "- Timed out: `https://slow.test/`: url link `slow`: `timed out`" in lines


def test_someone_elses_text_renders_as_code_only() -> None:
    report = render_report(_result(), ReportScope(HOSTILE), "markdown")
    tokens = _tokens(report)
    kinds = {t.type for t in tokens}
    assert not kinds & {"link_open", "image", "html_inline", "html_block"}
    for token in tokens:
        if token.type == "text":
            assert "@octocat" not in token.content
            assert "<img" not in token.content
    codes = [t.content for t in tokens if t.type == "code_inline"]
    assert HOSTILE in codes  # the link text, whole, as literal code
    assert f"guides/{HOSTILE}" in codes  # the page heading


def test_code_span_holds_backticks_and_edges() -> None:
    for text in ["a`b", "``x``", "`", " lead", "plain"]:
        (code,) = [t for t in _tokens(code_span(text)) if t.type == "code_inline"]
        assert code.content == text.strip()


def test_a_long_report_stops_at_max_rows_and_counts_the_rest() -> None:
    report = render_report(_result(MAX_ROWS + 5), ReportScope("s"), "markdown")
    assert report.count(" url link ") == MAX_ROWS + 1  # the broken ones listed, and the timeout
    assert "…and 5 more" in report
