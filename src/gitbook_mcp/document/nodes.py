"""GitBook's document vocabulary (API 0.202): node type names, which container takes which
children, small constructors, a walk that yields every node with its JSON pointer, and keys."""

from __future__ import annotations

import os
import threading
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
    "nodes_of",
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
"""Random bytes below this map evenly onto the alphabet (``byte % 62``); others are skipped."""
_KEY_TABLE = bytes(ord(_KEY_ALPHABET[b % 62]) for b in range(256))
_KEY_SKIPPED = bytes(range(_KEY_BYTES, 256))
_KEY_POOL = 2048
"""Random bytes read at once: about 96 keys per read of the system's randomness."""
_keys = threading.local()
"""Each thread's unused random key characters (``pool``, from ``at``)."""


def _forget_keys() -> None:
    """A forked child draws its own randomness, never its parent's unused characters."""
    _keys.__dict__.clear()


os.register_at_fork(after_in_child=_forget_keys)


def new_key() -> str:
    """A fresh node key in the look of GitBook's (20 random letters and digits).

    The system's randomness is read in blocks and mapped onto the alphabet in C
    (``bytes.translate``), per thread: an import and every markdown parse make a key per node,
    and a read and a Python loop per key were a fifth of a page's parse."""
    pool: str = getattr(_keys, "pool", "")
    at: int = getattr(_keys, "at", 0)
    while len(pool) - at < 20:
        pool = pool[at:] + os.urandom(_KEY_POOL).translate(_KEY_TABLE, _KEY_SKIPPED).decode()
        at = 0
    _keys.pool, _keys.at = pool, at + 20
    return pool[at : at + 20]


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


def nodes_of(root: Mapping[str, Any], *, fragments: bool = True) -> Iterator[Node]:
    """The nodes `walk` gives, in the same order, without their pointers (a walk that does not
    need them skips writing a path string per node)."""
    fields = ("fragments", "nodes") if fragments else ("nodes",)
    stack: list[Mapping[str, Any]] = [root]
    push, pop = stack.append, stack.pop
    while stack:
        node = pop()
        if isinstance(node, dict):
            yield node
        for field in fields:
            items = node.get(field)
            if isinstance(items, list):
                for index in range(len(items) - 1, -1, -1):
                    child = items[index]
                    if type(child) is dict or isinstance(child, Mapping):
                        push(child)


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
