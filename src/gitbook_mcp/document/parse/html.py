"""The HTML GitBook writes in markdown (figures, tables, ``<pre>``, ``<details>``, inline tags),
read with the standard library's `html.parser` into a small element tree that remembers where
each element's content starts and ends in the source (that content may be markdown)."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from html.parser import HTMLParser

__all__ = ["MAX_HTML_DEPTH", "Element", "one_tag", "parse_html", "parsed_html"]

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


_TAG_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
_ATTR_CHARS = _TAG_CHARS | frozenset("-_:.")
_NOT_QUICK = ("&", "<!", "<?")
"""Entities, comments, declarations and processing instructions: `html.parser`'s to read."""


def _start_tag(source: str, at: int) -> tuple[Element, int, bool] | None:
    """The start tag at ``at`` written as GitBook writes it (``<name a="v" b>``, single spaces,
    quoted values without ``<`` or ``>``): its element, the offset after it, and whether it
    closes itself (``/>``); None for any other form."""
    end, size = at + 1, len(source)
    while end < size and source[end] in _TAG_CHARS:
        end += 1
    name = source[at + 1 : end]
    if not name[:1].isalpha():
        return None
    attrs: dict[str, str | None] = {}
    while end < size:
        if source[end] == ">":
            return Element(name.lower(), attrs, start=end + 1), end + 1, False
        if source.startswith("/>", end):
            return Element(name.lower(), attrs), end + 2, True
        if source[end] != " ":
            return None
        start = end = end + 1
        while end < size and source[end] in _ATTR_CHARS:
            end += 1
        if start == end:
            return None
        key = source[start:end].lower()
        if not source.startswith("=", end):
            attrs[key] = None
            continue
        quote = source[end + 1 : end + 2]
        close = source.find(quote, end + 2) if quote in ('"', "'") else -1
        if close < 0 or "<" in source[end + 2 : close] or ">" in source[end + 2 : close]:
            return None
        attrs[key] = source[end + 2 : close]
        end = close + 1
    return None


def _quick(source: str) -> Element | None:
    """The tree `html.parser` makes of ``source`` (`_Builder`), read with ``str.find`` when
    every tag is written as GitBook writes its tables and figures (`_start_tag`, ``</name>``)
    and there is no entity, comment or script; None otherwise. Each character is looked at a
    bounded number of times: linear."""
    if any(form in source for form in _NOT_QUICK):
        return None
    lowered = source.lower()
    if "<script" in lowered or "<style" in lowered:
        return None
    root = Element("#root", start=0, end=len(source))
    stack = [root]
    at, size = 0, len(source)
    while at < size:
        tag = source.find("<", at)
        if tag < 0:
            tag = size
        if tag > at:
            stack[-1].children.append(source[at:tag])
        if tag == size:
            break
        if source.startswith("</", tag):
            close = source.find(">", tag)
            name = source[tag + 2 : close] if close >= 0 else ""
            if not (name.isascii() and name.isalnum() and name[:1].isalpha()):
                return None
            _close(stack, name.lower(), tag)
            at = close + 1
            continue
        read = _start_tag(source, tag)
        if read is None:
            return None
        element, at, closed = read
        stack[-1].children.append(element)
        if not closed and element.tag not in _VOID and len(stack) < MAX_HTML_DEPTH:
            stack.append(element)
    for element in stack[1:]:
        element.end = size
    return root


def _close(stack: list[Element], tag: str, at: int) -> None:
    """An end tag at ``at``: it ends the innermost open element of its name (none: ignored)."""
    for depth in range(len(stack) - 1, 0, -1):
        if stack[depth].tag == tag:
            stack[depth].end = at
            del stack[depth:]
            return


def parse_html(source: str) -> Element:
    """The element tree of an HTML snippet (under a ``#root`` element): read directly when it
    is written as GitBook writes HTML (`_quick`), else by `html.parser` (`_Builder`)."""
    quick = _quick(source)
    return quick if quick is not None else parsed_html(source)


def parsed_html(source: str) -> Element:
    """The element tree of an HTML snippet as `html.parser` reads it."""
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
