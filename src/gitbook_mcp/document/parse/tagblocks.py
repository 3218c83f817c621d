"""Liquid tag tokens -> GitBook blocks (hints, tabs, steppers, columns, updates, prompts,
conditions, code options, files, embeds, page links, OpenAPI blocks, includes, integrations),
and children a container does not allow turned into text paragraphs."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gitbook_mcp.document.nodes import CHILDREN, Node, block, fragment, inline, plain_text, text
from gitbook_mcp.document.parse.reader import BlockSource, Reader
from gitbook_mcp.document.tags import Tag

__all__ = ["code_block", "conform", "length", "single_tag", "tag_block"]

_ITEMS = {"tab": "tabs-item", "step": "stepper-step", "column": "column", "update": "update"}
_SIMPLE = {"tabs": "tabs", "stepper": "stepper", "columns": "columns", "updates": "updates"}


def _bool(value: str) -> bool:
    return value.strip().lower() == "true"


def length(value: str) -> Any:
    """``240`` -> 240, ``60%`` -> ``{unit: "%", value: 60}``."""
    digits = len(value) - len(value.lstrip("0123456789."))
    number_text, unit = value[:digits], value[digits:].strip()
    try:
        number: float | int = float(number_text) if "." in number_text else int(number_text)
    except ValueError:
        return value
    return {"unit": unit, "value": number} if unit else number


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


def _pick(tag: Tag, *fields: tuple[str, str, str]) -> dict[str, Any]:
    """``(attribute, json field, kind)``: kind ``s`` string, ``b`` boolean, ``i`` integer."""
    data: dict[str, Any] = {}
    for name, field, kind in fields:
        if name in tag.attrs:
            value = tag.attrs[name]
            data[field] = (
                _bool(value)
                if kind == "b"
                else int(value)
                if kind == "i" and value.isdigit()
                else value
            )
    return data


def tag_block(cursor: BlockSource, token: Any) -> list[Node]:
    """The block of a tag with a body (``{% name %}`` … ``{% endname %}``)."""
    tag: Tag = token.meta["tag"]
    children = cursor.until("gitbook_tag_close")
    return _convert(cursor.reader, tag, children)


def single_tag(cursor: BlockSource, token: Any) -> list[Node]:
    """The block of a one-line tag (no body)."""
    return _convert(cursor.reader, token.meta["tag"], [])


def _convert(reader: Reader, tag: Tag, children: list[Node]) -> list[Node]:
    name = tag.name
    if name in _ITEMS:
        return [block(_ITEMS[name], conform(_ITEMS[name], children), _item_data(tag))]
    if name in _SIMPLE:
        kind = _SIMPLE[name]
        data = _pick(tag, ("fullWidth", "fullWidth", "b"), ("format", "format", "s"))
        if kind == "updates":
            data.setdefault("format", "full")
        return [block(kind, conform(kind, children), data)]
    if name == "hint":
        data = {"style": tag.attrs.get("style", "info"), **_pick(tag, ("icon", "icon", "s"))}
        return [block("hint", conform("hint", children), data)]
    if name == "if":
        return [block("if", conform("if", children), {"expression": tag.raw})]
    if name == "prompt":
        return [_prompt(tag, children)]
    if name == "code":
        return _code_options(tag, children)
    return _void(reader, tag, children)


def _item_data(tag: Tag) -> dict[str, Any]:
    name = tag.name
    if name == "tab":
        return _pick(tag, ("title", "title", "s"), ("icon", "icon", "s"), ("slug", "slug", "s"))
    if name == "column":
        data: dict[str, Any] = _pick(tag, ("valign", "verticalAlignment", "s"))
        if "width" in tag.attrs:
            data = {"width": length(tag.attrs["width"]), **data}
        return data
    if name == "update":
        date = tag.attrs.get("date", "")
        data = {"date": f"{date}T00:00:00.000Z" if len(date) == 10 else date}
        if "tags" in tag.attrs:
            data["tags"] = [
                {"kind": "tag", "tag": t.strip()} for t in tag.attrs["tags"].split(",") if t.strip()
            ]
        return data
    return _pick(tag, ("icon", "icon", "s"))


def _prompt(tag: Tag, children: list[Node]) -> Node:
    data = {"description": tag.attrs.get("description", "")}
    data.update(
        _pick(
            tag,
            ("icon", "icon", "s"),
            ("openInAIProviders", "openInAIProviders", "b"),
            ("defaultExpanded", "defaultExpanded", "s"),
        )
    )
    codes = [node for node in children if node.get("type") == "code"][:1]
    return block("prompt", codes or [code_block("", {})], data)


def _code_options(tag: Tag, children: list[Node]) -> list[Node]:
    options = _pick(
        tag,
        ("title", "title", "s"),
        ("overflow", "overflow", "s"),
        ("lineNumbers", "lineNumbers", "b"),
        ("fullWidth", "fullWidth", "b"),
        ("expandable", "expandable", "b"),
        ("collapsedLineCount", "collapsedLineCount", "i"),
    )
    for node in children:
        if node.get("type") == "code":
            node["data"] = {**node["data"], **options}
    return children


def _caption(children: list[Node]) -> list[Node]:
    paragraphs = [node for node in children if node.get("type") == "paragraph"]
    return [fragment(paragraphs, "caption")] if paragraphs else []


def _void(reader: Reader, tag: Tag, children: list[Node]) -> list[Node]:
    attrs, name = tag.attrs, tag.name
    if name == "include":
        ref = reader.ref(tag.positional or "")
        return [block("reusable-content", data={"ref": ref})] if ref else _as_text(tag)
    if name.startswith("@"):
        integration, _, kind = name[1:].partition("/")
        return [
            block(
                "integration",
                data={"integration": integration, "block": kind, "props": dict(attrs)},
            )
        ]
    if name == "embed":
        data = {"url": attrs.get("url", ""), **_pick(tag, ("fullWidth", "fullWidth", "b"))}
        caption = _caption(children)
        return [block("embed", data=data, fragments=caption or None)]
    if name.startswith("openapi-"):
        return [block(name, data=_openapi(tag))]
    target = attrs.get("src") if name in ("file", "swagger", "openapi") else attrs.get("url")
    ref = reader.ref(target or "")
    if ref is None:
        return _as_text(tag)
    if name == "content-ref":
        return [block("content-ref", data={"ref": ref})]
    if name == "file":
        caption = _caption(children)
        return [block("file", data={"ref": ref}, fragments=caption or None)]
    data = {"ref": ref, **_pick(tag, ("path", "path", "s"), ("method", "method", "s"))}
    data.update(_pick(tag, ("expanded", "expanded", "b"), ("fullWidth", "fullWidth", "b")))
    return [block("swagger", data=data)]


def _openapi(tag: Tag) -> dict[str, Any]:
    data: dict[str, Any] = {"ref": {"kind": "openapi", "spec": tag.attrs.get("spec", "")}}
    data.update(_pick(tag, ("path", "path", "s"), ("name", "name", "s"), ("method", "method", "s")))
    if "schemas" in tag.attrs:
        data["schemas"] = [s.strip() for s in tag.attrs["schemas"].split(",") if s.strip()]
    data.update(
        _pick(
            tag, ("grouped", "grouped", "b"), ("title", "title", "s"), ("headless", "headless", "b")
        )
    )
    return data


def _as_text(tag: Tag) -> list[Node]:
    """A tag whose target cannot be resolved is kept as the text of its line."""
    return [block("paragraph", [text("{% " + f"{tag.name} {tag.raw}".strip() + " %}")])]
