"""Edits of a JSON document that touch only what they must: text found across leaves and marks
and replaced in place, a value set at a JSON pointer, and comparisons of documents.

Pure functions, linear in the document's size. A text match lies within one block (the text of
a paragraph, heading, code line, table cell...: a block whose children are text and inlines); it
never spans two blocks, as a careful editor's selection of "this sentence" would not. Void inlines
(emoji, math, mentions...) are not text: a match cannot cross one.

Over 400 lines: replacing found text is one concern, the leaf walk, the changed span, the
formatting check and the pruning of emptied nodes all reading the same leaves.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from gitbook_mcp.document.jsontext import copy_json
from gitbook_mcp.document.nodes import Node, new_key, text, walk
from gitbook_mcp.document.parse import parse_markdown
from gitbook_mcp.document.refs import RefResolver
from gitbook_mcp.document.render.verify import leaf_key

__all__ = [
    "FormattingLost",
    "TextMatch",
    "UnresolvedLinks",
    "block_differences",
    "find_text",
    "get_at",
    "inline_markdown",
    "replace_text",
    "same_without_keys",
    "set_at",
    "without_keys",
]

_VOID = "\x00"
"""Stands for a void inline in a block's text, so that no match crosses it."""


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


class FormattingLost(ValueError):
    """Plain text that would replace runs formatted differently (``formats``: each run named by
    its marks or link): all but the first run's formatting would be lost."""

    def __init__(self, formats: list[str]) -> None:
        super().__init__(", ".join(formats))
        self.formats = formats


class UnresolvedLinks(ValueError):
    """Inline markdown whose link targets the page's resolver does not know (``hrefs``)."""

    def __init__(self, hrefs: list[str]) -> None:
        super().__init__(", ".join(hrefs))
        self.hrefs = hrefs


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
    out: dict[str, Any] = copy_json(dict(doc))
    holder = get_at(out, "".join("/" + _escape(t) for t in tokens[:-1]))
    last = tokens[-1]
    if isinstance(holder, list):
        if not last.isdigit() or int(last) >= len(holder):
            raise KeyError(pointer)
        holder[int(last)] = copy_json(value)
    elif isinstance(holder, dict) and last in holder:
        holder[last] = copy_json(value)
    else:
        raise KeyError(pointer)
    return out


def _tokens(pointer: str) -> list[str]:
    if not pointer:
        return []
    return [p.replace("~1", "/").replace("~0", "~") for p in pointer.split("/")[1:]]


def _escape(token: str) -> str:
    return token.replace("~", "~0").replace("/", "~1")


def replace_text(
    doc: Mapping[str, Any],
    match: TextMatch,
    replacement: str,
    resolve: RefResolver | None = None,
) -> dict[str, Any]:
    """A copy of ``doc`` with the matched span replaced by ``replacement``.

    ``replacement`` is read as inline GitBook markdown (```code```, ``**bold**``, ``[a](b)``) when
    it holds such syntax and reads as one paragraph; else it is plain text. Its links are read
    with ``resolve`` (the page's relative paths); one it leaves unresolved raises
    `UnresolvedLinks` (a link must never become text unnoticed). Plain text replaces only the
    characters it changes (`_changed_span`), which must lie in runs of one formatting: else
    `FormattingLost` names the runs (their marks and links would silently go). Only the leaves
    the span touches change: the inserted text takes the marks (and the link) of the first leaf
    touched, plus its own; the other touched leaves lose the matched part, and a leaf, text node
    or inline link left empty by it goes. Every other node, the block's key among them, stays.
    """
    out: dict[str, Any] = copy_json(dict(doc))
    block = get_at(out, match.pointer)
    text_of_block, leaves = _leaves(block)
    nodes = inline_markdown(replacement, resolve)
    start, end = match.start, match.end
    if nodes is None:  # plain text: only what differs from the found text is replaced
        start, end, replacement = _changed_span(text_of_block, leaves, start, end, replacement)
    touched = [
        leaf for leaf in leaves if leaf.start < end and leaf.start + len(leaf.leaf["text"]) > start
    ]
    if not touched:
        raise KeyError(match.pointer)
    if nodes is None and len({_formatting(item) for item in touched}) > 1:
        raise FormattingLost(_formats(touched, start, end))
    cut = 0
    for number, item in enumerate(touched):
        value = str(item.leaf["text"])
        low = max(start, item.start) - item.start
        high = min(end, item.start + len(value)) - item.start
        middle = replacement if number == 0 and nodes is None else ""
        item.leaf["text"] = value[:low] + middle + value[high:]
        cut = low if number == 0 else cut
    _prune(touched[1:] if nodes is not None else touched)
    if nodes is not None:
        _insert(touched[0], cut, nodes)
    if not block["nodes"]:
        first = touched[0].chain[-1][1]
        block["nodes"].append({**first, "leaves": [{"object": "leaf", "text": "", "marks": []}]})
    return out


