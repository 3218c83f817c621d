"""Extraction of links and anchors from JSON documents and from markdown."""

from __future__ import annotations

from dataclasses import fields, replace
from typing import Any

from gitbook_mcp.linkcheck.extract import anchor_map, document_links
from gitbook_mcp.linkcheck.markdown import from_page, markdown_anchors, markdown_links
from gitbook_mcp.linkcheck.model import Link, Target
from tests.unit.linkcheck.fakes import block, doc, heading, link, para, text


def test_document_links_of_every_node_kind_with_text_and_pointer() -> None:
    image: dict[str, Any] = {
        "object": "block",
        "type": "images",
        "data": {},
        "isVoid": False,
        "nodes": [
            {
                "object": "block",
                "type": "image",
                "data": {
                    "ref": {"kind": "file", "file": "f1"},
                    "refDark": {"kind": "url", "url": "https://x.test/dark.png"},
                    "alt": "A diagram",
                },
                "fragments": [
                    {
                        "object": "fragment",
                        "fragment": "caption",
                        "nodes": [para(link({"kind": "page", "page": "p9"}, "caption link"))],
                    }
                ],
            }
        ],
    }
    mention = {
        "object": "inline",
        "type": "mention",
        "isVoid": True,
        "data": {"ref": {"kind": "space", "space": "s2"}},
    }
    button = {
        "object": "inline",
        "type": "button",
        "isVoid": True,
        "data": {"label": "Go", "kind": "primary", "ref": {"kind": "url", "url": "https://a.test"}},
    }
    embed = {"object": "block", "type": "embed", "isVoid": True, "data": {"url": "https://v.test"}}
    document = doc(
        para(text("See "), link({"kind": "anchor", "anchor": "x", "page": "p1"}, "the x")),
        block("content-ref", {"kind": "page", "page": "p2", "space": "s2"}),
        image,
        block("file", {"kind": "file", "file": "f2"}),
        para(mention, button),
        embed,
    )
    found = [(x.node_type, x.text, x.target.kind, x.pointer) for x in document_links(document)]
    assert found == [
        ("link", "the x", "anchor", "/nodes/0/nodes/1/data/ref"),
        ("content-ref", "", "page", "/nodes/1/data/ref"),
        ("image", "A diagram", "file", "/nodes/2/nodes/0/data/ref"),
        ("image (dark)", "A diagram", "url", "/nodes/2/nodes/0/data/refDark"),
        ("link", "caption link", "page", "/nodes/2/nodes/0/fragments/0/nodes/0/nodes/0/data/ref"),
        ("file", "", "file", "/nodes/3/data/ref"),
        ("mention", "", "space", "/nodes/4/nodes/0/data/ref"),
        ("button", "Go", "url", "/nodes/4/nodes/1/data/ref"),
        ("embed", "https://v.test", "url", "/nodes/5/data/url"),
    ]
    targets = document_links(document)
    assert targets[0].target.page_id == "p1"
    assert targets[0].target.anchor == "x"
    assert targets[1].target.space_id == "s2"


def test_other_ref_kinds_keep_their_kind_and_id() -> None:
    found = document_links(doc(para(link({"kind": "user", "user": "u1"}, "Dana"))))
    assert [(x.target.kind, x.target.describe()) for x in found] == [("user", "user u1")]
    odd = document_links(doc(para(link({"kind": "translation", "translation": "t"}, "T"))))
    assert [(x.target.kind, x.target.describe()) for x in odd] == [("other", "translation")]


def test_anchor_map_has_the_heading_id_and_the_slug() -> None:
    document = doc(
        heading("Getting Started!", 1),
        heading("Named", 2, anchor="custom-id"),
        para(text("body")),
        heading("Step 3: run", 3),
    )
    assert anchor_map(document) == {
        "getting-started": "Getting Started!",
        "custom-id": "Named",
        "step-3-run": "Step 3: run",
        "named": "Named",
    }


MARKDOWN = """# Title

See [Install](install.md) and [the FAQ](../faq.md#reset), ![logo](../.gitbook/assets/logo%20v2.png).
Jump to [below](#next-steps) or <https://example.com/a>.

```
[not a link](nowhere.md)
```

Inline `[code](x.md)` is not a link; [mail](mailto:a@b.test) is one, [by ref][ref] too.

[ref]: https://example.com/ref
[unused]: https://example.com/unused

## Next steps
"""


