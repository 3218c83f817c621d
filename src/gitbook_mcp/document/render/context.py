"""What rendering one document carries along: the caller's ref writer, the footnotes collected
from annotations (written at the end of the page), and the block renderer for nested content."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from gitbook_mcp.document.refs import HrefWriter, ref_to_href

__all__ = ["Context", "attr", "destination", "html_text"]


@dataclass
class Context:
    """State of one rendering."""

    href: HrefWriter | None
    blocks: Callable[[Sequence[Mapping[str, Any]], Context], str]
    footnotes: list[str] = field(default_factory=list)
    in_html: bool = False
    """Inside an HTML element: ``<`` and ``&`` are written as entities, as GitBook does."""

    def link(self, ref: Any) -> str:
        """The link target of a ref (the writer's, else the stable form)."""
        return ref_to_href(ref if isinstance(ref, Mapping) else {}, self.href)


def destination(href: str) -> str:
    """A markdown link destination: wrapped in ``<…>`` when it holds spaces or parentheses, as
    GitBook writes (``![](<shot (1).png>)``)."""
    if any(c in href for c in " ()<>\\\n") or not href:
        cleaned = href.replace("\\", "\\\\").replace("<", "\\<").replace(">", "\\>")
        return "<" + cleaned.replace("\n", "%0A") + ">"
    return href


def attr(name: str, value: object) -> str:
    """One HTML attribute (`` name="value"``), GitBook's escapes for ``<`` and ``&``."""
    return f' {name}="{html_text(str(value), quote=True)}"'


def html_text(value: str, *, quote: bool = False) -> str:
    """Text inside HTML, as GitBook escapes it (``&#x3C;``, ``&#x26;``)."""
    out = value.replace("&", "&#x26;").replace("<", "&#x3C;").replace(">", "&#x3E;")
    return out.replace('"', "&#x22;") if quote else out
