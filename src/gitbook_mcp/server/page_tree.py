"""A space's page tree as compact entries: walked depth first, shown as an outline."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from pydantic import BaseModel

from gitbook_mcp.server.rendering import UntrustedLine, UntrustedRef

if TYPE_CHECKING:
    from gitbook_mcp.client.models.content import RevisionPage

__all__ = ["PageEntry", "flatten_pages", "outline", "page_entries"]


class PageEntry(BaseModel):
    id: str
    title: UntrustedLine
    path: UntrustedRef
    depth: int = 0


def flatten_pages(pages: list[RevisionPage], depth: int = 0) -> Iterator[tuple[RevisionPage, int]]:
    """Every page of a page tree, depth first, with its depth."""
    for page in pages:
        yield page, depth
        yield from flatten_pages(page.pages, depth + 1)


def page_entries(pages: list[RevisionPage]) -> list[PageEntry]:
    """The pages of a tree as compact entries, depth first."""
    return [
        PageEntry(id=page.id, title=page.title, path=page.path or "", depth=depth)
        for page, depth in flatten_pages(pages)
    ]


def outline(entries: list[PageEntry]) -> str:
    """An indented outline: ``- Title (path) [id]``."""
    return (
        "\n".join(f"{'  ' * e.depth}- {e.title} ({e.path}) [{e.id}]" for e in entries)
        or "(no pages)"
    )