def _changed_span(
    value: str, leaves: list[_Leaf], start: int, end: int, new: str
) -> tuple[int, int, str]:
    """The part of ``value[start:end]`` that ``new`` changes, and what replaces it: the text
    both share at their start and at their end is left where it is, with its marks and links.
    Text only inserted joins the character before it or the one after it (within the found
    text), the less formatted: outside a link rather than in one, then with fewer marks, else
    the one before (as typing continues the text before the cursor)."""
    old = value[start:end]
    limit = min(len(old), len(new))
    head = 0
    while head < limit and old[head] == new[head]:
        head += 1
    tail = 0
    while tail < limit - head and old[-1 - tail] == new[-1 - tail]:
        tail += 1
    low, high, middle = start + head, end - tail, new[head : len(new) - tail]
    if low < high:
        return low, high, middle
    before = _leaf_at(leaves, low - 1) if low > start else None
    after = _leaf_at(leaves, high) if high < end else None
    if before is not None and (after is None or _weight(before) <= _weight(after)):
        return low - 1, high, value[low - 1] + middle
    if after is not None:
        return low, high + 1, middle + value[high]
    return start, end, new


def _leaf_at(leaves: list[_Leaf], at: int) -> _Leaf | None:
    """The leaf holding the character at ``at`` (None for a void inline's separator)."""
    for item in leaves:
        if item.start <= at < item.start + len(str(item.leaf["text"])):
            return item
    return None


def _inlines(item: _Leaf) -> list[Node]:
    """The inlines (links) a leaf lies in, outermost first."""
    return [node for _, node in item.chain if node.get("object") == "inline"]


def _weight(item: _Leaf) -> tuple[bool, int]:
    """How much formatting inserted text would take from a leaf: a link first, then marks."""
    return bool(_inlines(item)), len(item.leaf.get("marks") or [])


def _formatting(item: _Leaf) -> tuple[str, ...]:
    """What a leaf's text looks like beyond its characters: its marks (as the renderer compares
    them, `leaf_key`) and the inlines around it, each by identity (two links to one page are
    two links)."""
    inlines = [f"{node.get('type')}@{id(node)}" for node in _inlines(item)]
    return (leaf_key(item.leaf.get("marks") or []), *inlines)


def _formats(touched: list[_Leaf], start: int, end: int) -> list[str]:
    """Each run of the span named by its formatting (``bold 'Sign In'``, ``plain 'or'``)."""
    out: list[str] = []
    for item in touched:
        value = str(item.leaf["text"])
        part = value[max(start, item.start) - item.start : end - item.start]
        kinds = [str(m.get("type")) for m in item.leaf.get("marks") or []]
        kinds += [str(node.get("type")) for node in _inlines(item)]
        shown = part if len(part) <= 30 else part[:29] + "\u2026"
        out.append(f"{' '.join(kinds) or 'plain'} {shown!r}")
    return out


_SYNTAX = frozenset("*_`[]<>~$\\&!^")


def inline_markdown(value: str, resolve: RefResolver | None = None) -> list[Node] | None:
    """The inline nodes of ``value`` read as GitBook markdown (links through ``resolve``, as the
    page's own markdown is read), or None when it is plain text (no markdown syntax) or does not
    read as one paragraph (then it is taken as plain text). Spaces at its edges are kept (a
    paragraph would drop them). A link nothing resolves raises `UnresolvedLinks`."""
    core = value.strip()
    if not core or not _SYNTAX.intersection(core):
        return None
    parsed = parse_markdown(core, resolve)
    blocks = parsed.document.get("nodes") or []
    if parsed.title is not None or len(blocks) != 1 or blocks[0].get("type") != "paragraph":
        return None
    if parsed.unresolved:
        raise UnresolvedLinks(list(parsed.unresolved))
    nodes: list[Node] = list(blocks[0].get("nodes") or [])
    lead, trail = value[: len(value) - len(value.lstrip())], value[len(value.rstrip()) :]
    edges = [(0, lead), (len(nodes), trail)]
    for at, space in reversed(edges):
        if space:
            nodes.insert(at, text(space))
    return nodes


