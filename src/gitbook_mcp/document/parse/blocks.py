"""markdown-it block tokens -> GitBook blocks: a cursor over the flat token stream that builds
each block from its open token to its matching close token."""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from typing import Any

from gitbook_mcp.document.nodes import Node, block, fragment, plain_text
from gitbook_mcp.document.parse.html import one_tag
from gitbook_mcp.document.parse.htmlblocks import details, html_block
from gitbook_mcp.document.parse.inline import inlines
from gitbook_mcp.document.parse.reader import Reader
from gitbook_mcp.document.parse.tables import gfm_table
from gitbook_mcp.document.parse.tagblocks import code_block, conform, single_tag, tag_block

__all__ = ["Cursor"]

_HEADINGS = {2: "heading-1", 3: "heading-2", 4: "heading-3", 5: "heading-3", 6: "heading-3"}
"""``##`` is heading-1 (``#`` is the page title); levels 5 and 6 have no GitBook equivalent
and fold into heading-3, as authors fold them."""


class Cursor:
    """Reads blocks from a token stream."""

    def __init__(self, tokens: list[Any], reader: Reader) -> None:
        self.tokens = tokens
        self.index = 0
        self.reader = reader
        self.title: str | None = None
        self.frontmatter: str | None = None
        self.first = True

    def until(self, closing: str | None = None) -> list[Node]:
        """Blocks up to the token of type ``closing`` (consumed), or to the end."""
        out: list[Node] = []
        while self.index < len(self.tokens):
            token = self.tokens[self.index]
            if closing is not None and (
                token.type == closing
                or (token.type == "html_block" and token.content.strip() == closing)
            ):
                self.index += 1
                return out
            self.index += 1
            handler = _HANDLERS.get(token.type)
            if handler is not None:
                out.extend(handler(self, token))
            elif token.type == "gitbook_tag_open":
                out.extend(tag_block(self, token))
            self.first = self.first and token.type == "front_matter"
        return out

    def inline(self) -> list[Node]:
        """The inline nodes of the ``inline`` token at the cursor (consumed with its close)."""
        token = self.tokens[self.index]
        self.index += 2
        return inlines(token.children or [], self.reader)


def _paragraph(cursor: Cursor, token: Any) -> list[Node]:  # noqa: ARG001 - every block parser of the table takes the cursor and its token
    children = cursor.tokens[cursor.index].children or []
    if len(children) == 1 and children[0].type == "image":
        cursor.index += 2
        return _image_block(cursor.reader, children[0])
    return [block("paragraph", cursor.inline())]


def _image_block(reader: Reader, token: Any) -> list[Node]:
    """``![Caption](src)`` alone in a paragraph: an image block, the text its caption."""
    ref = reader.media_ref(str(token.attrGet("src") or ""))
    caption = inlines(token.children or [], reader)
    if ref is None:
        return [block("paragraph", caption)]
    fragments = [_caption(caption)] if caption else []
    image = block("image", data={"ref": ref, "alt": ""}, fragments=fragments)
    return [block("images", [image], {})]


def _caption(nodes: list[Node]) -> Node:
    return fragment([block("paragraph", nodes)], "caption")


def _heading(cursor: Cursor, token: Any) -> list[Node]:
    level = int(token.tag[1:])
    children = list(cursor.tokens[cursor.index].children or [])
    custom = _custom_anchor(children)
    nodes = inlines(children, cursor.reader)
    cursor.index += 2
    if level == 1:
        if cursor.first and cursor.title is None:
            cursor.title = plain_text({"nodes": nodes})
            return []
        level = 2
    data = {"id": custom} if custom else {}
    return [block(_HEADINGS[level], nodes, data)]


def _custom_anchor(children: list[Any]) -> str | None:
    """``## Title <a href="#id" id="id"></a>``: the trailing empty anchor is the custom id
    (removed from the children)."""
    if (
        len(children) < 2
        or children[-1].type != "html_inline"
        or children[-2].type != "html_inline"
    ):
        return None
    opening = one_tag(children[-2].content)
    if (
        opening is None
        or opening.tag != "a"
        or not opening.get("id")
        or children[-1].content != "</a>"
    ):
        return None
    del children[-2:]
    if children and children[-1].type == "text":
        children[-1].content = children[-1].content.rstrip()
    return opening.get("id")


