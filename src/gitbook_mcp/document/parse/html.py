"""The HTML GitBook writes in markdown (figures, tables, ``<pre>``, ``<details>``, inline tags),
read with the standard library's `html.parser` into a small element tree that remembers where
each element's content starts and ends in the source (that content may be markdown)."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from html.parser import HTMLParser

__all__ = ["MAX_HTML_DEPTH", "Element", "one_tag", "parse_html"]

MAX_HTML_DEPTH = 64
"""Nesting kept; deeper elements are flattened into their parent (bounds the tree's depth)."""
_VOID = frozenset({"img", "source", "br", "hr", "input", "meta", "link", "wbr", "col"})


@dataclass
class Element:
    """An element: tag, attributes (``None`` for a bare attribute), children (elements and
    decoded text), and the source offsets of its content (``inner``)."""

    tag: str
    attrs: dict[str, str | None] = field(default_factory=dict)
    children: list[Element | str] = field(default_factory=list)
    start: int = 0
    end: int = -1

    def text(self) -> str:
        """The decoded text under the element."""
        return "".join(c if isinstance(c, str) else c.text() for c in self.children)

    def find(self, tag: str) -> Element | None:
        """The first descendant with ``tag`` (breadth first)."""
        queue = deque(c for c in self.children if isinstance(c, Element))
        while queue:
            node = queue.popleft()
            if node.tag == tag:
                return node
            queue.extend(c for c in node.children if isinstance(c, Element))
        return None

    def elements(self, tag: str | None = None) -> list[Element]:
        """The element children (of ``tag`` when given)."""
        return [c for c in self.children if isinstance(c, Element) and tag in (None, c.tag)]

    def get(self, name: str, default: str = "") -> str:
        value = self.attrs.get(name)
        return default if value is None else value


class _Builder(HTMLParser):
    def __init__(self, source: str) -> None:
        super().__init__(convert_charrefs=True)
        self.source = source
        self.line_starts = [0]
        at = source.find("\n")
        while at >= 0:
            self.line_starts.append(at + 1)
            at = source.find("\n", at + 1)
        self.root = Element("#root", start=0, end=len(source))
        self.stack = [self.root]

    def _offset(self) -> int:
        line, column = self.getpos()
        return self.line_starts[line - 1] + column

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        raw = self.get_starttag_text() or ""
        element = Element(tag, dict(attrs), start=self._offset() + len(raw))
        self.stack[-1].children.append(element)
        if tag not in _VOID and len(self.stack) < MAX_HTML_DEPTH:
            self.stack.append(element)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.stack[-1].children.append(Element(tag, dict(attrs)))

    def handle_endtag(self, tag: str) -> None:
        for depth in range(len(self.stack) - 1, 0, -1):
            if self.stack[depth].tag == tag:
                self.stack[depth].end = self._offset()
                del self.stack[depth:]
                return

    def handle_data(self, data: str) -> None:
        self.stack[-1].children.append(data)


def parse_html(source: str) -> Element:
    """The element tree of an HTML snippet (under a ``#root`` element)."""
    builder = _Builder(source)
    builder.feed(source)
    builder.close()
    for element in builder.stack[1:]:
        element.end = len(source)
    return builder.root


def one_tag(source: str) -> Element | None:
    """The single tag of an inline HTML token (``<kbd>``, ``</a>``, ``<img …>``): its element,
    with ``end == -2`` for a closing tag; ``None`` for a comment or anything else."""
    text = source.strip()
    if text.startswith("</"):
        name = text[2:].rstrip(">").strip().lower()
        return Element(name, end=-2) if name.isalnum() else None
    name = text[1:-1]
    if (
        text[:1] == "<"
        and text[-1:] == ">"
        and name.isascii()
        and name.isalnum()
        and name[:1].isalpha()
    ):
        # ``<strong>``: what `parse_html` makes of it, without a parser (most inline tags)
        name = name.lower()
        return Element(name, start=len(text), end=-1 if name in _VOID else len(text))
    root = parse_html(text)
    elements = root.elements()
    return elements[0] if len(elements) == 1 else None
