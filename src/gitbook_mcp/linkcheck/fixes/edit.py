"""Applying chosen fixes to a page's JSON document, touching only each link's ref node.

The document is copied, never changed in place; every node that no fix names stays as it was, so
the re-serialised document differs only where a link was fixed. A fix whose link no longer holds
the ref it was planned from (the page changed since it was read) is skipped and says so. This is
what a tool sends as one ``update_page`` change of an atomic batch.

A page read as markdown (no JSON document) gets the same guarantee from `apply_markdown_fixes`:
only the href of each fixed link (or, to unlink it, the link's brackets) changes, in place on its
line; every other byte of the page stays.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any
from urllib.parse import unquote

from gitbook_mcp.document.jsontext import copy_json
from gitbook_mcp.linkcheck.fixes.plan import Fix

__all__ = ["Edit", "apply_fixes", "apply_markdown_fixes"]


@dataclass(frozen=True)
class Edit:
    """What one fix did (``applied``) or why it was skipped (``reason``)."""

    pointer: str
    before: Any
    after: Any
    applied: bool = True
    reason: str = ""


def _tokens(pointer: str) -> list[str | int]:
    parts = pointer.split("/")[1:]
    return [int(p) if p.isdigit() else p.replace("~1", "/").replace("~0", "~") for p in parts]


def _parent(document: Any, tokens: Sequence[str | int]) -> Any:
    node = document
    for token in tokens[:-1]:
        node = node[token]
    return node


def _order(fix: Fix) -> list[tuple[int, int | str]]:
    """Sort key putting later document positions first (so earlier pointers stay valid)."""
    return [
        (0, t) if isinstance(t, int) else (1, t) for t in _tokens(fix.finding.link.pointer or "")
    ]


def _expected(fix: Fix) -> Any:
    link = fix.finding.link
    return link.ref if link.ref is not None else link.target.url


def _apply(document: Any, fix: Fix) -> Edit:
    pointer = fix.finding.link.pointer or ""
    tokens = _tokens(pointer)
    try:
        holder = _parent(document, tokens)
        before = holder[tokens[-1]]
    except (KeyError, IndexError, TypeError):
        return Edit(pointer, None, None, False, "the link is no longer in the page")
    if before != _expected(fix):
        return Edit(pointer, before, before, False, "the link changed since the page was read")
    if fix.action == "replace":
        holder[tokens[-1]] = copy_json(fix.replacement)
        return Edit(pointer, before, fix.replacement)
    return _unlink(document, tokens, pointer, before)


def _unlink(document: Any, tokens: list[str | int], pointer: str, before: Any) -> Edit:
    """Replace an inline link node by its children (its text), in its parent's nodes."""
    node_tokens = tokens[:-2]
    siblings = _parent(document, node_tokens)
    node = siblings[node_tokens[-1]] if node_tokens else None
    if not isinstance(node, Mapping) or node.get("type") != "link" or not node_tokens:
        return Edit(pointer, before, before, False, "only an inline link can be unlinked")
    position = node_tokens[-1]
    assert isinstance(position, int)
    children = list(node.get("nodes", []))
    siblings[position : position + 1] = children
    return Edit(pointer, before, None)


def apply_fixes(
    document: Mapping[str, Any], fixes: Sequence[Fix]
) -> tuple[dict[str, Any], list[Edit]]:
    """A copy of ``document`` with the fixes applied, and one `Edit` per fix (document order).

    Fixes of markdown links (no pointer) are not for documents: they are skipped and say so.
    """
    updated: dict[str, Any] = copy_json(dict(document))
    edits: dict[int, Edit] = {}
    ordered = sorted(range(len(fixes)), key=lambda i: _order(fixes[i]), reverse=True)
    for position in ordered:
        fix = fixes[position]
        if fix.finding.link.pointer is None:
            edits[position] = Edit("", None, None, False, "a markdown link: edit its href text")
            continue
        edits[position] = _apply(updated, fix)
    return updated, [edits[i] for i in range(len(fixes))]


