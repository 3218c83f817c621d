"""GitBook's document vocabulary (API 0.202): node type names, which container takes which
children, small constructors, a walk that yields every node with its JSON pointer, and keys."""

from __future__ import annotations

import secrets
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

__all__ = [
    "BLOCK_TYPES",
    "CHILDREN",
    "ESSENTIALS",
    "HEADINGS",
    "INLINE_TYPES",
    "LISTS",
    "MARK_TYPES",
    "TOP_LEVELS",
    "VOID_TYPES",
    "Node",
    "block",
    "document",
    "fragment",
    "inline",
    "leaf",
    "mark",
    "new_key",
    "plain_text",
    "pointer",
    "text",
    "walk",
]

Node = dict[str, Any]
"""A document node as the API sends it (plain JSON)."""

HEADINGS = ("heading-1", "heading-2", "heading-3")
LISTS = ("list-ordered", "list-unordered", "list-tasks")
ESSENTIALS = ("paragraph", *HEADINGS, *LISTS, "divider")
_MEDIA = ("content-ref", "code", "embed", "file", "images", "drawing", "hint", "prompt")
TOP_LEVELS = (
    *ESSENTIALS,
    *("blockquote", "hint", "prompt", "images", "file", "drawing", "embed", "code", "math"),
    *("expandable", "tabs", "table", "swagger", "openapi-operation", "openapi-schemas"),
    *("openapi-webhook", "content-ref", "integration", "reusable-content", "stepper", "if"),
    *("columns", "updates"),
)
BLOCK_TYPES = (
    *TOP_LEVELS,
    *("list-item", "image", "code-line", "tabs-item", "stepper-step", "column", "update"),
)
INLINE_TYPES = (
    *("link", "mention", "button", "inline-image", "emoji", "icon", "expression"),
    *("inline-math", "annotation"),
)
MARK_TYPES = (
    *("bold", "italic", "code", "strikethrough", "keyboard", "superscript", "subscript"),
    "color",
)
VOID_TYPES = frozenset(
    {
        *("divider", "image", "file", "drawing", "embed", "math", "expandable", "table"),
        *("swagger", "openapi-operation", "openapi-schemas", "openapi-webhook"),
        *("content-ref", "integration", "reusable-content"),
        *("mention", "button", "inline-image", "emoji", "icon", "expression", "inline-math"),
    }
)
"""Types whose ``isVoid`` is true: they carry no ``nodes`` (their content is in ``data``/fragments)."""

_STEP = (*ESSENTIALS, *_MEDIA, "blockquote", "math", "integration")
CHILDREN: Mapping[str, frozenset[str]] = {
    "document": frozenset(TOP_LEVELS),
    "if": frozenset(TOP_LEVELS),
    **{name: frozenset({"list-item"}) for name in LISTS},
    "list-item": frozenset({*ESSENTIALS, "code", "hint", "blockquote", "math", "table"}),
    "blockquote": frozenset({*ESSENTIALS, "blockquote"}),
    "hint": frozenset({*ESSENTIALS, "embed", "integration", "table"}),
    "prompt": frozenset({"code"}),
    "images": frozenset({"image"}),
    "code": frozenset({"code-line"}),
    "tabs": frozenset({"tabs-item"}),
    "tabs-item": frozenset(_STEP),
    "stepper": frozenset({"stepper-step"}),
    "stepper-step": frozenset({*_STEP, "expandable"}),
    "columns": frozenset({"column"}),
    "column": frozenset({*_STEP, "table", "expandable", "stepper"}),
    "updates": frozenset({"update"}),
    "update": frozenset({*_STEP, "tabs", "expandable"}),
    "expandable-body": frozenset(
        {*ESSENTIALS, "file", "images", "code", "table", "hint", "prompt", "blockquote"}
        | {"reusable-content", "integration"}
    ),
    "annotation-body": frozenset({*ESSENTIALS, "code"}),
}
"""Block children each container allows (fragments by their ``type``), per the live contract."""

_KEY_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"


_KEY_BYTES = 4 * len(_KEY_ALPHABET)
_KEY_TABLE = bytes(ord(_KEY_ALPHABET[b % 62]) if b < _KEY_BYTES else 0 for b in range(256))
_KEY_SKIPPED = bytes(range(_KEY_BYTES, 256))
"""Random bytes below ``_KEY_BYTES`` map evenly onto the alphabet (``byte % 62``); the others
are dropped, so that every letter is equally likely."""


def new_key() -> str:
    """A fresh node key in the look of GitBook's (20 random letters and digits).

    One read of the system's randomness and one ``bytes.translate`` per key: an import makes a
    key per node, and a key made character by character was a tenth of a page's parse."""
    while True:
        drawn = secrets.token_bytes(32).translate(_KEY_TABLE, _KEY_SKIPPED)
        if len(drawn) >= 20:  # 32 draws keep fewer than 20 about once in 10**14 keys
            return drawn[:20].decode("ascii")


