"""Documents that use every block, inline and mark type of the live contract, every node with a
key: the round-trip corpus of the markdown converter."""

from __future__ import annotations

from typing import Any

from gitbook_mcp.document.nodes import Node, block, document, fragment, inline, mark, text

PAGE = {"kind": "page", "page": "pg1"}
FILE = {"kind": "file", "file": "fl1"}
DARK = {"kind": "url", "url": "https://example.com/dark.png"}
SPEC = {"kind": "openapi", "spec": "billing"}


def p(*nodes: Node | str) -> Node:
    return block("paragraph", [text(n) if isinstance(n, str) else n for n in nodes])


def _marks() -> Node:
    bold, italic = mark("bold"), mark("italic")
    return p(
        "Plain, ",
        text("bold", [bold]),
        text(" and ", []),
        text("italic", [italic]),
        text(", ", []),
        text("both", [bold, italic]),
        text(", ", []),
        text("code", [mark("code")]),
        text(", ", []),
        text("gone", [mark("strikethrough")]),
        text(", ", []),
        text("Ctrl", [mark("keyboard")]),
        text(" x", []),
        text("2", [mark("superscript")]),
        text(" H", []),
        text("2", [mark("subscript")]),
        text("O ", []),
        text("red", [mark("color", {"text": "red", "background": "default"})]),
        text(" and ", []),
        text("info", [mark("color", {"text": "$info", "background": "yellow"})]),
        text(".\nAfter a break.", []),
    )


def _inlines() -> Node:
    body = fragment([p("Time to live, in seconds.")], None, "annotation-body")
    return p(
        "See ",
        inline("link", {"ref": PAGE}, [text("the guide")]),
        ", ",
        inline("mention", {"ref": PAGE}),
        ", ",
        inline("button", {"label": "Install", "kind": "primary", "icon": "download", "ref": PAGE}),
        " ",
        inline(
            "button",
            {"label": "Ask", "kind": "secondary", "action": {"action": "ask", "query": "How?"}},
        ),
        " ",
        inline("inline-image", {"ref": FILE, "refDark": DARK, "alt": "key", "size": "line"}),
        " ",
        inline("emoji", {"code": "2705"}),
        " ",
        inline("icon", {"icon": "github", "color": "$primary"}),
        " ",
        inline("expression", {"expression": "space.vars.version"}),
        " ",
        inline("inline-math", {"formula": "E = mc^2"}),
        " the ",
        inline("annotation", {}, [text("TTL")], fragments=[body]),
        " ends.",
    )


def _item(*nodes: Node, checked: bool | None = None) -> Node:
    return block("list-item", list(nodes), {} if checked is None else {"checked": checked})


def basics() -> Node:
    """Essentials, quotes, lists, marks and every inline."""
    return document(
        [
            block("heading-1", [text("Install")], {}),
            _marks(),
            _inlines(),
            block("heading-2", [text("Renamed")], {"id": "old-anchor"}),
            block("heading-3", [text("Small")], {}),
            block(
                "list-unordered",
                [
                    _item(p("apples"), block("list-ordered", [_item(p("green"))], {"start": 1})),
                    _item(p("pears")),
                ],
            ),
            block("list-tasks", [_item(p("done"), checked=True), _item(p("open"), checked=False)]),
            block("list-ordered", [_item(p("three")), _item(p("four"))], {"start": 3}),
            block("divider", data={}),
            block("blockquote", [p("Quoted words."), block("blockquote", [p("Nested.")])]),
            block(
                "list-unordered",
                [
                    _item(
                        p("Item with blocks"),
                        block("hint", [p("A hint in a list.")], {"style": "info"}),
                        _code(),
                        block("math", data={"formula": "x^2"}),
                    )
                ],
            ),
            block("paragraph", [text("Centred.")], {"align": "center"}),
            block("math", data={"formula": "a^2 + b^2 = c^2"}),
        ]
    )


def _code(**data: Any) -> Node:
    lines = [block("code-line", [text('print("hi")')]), block("code-line", [text("x = 1")])]
    return block("code", lines, {"syntax": "python", **data})


def media() -> Node:
    """Code, images, files, embeds, OpenAPI and other void blocks."""
    caption = fragment([p("A diagram")], "caption")
    highlighted = block(
        "code",
        [
            block("code-line", [text("key: value")], {}),
            block(
                "code-line",
                [text("v: "), inline("expression", {"expression": "space.vars.v"})],
                {"highlighted": True},
            ),
        ],
        {"syntax": "yaml", "title": "openapi.yaml"},
    )
    return document(
        [
            _code(),
            _code(title="app.py", overflow="wrap", lineNumbers=True),
            highlighted,
            block(
                "images",
                [
                    block(
                        "image",
                        data={"ref": FILE, "alt": "Diagram", "width": 375},
                        fragments=[caption],
                    )
                ],
                {},
            ),
            block(
                "images",
                [
                    block("image", data={"ref": FILE, "refDark": DARK, "alt": ""}, fragments=[]),
                    block("image", data={"ref": DARK, "alt": "two"}, fragments=[]),
                ],
                {"align": "left", "fullWidth": True},
            ),
            block(
                "file",
                data={"ref": FILE},
                fragments=[fragment([p("Quarterly report.")], "caption")],
            ),
            block("drawing", data={"ref": FILE}),
            block("embed", data={"url": "https://www.youtube.com/watch?v=abc123"}),
            block(
                "swagger",
                data={
                    "ref": {"kind": "url", "url": "https://example.com/openapi.json"},
                    "path": "/pets",
                    "method": "get",
                    "expanded": True,
                },
            ),
            block("openapi-operation", data={"ref": SPEC, "path": "/invoices", "method": "get"}),
            block(
                "openapi-schemas",
                data={"ref": SPEC, "schemas": ["Invoice", "Customer"], "grouped": True},
            ),
            block("openapi-webhook", data={"ref": SPEC, "name": "invoice-paid", "method": "post"}),
            block("content-ref", data={"ref": PAGE}),
            block(
                "integration",
                data={
                    "integration": "github-files",
                    "block": "github-code-block",
                    "props": {"url": "https://github.com/o/r/blob/main/x.yml"},
                },
            ),
            block(
                "reusable-content",
                data={"ref": {"kind": "reusable-content", "reusableContent": "rc1"}},
            ),
        ]
    )


