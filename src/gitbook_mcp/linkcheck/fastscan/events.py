"""The compiled scanner's reading of one page: pyromark's events (pulldown-cmark) walked once,
keeping what a link check reads (links, in document order, and anchors), with the full parser's
converters for the blocks GitBook writes in HTML and its tags (`gitbook_mcp.document.parse`).

Over 400 lines: one reading's state (open links and headings, containers and what they allow,
inline HTML captures, expandables, table cells) shared by every event, kept together so that its
rules can be set against the parser's in one place.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import pyromark

from gitbook_mcp.document import LinkField, slug
from gitbook_mcp.document import document_links as link_fields
from gitbook_mcp.document.nodes import CHILDREN, Node, block, plain_text
from gitbook_mcp.document.parse.capture import captured, html_inline
from gitbook_mcp.document.parse.html import Element, one_tag, parse_html
from gitbook_mcp.document.parse.htmlblocks import html_block
from gitbook_mcp.document.parse.inline import markdown_inside
from gitbook_mcp.document.parse.reader import Reader
from gitbook_mcp.document.parse.setup import parser
from gitbook_mcp.document.parse.tables import cell_blocks
from gitbook_mcp.document.parse.tagblocks import convert_tag
from gitbook_mcp.document.refs import href_to_ref
from gitbook_mcp.document.tags import Tag, row_of

__all__ = [
    "END_HTML",
    "NO_METADATA",
    "OPTIONS",
    "Declined",
    "NeedsRanges",
    "Scan",
    "may_hold_link",
    "read",
]

OPTIONS = (
    pyromark.Options.ENABLE_TABLES
    | pyromark.Options.ENABLE_STRIKETHROUGH
    | pyromark.Options.ENABLE_FOOTNOTES
    | pyromark.Options.ENABLE_YAML_STYLE_METADATA_BLOCKS
)
NO_METADATA = OPTIONS & ~pyromark.Options.ENABLE_YAML_STYLE_METADATA_BLOCKS
_DECLINED_EVENTS = frozenset({"FootnoteReference", "InlineMath", "DisplayMath", "TaskListMarker"})
_DECLINED_STARTS = frozenset({"FootnoteDefinition", "DefinitionList", "Superscript", "Subscript"})
_HEADING_TYPE = {"H1": "heading-1", "H2": "heading-1", "H3": "heading-2"}
_FN_PREFIX = "#user-content-fn-"
_CELL_BLOCKS = frozenset({"p", "ul", "ol", "pre"})
"""HTML that makes a pipe table's cell blocks (`gitbook_mcp.document.parse.tables`)."""
_MARK_EVENTS = ("Emphasis", "Strong", "Strikethrough")
_PARAGRAPH = {"Start": "Paragraph"}
END_HTML = {"End": "HtmlBlock"}
_HTML = {"Start": "HtmlBlock"}
_END_CELL = {"End": "TableCell"}
_END_IMAGE = {"End": "Image"}


def _as_url(href: str) -> dict[str, Any]:
    return {"kind": "url", "url": href}


class NeedsRanges(Exception):
    """The page needs its events' source ranges (a cell read from its source)."""


class Declined(Exception):
    """The page uses a construct this scanner leaves to the full parser."""


@dataclass
class _Open:
    """A link or heading being read: its text so far and, for a link, its field."""

    kind: str
    text: list[str]
    href: str = ""
    title: str = ""
    html: list[tuple[int, int, int, str]] | None = None
    """A heading's inline HTML: (its event's number, the heading's text pieces and the page's
    link fields before it, the tag)."""


@dataclass
class _Token:
    """What the inline HTML capture reads of a markdown-it token."""

    type: str
    content: str


