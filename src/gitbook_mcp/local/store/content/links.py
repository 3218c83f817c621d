"""Link status computed from page markdown against a revision (pure functions, no storage).

A link to a page or file of the revision is ``ok``, to one that does not exist ``broken``, to a
location of the app (app.gitbook.com) ``in-app``; external URLs are ``ok``. Relative page links
resolve against the linking page's path, like files in a folder. Links inside code are text,
not links, and are ignored.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Literal
from urllib.parse import unquote

from gitbook_mcp.linkcheck.markdown import resolve_path
from gitbook_mcp.markdown_scan import blank_code_spans

__all__ = ["Link", "analyse", "extract_links", "resolve_page_path"]

# The link checker's linear patterns (gitbook_mcp.linkcheck.markdown says why each is linear).
_INLINE = re.compile(
    r"!?\[(?:[^\[\]\\]|\\.)*+\]\(\s*+<?([^)\[\s>]++)>?(?:\s++(?:\"[^\"]*+\"|'[^']*+'))?\s*+\)"
)
_DEFINITION = re.compile(
    r"^ {0,3}\[[^\]\n]++\]:[^\S\n]*+<?(\S+?)>?(?:[^\S\n]+[^\n]*+)?$", re.MULTILINE
)
_AUTOLINK = re.compile(r"<((?:https?|ftp)://[^\s<>]++)>")
_FENCED = re.compile(r"^ {0,3}(```|~~~).*?^ {0,3}\1[^\n]*$", re.MULTILINE | re.DOTALL)
_SCHEME = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:")
_APP_HOSTS = ("https://app.gitbook.com", "http://app.gitbook.com")
_IGNORED_SCHEMES = ("mailto:", "tel:", "javascript:", "data:")
Status = Literal["ok", "broken", "in-app"]
Kind = Literal["page", "file", "url"]


@dataclass(frozen=True)
class Link:
    href: str
    """The target as written in the markdown."""
    status: Status
    kind: Kind
    target: str | None
    """The page or file id the link resolves to, when it resolves."""


def _without_code(markdown: str) -> str:
    """The markdown with fenced code blocks and code spans blanked out."""
    return blank_code_spans(_FENCED.sub("\n", markdown))


def extract_links(markdown: str) -> Iterator[str]:
    """Every link and image target of a markdown text, in order of appearance (code excluded).

    Inline links and images, reference definitions (``[label]: target``) and autolinks count.
    """
    text = _without_code(markdown)
    found: list[tuple[int, str]] = []
    for pattern in (_INLINE, _DEFINITION, _AUTOLINK):
        found += [(match.start(), match.group(1)) for match in pattern.finditer(text)]
    for _, href in sorted(found):
        yield href


def resolve_page_path(href: str, from_path: str, *, folder: bool) -> str:
    """The slug path a relative or absolute page link points to, seen from ``from_path``.

    A page with children is a folder (its README), so its relative links resolve inside it; the
    query and anchor are not part of the path. The link checker's `resolve_path`, keeping a
    relative link to the root folder itself unresolved (``"."``), as this workspace always has.
    """
    path = href.split("#", 1)[0].split("?", 1)[0]
    return resolve_path(path, from_path, folder=folder, dot=".")


def analyse(
    markdown: str,
    *,
    page_path: str,
    pages_by_path: Mapping[str, str],
    files_by_name: Mapping[str, str],
    file_ids: frozenset[str] = frozenset(),
    folder: bool = False,
) -> list[Link]:
    """The links of one page with their status.

    ``files_by_name`` maps file names to ids; a link naming a file id directly also resolves.
    """
    links: list[Link] = []
    for href in extract_links(markdown):
        if href.startswith("#") or href.lower().startswith(_IGNORED_SCHEMES):
            continue
        if href.startswith(_APP_HOSTS):
            links.append(Link(href, "in-app", "url", None))
            continue
        if _SCHEME.match(href):
            links.append(Link(href, "ok", "url", None))
            continue
        if href in file_ids:
            links.append(Link(href, "ok", "file", href))
            continue
        if ".gitbook/assets/" in href:
            name = unquote(href.split("#", 1)[0].rsplit("/", 1)[-1])
            file_id = files_by_name.get(name)
            links.append(Link(href, "ok" if file_id else "broken", "file", file_id))
            continue
        path = resolve_page_path(href, page_path, folder=folder)
        page_id = pages_by_path.get(path)
        links.append(Link(href, "ok" if page_id else "broken", "page", page_id))
    return links
