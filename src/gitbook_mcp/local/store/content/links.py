"""Link status computed from page documents against a revision (pure functions, no storage).

Every link of a document (`gitbook_mcp.document.document_links`, every container) gets a status:
a ref to a page or file of the revision is ``ok``, to one that does not exist ``broken``; a
location of the app (app.gitbook.com, another space) is ``in-app``; external URLs are ``ok``. A
``url`` ref without a scheme is a path as an author left it: it resolves against the linking
page's path, like files in a folder.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal
from urllib.parse import unquote

from gitbook_mcp.document import document_links, stable_href
from gitbook_mcp.document.paths import resolve_path

__all__ = ["CheckedLink", "RevisionTargets", "analyse", "resolve_page_path"]

_SCHEME = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:")
_APP_HOSTS = ("https://app.gitbook.com", "http://app.gitbook.com")
_APP_SPACE = "https://app.gitbook.com/s/"
_IGNORED_SCHEMES = ("mailto:", "tel:", "javascript:", "data:")
Status = Literal["ok", "broken", "in-app"]
Kind = Literal["page", "file", "url"]


@dataclass(frozen=True)
class CheckedLink:
    href: str
    """The target as written (a ``url`` ref's URL, else the ref's stable form)."""
    status: Status
    kind: Kind
    target: str | None
    """The page or file id the link resolves to, when it resolves."""


def resolve_page_path(href: str, from_path: str, *, folder: bool) -> str:
    """The slug path a relative or absolute page link points to, seen from ``from_path``.

    A page with children is a folder (its README), so its relative links resolve inside it; the
    query and anchor are not part of the path. The link checker's `resolve_path`, keeping a
    relative link to the root folder itself unresolved (``"."``), as this workspace always has.
    """
    path = href.split("#", 1)[0].split("?", 1)[0]
    return resolve_path(path, from_path, folder=folder, dot=".")


@dataclass(frozen=True)
class RevisionTargets:
    """What links resolve against: the revision's pages by path and id, and files."""

    pages_by_path: Mapping[str, str]
    files_by_name: Mapping[str, str]
    file_ids: frozenset[str] = frozenset()

    def page_ids(self) -> frozenset[str]:
        """The revision's page ids (made once: every page's analysis asks)."""
        cached: frozenset[str] | None = self.__dict__.get("_page_ids")
        if cached is None:
            cached = frozenset(self.pages_by_path.values())
            object.__setattr__(self, "_page_ids", cached)
        return cached


def analyse(
    doc: Mapping[str, Any], *, page_path: str, revision: RevisionTargets, folder: bool = False
) -> list[CheckedLink]:
    """The links of one page's document with their status (same-page anchors, ``mailto:`` and
    refs to users, tags and the like are not listed)."""
    pages = revision.page_ids()
    links: list[CheckedLink] = []
    for field in document_links(doc):
        ref = field.ref
        kind = ref.get("kind")
        if kind == "url" and isinstance(ref.get("url"), str):
            link = _url(str(ref["url"]), page_path, revision, folder)
        elif kind == "space" or "space" in ref:
            space = ref.get("space")
            link = CheckedLink(f"{_APP_SPACE}{space}", "in-app", "url", None)
        elif kind in ("page", "anchor") and isinstance(ref.get("page"), str):
            page = str(ref["page"])
            ok = page in pages
            link = CheckedLink(
                stable_href(ref) or "", "ok" if ok else "broken", "page", page if ok else None
            )
        elif kind == "file" and isinstance(ref.get("file"), str):
            file_id = str(ref["file"])
            ok = file_id in revision.file_ids
            link = CheckedLink(
                f"/files/{file_id}", "ok" if ok else "broken", "file", file_id if ok else None
            )
        else:
            continue
        if link is not None:
            links.append(link)
    return links


def _url(href: str, page_path: str, revision: RevisionTargets, folder: bool) -> CheckedLink | None:
    """The status of a URL as written: external, in the app, a file or a page path."""
    if href.startswith("#") or href.lower().startswith(_IGNORED_SCHEMES):
        return None
    if href.startswith(_APP_HOSTS):
        return CheckedLink(href, "in-app", "url", None)
    if _SCHEME.match(href):
        return CheckedLink(href, "ok", "url", None)
    if href in revision.file_ids:
        return CheckedLink(href, "ok", "file", href)
    if ".gitbook/assets/" in href:
        name = unquote(href.split("#", 1)[0].rsplit("/", 1)[-1])
        file_id = revision.files_by_name.get(name)
        return CheckedLink(href, "ok" if file_id else "broken", "file", file_id)
    page_id = revision.pages_by_path.get(resolve_page_path(href, page_path, folder=folder))
    return CheckedLink(href, "ok" if page_id else "broken", "page", page_id)
