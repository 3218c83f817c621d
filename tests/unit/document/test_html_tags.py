"""HTML read without `html.parser` is read as it reads it: `one_tag`'s shortcut for a bare tag
(``<strong>``), and `parse_html`'s direct reading of the HTML GitBook writes (tables, figures),
each held equal to `html.parser`'s tree on chosen, generated and hostile input and on every HTML
block of both corpora; and each element's content is placed by its offset in the source."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gitbook_mcp.document.parse.html import Element, _quick, one_tag, parse_html, parsed_html


def _parsed(source: str) -> Element | None:
    """The one element `parse_html` reads in an opening tag (None: none, or several)."""
    elements = parse_html(source.strip()).elements()
    return elements[0] if len(elements) == 1 else None


@pytest.mark.parametrize(
    "token",
    [
        "<strong>",
        "<Strong>",
        "<EM>",
        "<br>",
        "<BR>",
        "<img>",
        "<col>",
        "<h1>",
        "<kbd>",
        "<mark>",
        " <sup> ",
        "<script>",
        "<style>",
        "<x1>",
        "<1>",
        "<>",
        "<é>",
        "<a>",
        "<br/>",
        "<p >",
        '<a href="x">',
        "<strong",
    ],
)
def test_a_bare_tag_is_read_as_the_parser_reads_it(token: str) -> None:
    assert one_tag(token) == _parsed(token)


_NAMES = st.sampled_from(["a", "b", "br", "img", "strong", "Em", "h2", "x1", "é", "1", ""])


@settings(max_examples=300, deadline=None)
@given(
    name=_NAMES,
    tail=st.text(alphabet="ab1 -/=\"'<>\n", max_size=6),
    head=st.sampled_from(["<", " <", "<<", ""]),
)
def test_any_opening_token_is_read_as_the_parser_reads_it(name: str, tail: str, head: str) -> None:
    token = f"{head}{name}{tail}>"
    if token.strip().startswith("</"):
        return  # closing tags have their own reading, not the parser's
    assert one_tag(token) == _parsed(token)


def test_content_offsets_count_every_line() -> None:
    source = "<table>\n<tr>\n<td>one\ntwo</td>\n</tr>\n</table>"
    cell = parse_html(source).find("td")
    assert cell is not None
    assert source[cell.start : cell.end] == "one\ntwo"


_HTML_PIECES = st.sampled_from(
    [
        *("<table>", "</table>", "<td>", "</td>", "<TD CLASS='a b'>", "<p>", "</p>", "<br>"),
        *('<a href="x.md">', "</a>", '<img src="y.png" alt="">', '<img src="z"/>', "<hr/>"),
        *('<th data-hidden data-type="rating">', "<x data-v>", "<em>", "</em>", "</EM>"),
        *("text", " ", "\n", "<", ">", "&amp;", "=", '"', "'", "/", "</ x>", "<!-- c -->"),
        *("<b", "</b>", "<a  href='x'>", '<a href="a<b">', "<script>", "</td >", "<1>", "é"),
    ]
)


@settings(max_examples=500, deadline=None)
@given(st.lists(_HTML_PIECES, max_size=16).map("".join))
def test_html_read_directly_is_what_html_parser_reads(source: str) -> None:
    assert parse_html(source) == parsed_html(source)


def _html_blocks(name: str) -> list[str]:
    """Every line of a corpus that starts with a tag (GitBook's tables, figures, cells)."""
    root = Path(__file__).resolve().parents[2] / "corpora" / name
    return [
        line
        for path in sorted(root.rglob("*.md"))
        for line in path.read_text(encoding="utf-8").splitlines()
        if line.startswith("<")
    ]


@pytest.mark.parametrize("name", ["cheqd-product-docs", "beefree-sdk-docs"])
def test_every_corpus_html_block_is_read_as_html_parser_reads_it(name: str) -> None:
    blocks = _html_blocks(name)
    direct = [block for block in blocks if _quick(block) is not None]
    assert len(direct) > len(blocks) // 2  # most are read directly: the test covers that reading
    assert [block for block in blocks if parse_html(block) != parsed_html(block)] == []
