"""`one_tag` reads an inline HTML token as `parse_html` does: its shortcut for a bare tag
(``<strong>``) gives the element the parser gives, on chosen and on generated tokens; and
`parse_html` places each element's content by its offset in a source of several lines."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gitbook_mcp.document.parse.html import Element, one_tag, parse_html


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
