"""Property: any paragraph of marked text (markdown's special characters included) survives
document -> markdown -> document with its text and marks (up to the edge-space
normalisations), and its markdown is stable."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gitbook_mcp.document.nodes import block, document, mark, plain_text, text
from gitbook_mcp.document.parse import parse_markdown
from gitbook_mcp.document.render import render_markdown

TEXT = st.text(alphabet="ab1 \\*_`[]<>$~|&#-+=.!(){}%:\"'", min_size=1, max_size=12)
MARKS = st.lists(
    st.sampled_from(["bold", "italic", "code", "strikethrough", "keyboard", "superscript"]),
    unique=True,
    max_size=3,
)


@settings(max_examples=300, derandomize=True, suppress_health_check=list(HealthCheck))
@given(st.lists(st.tuples(TEXT, MARKS), min_size=1, max_size=5))
def test_marked_text_survives(runs: list[tuple[str, list[str]]]) -> None:
    doc = document([block("paragraph", [text(t, [mark(m) for m in ms]) for t, ms in runs])])
    markdown = render_markdown(doc)
    again = parse_markdown(markdown).document
    assert render_markdown(again) == markdown
    if not plain_text(doc).strip():
        return
    assert plain_text(again).replace(" ", "") == plain_text(doc).replace(" ", "")
