"""Link status computed from page markdown against a revision (pure functions, no storage).

A link to a page or file of the revision is ``ok``, to one that does not exist ``broken``, to a
location of the app (app.gitbook.com) ``in-app``; external URLs are ``ok``. Relative page links
resolve against the linking page's path, like files in a folder.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Literal
from urllib.parse import unquote

__all__ = ["Link", "analyse", "extract_links"]

_LINK = re.compile(r"!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
_APP_HOSTS = ("https://app.gitbook.com", "http://app.gitbook.com")
Status = Literal["ok", "broken", "in-app"]


@dataclass(frozen=True)
class Link:
    href: str
    status: Status
    kind: Literal["page", "file", "url"]
    target: str | None
    """The page or file id the link resolves to, when it resolves."""


def extract_links(markdown: str) -> Iterator[str]:
    """Every link and image target of a markdown text, in order."""
    for match in _LINK.finditer(markdown):
        yield match.group(1)


def _page_path(href: str, from_path: str, *, folder: bool) -> str:
    target = unquote(href.split("#", 1)[0].split("?", 1)[0])
    if target.startswith("/"):
        resolved = target.strip("/")
    else:
        base = from_path if folder else posixpath.dirname(from_path)
        resolved = posixpath.normpath(posixpath.join(base, target))
        while resolved.startswith("../"):
            resolved = resolved[3:]
    resolved = resolved.removesuffix(".md").removesuffix("/README").removesuffix("/readme")
    return resolved.strip("/")


def analyse(
    markdown: str,
    *,
    page_path: str,
    pages_by_path: Mapping[str, str],
    files_by_name: Mapping[str, str],
    folder: bool = False,
) -> list[Link]:
    """The links of one page with their status.

    A page with children is a folder (its README): its relative links resolve inside it.
    """
    links: list[Link] = []
    for href in extract_links(markdown):
        if href.startswith("#") or href.startswith("mailto:"):
            continue
        if href.startswith(_APP_HOSTS):
            links.append(Link(href, "in-app", "url", None))
            continue
        if re.match(r"^[a-z][a-z0-9+.-]*://", href):
            links.append(Link(href, "ok", "url", None))
            continue
        if ".gitbook/assets/" in href:
            name = unquote(href.rsplit("/", 1)[-1])
            file_id = files_by_name.get(name)
            links.append(Link(href, "ok" if file_id else "broken", "file", file_id))
            continue
        path = _page_path(href, page_path, folder=folder)
        page_id = pages_by_path.get(path)
        links.append(Link(href, "ok" if page_id else "broken", "page", page_id))
    return links
