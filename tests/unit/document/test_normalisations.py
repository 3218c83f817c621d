"""Each normalisation of `gitbook_mcp.document.normalisations.NORMALISATIONS` has a test here,
named after it; the last test checks that none is missing."""

from __future__ import annotations

import sys
from typing import Any

from gitbook_mcp.document.nodes import block, document, fragment, inline, mark, text, walk
from gitbook_mcp.document.normalisations import NORMALISATIONS
from gitbook_mcp.document.parse import parse_markdown
from gitbook_mcp.document.render import render_markdown
from tests.unit.document.canonical import canonical


def _nodes(markdown: str) -> list[dict[str, Any]]:
    nodes: list[dict[str, Any]] = parse_markdown(markdown).document["nodes"]
    return nodes


def _again(doc: dict[str, Any]) -> dict[str, Any]:
    parsed: dict[str, Any] = parse_markdown(render_markdown(doc)).document
    return parsed


def _leaves(node: dict[str, Any]) -> list[tuple[str, list[str]]]:
    return [
        (leaf["text"], [m["type"] for m in leaf["marks"]])
        for child, _ in walk(node)
        if child.get("object") == "text"
        for leaf in child["leaves"]
    ]


def test_keys() -> None:
    doc = document([block("paragraph", [text("a", key="mine")], key="para")])
    again = _again(doc)
    assert again["nodes"][0]["key"] not in ("para", "")
    assert canonical(again) == canonical(doc)


def test_meta() -> None:
    heading = {**block("heading-1", [text("A")], {}), "meta": {"id": "a"}}
    again = _again(document([heading]))
    assert "meta" not in again["nodes"][0]


def test_text_runs() -> None:
    doc = document([block("paragraph", [text("a"), text(""), text("b")])])
    assert _leaves(_again(doc)) == [("ab", [])]


def test_table_ids() -> None:
    markdown = "| A |\n| --- |\n| x |\n"
    first, second = _nodes(markdown)[0], _nodes(markdown)[0]
    assert first["data"]["view"]["columns"] != second["data"]["view"]["columns"]
    assert canonical(first) == canonical(second)


def test_ordered_start() -> None:
    assert _nodes("1. a\n")[0]["data"] == {}
    assert _nodes("3. a\n")[0]["data"] == {"start": 3}


def test_mark_edge_space() -> None:
    doc = document([block("paragraph", [text("a "), text("b ", [mark("bold")]), text("c")])])
    markdown = render_markdown(doc)
    assert markdown == "a **b** c\n"
    assert _leaves(_again(doc)) == [("a ", []), ("b", ["bold"]), (" c", [])]


def test_paragraph_edge_space() -> None:
    doc = document([block("paragraph", [text("  a  ")])])
    assert _leaves(_again(doc)) == [("a", [])]
    broken = document([block("paragraph", [text("\na\n")]), block("paragraph", [])])
    assert render_markdown(broken) == "a\n"
    heading = document([block("heading-1", [text("a\nb")], {})])
    assert render_markdown(heading) == "## a b\n"
    hashed = document([block("heading-1", [text("C #")], {})])
    assert render_markdown(hashed) == "## C \\#\n"
    assert _leaves(_again(hashed)) == [("C #", [])]


def test_target_less_button() -> None:
    (para,) = _nodes('<a class="button primary">Coming soon</a>\n')
    assert _leaves(para) == [("Coming soon", [])]
    assert [n["object"] for n in para["nodes"]] == ["text"]


def test_soft_break() -> None:
    assert _leaves(_nodes("a\nb\n")[0]) == [("a b", [])]
    assert _leaves(_nodes("a\\\nb\n")[0]) == [("a\nb", [])]


def test_italic_star() -> None:
    assert _leaves(_nodes("*x*\n")[0]) == [("x", ["italic"])]
    assert render_markdown(document(_nodes("*x*\n"))) == "_x_\n"
    inside = document([block("paragraph", [text("a"), text("b", [mark("italic")]), text("c")])])
    assert render_markdown(inside) == "a*b*c\n"


def test_divider_dashes() -> None:
    assert [n["type"] for n in _nodes("a\n\n---\n\n___\n")] == ["paragraph", "divider", "divider"]
    assert render_markdown(document([block("divider", data={})])) == "***\n"


def test_heading_levels() -> None:
    parsed = parse_markdown("# Title\n\n# Again\n\n## One\n\n##### Five\n\n###### Six\n")
    assert parsed.title == "Title"
    types = [n["type"] for n in parsed.document["nodes"]]
    assert types == ["heading-1", "heading-1", "heading-3", "heading-3"]


def test_image_shorthand() -> None:
    (images,) = _nodes("![A diagram](/files/f1)\n")
    assert images["type"] == "images"
    image = images["nodes"][0]
    assert image["data"]["ref"] == {"kind": "file", "file": "f1"}
    assert _leaves(image["fragments"][0]) == [("A diagram", [])]


def test_container_children() -> None:
    (hint,) = _nodes(
        '{% hint style="info" %}\n{% tabs %}\n{% tab title="A" %}\nx\n{% endtab %}\n{% endtabs %}\n{% endhint %}\n'
    )
    assert [n["type"] for n in hint["nodes"]] == ["paragraph"]
    assert _leaves(hint["nodes"][0]) == [("x", [])]
    (quote,) = _nodes("> ```\n> code\n> ```\n")
    assert [n["type"] for n in quote["nodes"]] == ["paragraph"]
    (item,) = _nodes('* a\n\n  {% embed url="https://e.com" %}\n')[0]["nodes"]
    assert [n["type"] for n in item["nodes"]] == ["paragraph", "paragraph"]


