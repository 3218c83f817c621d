"""Edits on the document tree: text found across leaves and marks, replaced in place, refs set
at their pointer, and the checks of what an edit would send."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from gitbook_mcp.document import parse_markdown, plain_text, render_markdown
from gitbook_mcp.document.checks import marker_problems, placeholder
from gitbook_mcp.document.edit import (
    FormattingLost,
    UnresolvedLinks,
    block_differences,
    find_text,
    get_at,
    replace_text,
    same_without_keys,
    set_at,
    without_keys,
)
from gitbook_mcp.document.nodes import Node, block, document, inline, mark, text, walk

RICH = """{% hint style="info" %}
Keep the **API key** secret. Rotate it [every month](https://example.com/rotate) at least.
{% endhint %}

| Option | Default |
| ------ | ------- |
| retries | 3 |

{% tabs %}
{% tab title="macOS" %}
Run the installer.
{% endtab %}
{% tab title="Linux" %}
Use the package.
{% endtab %}
{% endtabs %}

{% code title="config.yml" %}
```yaml
retries: 3
```
{% endcode %}
"""


def _rich() -> Node:
    return parse_markdown(RICH).document


def _one(doc: Node, find: str) -> Any:
    matches = find_text(doc, find)
    assert len(matches) == 1, matches
    return matches[0]


def test_a_sentence_in_a_hint_is_replaced_changing_one_block_and_nothing_else() -> None:
    doc = _rich()
    original = copy.deepcopy(doc)
    match = _one(doc, "Keep the API key secret.")
    with pytest.raises(FormattingLost) as lost:  # plain text would drop the bold of "API key"
        replace_text(doc, match, "Never share the API key.")
    assert lost.value.formats == ["plain 'Keep the '", "bold 'API key'", "plain ' secret'"]
    edited = replace_text(doc, match, "Never share the **API key**.")
    assert doc == original  # the input is not changed
    assert block_differences(doc, edited) == [0]
    hint_before, hint_after = doc["nodes"][0], edited["nodes"][0]
    assert hint_after["key"] == hint_before["key"]
    assert [n["key"] for n in hint_after["nodes"]] == [n["key"] for n in hint_before["nodes"]]
    paragraph = hint_after["nodes"][0]
    leaves = [leaf for n in paragraph["nodes"] if n["object"] == "text" for leaf in n["leaves"]]
    # The markdown's own runs go in at the first leaf touched ("Keep the ", no marks).
    assert [(leaf["text"], [m["type"] for m in leaf["marks"]]) for leaf in leaves][:3] == [
        ("Never share the ", []),
        ("API key", ["bold"]),
        (".", []),
    ]
    assert plain_text(paragraph) == "Never share the API key. Rotate it every month at least."
    link = next(n for n in paragraph["nodes"] if n["object"] == "inline")
    assert link == next(n for n in hint_before["nodes"][0]["nodes"] if n["object"] == "inline")
    for index in range(1, len(doc["nodes"])):
        assert json.dumps(edited["nodes"][index]) == json.dumps(doc["nodes"][index])


def test_a_match_inside_one_mark_keeps_the_mark_and_the_leaves_around_it() -> None:
    doc = document([block("paragraph", [text("a "), text("bold", [mark("bold")]), text(" z")])])
    edited = replace_text(doc, _one(doc, "ol"), "OL")
    assert edited["nodes"][0]["nodes"][1]["leaves"] == [
        {"object": "leaf", "text": "bOLd", "marks": [{"object": "mark", "type": "bold"}]}
    ]
    assert edited["nodes"][0]["nodes"][0] == doc["nodes"][0]["nodes"][0]
    assert edited["nodes"][0]["nodes"][2] == doc["nodes"][0]["nodes"][2]


def _around_a_link(before: str, after: str) -> Node:
    """A paragraph: ``before``, a link reading "the guide", ``after``."""
    link = inline("link", {"ref": {"kind": "url", "url": "https://x"}}, [text("the guide")])
    return document([block("paragraph", [text(before), link, text(after)])])


def test_plain_text_across_a_link_edge_is_refused_naming_the_runs() -> None:
    doc = _around_a_link("See the guide now: ", " today")
    with pytest.raises(FormattingLost) as lost:  # the link would go without a word
        replace_text(doc, _one(doc, "now: the guide today"), "later")
    assert lost.value.formats == ["plain 'now: '", "link 'the guide'", "plain ' today'"]
    edited = replace_text(
        doc, _one(doc, "now: the guide today"), "now: the [manual](https://x) today"
    )
    assert plain_text(edited["nodes"][0]) == "See the guide now: the manual today"


def test_a_links_whole_text_replaced_by_nothing_removes_the_link() -> None:
    doc = _around_a_link("Read ", " today")
    edited = replace_text(doc, _one(doc, "the guide"), "")
    nodes = edited["nodes"][0]["nodes"]
    assert [n["object"] for n in nodes] == ["text", "text"]  # the link's text is gone, so is it
    assert plain_text(edited["nodes"][0]) == "Read  today"


@pytest.mark.parametrize(
    ("find", "replace", "markdown"),
    [
        # a comma after a link or a bold run joins the plain text, not the link or the bold
        ("the guide for", "the guide, for", "See the [guide](https://x), for **Sign In** now."),
        ("Sign In now", "Sign In, now", "See the [guide](https://x) for **Sign In**, now."),
        # a character changed where runs meet touches that character only
        (
            "See the guide for Sign",
            "See the guide fer Sign",
            "See the [guide](https://x) fer **Sign In** now.",
        ),
        ("See the guide", "See the guide", "See the [guide](https://x) for **Sign In** now."),
        # a word changed inside a link or a bold run keeps it
        ("the guide for", "the manual for", "See the [manual](https://x) for **Sign In** now."),
        ("for Sign In now", "for Log In now", "See the [guide](https://x) for **Log In** now."),
        # text appended to the block joins its last run
        (
            "Sign In now.",
            "Sign In now. Edited.",
            "See the [guide](https://x) for **Sign In** now. Edited.",
        ),
    ],
)
def test_plain_text_changes_only_what_differs_and_keeps_the_formatting_around_it(
    find: str, replace: str, markdown: str
) -> None:
    doc = parse_markdown("See the [guide](https://x) for **Sign In** now.").document
    edited = replace_text(doc, _one(doc, find), replace)
    assert render_markdown(edited) == markdown + "\n"


def test_a_match_never_spans_two_blocks_nor_a_void_inline() -> None:
    emoji = inline("emoji", {"code": "1f600"})
    doc = document(
        [
            block("paragraph", [text("end of one")]),
            block("paragraph", [text("start of two "), emoji, text(" after")]),
        ]
    )
    assert find_text(doc, "one\n\nstart") == []
    assert find_text(doc, "onestart") == []
    assert find_text(doc, "two  after") == []
    assert len(find_text(doc, "two ")) == 1


def test_counting_stops_at_the_limit_on_a_repetitive_page() -> None:
    doc = document([block("paragraph", [text("a" * 5000)])])
    assert len(find_text(doc, "a" * 10)) == 2
    assert len(find_text(doc, "a" * 10, limit=5)) == 5


def test_text_in_table_cells_and_code_lines_is_found() -> None:
    doc = _rich()
    assert len(find_text(doc, "retries: 3")) == 1  # the code line
    assert len(find_text(doc, "retries")) == 2  # and the table cell


def test_replacing_a_whole_block_text_leaves_one_empty_text_node() -> None:
    doc = document([block("paragraph", [text("gone")])])
    edited = replace_text(doc, _one(doc, "gone"), "")
    nodes = edited["nodes"][0]["nodes"]
    assert len(nodes) == 1
    assert nodes[0]["leaves"] == [{"object": "leaf", "text": "", "marks": []}]


def test_set_at_changes_only_the_value_at_the_pointer() -> None:
    doc = parse_markdown("See [a](https://a.example) and [b](https://b.example).\n").document
    pointer = "/nodes/0/nodes/1/data/ref"
    assert get_at(doc, pointer) == {"kind": "url", "url": "https://a.example"}
    edited = set_at(doc, pointer, {"kind": "page", "page": "pg_1"})
    assert get_at(edited, pointer) == {"kind": "page", "page": "pg_1"}
    assert set_at(edited, pointer, get_at(doc, pointer)) == doc
    with pytest.raises(KeyError):
        set_at(doc, "/nodes/9/data/ref", {})
    with pytest.raises(KeyError):
        set_at(doc, "/nodes/0/data/nothing", {})


@pytest.mark.parametrize(
    ("markdown", "problem"),
    [
        ('{% hint style="info" %}\nx\n', "{% hint %} is never closed"),
        ("x\n{% endhint %}\n", "{% endhint %} with nothing open"),
        ("{% tabs %}\n{% tab %}\nx\n{% endtabs %}\n", "{% endtabs %} inside {% tab %}"),
        ("\\{% hint %}\nx\n\\{% endhint %}\n", "escaped"),
        ("{% @acme/widget x=1\n", "without its %}"),
    ],
)
def test_unsound_markers_are_named(markdown: str, problem: str) -> None:
    assert any(problem in p for p in marker_problems(markdown)), marker_problems(markdown)


def test_sound_markers_pass() -> None:
    assert marker_problems(RICH) == []
    assert marker_problems('{% embed url="https://x" %}\n{% @acme/w a="1" %}\n') == []


@pytest.mark.parametrize(
    "value",
    ["... rest unchanged ...", "(unchanged)", "Remaining content", "intro\n...\nend", "…", "[...]"],
)
def test_placeholders_for_content_are_found(value: str) -> None:
    assert placeholder(value) is not None


@pytest.mark.parametrize("value", ["Wait... then run it.", "Loading…", "An unchanged value"])
def test_prose_is_not_a_placeholder(value: str) -> None:
    assert placeholder(value) is None


def test_keys_can_be_left_out_of_a_comparison() -> None:
    page = RICH.split("| Option")[0]  # (table column ids are new on each parse too)
    one, two = parse_markdown(page).document, parse_markdown(page).document  # new keys
    assert one != two
    assert without_keys(one) == without_keys(two)
    assert "key" in one["nodes"][0]


def test_a_replacement_in_markdown_adds_marks_and_links_beside_the_text() -> None:
    doc = document([block("paragraph", [text("Download the installer and run it.")])])
    edited = replace_text(
        doc, _one(doc, "Download the installer"), "Run `acme install` or [see](https://x)"
    )
    nodes = edited["nodes"][0]["nodes"]
    assert nodes[2]["key"] == doc["nodes"][0]["nodes"][0]["key"]  # the text after keeps it
    assert [n["object"] for n in nodes] == ["text", "inline", "text"]
    assert nodes[0]["leaves"] == [
        {"object": "leaf", "text": "Run ", "marks": []},
        {"object": "leaf", "text": "acme install", "marks": [{"object": "mark", "type": "code"}]},
        {"object": "leaf", "text": " or ", "marks": []},
    ]
    assert nodes[1]["data"]["ref"] == {"kind": "url", "url": "https://x"}
    assert nodes[2]["leaves"][0]["text"] == " and run it."
    assert plain_text(edited["nodes"][0]) == "Run acme install or see and run it."


def test_markdown_inside_a_bold_run_keeps_the_bold_and_adds_its_own_marks() -> None:
    doc = document([block("paragraph", [text("very important", [mark("bold")])])])
    edited = replace_text(doc, _one(doc, "very"), "_truly_")
    assert edited["nodes"][0]["nodes"][0]["leaves"] == [
        {
            "object": "leaf",
            "text": "truly",
            "marks": [{"object": "mark", "type": "bold"}, {"object": "mark", "type": "italic"}],
        },
        {"object": "leaf", "text": " important", "marks": [{"object": "mark", "type": "bold"}]},
    ]


@pytest.mark.parametrize("value", ["5 * 3 = 15", "1. not a list", "plain words"])
def test_text_that_is_not_one_paragraph_of_markdown_goes_in_as_plain_text(value: str) -> None:
    doc = document([block("paragraph", [text("x")])])
    edited = replace_text(doc, _one(doc, "x"), value)
    assert edited["nodes"][0]["nodes"][0]["leaves"][0]["text"] == value


def test_a_relative_link_in_a_replacement_is_read_with_the_pages_resolver() -> None:
    doc = document([block("paragraph", [text("Run it.")])])
    pages = {"configure.md": {"kind": "page", "page": "p_configure"}}
    edited = replace_text(doc, _one(doc, "Run it."), "See [Configure](configure.md).", pages.get)
    [link] = [n for n in edited["nodes"][0]["nodes"] if n.get("type") == "link"]
    assert link["data"]["ref"] == {"kind": "page", "page": "p_configure"}
    assert plain_text(edited["nodes"][0]) == "See Configure."


@pytest.mark.parametrize("resolve", [None, {}.get])
def test_a_link_nothing_resolves_is_an_error_never_plain_text(resolve: Any) -> None:
    doc = document([block("paragraph", [text("Run it.")])])
    with pytest.raises(UnresolvedLinks) as caught:
        replace_text(doc, _one(doc, "Run it."), "See [Configure](configure.md).", resolve)
    assert caught.value.hrefs == ["configure.md"]


def test_same_without_keys_is_equality_of_the_copies_without_keys() -> None:
    """Node keys (through ``nodes`` and ``fragments``) are left out of the comparison, every
    other field counts, a ``key`` in a node's data included."""
    source = (
        "# Title\n\nSome *text* and [a link](https://x.test).\n\n"
        '{% hint style="info" %}\nA hint\n{% endhint %}\n\n| a | b |\n|---|---|\n| 1 | 2 |\n'
    )
    doc = parse_markdown(source).document
    rekeyed = copy.deepcopy(doc)
    for node, _ in walk(rekeyed):
        if "key" in node:
            node["key"] += "-other"
    variants = [doc, rekeyed]
    changed = parse_markdown(source.replace("A hint", "Another hint")).document
    variants.append(changed)
    data_key = copy.deepcopy(doc)
    data_key["nodes"][0]["data"] = {"key": "a field"}
    variants.append(data_key)
    shorter = copy.deepcopy(doc)
    shorter["nodes"].pop()
    variants.append(shorter)
    unkeyed = copy.deepcopy(doc)
    del unkeyed["nodes"][0]["key"]
    variants.append(unkeyed)
    for first in variants:
        for second in variants:
            expected = without_keys(first) == without_keys(second)
            assert same_without_keys(first, second) is expected
    assert same_without_keys(doc, rekeyed)
    assert not same_without_keys(doc, changed)
    assert not same_without_keys(doc, data_key)
