"""Property: any paragraph of marked text (markdown's special characters included) survives
document -> markdown -> document with its text and marks (up to the edge-space
normalisations), and its markdown is stable."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gitbook_mcp.document.nodes import block, document, mark, plain_text, text
from gitbook_mcp.document.parse import parse_markdown
from gitbook_mcp.document.render import render_markdown

TEXT = st.text(alphabet="ab1 \n\\*_`[]<>$~|&#-+=.!(){}%:\"'", min_size=1, max_size=12)
MARKS = st.lists(
    st.sampled_from(["bold", "italic", "code", "strikethrough", "keyboard", "superscript"]),
    unique=True,
    max_size=3,
)


@settings(max_examples=300, derandomize=True, suppress_health_check=list(HealthCheck))
@given(st.lists(st.tuples(TEXT, MARKS), min_size=1, max_size=5))
def test_marked_text_survives(runs: list[tuple[str, list[str]]]) -> None:
    content = [(t, [mark(m) for m in ms]) for t, ms in runs]
    doc = document(
        [
            block("paragraph", [text(t, ms) for t, ms in content]),
            block("heading-1", [text(t, ms) for t, ms in content], {}),
        ]
    )
    markdown = render_markdown(doc)
    again = parse_markdown(markdown).document
    assert render_markdown(again) == markdown
    if not plain_text(doc).strip():
        return
    seen = plain_text(again["nodes"][0]).replace(" ", "").replace("\n", "")
    assert seen == plain_text(doc["nodes"][0]).replace(" ", "").replace("\n", "")
