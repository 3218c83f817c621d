"""Page markdown as the API's JSON document (``format=document``): headings, paragraphs, lists,
code blocks and dividers, with text leaves and inline link nodes whose ``ref`` says what a link
points at (page, anchor, file, url, space) when a resolver is given."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from gitbook_mcp.markdown_scan import heading as atx_heading

__all__ = ["LinkResolver", "markdown_document", "slugify"]

LinkResolver = Callable[[str], dict[str, Any]]
"""The ``ref`` of a link target as written in markdown (a ``url`` ref when nothing matches)."""

_FENCE = re.compile(r"^(```|~~~)\s*([\w+-]*)")
_BULLET = re.compile(r"^\s*[-*+]\s+(.*)$")
_NUMBERED = re.compile(r"^\s*(\d+)[.)]\s+(.*)$")
# Linear: link text stops at a bracket and a target too (so that each ``[``
# scans only to the next one); possessive quantifiers give nothing back.
_INLINE_LINK = re.compile(r"!?\[([^\[\]]*+)\]\([^)\[]*+\)")
_LINK = re.compile(r"(?<!!)\[([^\[\]]*+)\]\(\s*+<?([^)\[\s>]++)>?\s*+\)")


def slugify(text: str) -> str:
    """The anchor of a heading: lower case words joined by hyphens."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "section"


def _is_divider(line: str) -> bool:
    """Three or more of one of ``-``, ``*``, ``_`` and whitespace only (checked without a regex:
    a repeated group with a back reference was superlinear on ``- - - ...``)."""
    marks = "".join(line.split())
    return len(marks) >= 3 and marks[0] in "-*_" and marks.count(marks[0]) == len(marks)


def _verbatim(content: str) -> dict[str, Any]:
    return {"object": "text", "leaves": [{"object": "leaf", "text": content, "marks": []}]}


def _text(content: str) -> dict[str, Any]:
    return _verbatim(_INLINE_LINK.sub(lambda m: m.group(1), content))


def _inline(content: str, links: LinkResolver | None) -> list[dict[str, Any]]:
    """Text and link nodes of one line; without a resolver, links are kept as their text."""
    if links is None:
        return [_text(content)]
    nodes: list[dict[str, Any]] = []
    start = 0
    for match in _LINK.finditer(content):
        if match.start() > start:
            nodes.append(_text(content[start : match.start()]))
        nodes.append(
            {
                "object": "inline",
                "type": "link",
                "isVoid": False,
                "data": {"ref": links(match.group(2))},
                "nodes": [_text(match.group(1))],
            }
        )
        start = match.end()
    if start < len(content) or not nodes:
        nodes.append(_text(content[start:]))
    return nodes


def _paragraph(content: str, links: LinkResolver | None = None) -> dict[str, Any]:
    return {"object": "block", "type": "paragraph", "nodes": _inline(content, links)}


def _item(content: str, links: LinkResolver | None) -> dict[str, Any]:
    return {"object": "block", "type": "list-item", "nodes": [_paragraph(content, links)]}


# Over 60 lines: one line-by-line pass over the markdown whose branches (code fences, headings,
# dividers, lists, paragraphs) share the cursor and the pending paragraph.
def markdown_document(markdown: str, links: LinkResolver | None = None) -> dict[str, Any]:
    """The JSON document of a markdown text; links become link nodes when ``links`` resolves
    their targets (images, and links without a resolver, are kept as their text)."""
    nodes: list[dict[str, Any]] = []
    paragraph: list[str] = []
    lines = markdown.splitlines()

    def flush() -> None:
        if paragraph:
            nodes.append(_paragraph(" ".join(part.strip() for part in paragraph), links))
            paragraph.clear()

    index = 0
    while index < len(lines):
        line = lines[index]
        fence = _FENCE.match(line)
        if fence:
            flush()
            end = index + 1
            while end < len(lines) and not lines[end].startswith(fence.group(1)):
                end += 1
            code_lines = lines[index + 1 : end] or [""]
            block: dict[str, Any] = {
                "object": "block",
                "type": "code",
                "data": {"syntax": fence.group(2)} if fence.group(2) else {},
                "nodes": [
                    {"object": "block", "type": "code-line", "data": {}, "nodes": [_verbatim(c)]}
                    for c in code_lines
                ],
            }
            nodes.append(block)
            index = end + 1
            continue
        heading = atx_heading(line)
        if heading:
            flush()
            nodes.append(
                {
                    "object": "block",
                    "type": f"heading-{min(heading[0], 3)}",
                    "data": {"id": slugify(heading[1])},
                    "nodes": _inline(heading[1], links),
                }
            )
        elif _is_divider(line):
            flush()
            nodes.append({"object": "block", "type": "divider", "isVoid": True, "data": {}})
        elif _BULLET.match(line) or _NUMBERED.match(line):
            flush()
            ordered = _NUMBERED.match(line)
            pattern = _NUMBERED if ordered else _BULLET
            items: list[dict[str, Any]] = []
            while index < len(lines) and (match := pattern.match(lines[index])):
                items.append(_item(match.group(match.lastindex or 1), links))
                index += 1
            if ordered:
                nodes.append(
                    {
                        "object": "block",
                        "type": "list-ordered",
                        "data": {"start": int(ordered.group(1))},
                        "nodes": items,
                    }
                )
            else:
                nodes.append({"object": "block", "type": "list-unordered", "nodes": items})
            continue
        elif line.strip():
            paragraph.append(line)
        else:
            flush()
        index += 1
    flush()
    return {"object": "document", "data": {}, "nodes": nodes}
