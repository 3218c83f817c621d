"""HTML blocks GitBook writes -> GitBook blocks: ``<figure>`` images (in a ``<div>`` for the
block's options), drawings, ``<pre>`` code with highlighted lines, ``<p align>``, ``<table>``,
``<details>`` expandables. Other HTML is kept as a paragraph of its source text."""

from __future__ import annotations

from typing import Any

from gitbook_mcp.document.nodes import Node, block, fragment, text
from gitbook_mcp.document.parse.capture import image_data
from gitbook_mcp.document.parse.html import Element, parse_html
from gitbook_mcp.document.parse.inline import markdown_inside
from gitbook_mcp.document.parse.pre import pre_block
from gitbook_mcp.document.parse.reader import BlockSource, Reader
from gitbook_mcp.document.parse.tables import html_table
from gitbook_mcp.document.parse.tagblocks import conform, length

__all__ = ["details", "html_block"]

_ALIGN_IN = {"left": "start", "center": "center", "right": "end"}


def html_block(reader: Reader, source: str) -> list[Node]:
    """The blocks of one HTML block."""
    root = parse_html(source)
    elements = root.elements()
    if not elements:
        return [] if not root.text().strip() else _kept(source)
    first = elements[0]
    converted = _convert(reader, source, first)
    return converted if converted is not None else _kept(source)


def _kept(source: str) -> list[Node]:
    return [block("paragraph", [text(source.strip())])]


def _convert(reader: Reader, source: str, first: Element) -> list[Node] | None:
    if first.tag == "figure" or first.tag == "picture":
        image = _image(reader, source, first)
        return [block("images", [image], {})] if image else None
    if first.tag == "div" and first.find("figure") is not None:
        return _images(reader, source, first)
    if first.tag == "div" and first.get("data-tag") == "hint":
        return [_hint_div(reader, source, first)]
    if first.tag == "img":
        if "gitbook-drawing" in first.get("class").split():
            ref = reader.ref(first.get("src")) if first.get("src") else None
            return [block("drawing", data={"ref": ref} if ref else {})]
        image = _image(reader, source, first)
        return [block("images", [image], {})] if image else None
    if first.tag == "pre":
        return [pre_block(first)]
    if first.tag == "p" and first.get("align") in _ALIGN_IN:
        nodes = markdown_inside(reader, source, first)
        return [block("paragraph", nodes, {"align": _ALIGN_IN[first.get("align")]})]
    if first.tag == "table":
        return [html_table(reader, source, first)]
    return None


def _hint_div(reader: Reader, source: str, div: Element) -> Node:
    """``<div data-gb-custom-block data-tag="hint" data-style="info">`` (a hint where GitBook
    writes HTML, e.g. inside an HTML list item)."""
    parts = div.elements("p") or [div]
    data = {"style": div.get("data-style", "info")}
    if div.get("data-icon"):
        data["icon"] = div.get("data-icon")
    return block(
        "hint", [block("paragraph", markdown_inside(reader, source, p)) for p in parts], data
    )


def _images(reader: Reader, source: str, div: Element) -> list[Node] | None:
    figures = [f for f in div.elements("figure")]
    images = [image for f in figures if (image := _image(reader, source, f)) is not None]
    if not images:
        return None
    data: dict[str, Any] = {}
    if div.get("align"):
        data["align"] = div.get("align")
    for name, field in (("data-full-width", "fullWidth"), ("data-with-frame", "withFrame")):
        if name in div.attrs:
            data[field] = div.get(name, "true") == "true"
    return [block("images", images, data)]


def _image(reader: Reader, source: str, figure: Element) -> Node | None:
    img = figure if figure.tag == "img" else figure.find("img")
    if img is None:
        return None
    picture = figure if figure.tag == "picture" else figure.find("picture")
    dark = picture.find("source") if picture is not None else None
    data = image_data(img, dark, reader)
    if data is None:
        return None
    for field in ("width", "height"):
        if img.get(field):
            data[field] = length(img.get(field))
    caption = figure.find("figcaption")
    paragraphs = []
    if caption is not None:
        parts = caption.elements("p") or ([caption] if caption.text().strip() else [])
        paragraphs = [block("paragraph", markdown_inside(reader, source, p)) for p in parts]
    return block(
        "image", data=data, fragments=[fragment(paragraphs, "caption")] if paragraphs else []
    )


def details(cursor: BlockSource, token: Any) -> list[Node]:
    """``<details [open]>`` ``<summary>…</summary>`` body ``</details>``: an expandable."""
    reader = cursor.reader
    source = token.content
    summary = parse_html(source).find("summary")
    if summary is None and cursor.index < len(cursor.tokens):
        following = cursor.tokens[cursor.index]
        if following.type == "html_block" and following.content.lstrip().startswith("<summary"):
            source = following.content
            summary = parse_html(source).find("summary")
            cursor.index += 1
    title = markdown_inside(reader, source, summary) if summary is not None else []
    body = conform("expandable-body", cursor.until("</details>"))
    opened = "open" in parse_html(token.content).elements()[0].attrs
    fragments = [
        fragment([block("paragraph", title)], "expandable-title", "expandable-title"),
        fragment(body, "expandable-body", "expandable-body"),
    ]
    return [block("expandable", data={"defaultExpanded": opened}, fragments=fragments)]
