"""Unified diffs of page markdown, and windows over them for long answers."""

from __future__ import annotations

import difflib
from dataclasses import dataclass

from gitbook_mcp.server.rendering import untrusted

__all__ = ["PageSides", "Window", "diff_lines", "window"]


@dataclass(frozen=True)
class PageSides:
    """A page's markdown on both sides of a change; None where the page does not exist."""

    page_id: str
    title: str
    path: str
    before: str | None
    after: str | None


def diff_lines(page: PageSides) -> list[str]:
    """The unified diff of a page (3 lines of context), sanitised; empty when the text is equal."""
    before = untrusted(page.before or "").splitlines()
    after = untrusted(page.after or "").splitlines()
    name = page.path or f"({page.page_id}: no path until sent)"
    return list(
        difflib.unified_diff(
            before,
            after,
            fromfile=f"a/{name}" if page.before is not None else "/dev/null",
            tofile=f"b/{name}" if page.after is not None else "/dev/null",
            lineterm="",
        )
    )


@dataclass(frozen=True)
class Window:
    """Lines ``offset`` to ``offset + len(lines)`` of a diff; ``next_offset`` when more follow."""

    lines: list[str]
    offset: int
    total: int
    next_offset: int | None

    @property
    def text(self) -> str:
        return "\n".join(self.lines)


def window(lines: list[str], *, offset: int = 0, limit: int) -> Window:
    """At most ``limit`` lines from ``offset``."""
    part = lines[offset : offset + limit]
    end = offset + len(part)
    return Window(part, offset, len(lines), end if end < len(lines) else None)
