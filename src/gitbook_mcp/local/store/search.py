"""Full-text search over the published pages of an organization (SQLite FTS5, bm25 ranking),
and markdown import from the local file system."""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import unquote, urlparse

from gitbook_mcp.local.errors import Invalid

if TYPE_CHECKING:
    from gitbook_mcp.local.store.revisions import RevisionStore

__all__ = ["fts_query", "import_markdown", "sections_matching"]

_WORD = re.compile(r"\w+", re.UNICODE)
_HEADING = re.compile(r"^(#{1,6})\s+(.+?)\s*#*\s*$", re.MULTILINE)


def fts_query(text: str) -> str:
    """An FTS5 query matching pages that contain every word (prefix match on the last)."""
    words = _WORD.findall(text)
    if not words:
        raise Invalid("query", "must contain at least one word")
    quoted = [f'"{w}"' for w in words]
    quoted[-1] += "*"
    return " ".join(quoted)


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "section"


def sections_matching(markdown: str, words: list[str]) -> list[tuple[str, str, str]]:
    """(anchor, heading, snippet) for each heading section mentioning one of the words."""
    found: list[tuple[str, str, str]] = []
    headings = list(_HEADING.finditer(markdown))
    lowered = [w.lower() for w in words]
    for index, heading in enumerate(headings):
        end = headings[index + 1].start() if index + 1 < len(headings) else len(markdown)
        body = markdown[heading.end() : end].strip()
        text = (heading.group(2) + " " + body).lower()
        if any(w in text for w in lowered):
            found.append(
                (_slug(heading.group(2)), heading.group(2), re.sub(r"\s+", " ", body)[:200])
            )
    return found


def _title(markdown: str, fallback: str) -> tuple[str, str]:
    match = re.search(r"^#\s+(.+)$", markdown, re.MULTILINE)
    if match is None:
        return fallback, markdown
    return match.group(1).strip(), markdown[: match.start()] + markdown[match.end() :].lstrip("\n")


def import_markdown(url: str, revisions: RevisionStore, revision_id: str) -> tuple[int, int]:
    """Import a ``file://`` markdown file or folder into a revision: (imported, total files seen)."""
    parsed = urlparse(url)
    if parsed.scheme != "file":
        raise Invalid(
            "url", "only file:// URLs can be imported by the local workspace: it has no network"
        )
    root = Path(unquote(parsed.path))
    if not root.exists():
        raise Invalid("url", f"nothing at {root}")
    if root.is_file():
        files = [root]
        base = root.parent
    else:
        files = sorted(p for p in root.rglob("*") if p.is_file())
        base = root
    imported = 0
    folder_pages: dict[Path, str] = {}
    for path in sorted(files, key=lambda p: (len(p.relative_to(base).parts), str(p))):
        if path.suffix.lower() != ".md":
            continue
        relative = path.relative_to(base)
        parent_id = folder_pages.get(relative.parent)
        text = path.read_text(encoding="utf-8", errors="replace")
        is_index = path.stem.lower() in ("readme", "index") and relative.parent != Path(".")
        slug = _slug(relative.parent.name if is_index else path.stem)
        title, body = _title(text, path.stem.replace("-", " ").replace("_", " ").title())
        if is_index:
            grand = folder_pages.get(relative.parent.parent)
            page_id = revisions.add_page(
                revision_id, title=title, slug=slug, markdown=body, parent_id=grand
            )
            folder_pages[relative.parent] = page_id
        else:
            if relative.parent != Path(".") and parent_id is None:
                folder = relative.parent
                parent_id = revisions.add_page(
                    revision_id,
                    title=folder.name.replace("-", " ").title(),
                    slug=_slug(folder.name),
                    parent_id=folder_pages.get(folder.parent),
                )
                folder_pages[folder] = parent_id
            revisions.add_page(
                revision_id, title=title, slug=slug, markdown=body, parent_id=parent_id
            )
        imported += 1
    return imported, len(files)
