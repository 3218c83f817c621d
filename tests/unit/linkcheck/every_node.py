"""A page with every node that carries a link, in every container, and the world it links into:
the fixture of the document-versus-markdown parity tests of the link checker.

Left out: what GitBook markdown cannot carry (``document.NORMALISATIONS``: an integration's
``url`` and ``action``, annotations inside code lines), so a page read as markdown has no such link.
"""

from __future__ import annotations

from typing import Any

from gitbook_mcp.document.nodes import Node, block, document, fragment, inline, text
from gitbook_mcp.linkcheck.model import FileNode, PageBody, PageNode, RevisionContent
from tests.unit.linkcheck.fakes import FakeReader

GUIDE = {"kind": "page", "page": "p_guide"}
GONE = {"kind": "page", "page": "p_gone"}
LOGO = {"kind": "file", "file": "f_logo"}
NO_FILE = {"kind": "file", "file": "f_gone"}


def p(*nodes: Node | str) -> Node:
    return block("paragraph", [text(n) if isinstance(n, str) else n for n in nodes])


def a(ref: dict[str, Any], label: str) -> Node:
    return inline("link", {"ref": ref}, [text(label)])


def anchor(name: str, page: str | None = "p_guide") -> dict[str, Any]:
    ref: dict[str, Any] = {"kind": "anchor", "anchor": name}
    if page:
        ref["page"] = page
    return ref


def _inlines() -> Node:
    note = fragment([p(a(anchor("nope"), "in note"))], None, "annotation-body")
    return p(
        a(GUIDE, "guide"),
        " ",
        a(GONE, "gone"),
        " ",
        a(anchor("set-up"), "by slug"),
        " ",
        a(anchor("custom"), "by id"),
        " ",
        a(anchor("here", None), "same page"),
        " ",
        a(anchor("undefined", None), "undefined"),
        " ",
        a({"kind": "url", "url": "/broken/pages/p_old"}, "exported broken"),
        " ",
        a({"kind": "url", "url": "../missing.md"}, "relative"),
        " ",
        inline("mention", {"ref": GONE}),
        " ",
        inline("button", {"label": "Go", "kind": "primary", "ref": anchor("macos")}),
        " ",
        inline("inline-image", {"ref": NO_FILE, "refDark": LOGO}),
        " ",
        inline("annotation", {}, [text("word")], fragments=[note]),
        " ",
        a({"kind": "user", "user": "u1"}, "a user"),
    )


def _containers() -> list[Node]:
    title = fragment([p("More")], "expandable-title", "expandable-title")
    body = fragment([p(a(anchor("gone-in-expandable"), "x"))], "expandable-body", "expandable-body")
    return [
        block("hint", [p(a(anchor("gone-in-hint"), "in hint"))], {"style": "info"}),
        block(
            "tabs",
            [block("tabs-item", [p(a(anchor("gone-in-tab"), "in tab"))], {"title": "One"})],
            {},
        ),
        block("stepper", [block("stepper-step", [p(a(anchor("gone-in-step"), "in step"))], {})]),
        block("expandable", data={}, fragments=[title, body]),
    ]


def _media() -> list[Node]:
    caption = fragment([p(a(anchor("gone-in-caption"), "in caption"))], "caption")
    return [
        block(
            "images",
            [
                block(
                    "image",
                    data={"ref": LOGO, "refDark": NO_FILE, "alt": "Logo"},
                    fragments=[caption],
                )
            ],
            {},
        ),
        block("file", data={"ref": NO_FILE}, fragments=[]),
        block("drawing", data={"ref": NO_FILE}),
        block("content-ref", data={"ref": GONE}),
        block("embed", data={"url": "https://video.example/v"}),
        block(
            "integration",
            data={"integration": "gh", "block": "code", "props": {"url": "https://gh.example/x"}},
        ),
        block("swagger", data={"ref": {"kind": "url", "url": "https://api.example/o.json"}}),
        block("openapi-operation", data={"ref": {"kind": "openapi", "spec": "billing"}}),
        block(
            "reusable-content",
            data={"ref": {"kind": "reusable-content", "reusableContent": "rc_ok"}},
        ),
        block(
            "reusable-content",
            data={"ref": {"kind": "reusable-content", "reusableContent": "rc_x"}},
        ),
        block(
            "updates",
            [
                block(
                    "update",
                    [p("News.")],
                    {"date": "2026-03-02T00:00:00.000Z", "tags": [{"kind": "tag", "tag": "api"}]},
                )
            ],
            {"format": "short"},
        ),
    ]


def _cards() -> Node:
    definition = {
        "t": {"id": "t", "title": "Name", "type": "text", "textAlignment": "left"},
        "f": {"id": "f", "title": "Files", "type": "files"},
        "u": {"id": "u", "title": "Owners", "type": "users", "multiple": True},
        "l": {"id": "l", "title": "Link", "type": "content-ref"},
        "i": {"id": "i", "title": "Cover", "type": "image"},
    }
    view = {
        "type": "cards",
        "columns": ["t", "f", "u"],
        "cardSize": "large",
        "targetDefinition": "l",
        "coverDefinition": "i",
    }
    values = {
        "t": "c1",
        "f": ["f_gone"],
        "u": ["u2"],
        "l": GONE,
        "i": {"ref": NO_FILE, "objectFit": "cover"},
    }
    cell = fragment([p(a(anchor("gone-in-card"), "in card"))], "c1")
    return block(
        "table",
        data={
            "view": view,
            "definition": definition,
            "records": {"r1": {"orderIndex": "a0", "values": values}},
        },
        fragments=[cell],
    )


def _grid() -> Node:
    definition = {"a": {"id": "a", "title": "Name", "type": "text", "textAlignment": "left"}}
    return block(
        "table",
        data={
            "view": {"type": "grid", "columns": ["a"], "hideHeader": False},
            "definition": definition,
            "records": {"r1": {"orderIndex": "a0", "values": {"a": "g1"}}},
        },
        fragments=[fragment([p(a(anchor("gone-in-cell"), "in cell"))], "g1")],
    )


def page_document() -> Node:
    """The page under test: every link-carrying node, in every container."""
    return document([_inlines(), *_containers(), *_media(), _cards(), _grid()])


def guide_document() -> Node:
    """The page the links point at: a heading by slug, one with a custom id, a tab."""
    return document(
        [
            block("heading-2", [text("Set up")], {}),
            block("heading-2", [text("Named")], {"id": "custom"}),
            block("tabs", [block("tabs-item", [p("brew")], {"title": "macOS"})], {}),
        ]
    )


HOME = PageNode("p_home", "Home", "home")
GUIDE_PAGE = PageNode("p_guide", "Guide", "guide")


def reader_with(home: PageBody) -> FakeReader:
    """Space ``s1``, change request ``cr1``: the home page as given, the guide, one file."""
    reader = FakeReader()
    reader.revisions[("s1", "cr1")] = RevisionContent(
        [HOME, GUIDE_PAGE], [FileNode("f_logo", "logo.png")], frozenset({"rc_ok"})
    )
    reader.bodies[("s1", "cr1", "p_home")] = home
    reader.bodies[("s1", "cr1", "p_guide")] = PageBody(document=guide_document())
    return reader
