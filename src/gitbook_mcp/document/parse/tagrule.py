"""A markdown-it block rule for GitBook's Liquid tags: ``{% name attrs %}`` … ``{% endname %}``
around markdown, and one-line tags (``{% include %}``, ``{% @integration/block %}``). Ends are
paired by one scan per tag name and context (cached), so unclosed tags cannot make it quadratic."""

from __future__ import annotations

from markdown_it import MarkdownIt
from markdown_it.rules_block import StateBlock

from gitbook_mcp.document.tags import (
    MAX_TAG_LINE,
    MAX_VOID_BODY_LINES,
    Tag,
    all_rows,
    parse_tag,
    row_of,
)

__all__ = ["CONTAINERS", "MAX_VOID_BODY_LINES", "OPTIONAL_END", "tag_plugin"]

CONTAINERS = frozenset(row.tag for row in all_rows() if row.end == "required")
"""Tags whose body is markdown and whose end tag is required (from the table of block tags)."""
OPTIONAL_END = frozenset(row.tag for row in all_rows() if row.end == "optional")
"""Tags GitBook writes with a caption or display link and an end tag, or alone."""


def _line(state: StateBlock, line: int) -> str:
    start = state.bMarks[line] + state.tShift[line]
    end = state.eMarks[line]
    if end - start > MAX_TAG_LINE:
        return ""
    return state.src[start:end]


def _is_fence(text: str) -> bool:
    return text.startswith(("```", "~~~"))


def _pairs(state: StateBlock, name: str, start: int, end_line: int) -> dict[int, int | None]:
    """Open line -> matching end line (``None``: unclosed) for every ``name`` tag from
    ``start`` to ``end_line`` in this context: one scan, cached in the parse's env."""
    cache = state.env.setdefault("gitbook_tag_pairs", {})
    key = (name, end_line, state.blkIndent)
    known: dict[int, int | None] | None = cache.get(key)
    if known is not None and start in known:
        return known
    pairs: dict[int, int | None] = {} if known is None else known
    stack: list[int] = []
    in_fence = False
    for line in range(start, end_line):
        text = _line(state, line).strip()
        if state.sCount[line] < state.blkIndent and text:
            break
        if _is_fence(text):
            in_fence = not in_fence
        if in_fence or not text.startswith("{%"):
            continue
        tag = parse_tag(text)
        if tag is None or tag.name != name:
            continue
        if tag.closing:
            if stack:
                pairs[stack.pop()] = line
        else:
            stack.append(line)
    for line in stack:
        pairs[line] = None
    cache[key] = pairs
    return pairs


def _optional_end(state: StateBlock, name: str, start: int, end_line: int) -> int | None:
    for line in range(start + 1, min(end_line, start + 1 + MAX_VOID_BODY_LINES)):
        text = _line(state, line).strip()
        if text.startswith("{%"):
            tag = parse_tag(text)
            return line if tag is not None and tag.closing and tag.name == name else None
    return None


def _known(tag: Tag) -> bool:
    return not tag.closing and row_of(tag.name) is not None


def _tag_rule(state: StateBlock, start: int, end_line: int, silent: bool) -> bool:
    if state.sCount[start] - state.blkIndent >= 4:
        return False
    text = _line(state, start)
    if not text.startswith("{%"):
        return False
    tag = parse_tag(text)
    if tag is None or not _known(tag):
        return False
    if silent:
        return True
    if tag.name in CONTAINERS:
        end = _pairs(state, tag.name, start, end_line).get(start)
    elif tag.name in OPTIONAL_END:
        end = _optional_end(state, tag.name, start, end_line)
    else:
        end = None
    if end is None:
        if tag.name in CONTAINERS:
            return False
        token = state.push("gitbook_tag", "", 0)
        token.meta = {"tag": tag}
        token.map = [start, start + 1]
        state.line = start + 1
        return True
    opening = state.push("gitbook_tag_open", "", 1)
    opening.meta = {"tag": tag}
    opening.map = [start, end]
    old_max, old_parent = state.lineMax, state.parentType
    state.lineMax, state.parentType = end, "gitbook_tag"
    state.md.block.tokenize(state, start + 1, end)
    state.lineMax, state.parentType = old_max, old_parent
    closing = state.push("gitbook_tag_close", "", -1)
    closing.meta = {"tag": tag}
    state.line = end + 1
    return True


def tag_plugin(md: MarkdownIt) -> None:
    """Install the rule before fences, able to interrupt paragraphs, lists and quotes."""
    md.block.ruler.before(
        "fence", "gitbook_tag", _tag_rule, {"alt": ["paragraph", "reference", "blockquote", "list"]}
    )