class Scan:
    def __init__(self) -> None:
        self.fields: list[LinkField | None] = []
        self.anchored: list[tuple[str, str, str | None, str | None]] = []
        """Each anchored block in document order: its anchor, its text, a heading's slug, its
        custom anchor."""
        self.containers: list[str] = ["document"]
        self.hidden = 0
        """Containers open that their parent does not allow: what they hold is not kept."""
        self.open: list[_Open] = []
        self.first = True
        self.title_done = False
        self.prev: Any = None
        self.count = 0
        """The number of the event being read (of those that are not plain strings)."""
        self.lone_image = False
        """The image just read is the first thing of its paragraph."""
        self.html: list[str] | None = None
        self.reader: Reader = _LinkReader(md=parser(), resolve=_as_url)
        """The full parser's reader, for its converters reused here."""
        self.marks: list[tuple[str, Node]] = []
        self.capture: tuple[Element, list[Any]] | None = None
        self.kept: list[bool] = []
        self.cell = False
        """Inside a pipe table's cell."""
        self.cell_at: tuple[int, int, dict[str, int]] = (0, 0, {})
        """Where the cell began: fields and open items then, and its byte range."""
        self.skip_cell = False
        self.source: bytes | None = None
        self.range: dict[str, int] = {}
        self.awaiting_summary = False
        """An expandable just opened without its ``<summary>``, which the next block may be."""
        self.expandables: list[int] = []
        """The depth of each open expandable's body in ``containers``."""
        """For each block open (paragraph, heading, list, quote): whether its parent allows it."""

    def text(self, value: str) -> None:
        """Text read: part of each open link's and heading's text, up to an open image (its
        alt is not the text around it)."""
        for item in reversed(self.open):
            item.text.append(value)
            if item.kind == "image":
                break

    # the inline HTML capture's sink (`gitbook_mcp.document.parse.capture.Sink`)
    def add_text(self, value: str, extra: Any = ()) -> None:  # noqa: ARG002 - marks do not matter here
        self.text(value)

    def add_node(self, node: Node) -> None:
        self.text(plain_text(node))
        if not self.hidden:
            self.fields.extend(link_fields({"nodes": [node]}))

    def inline_html(self, source: str) -> None:
        heading = next((o for o in reversed(self.open) if o.html is not None), None)
        if heading is not None and heading is not self.open[-1]:
            raise Declined("inline HTML in a link of a heading")
        if self.cell:
            element = one_tag(source)
            if element is not None and element.end != -2 and element.tag in _CELL_BLOCKS:
                self.cell_blocks()
                return
        html_inline(self, source)

    def cell_blocks(self) -> None:
        """A pipe table's cell holding HTML paragraphs or lists: read whole from its source by
        the parser's own converter (`cell_blocks`), as markdown-it gives it the cell."""
        fields, opened, where = self.cell_at
        if self.source is None:
            raise NeedsRanges
        if len(self.open) != opened or self.capture is not None:
            raise Declined("HTML blocks inside a link of a cell")
        del self.fields[fields:]
        raw = self.source[where["start"] : where["end"]].decode()
        content = raw.replace("\\|", "|").strip()
        if not self.hidden:
            for node in cell_blocks(self.reader, content, parse_html(content)):
                self.fields.extend(link_fields({"nodes": [node]}))
        self.skip_cell = True

    def captured(self, name: str, value: Any) -> None:
        if name == "InlineHtml":
            captured(self, _Token("html_inline", value))
        elif name == "Text" or name == "Code":
            captured(self, _Token("text", value))
        elif name in ("Start", "End") and value in _MARK_EVENTS:
            captured(self, _Token("mark", ""))
        else:
            raise Declined("markdown inside captured HTML")

    def block(self, kind: str) -> None:
        ok = self.allowed(kind)
        self.kept.append(ok)
        if not ok:
            self.hidden += 1

    def block_end(self) -> None:
        if not self.kept.pop():
            self.hidden -= 1

    def allowed(self, kind: str) -> bool:
        if self.hidden:
            return False
        container = next(c for c in reversed(self.containers) if c)
        allowed = CHILDREN.get(container)
        return allowed is None or kind in allowed

    def run(self, events: Any, source: bytes | None = None) -> None:
        """Read a stream of events (with their byte ranges in ``source``, when given)."""
        self.source = source
        for item in events:
            if source is None:
                event = item
            else:
                event, self.range = item
            if self.skip_cell:
                if event == _END_CELL:
                    self.skip_cell = False
                    self.cell = False
                continue
            if self.awaiting_summary and self.html is None and event != _HTML:
                self.awaiting_summary = False
            if type(event) is str:
                if self.capture is not None:
                    captured(self, _Token("softbreak", ""))
                elif event == "SoftBreak":
                    self.text(" ")
                elif event == "HardBreak":
                    self.text("\n")
                self.first = False
                self.prev = event
                continue
            ((name, value),) = event.items()
            self.count += 1
            if name == "InlineHtml" and self.open and self.open[-1].html is not None:
                heading = self.open[-1]
                heading.html.append((self.count, len(heading.text), len(self.fields), value))  # type: ignore[union-attr]
            if self.capture is not None:
                self.captured(name, value)
            elif name == "InlineHtml":
                self.inline_html(value)
            elif name == "Text" or name == "Code":
                self.text(value)
            elif name == "Html" and self.html is not None:
                self.html.append(value)
            elif name == "Start":
                self.start(value)
            elif name == "End":
                self.end(value)
            elif name in _DECLINED_EVENTS:
                raise Declined(name)
            self.prev = event

    def start(self, value: Any) -> None:
        if type(value) is str:
            if value in _DECLINED_STARTS:
                raise Declined(value)
            if value == "HtmlBlock":
                self.html = []
            elif value == "Item":
                self.containers.append("list-item")
            elif value == "Paragraph":
                self.block("paragraph")
            elif value == "TableHead":
                self.hidden += 1  # a pipe table's header is its columns' titles, not text
            elif value == "TableCell":
                self.cell = True
                self.cell_at = (len(self.fields), len(self.open), self.range)
            self.first = False
            return
        ((name, data),) = value.items()
        if name in _DECLINED_STARTS:
            raise Declined(name)
        if name == "Heading":
            level = data["level"]
            if level == "H1" and self.first and not self.title_done:
                self.open.append(_Open("title", []))
            else:
                self.open.append(_Open(_HEADING_TYPE.get(level, "heading-3"), [], html=[]))
            self.block(self.open[-1].kind if self.open[-1].kind != "title" else "paragraph")
            self.first = False
        elif name == "Link":
            self.link_start(data)
        elif name == "Image":
            self.lone_image = self.prev == _PARAGRAPH
            self.open.append(_Open("image", [], self.href(data), data["title"]))
        elif name == "BlockQuote":
            self.block("blockquote")
            self.containers.append("blockquote")
            self.first = False
        elif name == "List":
            self.block("list-ordered" if data is not None else "list-unordered")
            self.first = False
        elif name == "MetadataBlock":
            self.open.append(_Open("meta", []))
        elif name == "Table":
            self.block("table")
            self.first = False
        else:
            self.first = False

    def href(self, data: Mapping[str, Any]) -> str:
        href = str(data["dest_url"])
        return f"mailto:{href}" if data["link_type"] == "Email" else href

    def blocks(self, nodes: list[dict[str, Any]]) -> None:
        """Blocks the full parser's own converters made (an HTML block, a tag): the links of
        those the container allows (another becomes a paragraph of its text)."""
        for node in nodes:
            if self.allowed(str(node.get("type"))):
                self.fields.extend(link_fields({"nodes": [node]}))

    def html_end(self) -> None:
        source = "".join(self.html or [])
        self.html = None
        self.first = False
        if self.awaiting_summary:
            self.awaiting_summary = False
            if source.lstrip().startswith("<summary"):
                summary = parse_html(source).find("summary")
                if summary is not None:
                    self.summary(source, summary)
                return
        if source.lstrip().startswith("<details"):
            self.details(source)
        elif source.strip() == "</details>":
            self.details_end()
        else:
            if "<details" in source or "</details>" in source:
                raise Declined("an expandable inside other HTML")
            if _may_link(source):
                self.blocks(html_block(self.reader, source))

    def details(self, source: str) -> None:
        """``<details>`` ``<summary>`` opens an expandable: its title's links and its anchor;
        its body runs to the HTML block ``</details>`` (`gitbook_mcp.document.parse.htmlblocks`)."""
        if "</details>" in source:
            raise Declined("an expandable within one HTML block")
        ok = self.allowed("expandable")
        self.containers.append("expandable-body" if ok else "-expandable-body")
        self.expandables.append(len(self.containers))
        if not ok:
            self.hidden += 1
        summary = parse_html(source).find("summary")
        if summary is None:
            self.awaiting_summary = True  # the next block, when it is the ``<summary>``
        else:
            self.summary(source, summary)

    def summary(self, source: str, summary: Element) -> None:
        """An expandable's title: its anchor and its links (none when the parent drops it)."""
        if self.hidden:
            return
        full = Reader(md=self.reader.md, resolve=_as_url)  # the title's text is its anchor
        title = block("paragraph", markdown_inside(full, source, summary))
        words = plain_text(title).strip()
        if words:
            self.anchored.append((slug(words), "", None, None))
        self.fields.extend(link_fields({"nodes": [title]}))

    def details_end(self) -> None:
        if not self.expandables:
            return  # a stray end tag: no element, nothing kept
        if self.expandables.pop() != len(self.containers):
            raise Declined("an expandable across other blocks")
        if self.containers.pop().startswith("-"):
            self.hidden -= 1

    def link_start(self, data: Mapping[str, Any]) -> None:
        href = self.href(data)
        if href.startswith(_FN_PREFIX):
            raise Declined("footnote link")
        self.open.append(_Open("link", [], href, data["title"]))
        self.fields.append(None)  # its place in document order (before the links in its text)

    def end(self, value: Any) -> None:
        if type(value) is str:
            if value == "Item":
                self.containers.pop()
            elif value == "HtmlBlock":
                self.html_end()
            elif value == "Link":
                self.link_end()
            elif value == "Image":
                self.image_end()
            elif value == "Paragraph":
                if self.prev == _END_IMAGE and self.lone_image:
                    self.image_block()
                self.block_end()
            elif value == "TableHead":
                self.hidden -= 1
            elif value == "TableCell":
                self.cell = False
            elif value == "Table":
                self.block_end()
            return
        ((name, _),) = value.items()
        if name == "Heading":
            self.heading_end()
            self.block_end()
        elif name == "BlockQuote":
            self.containers.pop()
            self.block_end()
        elif name == "List":
            self.block_end()
        elif name == "MetadataBlock":
            self.open.pop()

    def link_end(self) -> None:
        item = self.open.pop()
        at = len(self.fields) - 1 - self.fields[::-1].index(None)
        ref = href_to_ref(item.href, _as_url)
        if ref is None or self.hidden:
            self.fields.pop(at)
            return
        text = "".join(item.text)
        kind = "mention" if item.title == "mention" else "link"
        self.fields[at] = LinkField(kind, ref, "", "" if kind == "mention" else text)

    def image_end(self) -> None:
        item = self.open.pop()
        alt = "".join(item.text)
        href = item.href
        if not href.strip():
            self.text(alt)
            return
        ref = href_to_ref(href, _as_url) or _as_url(href)
        if self.hidden:
            return
        self.fields.append(LinkField("inline-image", ref, "", alt))

    def image_block(self) -> None:
        """``![Caption](src)`` alone in a paragraph: an image block (its text is its caption),
        left out where the container allows no images (it has no text to keep)."""
        field = self.fields.pop() if not self.hidden else None
        if field is not None and self.allowed("images"):
            self.fields.append(LinkField("image", field.ref, "", ""))

    def heading_end(self) -> None:
        item = self.open.pop()
        custom = _custom_anchor(item, self.count)
        if custom is not None:  # the pair is no part of the heading (its text, a link)
            _, pieces, fields, _ = (item.html or [])[-2]
            del item.text[pieces:]
            del self.fields[fields:]
        text = "".join(item.text).replace("\n", " ")
        if item.kind == "title":
            self.title_done = True
            return
        if self.hidden:
            return
        derived = slug(text)
        self.anchored.append((custom or derived, text, derived, custom))

    def open_tag(self, tag: Tag) -> None:
        """A container tag's body begins (a ``code`` tag's body is its parent's)."""
        row = row_of(tag.name)
        if row is None or tag.name == "code":
            self.containers.append("")
            return
        if tag.name == "prompt":
            self.containers.append("prompt")
            self.hidden += 1  # only its code block is kept
            return
        ok = self.allowed(row.node)
        if row.node == "tabs-item" and ok:
            title = tag.attrs.get("title")
            if not title:
                raise Declined("a tab without a title (its anchor is its key)")
            self.anchored.append((slug(title), title, None, None))
        if ok:  # the container's own links (an update's tags) come before its children's
            self.blocks(convert_tag(self.reader, tag, []))
        self.containers.append(row.node if ok else "-" + row.node)
        if not ok:
            self.hidden += 1

    def close_tag(self) -> None:
        if self.expandables and self.expandables[-1] == len(self.containers):
            raise Declined("an expandable across a tag's end")
        kind = self.containers.pop()
        if kind == "prompt" or kind.startswith("-"):
            self.hidden -= 1
        self.first = False

    def void_tag(self, tag: Tag, body: list[str] | None) -> None:
        """A tag with no markdown body: its block made by the parser's own converter; a
        caption with links is left to the full parser."""
        row = row_of(tag.name)
        if row is None:
            raise Declined("an unknown tag")
        self.first = False
        if body is not None and row.body == "caption" and "[" in "".join(body):
            raise Declined("a caption with links")
        target = row.target()
        if target is not None and target != "spec" and not tag.attrs.get(target, "").strip():
            raise Declined("a tag without a target")
        if not self.hidden:
            self.blocks(convert_tag(self.reader, tag, []))

    def anchors(self) -> dict[str, str]:
        anchors: dict[str, str] = {}
        seen: dict[str, int] = {}
        for base, text, _, _ in self.anchored:
            count = seen.get(base, 0)
            seen[base] = count + 1
            anchors.setdefault(base if count == 0 else f"{base}-{count}", text.strip())
        for _, text, derived, custom in self.anchored:
            for extra in (custom, derived):
                if extra:
                    anchors.setdefault(extra, text.strip())
        return anchors


