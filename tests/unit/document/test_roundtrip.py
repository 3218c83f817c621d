"""document -> markdown -> document is the identity up to the listed normalisations (keys,
meta, text runs, table ids, ordered start 1), the parsed documents are valid against the live
contract, and markdown -> document -> markdown is stable."""

from __future__ import annotations

from typing import Any

import pytest

from gitbook_mcp.document.nodes import plain_text, walk
from gitbook_mcp.document.parse import parse_markdown
from gitbook_mcp.document.render import render_markdown
from tests.support.contract import JSON_DOCUMENT, document_contract
from tests.unit.document.canonical import canonical
from tests.unit.document.corpus import CORPUS


def expected(doc: dict[str, Any]) -> dict[str, Any]:
    """The corpus document after the "ordered-start" normalisation."""
    for node, _ in walk(doc):
        if node.get("type") == "list-ordered" and node["data"].get("start") == 1:
            del node["data"]["start"]
    return canonical(doc)


@pytest.mark.parametrize("name", sorted(CORPUS))
def test_document_markdown_document_is_the_identity(name: str) -> None:
    doc = CORPUS[name]()
    parsed = parse_markdown(render_markdown(doc))
    assert parsed.unresolved == []
    assert canonical(parsed.document) == expected(doc)


@pytest.mark.parametrize("name", sorted(CORPUS))
def test_parsed_documents_are_valid_and_keyed(name: str) -> None:
    parsed = parse_markdown(render_markdown(CORPUS[name]())).document
    document_contract().validate(JSON_DOCUMENT, parsed, name)
    for node, where in walk(parsed):
        if node.get("object") in ("block", "inline", "text"):
            assert node.get("key"), where


@pytest.mark.parametrize("name", sorted(CORPUS))
def test_markdown_is_stable(name: str) -> None:
    markdown = render_markdown(CORPUS[name](), title="Page")
    parsed = parse_markdown(markdown)
    assert parsed.title == "Page"
    assert render_markdown(parsed.document, title=parsed.title) == markdown


def test_keys_given_are_kept_by_the_renderer_input() -> None:
    doc = CORPUS["basics"]()
    keys = [node["key"] for node, _ in walk(doc) if "key" in node]
    render_markdown(doc)
    assert keys == [node["key"] for node, _ in walk(doc) if "key" in node]


def test_the_href_writer_and_resolver_round_trip_relative_paths() -> None:
    doc = CORPUS["basics"]()
    paths = {"pg1": "../guide/install.md"}

    def write(ref: Any) -> str | None:
        return paths.get(ref.get("page", "")) if ref.get("kind") == "page" else None

    def resolve(href: str) -> dict[str, Any] | None:
        page = {v: k for k, v in paths.items()}.get(href)
        return {"kind": "page", "page": page} if page else None

    markdown = render_markdown(doc, write)
    assert "](../guide/install.md)" in markdown
    assert "/pages/pg1" not in markdown
    parsed = parse_markdown(markdown, resolve)
    assert canonical(parsed.document) == expected(doc)


def test_unresolvable_links_are_text_and_reported() -> None:
    parsed = parse_markdown("See [the guide](../nowhere.md) and [web](https://example.com).\n")
    paragraph = parsed.document["nodes"][0]
    kinds = [node.get("type", node["object"]) for node in paragraph["nodes"]]
    assert kinds == ["text", "link", "text"]
    assert plain_text({"nodes": paragraph["nodes"][:1]}) == "See the guide and "
    assert parsed.unresolved == ["../nowhere.md"]


def test_edge_cases_found_by_property_runs() -> None:
    from gitbook_mcp.document.nodes import block, document, inline, text

    url = {"kind": "url", "url": "https://e.com/?q=a&b=<c>"}
    paragraph = block(
        "paragraph",
        [
            text("Wow!"),
            inline("link", {"ref": url}, [text("x")]),
            text(" "),
            inline("expression", {"expression": "a\\:_b_"}),
        ],
    )
    markdown = render_markdown(document([paragraph]))
    again = parse_markdown(markdown).document["nodes"][0]["nodes"]
    assert [n.get("type", n["object"]) for n in again] == ["text", "link", "text", "expression"]
    assert again[1]["data"]["ref"] == url
    assert again[3]["data"]["expression"] == "a\\:_b_"


@pytest.mark.parametrize(
    ("body", "fence"),
    [("plain", "```"), ("a ``` b", "````"), ("x`\n````` y ``", "``````"), ("`" * 9, "`" * 10)],
)
def test_a_code_fence_is_longer_than_every_backtick_run_of_its_code(body: str, fence: str) -> None:
    markdown = render_markdown(parse_markdown(f"~~~python\n{body}\n~~~\n").document)
    assert markdown.startswith(f"{fence}python\n")
    (block,) = parse_markdown(markdown).document["nodes"]
    assert "\n".join(plain_text(line) for line in block["nodes"]) == body
