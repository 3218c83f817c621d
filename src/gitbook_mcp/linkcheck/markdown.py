"""Links and anchors of a page's markdown: the fallback when no JSON document is available.

Inline links and images, reference definitions and autolinks count; code is not links. A relative
href resolves against the linking page's path like a file in a folder (a page with children is a
folder: its README); ``.gitbook/assets/NAME`` names a file; ``#anchor`` is on the page itself.
"""

from __future__ import annotations

import posixpath
import re
from urllib.parse import unquote

from gitbook_mcp.linkcheck.extract import slugify
from gitbook_mcp.linkcheck.model import Link, Target
from gitbook_mcp.markdown_scan import blank_code_spans, headings

__all__ = [
    "INLINE_LINK",
    "href_target",
    "markdown_anchors",
    "markdown_links",
    "relative_href",
    "resolve_path",
]

# Linear on any text: link text and target stop at a bracket (so that each ``[`` scans only to the next
# one), the quantifiers after ``](`` are possessive, and a URL of an autolink stops at ``<``.
_INLINE = re.compile(
    r"(!?)\[((?:[^\[\]\\]|\\.)*+)\]\(\s*+<?([^)\[\s>]++)>?"
    r"(?:\s++(?:\"[^\"]*+\"|'[^']*+'))?\s*+\)"
)
INLINE_LINK = _INLINE
"""An inline link or image: groups ``!``, text, href (what fixes of markdown links edit)."""
_DEFINITION = re.compile(
    r"^ {0,3}\[([^\]\n]++)\]:[^\S\n]*+<?(\S+?)>?(?:[^\S\n]+[^\n]*+)?$", re.MULTILINE
)
_AUTOLINK = re.compile(r"<((?:https?|ftp)://[^\s<>]++)>")
_FENCED = re.compile(r"^ {0,3}(```|~~~).*?^ {0,3}\1[^\n]*$", re.MULTILINE | re.DOTALL)
_SCHEME = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:")
_IGNORED = ("mailto:", "tel:", "javascript:", "data:")


def _blank(match: re.Match[str]) -> str:
    return re.sub(r"[^\n]", " ", match.group(0))


def _without_code(markdown: str) -> str:
    """The markdown with code blanked out, keeping every offset and line in place."""
    return blank_code_spans(_FENCED.sub(_blank, markdown))


def resolve_path(href_path: str, from_path: str, *, folder: bool, dot: str = "") -> str:
    """The page path an href points to from ``from_path``; a relative ``.`` gives ``dot``."""
    target = unquote(href_path)
    if target.startswith("/"):
        resolved = target.strip("/")
    else:
        base = from_path if folder else posixpath.dirname(from_path)
        resolved = posixpath.normpath(posixpath.join(base, target)) if target else from_path
        while resolved.startswith("../"):
            resolved = resolved[3:]
        # above the root is the root; the root itself is ``dot`` (the local workspace passes ".")
        resolved = {"..": "", ".": dot}.get(resolved, resolved)
    resolved = resolved.removesuffix(".md")
    for readme in ("README", "readme"):
        resolved = "" if resolved == readme else resolved.removesuffix("/" + readme)
    return resolved.strip("/")


def relative_href(to_path: str, from_path: str, *, folder: bool, anchor: str | None) -> str:
    """The relative ``.md`` href from one page to another (the inverse of `resolve_path`)."""
    base = from_path if folder else posixpath.dirname(from_path)
    href = posixpath.relpath((to_path or "README") + ".md", base or ".")
    return f"{href}#{anchor}" if anchor else href


def href_target(href: str, page_path: str, folder: bool) -> Target | None:
    """The target of an href written in a page at ``page_path`` (None: not a link to check)."""
    if href.lower().startswith(_IGNORED):
        return None
    if _SCHEME.match(href):
        return Target("url", url=href, raw_kind="markdown")
    path, _, anchor = href.partition("#")
    path = path.split("?", 1)[0]
    if ".gitbook/assets/" in path:
        return Target("file", file_name=unquote(path.rsplit("/", 1)[-1]), raw_kind="markdown")
    resolved = resolve_path(path, page_path, folder=folder) if path else page_path
    if anchor:
        return Target("anchor", page_path=resolved, anchor=anchor, raw_kind="markdown")
    return Target("page", page_path=resolved, raw_kind="markdown")


def markdown_links(markdown: str, *, page_path: str, folder: bool = False) -> list[Link]:
    """Every link of a page's markdown, in order, with its text, line and resolved target."""
    text = _without_code(markdown)
    found: list[tuple[int, str, str, str]] = []
    for match in _INLINE.finditer(text):
        kind = "image" if match.group(1) else "link"
        found.append((match.start(), match.group(2), match.group(3), kind))
    for match in _DEFINITION.finditer(text):
        found.append((match.start(), match.group(1), match.group(2), "definition"))
    for match in _AUTOLINK.finditer(text):
        found.append((match.start(), match.group(1), match.group(1), "autolink"))
    links: list[Link] = []
    for start, label, href, kind in sorted(found):
        target = href_target(href, page_path, folder)
        if target is not None:
            line = text.count("\n", 0, start) + 1
            links.append(Link(label.strip(), target, kind, line=line, href=href))
    return links


def markdown_anchors(markdown: str) -> dict[str, str]:
    """The page's anchors from its markdown headings: anchor -> heading text."""
    anchors: dict[str, str] = {}
    for found in headings(_without_code(markdown)):
        anchors.setdefault(slugify(found.text), found.text)
    return anchors
