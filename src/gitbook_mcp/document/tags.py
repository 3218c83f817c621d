"""The Liquid-style tags of GitBook markdown (``{% hint style="info" %}``… ``{% endhint %}``):
the one table of block tags (node type, item tag, attributes, end tag) that the parser, the
renderer and the write checks read, and the tag line itself, one line each way, read by a
linear scanner (no regex), values in double quotes with ``\\`` escapes for ``"``, ``\\`` and
newlines.

Over 400 lines: the table of block tags and the tag line it describes are one fact (how a
GitBook tag is written), read together by the parser, the renderer and the write checks."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

__all__ = [
    "BLOCK_TAGS",
    "MAX_TAG_LINE",
    "MAX_VOID_BODY_LINES",
    "Attr",
    "BlockTag",
    "Tag",
    "all_rows",
    "format_include",
    "format_tag",
    "parse_tag",
    "read_length",
    "row_of",
    "row_of_node",
    "write_length",
]

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


# The table of block tags.

MAX_VOID_BODY_LINES = 50
"""Lines searched for the end tag of a tag whose end is optional (its body is a caption)."""

Kind = Literal["text", "bool", "int", "length", "date", "tags", "list"]
End = Literal["required", "optional", "none"]
Body = Literal["blocks", "items", "code", "caption", "link", "none"]


def read_length(value: str) -> Any:
    """``240`` -> 240, ``60%`` -> ``{unit: "%", value: 60}``."""
    digits = len(value) - len(value.lstrip("0123456789."))
    number_text, unit = value[:digits], value[digits:].strip()
    try:
        number: float | int = float(number_text) if "." in number_text else int(number_text)
    except ValueError:
        return value
    return {"unit": unit, "value": number} if unit else number


def write_length(value: object) -> str:
    """A ``Length`` as an attribute: ``240`` (pixels) or ``60%``."""
    if isinstance(value, Mapping):
        number = value.get("value")
        shown = int(number) if isinstance(number, float) and number.is_integer() else number
        return f"{shown}{value.get('unit', '')}"
    return _plain(value)


def _plain(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


@dataclass(frozen=True)
class Attr:
    """One attribute of a tag: its markdown name, the ``data`` field it fills and how the
    value is written (``text``, ``bool`` "true"/"false", ``int``, ``length`` "60%", ``date``
    ``YYYY-MM-DD`` for a midnight date-time, ``tags`` and ``list`` comma-separated)."""

    name: str
    field: str
    kind: Kind = "text"

    def read(self, value: str) -> Any:
        """The ``data`` value of the attribute's markdown ``value``."""
        if self.kind == "bool":
            return value.strip().lower() == "true"
        if self.kind == "int":
            return int(value) if value.isdigit() else value
        if self.kind == "length":
            return read_length(value)
        if self.kind == "date":
            return f"{value}T00:00:00.000Z" if len(value) == 10 else value
        if self.kind == "tags":
            return [{"kind": "tag", "tag": t.strip()} for t in value.split(",") if t.strip()]
        if self.kind == "list":
            return [item.strip() for item in value.split(",") if item.strip()]
        return value

    def write(self, value: Any) -> str:
        """The markdown value of the ``data`` value."""
        if self.kind == "length":
            return write_length(value)
        if self.kind == "date":
            text = str(value)
            return text[:10] if text.endswith("T00:00:00.000Z") else text
        if self.kind == "tags":
            items = value if isinstance(value, list) else []
            return ",".join(str(t.get("tag", "")) for t in items if isinstance(t, Mapping))
        if self.kind == "list" and isinstance(value, list):
            return ",".join(str(item) for item in value)
        return _plain(value)


@dataclass(frozen=True)
class BlockTag:
    """One block tag: ``tag`` (``@`` stands for every ``@integration/block``) makes a block of
    type ``node``; ``end`` says whether ``{% endtag %}`` is required, optional (a caption or
    display link follows) or never written; ``attrs`` the attributes the renderer writes, in
    order, and the parser reads; ``body`` what lies between the tags (child blocks, ``item``
    tags, a fenced code block, a caption, a display link, nothing); ``defaults`` fills
    ``data`` fields the markdown left out; ``writes`` is False for a second spelling of a
    node (``openapi`` is read as ``swagger``, which is what is written)."""

    tag: str
    node: str
    end: End
    attrs: tuple[Attr, ...] = ()
    body: Body = "blocks"
    item: BlockTag | None = None
    defaults: tuple[tuple[str, Any], ...] = ()
    writes: bool = True

    def read(self, attrs: Mapping[str, str]) -> dict[str, Any]:
        """The ``data`` fields its attributes give (defaults first), the link target aside
        (the ``ref`` attribute is resolved by the parser)."""
        data: dict[str, Any] = dict(self.defaults)
        for attr in self.attrs:
            if attr.name in attrs and attr.field != "ref":
                data[attr.field] = attr.read(attrs[attr.name])
        return data

    def target(self) -> str | None:
        """The attribute holding the link target (``src``, ``url``, ``spec``), if any."""
        return next((a.name for a in self.attrs if a.field == "ref"), None)

    def write(self, data: Mapping[str, Any], link: Callable[[Any], str]) -> list[tuple[str, str]]:
        """The attributes of the ``data`` fields it carries, in the table's order; ``link``
        writes the ``ref`` (an OpenAPI ``spec`` is its slug)."""
        out: list[tuple[str, str]] = []
        for attr in self.attrs:
            if attr.field == "ref":
                ref = data.get("ref")
                if attr.name == "spec":
                    out.append(
                        (attr.name, str(ref.get("spec", "")) if isinstance(ref, Mapping) else "")
                    )
                else:
                    out.append((attr.name, link(ref)))
            elif attr.field in data:
                out.append((attr.name, attr.write(data[attr.field])))
        return out


