"""Edits of a JSON document that touch only what they must: text found across leaves and marks
and replaced in place, a value set at a JSON pointer, and checks of what an edit would send.

Pure functions, linear in the document's size. A text match lies within one block (the text of
a paragraph, heading, code line, table cell...: a block whose children are text and inlines); it
never spans two blocks, as a careful editor's selection of "this sentence" would not. Void inlines
(emoji, math, mentions...) are not text: a match cannot cross one.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from gitbook_mcp.document.nodes import Node, walk

__all__ = [
    "PLACEHOLDERS",
    "TextMatch",
    "block_differences",
    "find_text",
    "get_at",
    "marker_problems",
    "placeholder",
    "replace_text",
    "set_at",
    "without_keys",
]

_VOID = "\x00"
"""Stands for a void inline in a block's text, so that no match crosses it."""
PAIRED_TAGS = frozenset(
    {"hint", "tabs", "tab", "stepper", "step", "columns", "column", "updates", "update", "code"}
    | {"if", "content-ref", "swagger", "openapi"}
)
"""Tags that need their ``{% end... %}`` (``embed`` and ``file`` may omit theirs)."""
PLACEHOLDERS = (
    "rest unchanged",
    "rest of the page",
    "rest of the content",
    "rest of page",
    "(unchanged)",
    "[unchanged]",
    "unchanged content",
    "content unchanged",
    "remaining content",
    "existing content",
    "same as before",
    "[...]",
    "(...)",
    "[…]",
    "(…)",
)
"""Phrases an author uses for content left out; never text to write into a page."""


@dataclass
class _Leaf:
    """One leaf in a block's text: where its text starts, and the chain of node lists down to it
    (``(list, node)`` pairs from the block's ``nodes`` to the text node)."""

    start: int
    chain: list[tuple[list[Node], Node]]
    index: int

    @property
    def leaf(self) -> dict[str, Any]:
        text_node = self.chain[-1][1]
        leaves: list[dict[str, Any]] = text_node["leaves"]
        return leaves[self.index]


@dataclass(frozen=True)
class TextMatch:
    """Where a text was found: the block's JSON pointer and the span in its text."""

    pointer: str
    start: int
    end: int


def _is_holder(node: Mapping[str, Any]) -> bool:
    nodes = node.get("nodes")
    return (
        node.get("object") in ("block", "fragment")
        and isinstance(nodes, list)
        and any(isinstance(n, Mapping) and n.get("object") in ("text", "inline") for n in nodes)
    )


def _leaves(block: Node) -> tuple[str, list[_Leaf]]:
    """The block's text (void inlines as a separator) and its leaves in order."""
    parts: list[str] = []
    found: list[_Leaf] = []
    size = 0
    stack: list[tuple[list[Any], int, list[tuple[list[Node], Node]]]] = [(block["nodes"], 0, [])]
    while stack:
        nodes, position, chain = stack.pop()
        if position >= len(nodes):
            continue
        stack.append((nodes, position + 1, chain))
        node = nodes[position]
        if not isinstance(node, dict):
            continue
        if node.get("object") == "text":
            for index, leaf in enumerate(node.get("leaves") or []):
                value = str(leaf.get("text", "")) if isinstance(leaf, Mapping) else ""
                found.append(_Leaf(size, [*chain, (nodes, node)], index))
                parts.append(value)
                size += len(value)
        elif isinstance(node.get("nodes"), list) and not node.get("isVoid"):
            stack.append((node["nodes"], 0, [*chain, (nodes, node)]))
        else:
            parts.append(_VOID)
            size += 1
    return "".join(parts), found


def _holders(doc: Mapping[str, Any]) -> Iterator[tuple[Node, str]]:
    for node, path in walk(doc):
        if _is_holder(node):
            yield node, path


def find_text(doc: Mapping[str, Any], needle: str, *, limit: int = 2) -> list[TextMatch]:
    """Where ``needle`` occurs in the text of ``doc``'s blocks, at most ``limit`` places (it stops
    there: counting every match of a repetitive page is quadratic). Overlapping matches count."""
    if not needle or _VOID in needle:
        return []
    out: list[TextMatch] = []
    for node, path in _holders(doc):
        value, _ = _leaves(node)
        at = value.find(needle)
        while at != -1 and len(out) < limit:
            out.append(TextMatch(path, at, at + len(needle)))
            at = value.find(needle, at + 1)
        if len(out) >= limit:
            break
    return out


def get_at(doc: Any, pointer: str) -> Any:
    """The value at a JSON pointer (RFC 6901); ``KeyError`` when there is none."""
    node = doc
    for token in _tokens(pointer):
        try:
            node = node[int(token)] if isinstance(node, list) else node[token]
        except (KeyError, IndexError, TypeError, ValueError):
            raise KeyError(pointer) from None
    return node


def set_at(doc: Mapping[str, Any], pointer: str, value: Any) -> dict[str, Any]:
    """A copy of ``doc`` with ``value`` at ``pointer`` (which must exist); nothing else changes."""
    tokens = _tokens(pointer)
    if not tokens:
        raise KeyError(pointer)
    out: dict[str, Any] = copy.deepcopy(dict(doc))
    holder = get_at(out, "".join("/" + _escape(t) for t in tokens[:-1]))
    last = tokens[-1]
    if isinstance(holder, list):
        if not last.isdigit() or int(last) >= len(holder):
            raise KeyError(pointer)
        holder[int(last)] = copy.deepcopy(value)
    elif isinstance(holder, dict) and last in holder:
        holder[last] = copy.deepcopy(value)
    else:
        raise KeyError(pointer)
    return out


