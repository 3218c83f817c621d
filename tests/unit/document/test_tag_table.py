"""The table of block tags is the one source of the parser, the renderer and the write checks:
every row renders and parses back, every attribute it lists survives, and ``marker_problems``
refuses exactly the markers the parser would leave as text."""

from __future__ import annotations

from typing import Any

import pytest

from gitbook_mcp.document.checks import PAIRED_TAGS, marker_problems
from gitbook_mcp.document.nodes import BLOCK_TYPES, Node, block, document, text, walk
from gitbook_mcp.document.parse import parse_markdown
from gitbook_mcp.document.render import render_markdown
from gitbook_mcp.document.tags import MAX_VOID_BODY_LINES, BlockTag, all_rows, row_of, row_of_node
from tests.unit.document.canonical import canonical
from tests.unit.document.corpus import CORPUS, p

ROWS = {row.tag: row for row in all_rows()}
ITEMS = {row.item.tag: row for row in all_rows() if row.item is not None}
"""Item tag -> its container's row."""


def _corpus_nodes() -> list[Node]:
    return [node for build in CORPUS.values() for node, _ in walk(build())]


def _samples(row: BlockTag) -> list[Node]:
    """Corpus blocks of the row's node type (the container's, for an item tag)."""
    container = ITEMS.get(row.tag)
    kind = container.node if container is not None else row.node
    return [n for n in _corpus_nodes() if n.get("object") == "block" and n.get("type") == kind]


def _faithful(markdown: str, row: BlockTag, openings: int) -> bool:
    """Whether the parse read the markdown as written: as many ``row`` blocks as opening tags,
    no ``{%`` left as text, and the body's words kept (a display link's aside)."""
    parsed = parse_markdown(markdown, _resolve).document
    nodes = [node for node, _ in walk(parsed)]
    leaves = [leaf["text"] for n in nodes if n.get("object") == "text" for leaf in n["leaves"]]
    blocks = [n for n in nodes if n.get("object") == "block" and n.get("type") == row.node]
    return (
        len(blocks) == openings
        and not any("{%" in text for text in leaves)
        and (row.body == "link" or any("Say hi" in text for text in leaves))
    )


def _resolve(href: str) -> dict[str, Any] | None:
    return {"kind": "file", "file": "f1"} if href.endswith(".png") else None


def _opening(row: BlockTag) -> str:
    """An opening line of the row's tag whose target resolves."""
    if row.tag == "@":
        return '{% @acme/widget size="2" %}'
    if row.tag == "include":
        return '{% include "/reusable-content/rc1" %}'
    if row.tag == "if":
        return "{% if visitor.claims.plan === 1 %}"
    values = {"ref": "/files/f1", "url": "https://example.com/x"}
    attrs = " ".join(
        f'{attr.name}="{values.get(attr.field, "1")}"'
        for attr in row.attrs
        if attr.field in ("ref", "url") or attr.name in ("path", "method", "name", "schemas")
    )
    return "{% " + f"{row.tag} {attrs}".strip() + " %}"


def test_every_row_names_a_block_type_and_one_writer_per_node() -> None:
    assert set(ROWS) >= {"prompt", "hint", "tabs", "tab", "file", "content-ref", "include"}
    for row in all_rows():
        assert row.node in BLOCK_TYPES, row
        assert row_of(row.tag if row.tag != "@" else "@acme/x") is row
    for node in {row.node for row in all_rows()}:
        writer = row_of_node(node)
        assert writer is not None
        assert writer.writes
        assert writer.node == node


@pytest.mark.parametrize("tag", sorted(ROWS))
def test_every_row_renders_and_parses_back(tag: str) -> None:
    row = ROWS[tag]
    samples = _samples(row)
    assert samples, f"the round-trip corpus has no {row.node} block"
    for sample in samples:
        doc = document([sample])
        markdown = render_markdown(doc)
        options = any(a.field in sample["data"] for a in row.attrs)
        optional = row.tag == "code" and (markdown.startswith("<pre") or not options)
        if row.writes and not optional:  # code options are a tag unless lines need <pre>
            assert "{% " + row.tag in markdown
        parsed = parse_markdown(markdown)
        assert parsed.unresolved == []
        assert canonical(parsed.document) == canonical(doc)