def test_update_date() -> None:
    (updates,) = _nodes(
        '{% updates %}\n{% update date="2026-03-02" %}\nx\n{% endupdate %}\n{% endupdates %}\n'
    )
    assert updates["data"] == {"format": "full"}
    assert updates["nodes"][0]["data"]["date"] == "2026-03-02T00:00:00.000Z"
    assert 'date="2026-03-02"' in render_markdown(document([updates]))


def test_integration_props() -> None:
    data = {"integration": "x", "block": "y", "props": {"n": 3, "s": "t"}, "url": "https://u"}
    again = _again(document([block("integration", data=data)]))
    assert again["nodes"][0]["data"] == {
        "integration": "x",
        "block": "y",
        "props": {"n": "3", "s": "t"},
    }


def test_code_annotations() -> None:
    note = inline(
        "annotation",
        {},
        [text("x")],
        fragments=[fragment([block("paragraph", [text("n")])], None, "annotation-body")],
    )
    line = block("code-line", [text("a = "), note], {})
    again = _again(document([block("code", [line], {"syntax": "py"})]))
    assert _leaves(again["nodes"][0]) == [("a = x", [])]


def test_empty_cell() -> None:
    (table,) = _nodes("| A | B |\n| --- | --- |\n| x |  |\n")
    (record,) = table["data"]["records"].values()
    assert sorted(map(str, record["values"].values())) != []
    assert None in record["values"].values()


def test_openapi_display_link() -> None:
    markdown = (
        '{% openapi-operation spec="billing" path="/x" method="get" %}\n'
        "[OpenAPI billing](https://storage.example/billing.yaml?X-Amz-Expires=172800)\n"
        "{% endopenapi-operation %}\n"
    )
    (operation,) = _nodes(markdown)
    assert operation["data"]["ref"] == {"kind": "openapi", "spec": "billing"}
    assert "[OpenAPI billing](/openapi/billing)" in render_markdown(document([operation]))


def test_heading_align() -> None:
    doc = document([block("heading-1", [text("A")], {"align": "center"})])
    assert _again(doc)["nodes"][0]["data"] == {}


def test_cell_merges() -> None:
    (table,) = _nodes("| A | B |\n| --- | --- |\n| x | y |\n")
    (record,) = table["data"]["records"].values()
    column = table["data"]["view"]["columns"][0]
    merge = {"anchor": {"record": next(iter(table["data"]["records"])), "column": column}}
    table["data"]["cellMerges"] = [{**merge, "rowSpan": 1, "colSpan": 2}]
    assert "cellMerges" not in _again(document([table]))["nodes"][0]["data"]
    assert record["values"][column] is not None


def test_drawing_caption() -> None:
    caption = fragment([block("paragraph", [text("c")])], "caption")
    drawing = block("drawing", data={"ref": {"kind": "file", "file": "f"}}, fragments=[caption])
    assert "fragments" not in _again(document([drawing]))["nodes"][0]


def test_image_cell() -> None:
    markdown = (
        '<table><thead><tr><th data-type="image">I</th></tr></thead>'
        '<tbody><tr><td><a href="/files/f1"></a></td></tr></tbody></table>\n'
    )
    (table,) = _nodes(markdown)
    (record,) = table["data"]["records"].values()
    assert list(record["values"].values()) == [{"ref": {"kind": "file", "file": "f1"}}]
    assert render_markdown(document([table])) == markdown


def test_html_emphasis() -> None:
    (para,) = _nodes("<strong>a</strong> <em>b</em> <s>c</s> <code>d</code>\n")
    assert _leaves(para) == [
        ("a", ["bold"]),
        (" ", []),
        ("b", ["italic"]),
        (" ", []),
        ("c", ["strikethrough"]),
        (" ", []),
        ("d", ["code"]),
    ]
    assert render_markdown(document([para])) == "**a** _b_ ~~c~~ `d`\n"
    tight = document([block("paragraph", [text("1"), text(":", [mark("bold")])])])
    assert render_markdown(tight) == "1<strong>:</strong>\n"
    assert _leaves(_again(tight)) == [("1", []), (":", ["bold"])]


def test_code_break() -> None:
    doc = document([block("paragraph", [text("a\n> b", [mark("code")])])])
    assert render_markdown(doc) == "`a`\\\n`> b`\n"
    assert _leaves(_again(doc)) == [("a", ["code"]), ("\n", []), ("> b", ["code"])]


def test_math_alone() -> None:
    para = block("paragraph", [inline("inline-math", {"formula": "x^2"})])
    again = _again(document([para, block("hint", [para], {"style": "info"})]))
    assert again["nodes"][0]["type"] == "math"
    assert again["nodes"][0]["data"] == {"formula": "x^2"}
    (inside,) = again["nodes"][1]["nodes"]
    assert [n["type"] for n in inside["nodes"]] == ["inline-math"]


def test_every_normalisation_has_its_test() -> None:
    module = sys.modules[__name__]
    missing = [n for n in NORMALISATIONS if not hasattr(module, "test_" + n.replace("-", "_"))]
    assert missing == []


def test_emphasis_that_would_not_read_back_is_html_however_often_and_long_it_is_rendered() -> None:
    """The read-back's answers are kept per run: a kept answer, a run too long to keep and the
    same text with other marks each get their own form."""
    for lead in ("1", "1" * 1500):
        tight = document([block("paragraph", [text(lead), text(":", [mark("bold")])])])
        for _ in range(3):
            assert render_markdown(tight) == f"{lead}<strong>:</strong>\n"
        spaced = document([block("paragraph", [text(lead + " "), text(":", [mark("bold")])])])
        assert render_markdown(spaced) == f"{lead} **:**\n"
        italic = document([block("paragraph", [text(lead), text(":", [mark("italic")])])])
        assert render_markdown(italic) == f"{lead}<em>:</em>\n"
