"""A page read where its targets are not (inserted alone into a change request) keeps what a
reader saw and no markup as text, and lists every target it could not resolve; the HTML GitBook
writes inside blocks and table cells is read, one form per test."""

from __future__ import annotations

from typing import Any

from gitbook_mcp.document import parse_markdown, render_markdown, walk
from gitbook_mcp.document.nodes import Node
from tests.unit.document.canonical import canonical


def _blocks(markdown: str) -> tuple[list[Node], list[str]]:
    parsed = parse_markdown(markdown)
    return parsed.document["nodes"], parsed.unresolved


def _texts(nodes: list[Node]) -> list[str]:
    return [
        leaf["text"]
        for top in nodes
        for node, _ in walk(top)
        if node.get("object") == "text"
        for leaf in node["leaves"]
    ]


def _same_after_another_trip(markdown: str) -> None:
    first = parse_markdown(markdown).document
    again = parse_markdown(render_markdown(first)).document
    assert canonical(again) == canonical(first)


def test_a_figure_of_an_unknown_asset_keeps_its_image_as_a_url_ref() -> None:
    markdown = (
        '<div align="left"><figure><img src="../.gitbook/assets/shot one.png" alt="Shot" '
        'width="300"><figcaption><p>The <strong>panel</strong></p></figcaption></figure></div>\n'
    )
    (images,), unresolved = _blocks(markdown)
    assert images["type"] == "images"
    assert images["data"] == {"align": "left"}
    (image,) = images["nodes"]
    assert image["data"]["ref"] == {"kind": "url", "url": "../.gitbook/assets/shot one.png"}
    assert image["data"]["alt"] == "Shot"
    assert image["data"]["width"] == 300
    assert _texts(image["fragments"][0]["nodes"]) == ["The ", "panel"]
    assert unresolved == ["../.gitbook/assets/shot one.png"]
    _same_after_another_trip(markdown)


def test_markdown_and_inline_images_of_unknown_assets_are_kept_too() -> None:
    (images, paragraph), unresolved = _blocks(
        "![Caption](../.gitbook/assets/a.png)\n\nSee ![icon](b.png) here.\n"
    )
    assert images["nodes"][0]["data"]["ref"] == {"kind": "url", "url": "../.gitbook/assets/a.png"}
    icon = next(n for n in paragraph["nodes"] if n.get("type") == "inline-image")
    assert icon["data"]["ref"] == {"kind": "url", "url": "b.png"}
    assert unresolved == ["../.gitbook/assets/a.png", "b.png"]


def test_a_page_link_to_no_page_keeps_its_label_as_text() -> None:
    markdown = (
        '{% content-ref url="setup/install.md" %}\n[install.md](setup/install.md)\n'
        "{% endcontent-ref %}\n\nThen [read the guide](guide.md#start) **now**.\n"
    )
    nodes, unresolved = _blocks(markdown)
    assert [n["type"] for n in nodes] == ["paragraph", "paragraph"]
    assert _texts(nodes) == ["install.md", "Then read the guide ", "now", "."]
    assert len(nodes[1]["nodes"]) == 1  # the label joined the text around it: one text node
    assert "setup/install.md" in unresolved
    assert "guide.md#start" in unresolved
    _same_after_another_trip(markdown)


def test_a_page_link_without_its_display_link_leaves_the_target_name() -> None:
    nodes, unresolved = _blocks('{% content-ref url="../setup/install.md" %}\n')
    assert _texts(nodes) == ["install.md"]
    assert unresolved == ["../setup/install.md"]


def test_a_file_of_an_unknown_asset_leaves_its_caption_or_name() -> None:
    markdown = (
        '{% file src="../.gitbook/assets/report.pdf" %}\nQuarterly report.\n{% endfile %}\n\n'
        '{% file src="../.gitbook/assets/terms.pdf" %}\n'
    )
    nodes, unresolved = _blocks(markdown)
    assert _texts(nodes) == ["Quarterly report.", "terms.pdf"]
    assert unresolved == ["../.gitbook/assets/report.pdf", "../.gitbook/assets/terms.pdf"]
    _same_after_another_trip(markdown)


def test_an_openapi_block_of_an_unknown_spec_file_keeps_it_as_a_url_ref() -> None:
    markdown = (
        '{% openapi src="../.gitbook/assets/api.yaml" path="/pets" method="get" %}\n'
        "[api.yaml](../.gitbook/assets/api.yaml)\n{% endopenapi %}\n"
    )
    (swagger,), unresolved = _blocks(markdown)
    assert swagger["type"] == "swagger"
    assert swagger["data"]["ref"] == {"kind": "url", "url": "../.gitbook/assets/api.yaml"}
    assert "../.gitbook/assets/api.yaml" in unresolved
    _same_after_another_trip(markdown)


