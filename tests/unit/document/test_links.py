"""Every field of a document that carries a link is reported (reference §7.1)."""

from __future__ import annotations

from gitbook_mcp.document.links import document_links
from gitbook_mcp.document.nodes import block, document, fragment, inline, text

PAGE = {"kind": "page", "page": "p1"}
FILE = {"kind": "file", "file": "f1"}
URL = {"kind": "url", "url": "https://example.com/dark.png"}


def _para(*nodes: dict[str, object]) -> dict[str, object]:
    return block("paragraph", list(nodes))


def test_every_link_field_is_reported_with_its_pointer() -> None:
    caption = fragment([_para(inline("link", {"ref": PAGE}, [text("in caption")]))], "caption")
    cell = fragment([_para(inline("link", {"ref": URL}, [text("in cell")]))], "c1r1")
    body = fragment(
        [_para(inline("link", {"ref": PAGE}, [text("in note")]))], None, "annotation-body"
    )
    table = block(
        "table",
        data={
            "view": {
                "type": "grid",
                "columns": ["c1", "c2", "c3", "c4", "c5"],
                "hideHeader": False,
            },
            "definition": {
                "c1": {"id": "c1", "title": "T", "type": "text", "textAlignment": "left"},
                "c2": {"id": "c2", "title": "R", "type": "content-ref"},
                "c3": {"id": "c3", "title": "F", "type": "files"},
                "c4": {"id": "c4", "title": "U", "type": "users", "multiple": True},
                "c5": {"id": "c5", "title": "I", "type": "image"},
            },
            "records": {
                "r1": {
                    "orderIndex": "a0",
                    "values": {
                        "c1": "c1r1",
                        "c2": PAGE,
                        "c3": ["f1"],
                        "c4": ["u1"],
                        "c5": {"ref": FILE, "alt": "pic"},
                    },
                }
            },
        },
        fragments=[cell],
    )
    doc = document(
        [
            _para(
                inline("link", {"ref": PAGE}, [text("label")]),
                inline("mention", {"ref": PAGE}),
                inline("button", {"label": "Go", "kind": "primary", "ref": URL}),
                inline("inline-image", {"ref": FILE, "refDark": URL}),
                inline("annotation", {}, [text("w")], fragments=[body]),
            ),
            block("content-ref", data={"ref": PAGE}),
            block(
                "images", [block("image", data={"ref": FILE, "refDark": URL}, fragments=[caption])]
            ),
            block("drawing", data={"ref": FILE}),
            block("file", data={"ref": FILE}),
            block("embed", data={"url": "https://youtu.be/x"}),
            block(
                "integration",
                data={
                    "integration": "github-files",
                    "block": "code",
                    "props": {"url": "https://github.com/o/r", "n": 3, "t": "not a url"},
                    "url": "https://github.com/o/r/x",
                    "action": {"action": "@link.unfurl", "url": "https://u.example"},
                },
            ),
            block("swagger", data={"ref": URL, "path": "/p", "method": "get"}),
            block(
                "openapi-operation",
                data={"ref": {"kind": "openapi", "spec": "s"}, "path": "/", "method": "get"},
            ),
            block(
                "openapi-schemas", data={"ref": {"kind": "openapi", "spec": "s"}, "schemas": ["A"]}
            ),
            block(
                "openapi-webhook",
                data={"ref": {"kind": "openapi", "spec": "s"}, "name": "n", "method": "post"},
            ),
            block(
                "reusable-content",
                data={"ref": {"kind": "reusable-content", "reusableContent": "r"}},
            ),
            block(
                "updates",
                [
                    block(
                        "update",
                        [],
                        {
                            "date": "2026-01-01T00:00:00.000Z",
                            "tags": [{"kind": "tag", "tag": "api"}],
                        },
                    )
                ],
                {"format": "full"},
            ),
            table,
        ]
    )
    found = [(link.node_type, link.pointer) for link in document_links(doc)]
    assert found == [
        ("link", "/nodes/0/nodes/0/data/ref"),
        ("mention", "/nodes/0/nodes/1/data/ref"),
        ("button", "/nodes/0/nodes/2/data/ref"),
        ("inline-image", "/nodes/0/nodes/3/data/ref"),
        ("inline-image", "/nodes/0/nodes/3/data/refDark"),
        ("link", "/nodes/0/nodes/4/fragments/0/nodes/0/nodes/0/data/ref"),
        ("content-ref", "/nodes/1/data/ref"),
        ("image", "/nodes/2/nodes/0/data/ref"),
        ("image", "/nodes/2/nodes/0/data/refDark"),
        ("link", "/nodes/2/nodes/0/fragments/0/nodes/0/nodes/0/data/ref"),
        ("drawing", "/nodes/3/data/ref"),
        ("file", "/nodes/4/data/ref"),
        ("embed", "/nodes/5/data/url"),
        ("integration", "/nodes/6/data/url"),
        ("integration", "/nodes/6/data/props/url"),
        ("integration", "/nodes/6/data/action/url"),
        ("swagger", "/nodes/7/data/ref"),
        ("openapi-operation", "/nodes/8/data/ref"),
        ("openapi-schemas", "/nodes/9/data/ref"),
        ("openapi-webhook", "/nodes/10/data/ref"),
        ("reusable-content", "/nodes/11/data/ref"),
        ("update", "/nodes/12/nodes/0/data/tags/0"),
        ("table", "/nodes/13/data/records/r1/values/c2"),
        ("table", "/nodes/13/data/records/r1/values/c3/0"),
        ("table", "/nodes/13/data/records/r1/values/c4/0"),
        ("table", "/nodes/13/data/records/r1/values/c5/ref"),
        ("link", "/nodes/13/fragments/0/nodes/0/nodes/0/data/ref"),
    ]
    links = list(document_links(doc))
    assert links[0].text == "label"
    assert links[2].text == "Go"
    assert links[23].ref == {"kind": "file", "file": "f1"}
    assert links[24].ref == {"kind": "user", "user": "u1"}
