"""The other forms GitBook writes or accepts, read as GitBook means them."""

from __future__ import annotations

from typing import Any

from gitbook_mcp.document.parse import parse_markdown
from gitbook_mcp.document.tags import Tag, format_tag, parse_tag
from tests.support.contract import JSON_DOCUMENT, document_contract


def _nodes(markdown: str) -> list[dict[str, Any]]:
    nodes: list[dict[str, Any]] = parse_markdown(markdown).document["nodes"]
    return nodes


def _types(nodes: list[dict[str, Any]]) -> list[str]:
    return [n.get("type", n["object"]) for n in nodes]


def test_tag_attributes_round_trip_through_the_scanner() -> None:
    value = 'say "hi" \\ back\nslash \u201d'
    line = format_tag("hint", [("style", "info"), ("icon", value)])
    tag = parse_tag(line)
    assert tag is not None
    assert (tag.name, tag.attrs) == ("hint", {"style": "info", "icon": value})


def test_tags_that_are_not_tags() -> None:
    for line in ("{% hint style=info %}", '{% hint style="x %}', "{%%}", "{% %}", "text"):
        assert parse_tag(line) is None
    assert parse_tag("{% endhint %}") == Tag("hint", closing=True)
    assert parse_tag('{% prompt description="x" defaultExpanded="full\u201d %}') is not None


def test_openapi_with_src_is_swagger() -> None:
    (node,) = _nodes(
        '{% openapi src="https://example.com/o.json" path="/pets" method="get" %}\n'
        "[https://example.com/o.json](https://example.com/o.json)\n{% endopenapi %}\n"
    )
    assert node["type"] == "swagger"
    assert node["data"]["ref"] == {"kind": "url", "url": "https://example.com/o.json"}


def test_embed_and_file_without_end_tag() -> None:
    nodes = _nodes('{% embed url="https://e.com/v" %}\n\n{% file src="/files/f1" %}\n\nAfter.\n')
    assert _types(nodes) == ["embed", "file", "paragraph"]


def test_html_mention_and_footnote_after_a_word() -> None:
    (para,) = _nodes('See <a data-mention href="/pages/p1">p1</a> and TTL[^1].\n\n[^1]: Note.\n')
    types = _types(para["nodes"])
    assert types == ["text", "mention", "text", "annotation", "text"]
    annotation = para["nodes"][3]
    assert annotation["nodes"][0]["leaves"][0]["text"] == "TTL"
    assert annotation["fragments"][0]["type"] == "annotation-body"


def test_tags_inside_code_are_literal() -> None:
    (code,) = _nodes("```\n{% hint %}\nx\n{% endhint %}\n```\n")
    assert code["type"] == "code"
    assert len(code["nodes"]) == 3


def test_unknown_html_and_legacy_tags_are_kept_as_text() -> None:
    nodes = _nodes('<section class="x">kept</section>\n\n{% swagger-description %}\nold\n')
    assert _types(nodes) == ["paragraph", "paragraph"]
    assert nodes[0]["nodes"][0]["leaves"][0]["text"] == '<section class="x">kept</section>'
    assert nodes[1]["nodes"][0]["leaves"][0]["text"].startswith("{% swagger-description %}")


def test_details_without_blank_lines_and_paragraph_alignment() -> None:
    nodes = _nodes(
        '<details>\n<summary>Title</summary>\n\nBody.\n\n</details>\n\n<p align="right">R</p>\n'
    )
    assert _types(nodes) == ["expandable", "paragraph"]
    assert nodes[0]["data"] == {"defaultExpanded": False}
    assert nodes[1]["data"] == {"align": "end"}


def test_pre_with_highlighted_lines() -> None:
    (code,) = _nodes(
        '<pre class="language-yaml" data-line-numbers><code class="lang-yaml">a: 1\n'
        "<strong>b: &#x3C;2\n</strong></code></pre>\n"
    )
    assert code["data"] == {"syntax": "yaml", "lineNumbers": True}
    lines = [(line["nodes"][0]["leaves"][0]["text"], line["data"]) for line in code["nodes"]]
    assert lines == [("a: 1", {}), ("b: <2", {"highlighted": True})]


def test_a_space_entity_and_escapes_are_text() -> None:
    (para,) = _nodes("x&#x20;a \\_b\\_ \\$\\$c\\$\\$\n")
    assert para["nodes"][0]["leaves"] == [{"object": "leaf", "text": "x a _b_ $$c$$", "marks": []}]


def test_edge_spaces_of_a_paragraph_are_dropped_on_reading_as_on_writing() -> None:
    (para,) = _nodes("&#x20;a <strong>b </strong>c&#x20;\n")
    leaves = [
        (leaf["text"], [m["type"] for m in leaf["marks"]]) for leaf in para["nodes"][0]["leaves"]
    ]
    assert leaves == [("a ", []), ("b", ["bold"]), (" c", [])]