def _may_link(html: str) -> bool:
    """Whether an HTML block can hold a link: an ``href``, a ``src`` (``srcset``) or markdown
    inside (``[``). One without gives no link field, whatever its blocks."""
    lowered = html.lower()
    return "href" in lowered or "src" in lowered or "[" in html


_SCHEME = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+.-")
_MAX_SCHEME = 32
"""An autolink's scheme: a letter, then 1 to 31 of `_SCHEME` (CommonMark, markdown-it)."""


def may_hold_link(source: str) -> bool:
    """Whether markdown found inside HTML (a cell, a caption) can hold a link: a ``[`` (a link
    or an image), an HTML ``href`` or ``src`` (``srcset``), an ``@`` (an e-mail autolink) or an
    autolink ``<scheme:…>``. Text without any of them gives no link field, whatever its marks."""
    if "[" in source:
        return True
    if "<" not in source:
        return False
    lowered = source.lower()
    if "href" in lowered or "src" in lowered or "@" in source:
        return True
    at = source.find("<")
    while at >= 0:  # each ``<`` looks at most 33 characters ahead: linear
        end = at + 1
        limit = min(len(source), at + 1 + _MAX_SCHEME)
        while end < limit and source[end] in _SCHEME:
            end += 1
        first = source[at + 1 : at + 2]
        if end - at > 2 and first.isascii() and first.isalpha() and source[end : end + 1] == ":":
            return True
        at = source.find("<", at + 1)
    return False