def _tokens(pointer: str) -> list[str]:
    if not pointer:
        return []
    return [p.replace("~1", "/").replace("~0", "~") for p in pointer.split("/")[1:]]


def _escape(token: str) -> str:
    return token.replace("~", "~0").replace("/", "~1")


def replace_text(doc: Mapping[str, Any], match: TextMatch, replacement: str) -> dict[str, Any]:
    """A copy of ``doc`` with the matched span replaced by ``replacement`` (plain text).

    Only the leaves the span touches change: the inserted text takes the marks (and the link) of
    the first leaf touched; the other touched leaves lose the matched part, and a leaf, text node
    or inline link left empty by it goes. Every other node, the block's key among them, stays.
    """
    out: dict[str, Any] = copy.deepcopy(dict(doc))
    block = get_at(out, match.pointer)
    _, leaves = _leaves(block)
    touched = [
        leaf
        for leaf in leaves
        if leaf.start < match.end and leaf.start + len(leaf.leaf["text"]) > match.start
    ]
    if not touched:
        raise KeyError(match.pointer)
    for number, item in enumerate(touched):
        value = str(item.leaf["text"])
        low = max(match.start, item.start) - item.start
        high = min(match.end, item.start + len(value)) - item.start
        middle = replacement if number == 0 else ""
        item.leaf["text"] = value[:low] + middle + value[high:]
    _prune(block, touched)
    return out


def _prune(block: Node, touched: list[_Leaf]) -> None:
    """Drop what the replacement emptied (leaves, text nodes, inlines), deepest first; a block
    left with no children keeps one empty text node (a block holds at least one)."""
    for item in reversed(touched):
        if item.leaf["text"]:
            continue
        text_node = item.chain[-1][1]
        text_node["leaves"].pop(item.index)
        for nodes, node in reversed(item.chain):
            if _empty(node):
                nodes[:] = [n for n in nodes if n is not node]
    if not block["nodes"]:
        first = touched[0].chain[-1][1]
        block["nodes"].append({**first, "leaves": [{"object": "leaf", "text": "", "marks": []}]})


def _empty(node: Node) -> bool:
    if node.get("object") == "text":
        return not node.get("leaves")
    return node.get("object") == "inline" and not node.get("isVoid") and not node.get("nodes")


def marker_problems(markdown: str) -> list[str]:
    """What is wrong with the ``{% %}`` markers of GitBook markdown: escaped markers (``\\{%``,
    which GitBook shows as text), a tag that never closes, an end tag that closes nothing or
    another tag, a ``{%`` without ``%}``. Empty when every marker is sound."""
    problems: list[str] = []
    if "\\{%" in markdown or "%\\}" in markdown:
        problems.append("an escaped {% %} marker (\\{%): it would show as text, not render")
    open_tags: list[str] = []
    at = markdown.find("{%")
    while at != -1:
        end = markdown.find("%}", at + 2)
        if end == -1:
            problems.append("a {% marker without its %}")
            break
        words = markdown[at + 2 : end].split(None, 1)
        name = words[0] if words else ""
        if at == 0 or markdown[at - 1] != "\\":
            _track(name, open_tags, problems)
        at = markdown.find("{%", end + 2)
    problems += [f"{{% {name} %}} is never closed ({{% end{name} %}})" for name in open_tags]
    return problems


def _track(name: str, open_tags: list[str], problems: list[str]) -> None:
    if name.startswith("end") and name[3:] in PAIRED_TAGS:
        if not open_tags or open_tags[-1] != name[3:]:
            inside = f"inside {{% {open_tags[-1]} %}}" if open_tags else "with nothing open"
            problems.append(f"{{% {name} %}} {inside}")
        else:
            open_tags.pop()
    elif name in PAIRED_TAGS:
        open_tags.append(name)


def placeholder(text: str) -> str | None:
    """The placeholder ``text`` holds in place of content ("rest unchanged", a line of "..."),
    or None. Prose may use "..." inside a line; alone on a line it stands for something left out."""
    lowered = text.lower()
    for phrase in PLACEHOLDERS:
        if phrase in lowered:
            return phrase
    for line in lowered.splitlines() or [lowered]:
        bare = line.strip().strip("<>!-/#*` ")
        if bare in ("...", "…", "etc.", "etc..."):
            return line.strip()
    return None


def without_keys(node: Mapping[str, Any]) -> dict[str, Any]:
    """A copy of a node with every node's ``key`` left out (to compare content a store re-keyed)."""
    out: dict[str, Any] = copy.deepcopy(dict(node))
    for child, _ in walk(out):
        child.pop("key", None)
    return out


def block_differences(before: Mapping[str, Any], after: Mapping[str, Any]) -> list[int]:
    """The indexes of the top-level blocks that differ (a block added or gone counts)."""
    old = before.get("nodes") or []
    new = after.get("nodes") or []
    return [
        i
        for i in range(max(len(old), len(new)))
        if i >= len(old) or i >= len(new) or old[i] != new[i]
    ]