_FULL_WIDTH = Attr("fullWidth", "fullWidth", "bool")
_ICON = Attr("icon", "icon")
_OPENAPI = (Attr("path", "path"), Attr("method", "method"))
_SWAGGER = (*_OPENAPI, Attr("expanded", "expanded", "bool"), _FULL_WIDTH)
_HEADLESS = Attr("headless", "headless", "bool")

BLOCK_TAGS: tuple[BlockTag, ...] = (
    BlockTag(
        "hint",
        "hint",
        "required",
        (Attr("style", "style"), _ICON),
        ("blocks"),
        defaults=(("style", "info"),),
    ),
    BlockTag(
        "prompt",
        "prompt",
        "required",
        (
            Attr("description", "description"),
            _ICON,
            Attr("openInAIProviders", "openInAIProviders", "bool"),
            Attr("defaultExpanded", "defaultExpanded"),
        ),
        defaults=(("description", ""),),
    ),
    BlockTag("if", "if", "required"),
    BlockTag(
        "code",
        "code",
        "required",
        (
            Attr("title", "title"),
            Attr("overflow", "overflow"),
            Attr("lineNumbers", "lineNumbers", "bool"),
            _FULL_WIDTH,
            Attr("expandable", "expandable", "bool"),
            Attr("collapsedLineCount", "collapsedLineCount", "int"),
        ),
        "code",
    ),
    BlockTag(
        "tabs",
        "tabs",
        "required",
        (_FULL_WIDTH,),
        "items",
        BlockTag(
            "tab", "tabs-item", "required", (Attr("title", "title"), _ICON, Attr("slug", "slug"))
        ),
    ),
    BlockTag(
        "stepper",
        "stepper",
        "required",
        (),
        "items",
        BlockTag("step", "stepper-step", "required", (_ICON,)),
    ),
    BlockTag(
        "columns",
        "columns",
        "required",
        (_FULL_WIDTH,),
        "items",
        BlockTag(
            "column",
            "column",
            "required",
            (Attr("width", "width", "length"), Attr("valign", "verticalAlignment")),
        ),
    ),
    BlockTag(
        "updates",
        "updates",
        "required",
        (Attr("format", "format"),),
        "items",
        BlockTag(
            "update",
            "update",
            "required",
            (Attr("date", "date", "date"), Attr("tags", "tags", "tags")),
        ),
        defaults=(("format", "full"),),
    ),
    BlockTag("file", "file", "optional", (Attr("src", "ref"),), "caption"),
    BlockTag(
        "embed",
        "embed",
        "optional",
        (Attr("url", "url"), _FULL_WIDTH),
        "caption",
        defaults=(("url", ""),),
    ),
    BlockTag("content-ref", "content-ref", "optional", (Attr("url", "ref"),), "link"),
    BlockTag("swagger", "swagger", "optional", (Attr("src", "ref"), *_SWAGGER), "link"),
    BlockTag(
        "openapi", "swagger", "optional", (Attr("src", "ref"), *_SWAGGER), "link", writes=False
    ),
    BlockTag(
        "openapi-operation",
        "openapi-operation",
        "optional",
        (Attr("spec", "ref"), *_OPENAPI, _HEADLESS),
        "link",
    ),
    BlockTag(
        "openapi-schemas",
        "openapi-schemas",
        "optional",
        (
            Attr("spec", "ref"),
            Attr("schemas", "schemas", "list"),
            Attr("grouped", "grouped", "bool"),
            Attr("title", "title"),
        ),
        "link",
    ),
    BlockTag(
        "openapi-webhook",
        "openapi-webhook",
        "optional",
        (Attr("spec", "ref"), Attr("name", "name"), Attr("method", "method"), _HEADLESS),
        "link",
    ),
    BlockTag("include", "reusable-content", "none", body="none"),
    BlockTag("@", "integration", "none", body="none"),
)
"""Every block tag of GitBook markdown, one row each (item tags inside their container's row).
Attributes whose field is ``ref`` carry a link target the parser resolves and the renderer
writes (``spec`` is an OpenAPI slug); ``if`` keeps its expression raw, ``include`` its path
as the quoted positional value, an integration its props as the attributes."""


def all_rows() -> tuple[BlockTag, ...]:
    """Every row, item tags included (after their container)."""
    rows: list[BlockTag] = []
    for row in BLOCK_TAGS:
        rows.append(row)
        if row.item is not None:
            rows.append(row.item)
    return tuple(rows)


_BY_TAG = {row.tag: row for row in all_rows()}
_BY_NODE = {row.node: row for row in reversed(all_rows()) if row.writes}


def row_of(name: str) -> BlockTag | None:
    """The row of a tag name (``@acme/widget`` is the integration row), or None."""
    if name.startswith("@"):
        return _BY_TAG["@"] if "/" in name else None
    return _BY_TAG.get(name)


def row_of_node(node_type: str) -> BlockTag | None:
    """The row the renderer writes a node type with, or None."""
    return _BY_NODE.get(node_type)
