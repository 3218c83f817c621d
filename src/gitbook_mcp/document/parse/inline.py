"""markdown-it inline tokens -> GitBook inline nodes: text leaves with marks (from ``**``,
``_``, ``~~``, code spans and the HTML tags GitBook writes) and the nine inline types."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gitbook_mcp.document.nodes import Node, inline, leaf, mark, new_key
from gitbook_mcp.document.parse.capture import captured, html_inline
from gitbook_mcp.document.parse.html import Element
from gitbook_mcp.document.parse.reader import Reader

__all__ = ["InlineBuilder", "inlines", "markdown_inside"]

_TOKEN_MARKS = {"strong": "bold", "em": "italic", "s": "strikethrough"}
_FN_PREFIX = "#user-content-fn-"


class InlineBuilder:
    """Builds inline nodes from one token stream (marks open across tokens)."""

    def __init__(self, reader: Reader) -> None:
        self.reader = reader
        self.out: list[Node] = []
        self.marks: list[tuple[str, Node]] = []
        self.capture: tuple[Element, list[Any]] | None = None
        self.link: tuple[Node | None, list[Node], str] | None = None
        self.pending_note: list[Node] | None = None

    # text
    def add_text(self, value: str, extra: Sequence[Node] = ()) -> None:
        if not value:
            return
        marks = [m for _, m in self.marks] + list(extra)
        target = self.link[1] if self.link is not None else self.out
        if target and target[-1].get("object") == "text":
            leaves = target[-1]["leaves"]
            if leaves and leaves[-1]["marks"] == marks:
                leaves[-1]["text"] += value
            else:
                leaves.append(leaf(value, marks))
        else:
            target.append({"object": "text", "key": new_key(), "leaves": [leaf(value, marks)]})

    def add_node(self, node: Node) -> None:
        (self.link[1] if self.link is not None else self.out).append(node)

    def feed(self, tokens: Sequence[Any]) -> None:
        for token in tokens:
            if self.capture is not None and self._captured(token):
                continue
            self._token(token)

    def _token(self, token: Any) -> None:
        kind = token.type
        if kind == "text":
            self.add_text(token.content)
        elif kind == "code_inline":
            self.add_text(token.content, [mark("code")])
        elif kind in ("softbreak", "hardbreak"):
            self.add_text(" " if kind == "softbreak" else "\n")
        elif kind.endswith("_open") and kind[:-5] in _TOKEN_MARKS:
            self.marks.append((kind[:-5], mark(_TOKEN_MARKS[kind[:-5]])))
        elif kind.endswith("_close") and kind[:-6] in _TOKEN_MARKS:
            self._pop(kind[:-6])
        elif kind == "link_open":
            self._link_open(str(token.attrGet("href") or ""), str(token.attrGet("title") or ""))
        elif kind == "link_close":
            self._link_close()
        elif kind == "image":
            self._image(token)
        elif kind == "footnote_ref":
            self._footnote(str(token.meta.get("label", "")))
        elif kind == "gitbook_math":
            self.add_node(inline("inline-math", {"formula": token.content}))
        elif kind == "html_inline":
            self._html(token.content)
        else:
            self.add_text(token.content)

    def _pop(self, name: str) -> None:
        for index in range(len(self.marks) - 1, -1, -1):
            if self.marks[index][0] == name:
                del self.marks[index]
                return

    def _link_open(self, href: str, title: str) -> None:
        if href.startswith(_FN_PREFIX):
            self.link = (None, [], "note")
            return
        ref = self.reader.ref(href)
        if title == "mention" and ref is not None:
            self.link = (inline("mention", {"ref": ref}), [], "mention")
        else:
            node = inline("link", {"ref": ref}, []) if ref is not None else None
            self.link = (node, [], "link")

    def _link_close(self) -> None:
        if self.link is None:
            return
        node, children, role = self.link
        self.link = None
        if role == "note":
            self.pending_note = children
        elif role == "mention" and node is not None:
            self.add_node(node)
        elif node is not None:
            node["nodes"] = children
            self.add_node(node)
        else:
            for child in children:
                if (
                    child.get("object") == "text"
                    and self.out
                    and self.out[-1].get("object") == "text"
                ):
                    self.out[-1]["leaves"].extend(child["leaves"])
                else:
                    self.out.append(child)

    def _image(self, token: Any) -> None:
        ref = self.reader.media_ref(str(token.attrGet("src") or ""))
        alt = "".join(child.content for child in token.children or [])
        if ref is not None:
            self.add_node(inline("inline-image", {"ref": ref, "alt": alt}))
        else:
            self.add_text(alt)

    def _footnote(self, label: str) -> None:
        words = self.pending_note
        self.pending_note = None
        if words is None:
            words = self._last_word()
        texts = [w for w in words if w.get("object") == "text"]
        node = inline("annotation", {}, texts, fragments=[])
        self.reader.notes.setdefault(label, []).append(node)
        self.add_node(node)

    def _last_word(self) -> list[Node]:
        """``word[^1]``: the annotated text is the word before the marker."""
        target = self.out
        if not target or target[-1].get("object") != "text":
            return []
        last = target[-1]["leaves"][-1]
        head, space, word = str(last["text"]).rpartition(" ")
        last["text"] = head + space
        if not last["text"]:
            target[-1]["leaves"].pop()
            if not target[-1]["leaves"]:
                target.pop()
        return [{"object": "text", "key": new_key(), "leaves": [leaf(word, last["marks"])]}]

    def _html(self, source: str) -> None:
        html_inline(self, source)

    def _captured(self, token: Any) -> bool:
        return captured(self, token)

    def nodes(self) -> list[Node]:
        """The nodes built so far (an open link is flushed as its text)."""
        if self.link is not None:
            self._link_close()
        return self.out


def inlines(tokens: Sequence[Any], reader: Reader) -> list[Node]:
    """The inline nodes of an ``inline`` token's children."""
    builder = InlineBuilder(reader)
    builder.feed(tokens)
    return builder.nodes()


def markdown_inside(reader: Reader, source: str, element: Element) -> list[Node]:
    """The inline nodes of the markdown written inside an HTML element (a caption, a cell)."""
    if element.end < element.start:
        return []
    return inlines(reader.inline_tokens(source[element.start : element.end]), reader)
