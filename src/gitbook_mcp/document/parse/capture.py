"""Inline HTML GitBook writes, read tag by tag: ``<kbd>``, ``<sup>``, ``<sub>`` and
``<mark style>`` open marks; buttons, mentions, emoji, icons, expressions and pictures are
captured up to their closing tag and become inline nodes. Unknown tags stay as text."""

from __future__ import annotations

from typing import Any, Protocol

from gitbook_mcp.document.nodes import Node, inline, mark, text
from gitbook_mcp.document.parse.html import Element, one_tag
from gitbook_mcp.document.parse.reader import Reader

__all__ = ["Sink", "captured", "color_mark", "html_inline", "image_data"]

_HTML_MARKS = {
    **{"kbd": "keyboard", "sup": "superscript", "sub": "subscript", "mark": "color"},
    **{"strong": "bold", "b": "bold", "em": "italic", "s": "strikethrough", "del": "strikethrough"},
    "code": "code",
}
"""HTML tags that are marks (GitBook writes them where markdown cannot be: table cells,
captions)."""
_DARK = "(prefers-color-scheme: dark)"


class Sink(Protocol):
    """The inline builder, as seen from here."""

    reader: Reader
    marks: list[tuple[str, Node]]
    capture: tuple[Element, list[Any]] | None

    def add_text(self, value: str, extra: Any = ()) -> None: ...

    def add_node(self, node: Node) -> None: ...


def color_mark(style: str) -> Node:
    """A ``color`` mark from ``style="color:red;background-color:$info;"`` (absent side:
    ``default``)."""
    sides = {"text": "default", "background": "default"}
    for declaration in style.split(";"):
        prop, _, value = declaration.partition(":")
        side = {"color": "text", "background-color": "background"}.get(prop.strip().lower())
        if side and value.strip():
            sides[side] = value.strip()
    return mark("color", sides)


def _capturable(element: Element) -> bool:
    classes = element.get("class").split()
    if element.tag == "a":
        return "button" in classes or "data-mention" in element.attrs or "href" in element.attrs
    if element.tag == "button" or element.tag == "picture":
        return True
    if element.tag == "span":
        return element.get("data-tag") == "emoji"
    if element.tag == "i":
        return any(c.startswith("fa-") for c in classes)
    return element.tag == "code" and "expression" in classes


def html_inline(sink: Sink, source: str) -> None:
    """One inline HTML token outside a capture."""
    element = one_tag(source)
    if element is None:
        if not source.startswith("<!--"):
            sink.add_text(source)
        return
    closing = element.end == -2
    if not closing and _capturable(element):
        sink.capture = (element, [])
    elif element.tag in _HTML_MARKS:
        if closing:
            for index in range(len(sink.marks) - 1, -1, -1):
                if sink.marks[index][0] == element.tag:
                    del sink.marks[index]
                    break
        elif element.tag == "mark":
            sink.marks.append(("mark", color_mark(element.get("style"))))
        else:
            sink.marks.append((element.tag, mark(_HTML_MARKS[element.tag])))
    elif element.tag == "br" and not closing:
        sink.add_text("\n")
    elif element.tag == "img" and not closing:
        _emit(sink, element, [])
    else:
        sink.add_text(source)


def captured(sink: Sink, token: Any) -> bool:
    """Feed a token to the open capture; close it on its end tag. Always consumes."""
    assert sink.capture is not None
    element, parts = sink.capture
    if token.type == "html_inline":
        inner = one_tag(token.content)
        if inner is not None and inner.end == -2 and inner.tag == element.tag:
            sink.capture = None
            _emit(sink, element, parts)
            return True
        parts.append(inner if inner is not None else token.content)
        return True
    parts.append(token.content)
    return True


def image_data(img: Element, source: Element | None, reader: Reader) -> dict[str, Any] | None:
    """The ``data`` of an image (``ref``, ``refDark``, ``alt``), ``None`` when unresolvable."""
    ref = reader.media_ref(img.get("src"))
    if ref is None:
        return None
    data: dict[str, Any] = {"ref": ref, "alt": img.get("alt")}
    if source is not None and source.get("srcset"):
        dark = reader.media_ref(source.get("srcset"))
        if dark is not None:
            data["refDark"] = dark
    return data


def _emit(sink: Sink, element: Element, parts: list[Any]) -> None:
    text = "".join(p for p in parts if isinstance(p, str))
    node = _node(sink.reader, element, text, [p for p in parts if isinstance(p, Element)])
    if node is not None:
        sink.add_node(node)
    elif text:
        sink.add_text(text)


def _node(reader: Reader, element: Element, label: str, inner: list[Element]) -> Node | None:
    tag, get = element.tag, element.get
    if tag == "img" or tag == "picture":
        img = element if tag == "img" else next((e for e in inner if e.tag == "img"), None)
        sources = [e for e in inner if e.tag == "source" and _DARK in e.get("media")]
        data = image_data(img, sources[0] if sources else None, reader) if img else None
        if data is not None and img is not None:
            data.update(_extras(img))
        return inline("inline-image", data) if data is not None else None
    if tag == "span":
        return inline("emoji", {"code": get("data-code")})
    if tag == "i":
        name = next(c[3:] for c in get("class").split() if c.startswith("fa-"))
        data = {"icon": name}
        if get("style"):
            data["color"] = color_mark(get("style"))["data"]["text"]
        return inline("icon", data)
    if tag == "code":
        return inline("expression", {"expression": label})
    if tag == "a" and "button" not in get("class").split():
        ref = reader.ref(get("href"))
        if ref is None:
            return None
        if "data-mention" in element.attrs:
            return inline("mention", {"ref": ref})
        return inline("link", {"ref": ref}, [text(label)] if label else [])
    return _button(reader, element, label)


def _extras(img: Element) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if img.get("data-size"):
        out["size"] = img.get("data-size")
    if "title" in img.attrs:
        out["caption"] = img.get("title")
    return out


def _button(reader: Reader, element: Element, label: str) -> Node | None:
    get = element.get
    classes = get("class").split()
    data: dict[str, Any] = {
        "label": label,
        "kind": "secondary" if "secondary" in classes else "primary",
    }
    for name, field in (("data-icon", "icon"), ("data-size", "size")):
        if get(name):
            data[field] = get(name)
    if element.tag == "button":
        action: dict[str, Any] = {"action": get("data-action", "search")}
        for field in ("query", "slug"):
            if f"data-{field}" in element.attrs:
                action[field] = get(f"data-{field}")
        data["action"] = action
    elif get("href"):
        ref = reader.ref(get("href"))
        if ref is None:
            return None
        data["ref"] = ref
    else:
        return None  # a target-less button is not valid in the contract: its label stays text
    return inline("button", data)