def mark(kind: str, data: Mapping[str, Any] | None = None) -> Node:
    """A mark (``color`` takes ``data`` ``{text, background}``)."""
    node: Node = {"object": "mark", "type": kind}
    if data is not None:
        node["data"] = dict(data)
    return node


def leaf(value: str, marks: Iterable[Node] = ()) -> Node:
    """A run of text sharing its marks."""
    return {"object": "leaf", "text": value, "marks": list(marks)}


def text(value: str = "", marks: Iterable[Node] = (), *, key: str | None = None) -> Node:
    """A text node of one leaf (a new key unless one is given)."""
    return {"object": "text", "key": key or new_key(), "leaves": [leaf(value, marks)]}


def block(
    kind: str,
    nodes: Iterable[Node] | None = None,
    data: Mapping[str, Any] | None = None,
    *,
    key: str | None = None,
    fragments: Iterable[Node] | None = None,
) -> Node:
    """A block of ``kind``; void types get ``isVoid`` and no ``nodes``."""
    return _element("block", kind, nodes, data, key, fragments)


def inline(
    kind: str,
    data: Mapping[str, Any] | None = None,
    nodes: Iterable[Node] | None = None,
    *,
    key: str | None = None,
    fragments: Iterable[Node] | None = None,
) -> Node:
    """An inline of ``kind``; void types get ``isVoid`` and no ``nodes``."""
    return _element("inline", kind, nodes, data, key, fragments)


def _element(
    obj: str,
    kind: str,
    nodes: Iterable[Node] | None,
    data: Mapping[str, Any] | None,
    key: str | None,
    fragments: Iterable[Node] | None,
) -> Node:
    node: Node = {"object": obj, "type": kind, "key": key or new_key()}
    node["isVoid"] = kind in VOID_TYPES
    node["data"] = dict(data or {})
    if kind not in VOID_TYPES:
        node["nodes"] = list(nodes or [])
    if fragments is not None:
        node["fragments"] = list(fragments)
    return node


def fragment(
    nodes: Iterable[Node],
    name: str | None = None,
    kind: str | None = None,
    *,
    key: str | None = None,
) -> Node:
    """A fragment (caption, expandable title/body, annotation body, table cell)."""
    node: Node = {"object": "fragment", "key": key or new_key()}
    if name is not None:
        node["fragment"] = name
    if kind is not None:
        node["type"] = kind
    node["nodes"] = list(nodes)
    return node


def document(nodes: Iterable[Node], data: Mapping[str, Any] | None = None) -> Node:
    """A ``JSONDocument``."""
    return {"object": "document", "data": dict(data or {}), "nodes": list(nodes)}


def pointer(*parts: str | int) -> str:
    """A JSON pointer (RFC 6901) from its parts."""
    return "".join("/" + str(p).replace("~", "~0").replace("/", "~1") for p in parts)


def walk(
    root: Mapping[str, Any], base: str = "", *, fragments: bool = True
) -> Iterator[tuple[Node, str]]:
    """Every node under ``root`` (itself first), depth first in document order, with its JSON
    pointer: through ``nodes`` and ``fragments`` (captions, expandables, annotations, table
    cells). Iterative, so a deep document cannot overflow the stack."""
    fields = ("fragments", "nodes") if fragments else ("nodes",)  # pushed last is walked first
    stack: list[tuple[Mapping[str, Any], str]] = [(root, base)]
    push, pop = stack.append, stack.pop
    while stack:
        node, path = pop()
        if isinstance(node, dict):
            yield node, path
        for field in fields:
            items = node.get(field)
            if isinstance(items, list):
                for index in range(len(items) - 1, -1, -1):
                    child = items[index]
                    if type(child) is dict or isinstance(child, Mapping):
                        push((child, f"{path}/{field}/{index}"))


def plain_text(node: Mapping[str, Any]) -> str:
    """The text under a node through its ``nodes`` (not its fragments: an annotation's body or
    a caption is not part of the text), leaves in order; math and expressions give their source."""
    parts: list[str] = []
    stack: list[Mapping[str, Any]] = [node]
    push, pop = stack.append, stack.pop
    while stack:
        child = pop()
        if isinstance(child, dict):
            if child.get("object") == "text":
                parts.extend(str(item.get("text", "")) for item in child.get("leaves", []))
            elif child.get("type") in ("inline-math", "math"):
                parts.append(str(child.get("data", {}).get("formula", "")))
            elif child.get("type") == "expression":
                parts.append(str(child.get("data", {}).get("expression", "")))
        items = child.get("nodes")
        if isinstance(items, list):
            for index in range(len(items) - 1, -1, -1):
                item = items[index]
                if type(item) is dict or isinstance(item, Mapping):
                    push(item)
    return "".join(parts)
