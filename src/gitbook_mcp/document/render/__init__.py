"""JSON document -> GitBook markdown, in the dialect GitBook writes when it exports a page."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gitbook_mcp.document.refs import HrefWriter
from gitbook_mcp.document.render.blocks import indent, render_blocks
from gitbook_mcp.document.render.context import Context

__all__ = ["render_markdown"]


def render_markdown(
    doc: Mapping[str, Any],
    href: HrefWriter | None = None,
    *,
    title: str | None = None,
    frontmatter: str | None = None,
) -> str:
    """The GitBook markdown of ``doc``: optional frontmatter (raw YAML text) and ``# title``,
    then the blocks, then the annotations' footnotes. ``href`` writes a ref as a link target
    (e.g. a relative path); refs it declines get their stable form (``/pages/<id>``)."""
    ctx = Context(href=href, blocks=render_blocks)
    parts = []
    if frontmatter:
        parts.append(f"---\n{frontmatter.strip(chr(10))}\n---")
    if title:
        parts.append(f"# {title}")
    body = render_blocks(doc.get("nodes", []), ctx)
    if body:
        parts.append(body)
    for number, note in enumerate(ctx.footnotes, start=1):
        parts.append(indent(note, "    ", f"[^{number}]: "))
    return "\n\n".join(parts) + "\n"