_VALUES: dict[str, Any] = {
    "text": "v",
    "bool": True,
    "int": 3,
    "length": {"unit": "%", "value": 60},
    "date": "2026-03-02T00:00:00.000Z",
    "tags": [{"kind": "tag", "tag": "api"}],
    "list": ["Invoice", "Customer"],
}
_REFS = {
    "src": {"kind": "url", "url": "https://example.com/api.yaml"},
    "url": {"kind": "page", "page": "pg1"},
    "spec": {"kind": "openapi", "spec": "billing"},
}


def _full(row: BlockTag) -> dict[str, Any]:
    """``data`` with every field the row's attributes carry."""
    data = {a.field: _VALUES[a.kind] for a in row.attrs if a.field != "ref"}
    target = row.target()
    if target is not None:
        data["ref"] = _REFS[target]
    return data


def _with_every_attribute(row: BlockTag) -> Node:
    container = ITEMS.get(row.tag)
    if container is not None:
        item = block(row.node, [p("Say hi")], _full(row))
        return block(container.node, [item], dict(container.defaults))
    data = _full(row)
    if row.node == "file":
        data["ref"] = {"kind": "file", "file": "f1"}
    if row.body == "items" and row.item is not None:
        return block(row.node, [block(row.item.node, [p("Say hi")], {})], data)
    if row.node in ("code", "prompt"):
        code = block("code", [block("code-line", [text("hi")], {})], {"syntax": "python"})
        if row.node == "code":
            return block("code", code["nodes"], {**code["data"], **data})
        return block("prompt", [code], data)
    if row.body == "blocks":
        return block(row.node, [p("Say hi")], data)
    return block(row.node, data=data)


@pytest.mark.parametrize("tag", sorted(r.tag for r in all_rows() if r.attrs and r.writes))
def test_every_attribute_of_a_row_survives_a_round_trip(tag: str) -> None:
    doc = document([_with_every_attribute(ROWS[tag])])
    markdown = render_markdown(doc)
    for attr in ROWS[tag].attrs:
        assert f" {attr.name}=" in markdown, (attr, markdown)
    parsed = parse_markdown(markdown)
    assert parsed.unresolved == []
    assert canonical(parsed.document) == canonical(doc)


def test_an_alias_is_read_as_the_node_it_names() -> None:
    alias = next(row for row in all_rows() if not row.writes)
    writer = row_of_node(alias.node)
    assert writer is not None
    line = '{% openapi src="https://example.com/api.yaml" path="/pets" method="get" %}'
    parsed = parse_markdown(line.replace("openapi", alias.tag, 1) + "\n")
    assert [n["type"] for n in parsed.document["nodes"]] == [writer.node]


def test_prompt_without_its_end_is_refused_and_would_be_text() -> None:
    markdown = "{% prompt %}\nSay hi\n"
    assert marker_problems(markdown) == ["{% prompt %} is never closed ({% endprompt %})"]
    assert not _faithful(markdown, ROWS["prompt"], 1)


@pytest.mark.parametrize("tag", sorted(ROWS))
def test_write_checks_and_parser_agree_on_every_tag(tag: str) -> None:
    row = ROWS[tag]
    opening = _opening(row)
    name = opening[3:].split(None, 1)[0]
    end = f"{{% end{name} %}}"
    body = "```\nSay hi\n```" if row.tag in ("code", "prompt") else "Say hi"
    if row.item is not None:
        body = f"{{% {row.item.tag} %}}\n{body}\n{{% end{row.item.tag} %}}"
    cases = {
        "closed": (f"{opening}\n{body}\n{end}\n", 1),
        "open": (f"{opening}\n{body}\n", 1),
        "stray end": (f"Say hi\n\n{end}\n", 0),
        "end far below": (
            f"{opening}\n{body}\n" + "\nSay hi\n" * MAX_VOID_BODY_LINES + end + "\n",
            1,
        ),
    }
    container = ITEMS.get(row.tag)
    if container is not None:  # an item is read inside its container
        cases = {
            key: (f"{{% {container.tag} %}}\n{text}{{% end{container.tag} %}}\n", count)
            for key, (text, count) in cases.items()
        }
    for case, (markdown, openings) in cases.items():
        refused = marker_problems(markdown)
        assert bool(refused) != _faithful(markdown, row, openings), (case, refused, markdown)
    assert (row.tag in PAIRED_TAGS) == bool(marker_problems(cases["open"][0]))
