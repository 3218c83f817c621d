"""Liquid tag tokens -> GitBook blocks (hints, tabs, steppers, columns, updates, prompts,
conditions, code options, files, embeds, page links, OpenAPI blocks, includes, integrations),
and children a container does not allow turned into text paragraphs."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gitbook_mcp.document.nodes import CHILDREN, Node, block, fragment, inline, plain_text, text
from gitbook_mcp.document.parse.reader import BlockSource, Reader
from gitbook_mcp.document.tags import BlockTag, Tag, read_length, row_of

__all__ = ["code_block", "conform", "convert_tag", "length", "single_tag", "tag_block"]

length = read_length
"""``240`` -> 240, ``60%`` -> ``{unit: "%", value: 60}`` (the table's length rule)."""


def conform(kind: str, nodes: list[Node]) -> list[Node]:
    """``nodes`` as children of ``kind``: a block the container does not allow becomes a
    paragraph of its text, URL or formula (kept, not dropped); one with none is left out."""
    allowed = CHILDREN.get(kind)
    if allowed is None:
        return nodes
    out: list[Node] = []
    for node in nodes:
        if node.get("type") in allowed:
            out.append(node)
        elif node.get("type") == "math" and "paragraph" in allowed:
            formula = {"formula": (node.get("data") or {}).get("formula", "")}
            out.append(block("paragraph", [inline("inline-math", formula)]))
        elif "paragraph" in allowed and _text_of(node):
            out.append(block("paragraph", [text(_text_of(node))]))
    return out


def _text_of(node: Node) -> str:
    """What a reader sees of a block: its text, else its URL or formula."""
    data = node.get("data") or {}
    return plain_text(node) or str(data.get("url") or data.get("formula") or "")


def code_block(content: str, data: Mapping[str, Any]) -> Node:
    """A code block of one code-line per source line."""
    lines = content.removesuffix("\n").split("\n")
    return block(
        "code", [block("code-line", [text(line)] if line else [], {}) for line in lines], data
    )


def tag_block(cursor: BlockSource, token: Any) -> list[Node]:
    """The block of a tag with a body (``{% name %}`` … ``{% endname %}``)."""
    tag: Tag = token.meta["tag"]
    children = cursor.until("gitbook_tag_close")
    return convert_tag(cursor.reader, tag, children)


def single_tag(cursor: BlockSource, token: Any) -> list[Node]:
    """The block of a one-line tag (no body)."""
    return convert_tag(cursor.reader, token.meta["tag"], [])


def convert_tag(reader: Reader, tag: Tag, children: list[Node]) -> list[Node]:
    """The block(s) of a tag whose body gave ``children``."""
    row = row_of(tag.name)
    if row is None:
        return _as_text(tag)
    data = row.read(tag.attrs)
    if row.body in ("blocks", "items"):
        if row.tag == "if":
            data = {"expression": tag.raw}
        elif row.tag == "prompt":
            return [_prompt(data, children)]
        return [block(row.node, conform(row.node, children), data)]
    if row.body == "code":
        for node in children:
            if node.get("type") == "code":
                node["data"] = {**node["data"], **data}
        return children
    return _void(reader, tag, row, data, children)


def _prompt(data: dict[str, Any], children: list[Node]) -> Node:
    codes = [node for node in children if node.get("type") == "code"][:1]
    return block("prompt", codes or [code_block("", {})], data)


def _caption(children: list[Node]) -> list[Node]:
    paragraphs = [node for node in children if node.get("type") == "paragraph"]
    return [fragment(paragraphs, "caption")] if paragraphs else []


def _void(
    reader: Reader, tag: Tag, row: BlockTag, data: dict[str, Any], children: list[Node]
) -> list[Node]:
    if row.node == "reusable-content":
        ref = reader.ref(tag.positional or "")
        # Reusable content not in the revision has nothing to show here: it is left out and
        # recorded as unresolved.
        return [block("reusable-content", data={"ref": ref})] if ref else []
    if row.node == "integration":
        integration, _, kind = tag.name[1:].partition("/")
        props = dict(tag.attrs)
        return [
            block("integration", data={"integration": integration, "block": kind, "props": props})
        ]
    caption = _caption(children) if row.body == "caption" else []
    target = row.target()
    if target == "spec":
        data = {"ref": {"kind": "openapi", "spec": tag.attrs.get("spec", "")}, **data}
    elif target is not None:
        href = tag.attrs.get(target, "")
        ref = reader.media_ref(href) if row.node == "swagger" else reader.ref(href)
        if ref is None:
            return _unresolved(row, href, children, caption)
        data = {"ref": ref, **data}
    return [block(row.node, data=data, fragments=caption or None)]


def _unresolved(row: BlockTag, href: str, children: list[Node], caption: list[Node]) -> list[Node]:
    """A page link or file whose target is not in the revision (recorded as unresolved): what
    a reader saw of it stays as text, as GitBook leaves a link to no page: a page link's
    display link (its label, the link itself gone), a file's caption, else the target's name."""
    if row.body == "link" and children:
        return children
    if caption:
        return list(caption[0]["nodes"])
    name = href.rstrip("/").rsplit("/", 1)[-1] or href
    return [block("paragraph", [text(name)])] if name else []


def _as_text(tag: Tag) -> list[Node]:
    """A tag whose target cannot be resolved is kept as the text of its line."""
    return [block("paragraph", [text("{% " + f"{tag.name} {tag.raw}".strip() + " %}")])]