def test_reusable_content_not_in_the_revision_is_reported_not_shown_as_a_tag() -> None:
    nodes, unresolved = _blocks('Before.\n\n{% include "../.gitbook/includes/footer.md" %}\n')
    assert _texts(nodes) == ["Before."]
    assert unresolved == ["../.gitbook/includes/footer.md"]


def _cells(table: Node) -> list[list[Node]]:
    fragments = {f["fragment"]: f["nodes"] for f in table["fragments"]}
    data = table["data"]
    columns = data["view"]["columns"]
    records = sorted(data["records"].values(), key=lambda r: r["orderIndex"])
    return [fragments[r["values"][c]] for r in records for c in columns if r["values"].get(c)]


def test_paragraphs_and_lists_in_a_pipe_table_cell_are_blocks() -> None:
    markdown = (
        "| Path | Methods |\n| --- | --- |\n"
        "| `/html` | <ul><li><code>/message</code></li><li><code>/page</code></li></ul> |\n"
        "| b | <p>string</p><p>Optional, <strong>default</strong> true</p> |\n"
    )
    (table,), _ = _blocks(markdown)
    cells = _cells(table)
    assert [n["type"] for n in cells[1]] == ["list-unordered"]
    items = cells[1][0]["nodes"]
    assert [_texts(item["nodes"]) for item in items] == [["/message"], ["/page"]]
    assert [n["type"] for n in cells[3]] == ["paragraph", "paragraph"]
    assert _texts(cells[3]) == ["string", "Optional, ", "default", " true"]
    _same_after_another_trip(markdown)


def test_paragraphs_lists_and_code_in_an_html_table_cell_are_blocks() -> None:
    markdown = (
        "<table><thead><tr><th>A</th></tr></thead><tbody><tr><td>"
        '<p>One</p><ol start="3"><li>three</li><li><p>four</p><ul><li>deep</li></ul></li></ol>'
        '<pre class="language-json"><code class="lang-json">{"a": 1}\n</code></pre>'
        "</td></tr></tbody></table>\n"
    )
    (table,), _ = _blocks(markdown)
    (cell,) = _cells(table)
    assert [n["type"] for n in cell] == ["paragraph", "list-ordered", "code"]
    assert cell[1]["data"] == {"start": 3}
    assert [n["type"] for n in cell[1]["nodes"][1]["nodes"]] == ["paragraph", "list-unordered"]
    assert cell[2]["data"] == {"syntax": "json"}
    assert _texts([cell[2]]) == ['{"a": 1}']
    _same_after_another_trip(markdown)


def test_select_options_in_a_cell_are_the_values_of_a_select_column() -> None:
    markdown = (
        '<table><thead><tr><th data-type="select" data-multiple>Stage<select>'
        '<option value="o1" label="Beta" color="blue"></option>'
        '<option value="o2" label="GA" color="green"></option></select></th></tr></thead>'
        '<tbody><tr><td><span data-option="o1">Beta</span><span data-option="o2">GA</span>'
        "</td></tr></tbody></table>\n"
    )
    (table,), _ = _blocks(markdown)
    (column,) = table["data"]["definition"].values()
    assert column["type"] == "select"
    assert [o["label"] for o in column["options"]] == ["Beta", "GA"]
    (record,) = table["data"]["records"].values()
    assert list(record["values"].values()) == [["o1", "o2"]]
    _same_after_another_trip(markdown)


def test_mark_is_a_colour_mark() -> None:
    markdown = 'A <mark style="color:blue;">blue</mark> word.\n'
    ((paragraph,), _) = _blocks(markdown)
    leaves: list[Any] = paragraph["nodes"][0]["leaves"]
    blue = next(leaf for leaf in leaves if leaf["text"] == "blue")
    assert blue["marks"][0]["type"] == "color"
    assert blue["marks"][0]["data"] == {"text": "blue", "background": "default"}
    _same_after_another_trip(markdown)


def test_details_is_an_expandable() -> None:
    markdown = "<details>\n\n<summary>More</summary>\n\nHidden <mark>text</mark>.\n\n</details>\n"
    ((expandable,), _) = _blocks(markdown)
    assert expandable["type"] == "expandable"
    title, body = expandable["fragments"]
    assert _texts(title["nodes"]) == ["More"]
    assert "".join(_texts(body["nodes"])) == "Hidden text."
    _same_after_another_trip(markdown)