def _list(cursor: Cursor, token: Any) -> list[Node]:
    closing = token.type.replace("_open", "_close")
    items: list[Node] = []
    while cursor.index < len(cursor.tokens) and cursor.tokens[cursor.index].type != closing:
        cursor.index += 1
        items.append(block("list-item", conform("list-item", cursor.until("list_item_close")), {}))
    cursor.index += 1
    if token.type == "ordered_list_open":
        start = int(token.attrGet("start") or 1)
        return [block("list-ordered", items, {"start": start} if start != 1 else {})]
    if items and all(_task(item) is not None for item in items):
        for item in items:
            item["data"] = {"checked": _task(item, strip=True)}
        return [block("list-tasks", items)]
    return [block("list-unordered", items)]


def _task(item: Node, strip: bool = False) -> bool | None:
    """``[ ] `` / ``[x] `` at the start of an item's first paragraph: its checked state."""
    nodes = item.get("nodes") or []
    if not nodes or nodes[0].get("type") != "paragraph" or not nodes[0]["nodes"]:
        return None
    first = nodes[0]["nodes"][0]
    if first.get("object") != "text" or not first["leaves"]:
        return None
    head = str(first["leaves"][0]["text"])
    if head[:4] not in ("[ ] ", "[x] ", "[X] ") and head not in ("[ ]", "[x]", "[X]"):
        return None
    if strip:
        first["leaves"][0]["text"] = head[4:]
        if not first["leaves"][0]["text"]:
            first["leaves"].pop(0)
    return head[1] != " "


def _quote(cursor: Cursor, token: Any) -> list[Node]:  # noqa: ARG001 - every block parser of the table takes the cursor and its token
    return [block("blockquote", conform("blockquote", cursor.until("blockquote_close")))]


def _code(cursor: Cursor, token: Any) -> list[Node]:  # noqa: ARG001 - every block parser of the table takes the cursor and its token
    syntax = (token.info or "").strip().split(" ")[0]
    return [code_block(token.content, {"syntax": syntax} if syntax else {})]


def _math(cursor: Cursor, token: Any) -> list[Node]:  # noqa: ARG001 - every block parser of the table takes the cursor and its token
    """A ``$$`` block; inside a list item or quote its lines carry the container's indent."""
    formula = textwrap.dedent(token.content).strip("\n").rstrip()
    return [block("math", data={"formula": formula})]


def _footnotes(cursor: Cursor, token: Any) -> list[Node]:  # noqa: ARG001 - every block parser of the table takes the cursor and its token
    while cursor.index < len(cursor.tokens):
        current = cursor.tokens[cursor.index]
        cursor.index += 1
        if current.type == "footnote_block_close":
            break
        if current.type == "footnote_open":
            label = str(current.meta.get("label", ""))
            body = conform("annotation-body", cursor.until("footnote_close"))
            for note in cursor.reader.notes.get(label, []):
                note["fragments"] = [fragment(body, None, "annotation-body")]
    return []


def _front_matter(cursor: Cursor, token: Any) -> list[Node]:
    cursor.frontmatter = token.content
    return []


def _html(cursor: Cursor, token: Any) -> list[Node]:
    if token.content.lstrip().startswith("<details"):
        return details(cursor, token)
    return html_block(cursor.reader, token.content)


_HANDLERS: dict[str, Callable[[Cursor, Any], list[Node]]] = {
    "paragraph_open": _paragraph,
    "heading_open": _heading,
    "bullet_list_open": _list,
    "ordered_list_open": _list,
    "blockquote_open": _quote,
    "hr": lambda cursor, token: [block("divider", data={})],  # noqa: ARG005 - every block parser of the table takes the cursor and its token
    "fence": _code,
    "code_block": _code,
    "math_block": _math,
    "table_open": gfm_table,
    "html_block": _html,
    "gitbook_tag": single_tag,
    "footnote_block_open": _footnotes,
    "front_matter": _front_matter,
}
