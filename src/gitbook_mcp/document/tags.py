"""The Liquid-style tags of GitBook markdown (``{% hint style="info" %}``… ``{% endhint %}``):
one line each way, read by a linear scanner (no regex), values in double quotes with ``\\``
escapes for ``"``, ``\\`` and newlines."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

__all__ = ["MAX_TAG_LINE", "Tag", "format_include", "format_tag", "parse_tag"]

MAX_TAG_LINE = 20_000
"""Longest line read as a tag; longer lines are text (bounds the scanner's work per line)."""

_ESCAPES = {"n": "\n", '"': '"', "\\": "\\", "\u201d": "\u201d"}


@dataclass(frozen=True)
class Tag:
    """One tag line: ``{% name a="b" %}``, ``{% endname %}``, ``{% include "x" %}`` or
    ``{% if <expression> %}`` (the expression is kept raw in ``raw``)."""

    name: str
    attrs: dict[str, str] = field(default_factory=dict)
    closing: bool = False
    raw: str = ""
    positional: str | None = None


def _quote(value: str) -> str:
    escaped = value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    escaped = escaped.replace("\u201d", "\\\u201d")
    return f'"{escaped}"'


def format_tag(name: str, attrs: Iterable[tuple[str, str]] = (), *, raw: str = "") -> str:
    """A tag line; ``raw`` is written as is after the name (``if`` expressions, include paths)."""
    parts = [name]
    if raw:
        parts.append(raw)
    parts.extend(f"{key}={_quote(value)}" for key, value in attrs)
    return "{% " + " ".join(parts) + " %}"


def format_include(path: str) -> str:
    """``{% include "path" %}``."""
    return format_tag("include", raw=_quote(path))


def _read_quoted(body: str, start: int) -> tuple[str, int] | None:
    """The quoted value starting at ``body[start] == '"'`` and the index after it."""
    out: list[str] = []
    index = start + 1
    while index < len(body):
        char = body[index]
        if char == "\\" and index + 1 < len(body) and body[index + 1] in _ESCAPES:
            out.append(_ESCAPES[body[index + 1]])
            index += 2
        elif char in '"\u201d':  # GitBook's own docs once closed a value with a typographic quote
            return "".join(out), index + 1
        else:
            out.append(char)
            index += 1
    return None


def _read_attrs(body: str) -> tuple[dict[str, str], str | None] | None:
    attrs: dict[str, str] = {}
    positional: str | None = None
    index = 0
    while index < len(body):
        if body[index] == " ":
            index += 1
            continue
        if body[index] == '"' and positional is None and not attrs:
            quoted = _read_quoted(body, index)
            if quoted is None:
                return None
            positional, index = quoted
            continue
        equals = body.find("=", index)
        if equals < 0:
            return None
        key = body[index:equals].strip()
        if not key or " " in key or equals + 1 >= len(body) or body[equals + 1] != '"':
            return None
        quoted = _read_quoted(body, equals + 1)
        if quoted is None:
            return None
        attrs[key], index = quoted
    return attrs, positional


def parse_tag(line: str) -> Tag | None:
    """The tag a line holds (surrounding spaces allowed), or ``None``."""
    text = line.strip()
    if len(text) > MAX_TAG_LINE or not text.startswith("{%") or not text.endswith("%}"):
        return None
    inner = text[2:-2].strip()
    name, _, body = inner.partition(" ")
    if not name:
        return None
    if name.startswith("end") and not body.strip():
        return Tag(name[3:], closing=True)
    if name == "if":
        return Tag(name, raw=body.strip()) if body.strip() else None
    parsed = _read_attrs(body.strip())
    if parsed is None:
        return None
    attrs, positional = parsed
    return Tag(name, attrs, raw=body.strip(), positional=positional)
