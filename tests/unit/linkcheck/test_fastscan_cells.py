"""The compiled scanner skips the markdown inside HTML (a table cell, a caption) that cannot hold a
link (`may_hold_link`): the full parser's inline reading of every text so skipped gives no link,
on chosen, generated and hostile text and on every HTML cell of both corpora. A page whose pipe
table holds HTML blocks is read once, with its ranges."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gitbook_mcp.document import document_links
from gitbook_mcp.document.nodes import block
from gitbook_mcp.document.parse.html import parse_html
from gitbook_mcp.document.parse.inline import inlines
from gitbook_mcp.document.parse.reader import Reader
from gitbook_mcp.document.parse.setup import parser
from gitbook_mcp.linkcheck import fastscan
from gitbook_mcp.linkcheck.fastscan.events import may_hold_link

CORPORA = Path(__file__).resolve().parents[2] / "corpora"


def _links(source: str) -> list[Any]:
    """The links the full parser's inline reading finds in ``source``."""
    reader = Reader(md=parser(), resolve=lambda href: {"kind": "url", "url": href})
    nodes = inlines(reader.inline_tokens(source), reader)
    return list(document_links({"nodes": [block("paragraph", nodes)]}))


@pytest.mark.parametrize(
    ("source", "holds"),
    [
        ("plain words", False),
        ("<strong>Bold:</strong> a <code>x</code> <kbd>Ctrl</kbd>", False),
        ("a < b: c > d", False),
        ("<https://example.com>", True),
        ("<mailto:team@example.com>", True),
        ("<team@example.com>", True),
        ("<A HREF='x'>y</A>", True),
        ('<img SRC="x.png">', True),
        ("[label](target)", True),
        ("![alt](x.png)", True),
        ("<x:y>", False),  # a scheme has at least two characters
    ],
)
def test_what_may_hold_a_link(source: str, holds: bool) -> None:
    assert may_hold_link(source) is holds
    if not holds:
        assert _links(source) == []
    else:
        assert _links(source) != []


_PIECES = st.sampled_from(
    [
        *("<", ">", "[", "]", "(", ")", ":", "@", "/", "a", "h", "ttp", "s", " ", "\n", "!"),
        *("`", '"', "<a ", "href=", "src=", "<b>", "</b>", "<strong>", "mailto", "x.y", "&lt;"),
        *("\\", "*"),
    ]
)


@settings(max_examples=400, deadline=None)
@given(st.lists(_PIECES, max_size=14).map("".join))
def test_text_said_to_hold_no_link_holds_none(source: str) -> None:
    if not may_hold_link(source):
        assert _links(source) == []


def _cells(name: str) -> list[str]:
    """The markdown of every HTML table cell (``<td>``) of a corpus."""
    found: list[str] = []
    for path in sorted((CORPORA / name).rglob("*.md")):
        text = path.read_text(encoding="utf-8")
        for line in text.splitlines():
            if line.startswith("<table"):
                table = parse_html(line)
                for row in table.find("tbody").elements("tr") if table.find("tbody") else []:
                    found += [line[td.start : td.end] for td in row.elements("td")]
    return found


@pytest.mark.parametrize("name", ["cheqd-product-docs", "beefree-sdk-docs"])
def test_no_corpus_cell_skipped_holds_a_link(name: str) -> None:
    cells = _cells(name)
    skipped = [cell for cell in cells if not may_hold_link(cell)]
    assert len(cells) > 100
    assert skipped  # the corpus has both kinds
    assert [cell for cell in skipped if _links(cell)] == []


_CELL_PAGE = '| Name | Notes |\n| --- | --- |\n| a | <p>See <a href="x.md">x</a></p><p>two</p> |\n'


def test_a_page_with_html_blocks_in_cells_is_read_once(monkeypatch: pytest.MonkeyPatch) -> None:
    reads: list[bool] = []
    real = fastscan._scan

    def counted(markdown: str, *, ranged: bool) -> Any:
        reads.append(ranged)
        return real(markdown, ranged=ranged)

    monkeypatch.setattr(fastscan, "_scan", counted)
    scanned = fastscan.fast_scan(_CELL_PAGE)
    assert reads == [True]  # with its ranges at once: not read twice
    assert scanned is not None
    assert [link.target.url for link in scanned.links] == ["x.md"]
    reads.clear()
    fastscan.fast_scan("<p>x</p>\n\n| a | b |\n| - | - |\n| c | d |\n")
    assert reads == [False]  # HTML outside the table: the plain reading