# Linear on any text: link text and target stop at a bracket (so that each ``[`` scans only to
# the next one) and the quantifiers after ``](`` are possessive.
_INLINE = re.compile(
    r"(!?)\[((?:[^\[\]\\]|\\.)*+)\]\(\s*+<?([^)\[\s>]++)>?"
    r"(?:\s++(?:\"[^\"]*+\"|'[^']*+'))?\s*+\)"
)
"""An inline link or image on one line: groups ``!``, text, href (no nested brackets)."""
_DEFINITION = re.compile(r"^( {0,3}\[[^\]\n]++\]:[^\S\n]*+<?)(\S+?)(>?(?:[^\S\n]+[^\n]*+)?)$")


def _same(written: str, href: str) -> bool:
    return written == href or unquote(written) == unquote(href)


def _inline(line: str, fix: Fix) -> tuple[int, int, str] | None:
    """The inline link of ``line`` with the fix's href (the one with its text first)."""
    link = fix.finding.link
    matches = [m for m in _INLINE.finditer(line) if _same(m.group(3), link.href or "")]
    matches.sort(key=lambda m: m.group(2).strip() != link.text)
    if not matches:
        return None
    match = matches[0]
    if fix.action == "unlink":
        return match.start(), match.end(), match.group(2)
    return match.start(3), match.end(3), fix.href or match.group(3)


def _spans(line: str, fix: Fix) -> tuple[int, int, str] | None:
    """Where on its line the fix's link sits, and what replaces that span (None: not there):
    an inline link, an autolink ``<href>``, a reference definition ``[x]: href``, or a quoted
    attribute of a GitBook block or HTML tag."""
    href = fix.finding.link.href or ""
    found = _inline(line, fix)
    if found is not None:
        return found
    start = line.find(f"<{href}>")
    if start >= 0:
        new = href if fix.action == "unlink" else f"<{fix.href}>"
        return start, start + len(href) + 2, new
    match = _DEFINITION.match(line)
    if match is not None and _same(match.group(2), href) and fix.action == "replace":
        return match.start(2), match.end(2), fix.href or href
    quoted = line.find(f'"{href}"') if href else -1  # an attribute: {% … url="…" %}, <img src>
    if quoted < 0 or fix.action == "unlink":
        return None
    return quoted + 1, quoted + 1 + len(href), fix.href or href


def _edit_line(lines: list[str], fix: Fix) -> Edit:
    link = fix.finding.link
    where = f"line {link.line}"
    position = (link.line or 0) - 1
    if not 0 <= position < len(lines):
        return Edit(where, link.href, link.href, False, "the link is no longer in the page")
    found = _spans(lines[position], fix)
    if found is None:
        return Edit(where, link.href, link.href, False, "the link changed since the page was read")
    start, end, new = found
    line = lines[position]
    lines[position] = line[:start] + new + line[end:]
    return Edit(where, line[start:end], new)


def apply_markdown_fixes(markdown: str, fixes: Sequence[Fix]) -> tuple[str, list[Edit]]:
    """The markdown with the fixes applied in place, and one `Edit` per fix (given order).

    Each fix is applied on its own line (lines counted by ``\n``, as the scan counts them), the
    rightmost first, so that two fixes of one line do not move each other.
    """
    lines = markdown.split("\n")
    edits: dict[int, Edit] = {}

    def place(i: int) -> tuple[int, int]:
        link = fixes[i].finding.link
        line = lines[(link.line or 1) - 1] if 0 < (link.line or 0) <= len(lines) else ""
        return (link.line or 0, line.find(link.href or "\0"))

    for position in sorted(range(len(fixes)), key=place, reverse=True):
        fix = fixes[position]
        if fix.finding.link.line is None or fix.finding.link.href is None:
            edits[position] = Edit("", None, None, False, "not a markdown link")
            continue
        edits[position] = _edit_line(lines, fix)
    return "\n".join(lines), [edits[i] for i in range(len(fixes))]