class _LinkReader(Reader):
    """The full parser's reader, reading the markdown inside HTML (a cell, a caption) only
    where it can hold a link (`may_hold_link`): the text of one that cannot is no link's label
    (a caption is a fragment, not an image's label), so its tokens are not needed."""

    def inline_tokens(self, source: str) -> list[Any]:
        if not may_hold_link(source):
            return []
        return super().inline_tokens(source)


def _custom_anchor(heading: _Open, end: int) -> str | None:
    """``## Title <a href="#id" id="id"></a>``: the custom anchor of a heading, when the pair are
    its last two inline tokens (``end``: the number of the event after them)."""
    html = heading.html or []
    if len(html) < 2 or html[-1][0] != end - 1 or html[-2][0] != end - 2 or html[-1][3] != "</a>":
        return None
    opening = one_tag(html[-2][3])
    if opening is None or opening.tag != "a" or not opening.get("id"):
        return None
    return opening.get("id")


def read(scan: Scan, markdown: str, options: pyromark.Options, ranged: bool) -> list[Any]:
    if ranged:
        events = list(pyromark.events_with_range(markdown, options=options))
        scan.run(events, markdown.encode())
        return [event for event, _ in events]
    plain = list(pyromark.events(markdown, options=options))
    scan.run(plain)
    return plain