def containers() -> Node:
    """Hints, prompts, conditions, expandables, tabs, steppers, columns, updates."""
    title = fragment([p("Troubleshooting")], "expandable-title", "expandable-title")
    body = fragment([p("Restart the service.")], "expandable-body", "expandable-body")
    return document(
        [
            block(
                "hint",
                [p("Deleting a space cannot be undone.")],
                {"style": "danger", "icon": "skull"},
            ),
            block(
                "prompt",
                [_code()],
                {
                    "description": "Summarise a release",
                    "openInAIProviders": True,
                    "defaultExpanded": "partial",
                },
            ),
            block(
                "if",
                [p("Pro customers can export reports.")],
                {"expression": 'visitor.claims.unsigned.plan === "pro"'},
            ),
            block("expandable", data={"defaultExpanded": True}, fragments=[title, body]),
            block(
                "tabs",
                [
                    block("tabs-item", [p("Use Homebrew.")], {"title": "macOS", "icon": "apple"}),
                    block("tabs-item", [p("Use apt.")], {"title": "Linux"}),
                ],
                {"fullWidth": True},
            ),
            block(
                "stepper",
                [
                    block(
                        "stepper-step",
                        [block("heading-2", [text("Create a key")], {}), p("Open the settings.")],
                        {},
                    ),
                    block("stepper-step", [p("Call the API.")], {}),
                ],
            ),
            block(
                "columns",
                [
                    block(
                        "column",
                        [p("Left side.")],
                        {"width": {"unit": "%", "value": 60}, "verticalAlignment": "middle"},
                    ),
                    block("column", [p("Right side.")], {}),
                ],
                {"fullWidth": True},
            ),
            block(
                "updates",
                [
                    block(
                        "update",
                        [
                            block("heading-1", [text("Faster exports")], {}),
                            p("Exports now stream."),
                        ],
                        {
                            "date": "2026-03-02T00:00:00.000Z",
                            "tags": [{"kind": "tag", "tag": "api"}, {"kind": "tag", "tag": "fix"}],
                        },
                    )
                ],
                {"format": "short"},
            ),
        ]
    )


def _cell(name: str, *nodes: Node) -> Node:
    return fragment(list(nodes), name)


def tables() -> Node:
    """A plain grid (GFM) and a card table with every column type (HTML)."""
    plain = block(
        "table",
        data={
            "view": {"type": "grid", "columns": ["a", "b"], "hideHeader": False},
            "definition": {
                "a": {"id": "a", "title": "Name", "type": "text", "textAlignment": "left"},
                "b": {"id": "b", "title": "Value", "type": "text", "textAlignment": "center"},
            },
            "records": {
                "r1": {"orderIndex": "a0", "values": {"a": "r1a", "b": "r1b"}},
                "r2": {"orderIndex": "a1", "values": {"a": "r2a", "b": "r2b"}},
            },
        },
        fragments=[
            _cell("r1a", p(text("alpha", [mark("bold")]))),
            _cell("r1b", p("1")),
            _cell("r2a", p("beta")),
            _cell("r2b", p(inline("link", {"ref": PAGE}, [text("two")]))),
        ],
    )
    definition = {
        "t": {"id": "t", "title": "Name", "type": "text", "textAlignment": "left"},
        "n": {"id": "n", "title": "Count", "type": "number"},
        "c": {"id": "c", "title": "Done", "type": "checkbox"},
        "f": {"id": "f", "title": "Files", "type": "files"},
        "u": {"id": "u", "title": "Owners", "type": "users", "multiple": True},
        "r": {"id": "r", "title": "Score", "type": "rating", "max": 5},
        "s": {
            "id": "s",
            "title": "Stage",
            "type": "select",
            "multiple": False,
            "options": [{"value": "o1", "label": "Beta", "color": "blue"}],
        },
        "l": {"id": "l", "title": "Link", "type": "content-ref"},
        "i": {"id": "i", "title": "Cover", "type": "image"},
    }
    cards = block(
        "table",
        data={
            "view": {
                "type": "cards",
                "columns": ["t", "n", "c", "f", "u", "r", "s"],
                "cardSize": "large",
                "targetDefinition": "l",
                "coverDefinition": "i",
            },
            "definition": definition,
            "records": {
                "r1": {
                    "orderIndex": "a0",
                    "values": {
                        "t": "c1",
                        "n": 4,
                        "c": True,
                        "f": ["fl1"],
                        "u": ["us1"],
                        "r": 3,
                        "s": ["o1"],
                        "l": PAGE,
                        "i": {"ref": FILE, "objectFit": "cover"},
                    },
                }
            },
            "fullWidth": False,
        },
        fragments=[_cell("c1", p("Alpha"), p("Second paragraph."))],
    )
    return document([plain, cards])


CORPUS = {"basics": basics, "media": media, "containers": containers, "tables": tables}
