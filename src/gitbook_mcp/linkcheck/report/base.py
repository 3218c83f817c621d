"""What every report format shares: `clean`, the scope, where a finding is, and its category.

Every field someone else wrote (link text, target, page path, reason) goes through `clean` first:
one line, no control or format character, so a link text cannot forge a workflow command, a report
line or invalid XML. With a Git Sync folder (``--git-sync-root docs``), a page's location is the
repository file Git Sync writes it to (`synced_file`), so that annotations land on files.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import Any

from gitbook_mcp.linkcheck.model import Finding, ScanResult

__all__ = [
    "CATEGORY_LABELS",
    "SITE",
    "ReportScope",
    "category",
    "clean",
    "file_of",
    "linked",
    "redirect",
    "said",
    "summary_line",
    "synced_file",
    "where",
]

SITE = "(published site)"
CATEGORY_LABELS = {
    "broken": "Broken",
    "unchecked": "Unchecked",
    "dns": "Unresolved",
    "timeout": "Timed out",
    "rate-limited": "Rate-limited",
}
"""How each category titles a finding (``Timed out url link``)."""

_DROPPED = frozenset(("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"))
"""Control (C0, DEL, C1), format (bidirectional, zero-width), surrogate, private and unassigned
characters, and line or paragraph separators: none belongs in a one-line report field."""


def clean(text: object) -> str:
    """``text`` as one line: each control, format or separator character dropped (a space where
    it breaks a line or spaces words), every run of whitespace one space, ends stripped."""
    kept = "".join(
        (" " if ch.isspace() else "") if unicodedata.category(ch) in _DROPPED else ch
        for ch in str(text)
    )
    return " ".join(kept.split())


@dataclass(frozen=True)
class ReportScope:
    """What was checked: the space and the change request (None: the main content); and the
    repository folder Git Sync writes the space to, if the report should name files."""

    space_id: str
    change_request_id: str | None = None
    git_sync_root: str | None = None
    files: Mapping[str, str] | None = None
    """A Git Sync folder checked on disk: the repository file of each page, by page id (the
    space id is then the folder's name)."""

    def describe(self) -> str:
        """``space X, change request Y``, ``space X, main content`` or ``folder X``."""
        if self.files is not None:
            return f"folder {clean(self.space_id)}"
        change_request = clean(self.change_request_id or "")
        where = f"change request {change_request}" if change_request else "main content"
        return f"space {clean(self.space_id)}, {where}"


def summary_line(result: ScanResult, scope: ReportScope) -> str:
    """The run in one line, as lychee ends its output: ``2 broken of 14 links checked in 7 pages
    (space X, main content).``, with ``; 1 not checked`` when some links could not be."""
    unchecked = sum(1 for f in result.findings if f.status == "unchecked")
    more = f"; {unchecked} not checked" if unchecked else ""
    if result.partial:
        more += f"; PARTIAL: {len(result.missing)} parts did not run"
    return (
        f"{len(result.broken)} broken of {result.links_checked} links checked in "
        f"{result.pages_scanned} pages ({scope.describe()}){more}."
    )


def category(f: Finding) -> str:
    """``broken``, ``unchecked``, or what refines an outside URL's status (``dns``,
    ``timeout``, ``rate-limited``)."""
    return f.category if f.category in CATEGORY_LABELS else f.status


def where(f: Finding) -> str:
    """The page's path (or title), cleaned; `SITE` for a finding of the published site."""
    return clean(f.page_path or f.page_title or SITE) or SITE if f.page_id else SITE


def said(f: Finding) -> str:
    """``[text] -> target: reason``, each field cleaned."""
    return f"{linked(f)}: {clean(f.reason)}"


def linked(f: Finding) -> str:
    """``[text] -> target``, or the target alone for a link without text (a file, a card, a
    block of reusable content), never an empty ``[]``."""
    text = clean(f.text)
    return f"[{text}] -> {clean(f.target)}" if text else clean(f.target)


def redirect(f: Finding) -> dict[str, Any] | None:
    """The site's suggested redirect, its strings cleaned (nested ones too)."""
    if not f.suggested_redirect:
        return None
    return {clean(key): _cleaned(value) for key, value in f.suggested_redirect.items()}


def _cleaned(value: Any) -> Any:
    if isinstance(value, str):
        return clean(value)
    if isinstance(value, dict):
        return {clean(k): _cleaned(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_cleaned(v) for v in value]
    return value


def file_of(f: Finding, scope: ReportScope, paths: Collection[str]) -> str | None:
    """The repository file a finding's page is in: the file read (a folder checked on disk),
    else the one Git Sync writes it to (``--git-sync-root``); None without either."""
    if not f.page_id:
        return None
    if scope.files is not None:
        file = scope.files.get(f.page_id)
        return clean(file) if file else None
    if scope.git_sync_root is not None:
        return synced_file(scope.git_sync_root, f.page_path, paths)
    return None


def synced_file(root: str, page_path: str, paths: Collection[str]) -> str:
    """The repository file Git Sync writes a page to under ``root``: ``README.md`` for the
    space's first page (empty path), ``<path>/README.md`` for a page with pages under it (one
    of ``paths`` starts with its path), else ``<path>.md``."""
    path = clean(page_path).strip("/")
    if not path:
        name = "README.md"
    elif any(other.startswith(path + "/") for other in paths):
        name = f"{path}/README.md"
    else:
        name = f"{path}.md"
    folder = clean(root).strip("/")
    return f"{folder}/{name}" if folder else name
