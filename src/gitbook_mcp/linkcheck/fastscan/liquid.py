"""GitBook's Liquid tags for the compiled scanner: the tag lines the parser's tag rule reads at a
page's top level, their ends, and the markdown between them read as a tag's body is."""

from __future__ import annotations

from gitbook_mcp.document.parse.tagrule import CONTAINERS, OPTIONAL_END
from gitbook_mcp.document.tags import MAX_TAG_LINE, MAX_VOID_BODY_LINES, Tag, parse_tag, row_of
from gitbook_mcp.linkcheck.fastscan.events import (
    END_HTML,
    NO_METADATA,
    OPTIONS,
    Declined,
    Scan,
    read,
)

__all__ = ["read_tagged"]


def _tags(lines: list[str]) -> dict[int, Tag] | None:
    """The tag lines of a page (line -> tag) as the parser's tag rule reads them at the top
    level: outside fences, from the line's first column. None: a tag line it does not read so
    (indented: inside a list item or a quote), or tags on a page with reference definitions
    (each segment is read alone, so a reference would not reach its definition)."""
    found: dict[int, Tag] = {}
    fenced = False
    definitions = False
    for number, line in enumerate(lines):
        text = line.strip()
        if text.startswith(("```", "~~~")):
            fenced = not fenced
        if not fenced and text.startswith("[") and "]:" in text:
            definitions = True  # a reference definition, maybe: its segment is not the page
        if fenced or not text.startswith("{%"):
            continue
        if line[0] != "{":
            return None
        tag = parse_tag(line) if len(text) <= MAX_TAG_LINE else None
        if tag is not None and (tag.closing or row_of(tag.name) is not None):
            found[number] = tag
    return None if definitions and found else found


def _pairs(tags: dict[int, Tag], count: int) -> dict[int, int] | None:
    """Each container's open line -> its end line, each optional-end tag's likewise when it has
    one (None: a container left open, which the parser reads as text)."""
    ends: dict[int, int] = {}
    stacks: dict[str, list[int]] = {}
    for number, tag in tags.items():
        if tag.closing:
            stack = stacks.get(tag.name)
            if stack:
                ends[stack.pop()] = number
        elif tag.name in CONTAINERS:
            stacks.setdefault(tag.name, []).append(number)
    if any(stacks.values()):
        return None
    for number, tag in tags.items():
        if not tag.closing and tag.name in OPTIONAL_END:
            for line in range(number + 1, min(count, number + 1 + MAX_VOID_BODY_LINES)):
                other = tags.get(line)
                if other is not None:
                    if other.closing and other.name == tag.name:
                        ends[number] = line
                    break
    return ends


def read_tagged(scan: Scan, markdown: str, ranged: bool) -> None:
    """A page with Liquid tags: the markdown between tag lines read as the parser reads a
    tag's body (a block context of its own), the tags as its converters make them."""
    lines = markdown.split("\n")
    tags = _tags(lines)
    if tags is None:
        raise Declined("tags the scanner does not place")
    ends = _pairs(tags, len(lines))
    if ends is None:
        raise Declined("a container left open")
    closers: dict[int, str] = {}
    """End line of each open block -> what it closes (a container, or a body skipped)."""
    segment = 0
    number = 0
    while number < len(lines):
        tag = tags.get(number)
        if tag is None or (tag.closing and number not in closers):
            number += 1
            continue
        _segment(scan, lines, segment, number, ranged)
        if tag.closing:
            if closers.pop(number) == "container":
                scan.close_tag()
            number += 1
        else:
            end = ends.get(number)
            if tag.name in CONTAINERS:
                closers[end if end is not None else -1] = "container"
                scan.open_tag(tag)
                number += 1
            else:
                scan.void_tag(tag, lines[number + 1 : end] if end is not None else None)
                number = end + 1 if end is not None else number + 1
        segment = number
    _segment(scan, lines, segment, len(lines), ranged)


def _segment(scan: Scan, lines: list[str], start: int, end: int, ranged: bool) -> None:
    if end <= start:
        return
    options = OPTIONS if start == 0 else NO_METADATA
    events = read(scan, "\n".join(lines[start:end]), options, ranged)
    if events and events[-1] == END_HTML and lines[end - 1].strip() and end < len(lines):
        raise Declined("a tag line inside an HTML block")
