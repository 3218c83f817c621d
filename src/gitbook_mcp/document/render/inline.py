"""Inline content to GitBook markdown: text leaves with their marks (``**``, ``_``, ``~~``,
code spans, ``<kbd>``, ``<sup>``, ``<sub>``, ``<mark style>``) and the nine inline types.

Over 400 lines: the normal form of text (`normal_inlines`, which the parser applies) is the
renderer's own grouping and trimming, kept beside the code that writes it so both stay one."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from gitbook_mcp.document.nodes import new_key
from gitbook_mcp.document.render.context import Context, attr, destination
from gitbook_mcp.document.render.verify import Signature, add_run, leaf_key, reads_back

__all__ = ["code_span", "escape_text", "html_inlines", "normal_inlines", "render_inlines"]

_ORDER = ("color", "keyboard", "superscript", "subscript", "bold", "italic", "strikethrough")
"""Marks from outermost to innermost (``code`` is always innermost: it is a code span)."""
_TAGS = {"keyboard": "kbd", "superscript": "sup", "subscript": "sub"}
_DELIMS = {"bold": "**", "strikethrough": "~~"}
_HTML_FORMS = {"bold": "<strong>", "italic": "<em>", "strikethrough": "<s>"}
_FLANKED = frozenset({"bold", "italic", "strikethrough"})
_ESCAPED = frozenset("\\`*_[]<>$~&")
_LINE_START = frozenset("#-+=")
_ENTITIES = {"<": "&#x3C;", "&": "&#x26;"}

Node = Mapping[str, Any]
Item = tuple[str, list[Node]] | Node


def escape_text(
    value: str, at_line_start: bool, *, pipes: bool = False, in_html: bool = False
) -> str:
    """Plain text as markdown that reads back as the same text; a newline is a hard break.
    Inside HTML, ``<`` and ``&`` are entities (an HTML reader must not see a tag there)."""
    lines = value.split("\n")
    return "\\\n".join(
        _escape_line(line, at_line_start or index > 0, pipes, in_html)
        for index, line in enumerate(lines)
    )


_SPECIAL = {
    pipes: re.compile(f"[{re.escape(''.join(sorted(_ESCAPED)) + ('|' if pipes else ''))}]|{{(?=%)")
    for pipes in (False, True)
}
"""What `_escape_line` escapes: `_ESCAPED` (and ``|`` in a table cell), ``{`` before ``%``."""


def _escape(match: re.Match[str]) -> str:
    return "\\" + match.group()


def _entity_or_escape(match: re.Match[str]) -> str:
    char = match.group()
    return _ENTITIES.get(char) or "\\" + char


def _escape_line(line: str, at_start: bool, pipes: bool, in_html: bool) -> str:
    # One compiled scan for the characters to escape (most text has few), not a Python step
    # per character: that was a tenth of rendering a real corpus.
    out = _SPECIAL[pipes].sub(_entity_or_escape if in_html else _escape, line)
    if at_start and line[:1] in _LINE_START:
        return "\\" + out
    digits = len(line) - len(line.lstrip("0123456789"))
    if at_start and 0 < digits < len(line) and line[digits] in ".)":
        return f"{out[:digits]}\\{out[digits:]}"  # digits are never escaped: same places
    return out


def code_span(value: str) -> str:
    """A code span that holds ``value`` literally (fence longer than any backtick run inside)."""
    longest = run = 0
    for char in value:
        run = run + 1 if char == "`" else 0
        longest = max(longest, run)
    fence = "`" * (longest + 1)
    pad = value.startswith("`") or value.endswith("`")
    pad = pad or (value.startswith(" ") and value.endswith(" ") and value.strip() != "")
    return f"{fence} {value} {fence}" if pad else f"{fence}{value}{fence}"


def _key(mark: Node) -> tuple[str, str]:
    data = mark.get("data") or {}
    return str(mark.get("type")), f"{data.get('text', '')}/{data.get('background', '')}"


def _open(mark: Node, delimiter: str) -> str:
    kind = str(mark.get("type"))
    if kind == "color":
        data = mark.get("data") or {}
        style = "".join(
            f"{prop}:{data[side]};"
            for prop, side in (("color", "text"), ("background-color", "background"))
            if data.get(side, "default") != "default"
        )
        return f'<mark style="{style}">'
    if kind in _TAGS:
        return f"<{_TAGS[kind]}>"
    return delimiter


def _close(mark: Node, delimiter: str) -> str:
    kind = str(mark.get("type"))
    if kind == "color":
        return "</mark>"
    if kind in _TAGS:
        return f"</{_TAGS[kind]}>"
    return "</" + delimiter[1:] if delimiter.startswith("<") else delimiter


def _flatten(nodes: Sequence[Node]) -> list[Item]:
    items: list[Item] = []
    for node in nodes:
        if node.get("object") == "text":
            for leaf in node.get("leaves", []):
                if not leaf.get("text"):
                    continue
                marks = list(leaf.get("marks", []))
                last = items[-1] if items else None
                if isinstance(last, tuple) and leaf_key(last[1]) == leaf_key(marks):
                    items[-1] = (last[0] + str(leaf["text"]), marks)
                else:
                    items.append((str(leaf["text"]), marks))
        else:
            items.append(node)
    split = [part for item in items for part in _split_edges(item)]
    merged: list[Item] = []
    for part in split:
        last = merged[-1] if merged else None
        if (
            isinstance(part, tuple)
            and isinstance(last, tuple)
            and leaf_key(last[1]) == leaf_key(part[1])
        ):
            merged[-1] = (_around_breaks(last[0] + part[0]), part[1])
        else:
            merged.append(part)
    return [item for item in merged if not isinstance(item, tuple) or item[0]]


def _around_breaks(value: str) -> str:
    """Spaces around a line break are not markdown: they are dropped on both sides."""
    if "\n" not in value:
        return value
    lines = value.split("\n")
    last = len(lines) - 1
    return "\n".join(
        (line.lstrip() if index else line).rstrip() if index < last else line.lstrip()
        for index, line in enumerate(lines)
    )


def _split_edges(item: Item) -> list[Item]:
    if not isinstance(item, tuple):
        return [item]
    value, marks = _around_breaks(item[0]), item[1]
    if "\n" in value and any(m.get("type") == "code" for m in marks):
        # A code span cannot hold a line break: the break is written (and read) outside it.
        plain = [m for m in marks if m.get("type") != "code"]
        parts: list[Item] = []
        for index, line in enumerate(value.split("\n")):
            if index:
                parts.extend(_edges("\n", plain))
            parts.extend(_edges(line, marks) if line else [])
        return parts
    return _edges(value, marks)


def _edges(value: str, marks: list[Node]) -> list[Item]:
    """Spaces at the edges of a ``**``/``_``/``~~`` run go outside the delimiters (markdown
    cannot open or close emphasis next to a space)."""
    if not any(m.get("type") in _FLANKED for m in marks):
        return [(value, marks)]
    plain = [m for m in marks if m.get("type") not in _FLANKED]
    if not value.strip():
        return [(value, plain)]
    core = value.strip()
    head, tail = value[: len(value) - len(value.lstrip())], value[len(value.rstrip()) :]
    parts: list[Item] = [(head, plain)] if head else []
    parts.append((core, marks))
    return parts + ([(tail, plain)] if tail else [])


def _italic_delimiter(items: list[Item], index: int, before: str) -> str:
    """``_`` as GitBook writes, ``*`` where a letter or digit touches the run (``_`` cannot
    emphasise inside a word)."""
    end = index
    while end < len(items):
        current = items[end]
        if not isinstance(current, tuple) or not any(m.get("type") == "italic" for m in current[1]):
            break
        end += 1
    after = items[end] if end < len(items) else None
    next_char = after[0][:1] if isinstance(after, tuple) else ""
    return "*" if before[-1:].isalnum() or next_char.isalnum() else "_"


def _trim(items: list[Item], one_line: bool) -> list[Item]:
    """Spaces and line breaks at the edges of a paragraph are not markdown (dropped); a heading
    is one line (its breaks become spaces)."""
    trimmed = list(items)
    if one_line:
        trimmed = [(i[0].replace("\n", " "), i[1]) if isinstance(i, tuple) else i for i in trimmed]
    while trimmed and isinstance(trimmed[0], tuple) and not trimmed[0][0].lstrip():
        trimmed.pop(0)
    while trimmed and isinstance(trimmed[-1], tuple) and not trimmed[-1][0].rstrip():
        trimmed.pop()
    if trimmed and isinstance(trimmed[0], tuple):
        trimmed[0] = (trimmed[0][0].lstrip(), trimmed[0][1])
    if trimmed and isinstance(trimmed[-1], tuple):
        trimmed[-1] = (trimmed[-1][0].rstrip(), trimmed[-1][1])
    return [i for i in trimmed if not isinstance(i, tuple) or i[0]]


def normal_inlines(nodes: Sequence[Node], *, one_line: bool = False) -> list[Node]:
    """``nodes`` as the renderer writes them and a parse reads them back: adjacent leaves with
    the same marks merged into one text node per run of text, spaces at the edges of a
    bold/italic/strikethrough run outside it, the paragraph's edges trimmed (a heading is one
    line). The parser applies it so that a second trip through markdown changes nothing."""
    out: list[Node] = []
    for item in _trim(_flatten(nodes), one_line):
        if not isinstance(item, tuple):
            out.append(item)
            continue
        leaf = {"object": "leaf", "text": item[0], "marks": item[1]}
        if out and out[-1].get("object") == "text":
            out[-1]["leaves"].append(leaf)
        else:
            out.append({"object": "text", "key": new_key(), "leaves": [leaf]})
    return out


def render_inlines(
    nodes: Sequence[Node], ctx: Context, *, pipes: bool = False, one_line: bool = False
) -> str:
    """The markdown of a paragraph's (heading's, link's, caption's) inline content. Emphasis is
    written ``**``/``_``/``~~`` as GitBook does, or as HTML tags where those would not read back."""
    items = _trim(_flatten(nodes), one_line)
    notes = len(ctx.footnotes)
    out = _render_items(items, ctx, pipes, html_marks=False)
    if _has_delimiters(items) and not reads_back(out, _expected(items), len(ctx.footnotes)):
        del ctx.footnotes[notes:]
        out = _render_items(items, ctx, pipes, html_marks=True)
    return out


def _has_delimiters(items: list[Item]) -> bool:
    return any(
        isinstance(item, tuple) and any(m.get("type") in _FLANKED for m in item[1])
        for item in items
    )


def _expected(items: list[Item]) -> Signature:
    out: Signature = []
    for item in items:
        if isinstance(item, tuple):
            add_run(out, leaf_key(item[1]), item[0])
        else:
            out.append(("node", str(item.get("type"))))
    return out


def _render_items(items: list[Item], ctx: Context, pipes: bool, html_marks: bool) -> str:
    out: list[str] = []
    stack: list[tuple[tuple[str, str], Node, str]] = []
    for index, item in enumerate(items):
        if not isinstance(item, tuple):
            _close_to(stack, 0, out)
            rendered = render_inline(item, ctx)
            if rendered.startswith("[") and out and out[-1].endswith("!"):
                out[-1] = out[-1][:-1] + "\\!"  # `![` would start an image
            out.append(rendered)
            continue
        value, marks = item
        wanted = {_key(m): m for m in marks if m.get("type") != "code"}
        keep = 0
        while keep < len(stack) and stack[keep][0] in wanted:
            keep += 1
        _close_to(stack, keep, out)
        opened = {entry[0] for entry in stack}
        for kind in _ORDER:
            for key, mark in wanted.items():
                if key[0] == kind and key not in opened:
                    delim = _HTML_FORMS[kind] if html_marks and kind in _HTML_FORMS else ""
                    if not delim:
                        delim = _DELIMS.get(kind, "")
                    if kind == "italic" and not html_marks:
                        delim = _italic_delimiter(items, index, "".join(out[-1:]))
                    stack.append((key, mark, delim))
                    out.append(_open(mark, delim))
        if any(m.get("type") == "code" for m in marks):
            out.append(code_span(value))
        else:
            out.append(escape_text(value, _at_line_start(out), pipes=pipes, in_html=ctx.in_html))
    _close_to(stack, 0, out)
    return "".join(out)


def html_inlines(nodes: Sequence[Node], ctx: Context) -> str:
    """Inline content written inside an HTML element (caption, cell, summary, ``<p align>``)."""
    outer, ctx.in_html = ctx.in_html, True
    try:
        return render_inlines(nodes, ctx)
    finally:
        ctx.in_html = outer


def _at_line_start(out: list[str]) -> bool:
    """Whether the next character starts a line (the last non-empty chunk ends one)."""
    for chunk in reversed(out):
        if chunk:
            return chunk.endswith("\n")
    return True


def _close_to(stack: list[tuple[tuple[str, str], Node, str]], depth: int, out: list[str]) -> None:
    while len(stack) > depth:
        _, mark, delim = stack.pop()
        out.append(_close(mark, delim))


def render_inline(node: Node, ctx: Context) -> str:
    """One inline node."""
    kind = node.get("type")
    data = node.get("data") or {}
    if kind == "link":
        label = render_inlines(node.get("nodes", []), ctx)
        return f"[{label}]({destination(ctx.link(data.get('ref')))})"
    if kind == "mention":
        href = ctx.link(data.get("ref"))
        return f'[{escape_text(_mention_label(href), False)}]({destination(href)} "mention")'
    if kind == "annotation":
        ctx.footnotes.append(ctx.blocks(_annotation_body(node), ctx))
        number = len(ctx.footnotes)
        label = render_inlines(node.get("nodes", []), ctx)
        return f"[{label}](#user-content-fn-{number})[^{number}]"
    if kind == "inline-math":
        return f"$${data.get('formula', '')}$$"
    return _html_inline(str(kind), data, ctx)


def _annotation_body(node: Node) -> list[Node]:
    for fragment in node.get("fragments", []):
        return list(fragment.get("nodes", []))
    return []


def _mention_label(href: str) -> str:
    if href.startswith("#"):
        return href
    path, _, anchor = href.partition("#")
    name = path.rstrip("/").rsplit("/", 1)[-1] or path
    return f"#{anchor}" if anchor else name


def _html_inline(kind: str, data: Mapping[str, Any], ctx: Context) -> str:
    if kind == "button":
        return _button(data, ctx)
    if kind == "inline-image":
        return _inline_image(data, ctx)
    if kind == "emoji":
        code = str(data.get("code", ""))
        char = "".join(chr(int(part, 16)) for part in code.split("-") if _is_hex(part))
        return (
            f'<span data-gb-custom-inline data-tag="emoji"{attr("data-code", code)}>{char}</span>'
        )
    if kind == "icon":
        color = data.get("color")
        style = attr("style", f"color:{color};") if color else ""
        name = str(data.get("icon", ""))
        return f"<i{attr('class', 'fa-' + name)}{style}>:{_literal(name)}:</i>"
    if kind == "expression":
        return f'<code class="expression">{_literal(str(data.get("expression", "")))}</code>'
    return ""


def _literal(value: str) -> str:
    """Text inside inline HTML: still markdown to the reader, so escaped for both."""
    return escape_text(value.replace("\n", " "), False, in_html=True)


def _is_hex(part: str) -> bool:
    return 0 < len(part) <= 6 and all(c in "0123456789abcdefABCDEF" for c in part)


def _button(data: Mapping[str, Any], ctx: Context) -> str:
    label = _literal(str(data.get("label", "")))
    extra = "".join(
        attr(name, data[field])
        for field, name in (("icon", "data-icon"), ("size", "data-size"))
        if data.get(field)
    )
    css = attr("class", f"button {data.get('kind', 'primary')}")
    action = data.get("action")
    if isinstance(action, Mapping):
        more = "".join(
            attr(f"data-{field}", action[field]) for field in ("query", "slug") if field in action
        )
        kind = attr("data-action", action.get("action", ""))
        return f'<button type="button"{css}{kind}{more}{extra}>{label}</button>'
    if "ref" not in data:
        return f"<a{css}{extra}>{label}</a>"
    return f"<a{attr('href', ctx.link(data.get('ref')))}{css}{extra}>{label}</a>"


def _inline_image(data: Mapping[str, Any], ctx: Context) -> str:
    img = f"<img{attr('src', ctx.link(data.get('ref')))}{attr('alt', data.get('alt', ''))}"
    for field, name in (("size", "data-size"), ("caption", "title")):
        if field in data:
            img += attr(name, data[field])
    img += ">"
    if "refDark" not in data:
        return img
    dark = attr("srcset", ctx.link(data["refDark"]))
    return f'<picture><source{dark} media="(prefers-color-scheme: dark)">{img}</picture>'
