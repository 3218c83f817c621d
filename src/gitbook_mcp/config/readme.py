"""The generated sections of the README and `docs/`: each sits between ``<!-- name:start -->`` and
``<!-- name:end -->``, rewritten by the module that owns it (``python -m gitbook_mcp.cli.parser``
for the options, ``python -m gitbook_mcp.server.docs`` for the tools and permissions)."""

from __future__ import annotations

__all__ = ["replace_section"]


def replace_section(text: str, name: str, content: str) -> str:
    """Put ``content`` between ``<!-- name:start -->`` and ``<!-- name:end -->``."""
    start, end = f"<!-- {name}:start -->", f"<!-- {name}:end -->"
    before, _, rest = text.partition(start)
    _, _, after = rest.partition(end)
    return f"{before}{start}\n{content}\n{end}{after}"
