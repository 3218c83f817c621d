"""What reading one markdown page carries along: the caller's ref resolver, the links it could
not resolve, the annotations waiting for their footnote bodies, and the markdown-it parser."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from markdown_it import MarkdownIt

from gitbook_mcp.document.refs import RefResolver, href_to_ref

__all__ = ["BlockSource", "Reader"]


@dataclass
class Reader:
    """State of one parse."""

    md: MarkdownIt
    resolve: RefResolver | None
    unresolved: list[str] = field(default_factory=list)
    notes: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    """Footnote label -> the annotations that reference it (their bodies come last)."""

    def ref(self, href: str) -> dict[str, Any] | None:
        """The ref of a link target, recording it when unresolvable."""
        ref = href_to_ref(href, self.resolve)
        if ref is None:
            self.unresolved.append(href)
        return ref

    def media_ref(self, href: str) -> dict[str, Any] | None:
        """The ref of an image's or an OpenAPI block's target; one that resolves to nothing is
        kept as a ``url`` ref holding it as written (as GitBook keeps an image given by URL)
        and recorded as unresolved. None only for an empty target."""
        if not href.strip():
            return None
        return self.ref(href) or {"kind": "url", "url": href}

    def inline_tokens(self, source: str) -> list[Any]:
        """The inline tokens of markdown found inside HTML (a caption, a table cell)."""
        tokens = self.md.parseInline(source, {})
        return list(tokens[0].children or []) if tokens else []


class BlockSource(Protocol):
    """The block cursor, as the per-block converters see it."""

    tokens: list[Any]
    index: int
    reader: Reader

    def until(self, closing: str | None = None) -> list[dict[str, Any]]: ...
