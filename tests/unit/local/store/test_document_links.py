"""Link nodes both ways: markdown to a document with refs, and a document back to markdown."""

from __future__ import annotations

from typing import Any

import pytest

from gitbook_mcp.local.errors import Invalid
from gitbook_mcp.local.store.document_markdown import document_markdown
from gitbook_mcp.local.store.documents import markdown_document


def _resolve(href: str) -> dict[str, Any]:
    table: dict[str, dict[str, Any]] = {
        "/pages/pg_a": {"kind": "page", "page": "pg_a"},
        "/pages/pg_a#setup": {"kind": "anchor", "anchor": "setup", "page": "pg_a"},
        "#top": {"kind": "anchor", "anchor": "top"},
        "/files/fl_x": {"kind": "file", "file": "fl_x"},
        "https://app.gitbook.com/s/spc_b": {"kind": "space", "space": "spc_b"},
    }
    return table.get(href, {"kind": "url", "url": href})


MARKDOWN = (
    "# Title\n\n"
    "See [A](/pages/pg_a), [setup](/pages/pg_a#setup) and [top](#top).\n\n"
    "- [the file](/files/fl_x)\n- [space B](https://app.gitbook.com/s/spc_b)\n\n"
    "1. [site](https://example.com)\n\n"
    "```python\nprint('[x](y)')\n```\n\n"
    "---\n"
)


def test_every_ref_kind_survives_the_round_trip() -> None:
    document = markdown_document(MARKDOWN, _resolve)
    assert document_markdown(document) == MARKDOWN
    assert markdown_document(document_markdown(document), _resolve) == document


def test_link_nodes_carry_their_ref_and_text() -> None:
    paragraph = markdown_document("Go [there](/pages/pg_a) now", _resolve)["nodes"][0]
    before, link, after = paragraph["nodes"]
    assert before["leaves"][0]["text"] == "Go "
    assert link["data"]["ref"] == {"kind": "page", "page": "pg_a"}
    assert link["nodes"][0]["leaves"][0]["text"] == "there"
    assert after["leaves"][0]["text"] == " now"


def test_without_a_resolver_links_stay_text() -> None:
    paragraph = markdown_document("Go [there](/pages/pg_a)")["nodes"][0]
    assert paragraph["nodes"] == [
        {"object": "text", "leaves": [{"object": "leaf", "text": "Go there", "marks": []}]}
    ]


def test_a_bad_ref_is_a_400_naming_where_it_is() -> None:
    document = {
        "object": "document",
        "nodes": [
            {
                "object": "block",
                "type": "paragraph",
                "nodes": [
                    {
                        "object": "inline",
                        "type": "link",
                        "data": {"ref": {"kind": "page"}},
                        "nodes": [],
                    }
                ],
            }
        ],
    }
    with pytest.raises(Invalid) as raised:
        document_markdown(document)
    assert raised.value.field == "document.nodes[0].nodes[0].data.ref"
