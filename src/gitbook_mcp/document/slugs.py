"""A page's slug from its title, as the service derives it when an insert names none: the one
rule that the local workspace stores and the MCP server's dry run checks for a sibling clash."""

from __future__ import annotations

__all__ = ["page_slug"]


def page_slug(title: str) -> str:
    """Lower-case ASCII letters and digits joined by single hyphens (``section`` when none)."""
    out: list[str] = []
    for char in title.lower():
        if char.isascii() and char.isalnum():
            out.append(char)
        elif out and out[-1] != "-":
            out.append("-")
    return "".join(out).strip("-") or "section"
