"""The markdown-it parser of GitBook markdown: CommonMark with HTML, GFM tables and
strikethrough, frontmatter, footnotes, ``$$`` math (block and inline; a single ``$`` is text,
as GitBook never writes it) and the Liquid tag rule."""

from __future__ import annotations

from functools import cache

from markdown_it import MarkdownIt
from markdown_it.rules_inline import StateInline
from mdit_py_plugins.dollarmath import dollarmath_plugin
from mdit_py_plugins.footnote import footnote_plugin
from mdit_py_plugins.front_matter import front_matter_plugin

from gitbook_mcp.document.parse.budget import budget_plugin
from gitbook_mcp.document.parse.tagrule import tag_plugin

__all__ = ["MAX_MATH_INLINE", "parser"]

MAX_MATH_INLINE = 10_000
"""Longest inline formula looked for: ``$$`` without a closing pair within it is text."""


def _math_inline(state: StateInline, silent: bool) -> bool:
    """``$$formula$$`` inside a paragraph (one ``str.find``; an unmatched ``$$`` is text)."""
    start = state.pos
    if not state.src.startswith("$$", start):
        return False
    end = state.src.find("$$", start + 2, min(state.posMax, start + 2 + MAX_MATH_INLINE) + 2)
    if end < 0 or end == start + 2:
        return False
    if not silent:
        token = state.push("gitbook_math", "", 0)
        token.content = state.src[start + 2 : end]
    state.pos = end + 2
    return True


@cache
def parser() -> MarkdownIt:
    """The shared parser (markdown-it instances are reusable; ``env`` is per call)."""
    md = MarkdownIt("commonmark", {"html": True}).enable(["table", "strikethrough"])
    md.use(front_matter_plugin).use(footnote_plugin)
    md.use(dollarmath_plugin, allow_labels=False, double_inline=False)
    md.inline.ruler.disable("math_inline")
    md.inline.ruler.before("escape", "gitbook_math", _math_inline)
    md.use(tag_plugin)
    md.use(budget_plugin)  # last, so that its rules go first
    # Link targets are kept as written (GitBook's `<shot (1).png>`), not percent-encoded for
    # HTML output: the resolver must see the path of the file.
    md.normalizeLink = _as_written  # type: ignore[method-assign]
    return md


def _as_written(url: str) -> str:
    return url
