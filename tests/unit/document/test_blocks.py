"""The stored blocks a page read again from markdown keeps, key and content."""

from __future__ import annotations

from typing import Any

from gitbook_mcp.document.blocks import keep_unchanged
from gitbook_mcp.document.nodes import block, document, text
from gitbook_mcp.document.parse import parse_markdown
from gitbook_mcp.document.render import render_markdown


def _para(value: str) -> dict[str, Any]:
    return block("paragraph", [text(value)])


def _page() -> dict[str, Any]:
    return document(
        [
            block("heading-2", [text("Install")]),
            _para("Download the installer."),
            block("hint", [_para("Needs no root.")], {"style": "info"}),
            block("heading-2", [text("Configure")]),
            _para("Edit the file, then install again."),
        ]
    )


def _keys(doc: dict[str, Any]) -> list[str]:
    return [node["key"] for node in doc["nodes"]]


def test_blocks_read_again_as_they_were_are_the_stored_ones() -> None:
    stored = _page()
    # The page as markdown, with its hint and last paragraph gone and a paragraph added.
    blocks = render_markdown(stored).split("\n\n")
    assert blocks[3] == "### Configure"
    markdown = "\n\n".join([*blocks[:2], "A new paragraph.", blocks[3]])
    again = parse_markdown(markdown).document
    keep_unchanged(stored, again)
    assert [n["key"] for n in again["nodes"]] == [
        stored["nodes"][0]["key"],
        stored["nodes"][1]["key"],
        again["nodes"][2]["key"],
        stored["nodes"][3]["key"],
    ]
    assert again["nodes"][2]["key"] not in _keys(stored)
