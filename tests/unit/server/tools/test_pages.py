"""Pages written as documents (`server/tools/_pages.py`): the markdown fallback's mitigations,
links written relative to the page, links to nothing, and the read-back comparison."""

from __future__ import annotations

from typing import Any

import pytest

from gitbook_mcp.client.errors import APIStatusError
from gitbook_mcp.document import parse_markdown
from gitbook_mcp.document.nodes import block, document, inline, text
from gitbook_mcp.server.tools._pages import (
    PageWrite,
    RevisionTree,
    compare,
    fallback_markdown,
    markdown_of,
    one_line_tags,
    remembered_mode,
    send,
    unresolved_refs,
)

TREE = RevisionTree(
    {"p_home": "", "p_guide": "guides/writing", "p_guides": "guides"},
    folders=frozenset({"p_guides"}),
    files=frozenset({"f_1"}),
)


def _link(ref: dict[str, str], label: str = "x") -> dict[str, object]:
    return block("paragraph", [text("See "), inline("link", {"ref": ref}, [text(label)])])


def test_links_to_pages_of_the_tree_are_written_relative_to_the_page() -> None:
    doc = document([_link({"kind": "anchor", "page": "p_guide", "anchor": "style"})])
    assert "[x](writing.md#style)" in markdown_of(doc, TREE, "p_guides")  # from the folder
    assert "[x](guides/writing.md#style)" in markdown_of(doc, TREE, "p_home")
    other = document([_link({"kind": "page", "page": "p_elsewhere"})])
    assert "[x](/pages/p_elsewhere)" in markdown_of(other, TREE, "p_home")


def test_the_fallback_has_no_title_line_and_keeps_every_block() -> None:
    for first in ("Guide", "Overview"):  # the title repeated, or another heading
        doc = document([block("heading-1", [text(first)]), block("paragraph", [text("Body.")])])
        written = fallback_markdown(doc, TREE, "p_guide")
        assert written == f"## {first}\n\nBody.\n"
        reread = parse_markdown(written)
        assert reread.title is None
        assert [n["type"] for n in reread.document["nodes"]] == ["heading-1", "paragraph"]


def test_integration_tags_are_kept_on_one_line() -> None:
    tag = '{% @acme/widget a="1"\n   b="2" %}'
    assert one_line_tags(f"before\n\n{tag}\n\nafter\n") == (
        'before\n\n{% @acme/widget a="1" b="2" %}\n\nafter\n'
    )
    assert one_line_tags("{% @broken") == "{% @broken"


def test_links_to_pages_or_files_the_tree_lacks_are_named() -> None:
    doc = document(
        [
            _link({"kind": "page", "page": "p_gone"}),
            _link({"kind": "file", "file": "f_gone"}),
            _link({"kind": "page", "page": "p_guide"}),
            _link({"kind": "page", "page": "p_other", "space": "s_other"}),
            _link({"kind": "url", "url": "https://example.com"}),
        ]
    )
    assert unresolved_refs(doc, TREE) == ["a link to page p_gone", "a link to file f_gone"]


def test_the_read_back_reports_blocks_stored_differently_keys_aside() -> None:
    intended = document([block("paragraph", [text("One.")]), block("paragraph", [text("Two.")])])
    write = PageWrite("p_home", "Home", "home", intended, intended)
    rekeyed = parse_markdown("One.\n\nTwo.\n").document
    assert compare(intended, rekeyed, TREE, write) == []
    changed = parse_markdown("One.\n\nTwo!\n").document
    report = compare(intended, changed, TREE, write)
    assert report[0].startswith("1 top-level block(s) stored differently (index 1)")
    assert "-Two." in report
    assert "+Two!" in report


class _Refusing:
    """A client whose content batch always answers 422 (for whatever reason)."""

    def __init__(self) -> None:
        self.sent: list[list[dict[str, Any]]] = []
        self.change_requests = self

    async def update_content(self, *_: Any, changes: list[dict[str, Any]], **__: Any) -> Any:
        self.sent.append(changes)
        raise APIStatusError("Unprocessable", method="POST", path="/x", status_code=422)


@pytest.mark.anyio
async def test_a_422_that_markdown_does_not_cure_is_raised_and_not_remembered() -> None:
    client = _Refusing()
    doc = document([block("paragraph", [text("Body.")])])
    write = PageWrite("p_home", "Home", "home", doc, doc)
    with pytest.raises(APIStatusError):
        await send(client, "s", "cr", [write], TREE)  # type: ignore[arg-type]
    assert [list(c[0]["document"]) for c in client.sent] == [["document"], ["markdown"]]
    assert remembered_mode(client) == "tree"  # type: ignore[arg-type]