def test_drawing_and_bare_image() -> None:
    nodes = _nodes(
        '<img src="/files/d1" alt="" class="gitbook-drawing">\n\n'
        '<picture><source srcset="/files/dk" media="(prefers-color-scheme: dark)"><img src="/files/l1" alt="x"></picture>\n'
    )
    assert _types(nodes) == ["drawing", "paragraph"]
    (picture,) = nodes[1]["nodes"]
    assert picture["type"] == "inline-image"
    assert picture["data"]["refDark"] == {"kind": "file", "file": "dk"}


def test_hint_written_as_html() -> None:
    (hint,) = _nodes(
        '<div data-gb-custom-block data-tag="hint" data-style="success" class="hint hint-success">'
        "<p><strong>Done</strong> now.</p><p>Two.</p></div>\n"
    )
    assert hint["type"] == "hint"
    assert hint["data"] == {"style": "success"}
    assert _types(hint["nodes"]) == ["paragraph", "paragraph"]
    assert hint["nodes"][0]["nodes"][0]["leaves"][0]["marks"] == [
        {"object": "mark", "type": "bold"}
    ]


CARDS = """<table data-view="cards" data-card-size="large" data-column-title-hidden data-card-wrap="false" data-full-width="false" data-search="false">
<thead><tr>
  <th width="180" align="center" valign="top">Name</th>
  <th data-type="select" data-multiple>Stage<select><option value="opt1" label="Beta" color="blue"></option></select></th>
  <th data-type="rating" data-max="5">Score</th>
  <th data-type="users" data-multiple>Owners</th>
  <th data-hidden data-card-target data-type="content-ref"></th>
  <th data-hidden data-card-cover data-type="files"></th>
  <th data-hidden data-card-cover-dark data-type="image"></th>
</tr></thead>
<tbody><tr>
  <td><strong>Alpha</strong></td>
  <td><span data-option="opt1">Beta</span></td>
  <td>4</td>
  <td></td>
  <td><a href="/pages/p1">alpha</a></td>
  <td><a href="/files/f1">alpha.png</a></td>
  <td><a href="/files/f2">alpha-dark.png</a></td>
</tr></tbody></table>
"""


def test_gitbook_card_table() -> None:
    (table,) = _nodes(CARDS)
    data = table["data"]
    view, definition = data["view"], data["definition"]
    columns = list(definition)
    assert [definition[c]["type"] for c in columns] == [
        *("text", "select", "rating", "users", "content-ref", "files", "image")
    ]
    assert view["columns"] == columns[:4]
    assert view["type"] == "cards"
    assert view["cardSize"] == "large"
    assert view["hideColumnTitle"] is True
    assert view["wrap"] is False
    assert (view["targetDefinition"], view["coverDefinition"]) == (columns[4], columns[5])
    assert view["coverDefinitionDark"] == columns[6]
    assert view["columnWidths"] == {columns[0]: 180}
    assert definition[columns[0]]["textAlignment"] == "center"
    assert definition[columns[1]]["options"] == [
        {"value": "opt1", "label": "Beta", "color": "blue"}
    ]
    assert (data["fullWidth"], data["search"]) == (False, False)
    (record,) = data["records"].values()
    values = [record["values"][c] for c in columns]
    assert values[1:] == [
        ["opt1"],
        4,
        [],
        {"kind": "page", "page": "p1"},
        ["f1"],
        {"ref": {"kind": "file", "file": "f2"}},
    ]
    document_contract().validate(JSON_DOCUMENT, parse_markdown(CARDS).document, "cards")
    (cell,) = table["fragments"]
    assert cell["fragment"] == values[0]
    assert cell["nodes"][0]["nodes"][0]["leaves"][0]["marks"] == [
        {"object": "mark", "type": "bold"}
    ]


def test_text_inside_html_survives_tag_like_content() -> None:
    from gitbook_mcp.document.nodes import block, document, fragment, text
    from gitbook_mcp.document.render import render_markdown

    caption = fragment([block("paragraph", [text("a </p></figcaption> & <b>")])], "caption")
    image = block("image", data={"ref": {"kind": "file", "file": "f"}}, fragments=[caption])
    markdown = render_markdown(document([block("images", [image], {})]))
    assert "&#x3C;/p" in markdown
    (images,) = _nodes(markdown)
    leaves = images["nodes"][0]["fragments"][0]["nodes"][0]["nodes"][0]["leaves"]
    assert leaves == [{"object": "leaf", "text": "a </p></figcaption> & <b>", "marks": []}]


def test_link_targets_reach_the_resolver_as_written() -> None:
    seen: list[str] = []

    def resolve(href: str) -> dict[str, Any] | None:
        seen.append(href)
        return {"kind": "file", "file": "f1"}

    parse_markdown("![](<../.gitbook/assets/shot (1).png>) [a](<x y.md>) [b](a\\_b.md)\n", resolve)
    assert seen == ["../.gitbook/assets/shot (1).png", "x y.md", "a_b.md"]