def test_markdown_links_resolve_relative_paths_and_keep_lines() -> None:
    found = markdown_links(MARKDOWN, page_path="guides/setup")
    described = [(x.text, x.target.describe(), x.target.kind, x.line, x.node_type) for x in found]
    assert described == [
        ("Install", "guides/install", "page", 3, "link"),
        ("the FAQ", "faq#reset", "anchor", 3, "link"),
        ("logo", "file logo v2.png", "file", 3, "inline-image"),
        ("below", "this page#next-steps", "anchor", 4, "link"),
        ("https://example.com/a", "https://example.com/a", "url", 4, "link"),
        ("mail", "mailto:a@b.test", "url", 10, "link"),
        ("by ref", "https://example.com/ref", "url", 12, "link"),
    ]
    assert found[0].href == "install.md"


def test_markdown_links_of_a_folder_page_resolve_inside_it() -> None:
    found = markdown_links("[a](child.md) [b](README.md)", page_path="guides", folder=True)
    assert [x.target.page_path for x in found] == ["guides/child", "guides"]


def test_markdown_anchors_skip_code_and_the_title() -> None:
    assert markdown_anchors("# One\n```\n# Not\n```\n## Two words\n") == {
        "two-words": "Two words",
    }


def test_app_urls_name_a_space_or_a_page_of_it_in_both_readings() -> None:
    cross = "https://app.gitbook.com/o/org1/s/spc2/guides/install#tokens"
    page = doc(
        para(
            link({"kind": "url", "url": "https://app.gitbook.com/o/org1/s/spc2/"}, "root"),
            link({"kind": "url", "url": cross}, "cross"),
            link({"kind": "url", "url": "https://app.gitbook.com/s/spc2/faq"}, "faq"),
            link({"kind": "url", "url": "https://app.gitbook.com/home"}, "app"),
        )
    )
    found = [from_page(x, "here", False).target.describe() for x in document_links(page)]
    assert found == [
        "space spc2",
        "space spc2: guides/install#tokens",
        "space spc2: faq",
        "https://app.gitbook.com/home",
    ]
    markdown = " ".join(
        f"[x]({url})"
        for url in (
            "https://app.gitbook.com/o/org1/s/spc2/",
            cross,
            "https://app.gitbook.com/s/spc2/faq",
            "https://app.gitbook.com/home",
        )
    )
    assert [x.target.describe() for x in markdown_links(markdown, page_path="here")] == found


_WHITESPACE_HEAVY = """\
## A heading   with  *marks*
and a break

Some   text with a [link  **across**
   lines  ](other.md#a-heading-with-marks) and  trailing spaces.

{% content-ref url="other.md" %}
[other.md](other.md)
{% endcontent-ref %}

<details>

<summary>An   expandable</summary>

See [the   list](list.md) here.

</details>

| Column | Link |
| --- | --- |
| a | [cell  link](cell.md) |

{% tabs %}
{% tab title="First  tab" %}
[in a tab](tab.md)
{% endtab %}
{% endtabs %}
"""


def test_a_links_only_parse_gives_the_full_parses_links_and_anchors() -> None:
    """The link checker's parse leaves paragraphs as parsed (`parse_page`), yet every link
    (text, href, line, target) and every anchor is the full parse's, spaces and breaks
    included."""
    from gitbook_mcp.document import parse_markdown
    from gitbook_mcp.linkcheck.markdown import parse_page

    def url(href: str) -> dict[str, str]:
        return {"kind": "url", "url": href}

    full = parse_markdown(_WHITESPACE_HEAVY, url).document
    lean = parse_page(_WHITESPACE_HEAVY)
    texts = [link.text for link in markdown_links(_WHITESPACE_HEAVY, page_path="p", parsed=lean)]
    assert texts == [
        link.text for link in markdown_links(_WHITESPACE_HEAVY, page_path="p", parsed=full)
    ]
    assert texts[0].startswith("link")  # its edges trimmed
    assert texts[0].endswith("lines")
    assert markdown_links(_WHITESPACE_HEAVY, page_path="p", parsed=lean) == markdown_links(
        _WHITESPACE_HEAVY, page_path="p", parsed=full
    )
    assert anchor_map(lean) == anchor_map(full)
    assert "a-heading-with-marks" in anchor_map(lean)


def test_a_link_resolved_from_its_page_keeps_every_other_field() -> None:
    """`from_page` and `located` build `Link` by position: a field added to it must be carried."""
    original = Link(
        "Setup",
        Target("url", url="../setup.md", raw_kind="url"),
        "link",
        {"kind": "url", "url": "../setup.md"},
        "/nodes/0",
        7,
        "../setup.md",
    )
    assert [f.name for f in fields(Link)] == [
        *("text", "target", "node_type", "ref", "pointer", "line", "href"),
    ]
    resolved = from_page(original, "guides/install", folder=False)
    assert resolved.target.kind == "page"
    assert resolved.target.page_path == "setup"
    assert replace(resolved, target=original.target) == original