def _insert(first: _Leaf, cut: int, nodes: list[Node]) -> None:
    """``nodes`` put at ``cut`` in the first touched leaf: as leaves of its text node when they
    are all text (or it is inside a link), else as nodes beside its text node, split in two."""
    text_node = first.chain[-1][1]
    base = list(first.leaf.get("marks") or [])
    has_inline = any(n.get("object") != "text" for n in nodes)
    if has_inline and len(first.chain) == 1:
        siblings, _ = first.chain[-1]
        before = [*text_node["leaves"][: first.index], _cut(first.leaf, 0, cut)]
        after = [_cut(first.leaf, cut, None), *text_node["leaves"][first.index + 1 :]]
        head = {**text_node, "leaves": _solid(before)}
        # The original key stays with the part before the insertion, or after it if none.
        tail = {**text_node, "key": new_key() if head["leaves"] else text_node.get("key")}
        tail["leaves"] = _solid(after)
        pieces = [head, *(_marked(n, base) for n in nodes), tail]
        at = next(i for i, n in enumerate(siblings) if n is text_node)
        siblings[at : at + 1] = [p for p in pieces if p.get("object") != "text" or p["leaves"]]
        return
    added = [
        {**leaf, "marks": _merge(base, leaf.get("marks") or [])}
        for node in nodes
        for leaf in _leaves_of(node)
    ]
    leaf = first.leaf
    pieces = [_cut(leaf, 0, cut), *added, _cut(leaf, cut, None)]
    text_node["leaves"][first.index : first.index + 1] = _solid(pieces) or [_cut(leaf, 0, 0)]


def _cut(leaf: Mapping[str, Any], start: int, end: int | None) -> dict[str, Any]:
    return {**leaf, "text": str(leaf.get("text", ""))[start:end]}


def _solid(leaves: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [leaf for leaf in leaves if leaf.get("text")]


def _merge(base: list[Node], own: list[Node]) -> list[Node]:
    kinds = {m.get("type") for m in base}
    return [*base, *(m for m in own if m.get("type") not in kinds)]


def _marked(node: Node, base: list[Node]) -> Node:
    """``node`` with ``base`` marks added to each of its leaves (links: to their text)."""
    for child, _ in walk(node, fragments=False):
        if child.get("object") == "text":
            child["leaves"] = [
                {**leaf, "marks": _merge(base, leaf.get("marks") or [])} for leaf in child["leaves"]
            ]
    return node


def _leaves_of(node: Node) -> list[dict[str, Any]]:
    """The leaves under a node (a link's text, flattened: a link cannot hold a link)."""
    out: list[dict[str, Any]] = []
    for child, _ in walk(node, fragments=False):
        if child.get("object") == "text":
            out += [dict(leaf) for leaf in child.get("leaves") or []]
    return out


def _prune(touched: list[_Leaf]) -> None:
    """Drop what the replacement emptied (leaves, text nodes, inlines), deepest first."""
    for item in reversed(touched):
        if item.leaf["text"]:
            continue
        text_node = item.chain[-1][1]
        text_node["leaves"].pop(item.index)
        for nodes, node in reversed(item.chain):
            if _empty(node):
                nodes[:] = [n for n in nodes if n is not node]


def _empty(node: Node) -> bool:
    if node.get("object") == "text":
        return not node.get("leaves")
    return node.get("object") == "inline" and not node.get("isVoid") and not node.get("nodes")


def without_keys(node: Mapping[str, Any]) -> dict[str, Any]:
    """A copy of a node with every node's ``key`` left out (to compare content a store re-keyed)."""
    out: dict[str, Any] = copy_json(dict(node))
    for child, _ in walk(out):
        child.pop("key", None)
    return out


def same_without_keys(first: Mapping[str, Any], second: Mapping[str, Any]) -> bool:
    """``without_keys(first) == without_keys(second)``, without copying either: a read-back
    compares every page written, and copying both sides was most of that."""
    stack: list[tuple[Mapping[str, Any], Mapping[str, Any]]] = [(first, second)]
    while stack:
        one, other = stack.pop()
        if one.keys() - {"key"} != other.keys() - {"key"}:
            return False
        for name, value in one.items():
            if name == "key":
                continue
            theirs = other[name]
            if name in ("nodes", "fragments") and type(value) is list and type(theirs) is list:
                if len(value) != len(theirs):
                    return False
                for mine, its in zip(value, theirs, strict=True):
                    if type(mine) is dict and type(its) is dict:
                        stack.append((mine, its))
                    elif mine != its:
                        return False
            elif value != theirs:
                return False
    return True


def block_differences(before: Mapping[str, Any], after: Mapping[str, Any]) -> list[int]:
    """The indexes of the top-level blocks that differ (a block added or gone counts)."""
    old = before.get("nodes") or []
    new = after.get("nodes") or []
    return [
        i
        for i in range(max(len(old), len(new)))
        if i >= len(old) or i >= len(new) or old[i] != new[i]
    ]
