"""Links computed from page markdown: the parser and resolver on their own."""

from __future__ import annotations

import pytest

from gitbook_mcp.local.store.content.links import analyse, extract_links, resolve_page_path

pytestmark = pytest.mark.anyio


SPACE = "/spaces/spc_handbook"


PAGES = {"guides/writing": "pg_w", "guides": "pg_g", "faq": "pg_f", "a/b/c": "pg_c"}


FILES = {"diagram.png": "fl_d"}


def test_extract_links_skips_code_and_reads_every_link_form() -> None:
    markdown = (
        "See [a](one.md) and ![img](../.gitbook/assets/d.png 'title').\n"
        "`[not a link](two.md)`\n\n"
        "```\n[also not](three.md)\n```\n\n"
        "[ref]: ../four.md\n"
        "<https://example.com/five>\n"
    )
    assert list(extract_links(markdown)) == [
        "one.md",
        "../.gitbook/assets/d.png",
        "../four.md",
        "https://example.com/five",
    ]


@pytest.mark.parametrize(
    ("href", "from_path", "folder", "expected"),
    [
        ("writing.md", "guides/publishing", False, "guides/writing"),
        ("writing.md", "guides", True, "guides/writing"),
        ("../faq.md", "guides/writing", False, "faq"),
        ("/guides/writing", "faq", False, "guides/writing"),
        ("../../../faq.md", "guides/writing", False, "faq"),
        ("guides/README.md", "faq", False, "guides"),
        ("writing.md#anchor", "guides/x", False, "guides/writing"),
        ("my%20page.md", "faq", False, "my page"),
    ],
)
def test_resolve_page_path(href: str, from_path: str, folder: bool, expected: str) -> None:
    assert resolve_page_path(href, from_path, folder=folder) == expected


def test_analyse_gives_each_link_a_status() -> None:
    markdown = (
        "[w](guides/writing.md) [gone](guides/old.md) [x](https://example.com) "
        "[app](https://app.gitbook.com/s/spc_x/page) ![d](.gitbook/assets/diagram.png) "
        "![m](.gitbook/assets/missing.png) [id](fl_d) [mail](mailto:a@b.c) [top](#top)"
    )
    links = analyse(
        markdown,
        page_path="faq",
        pages_by_path=PAGES,
        files_by_name=FILES,
        file_ids=frozenset({"fl_d"}),
    )
    assert [(link.status, link.kind, link.target) for link in links] == [
        ("ok", "page", "pg_w"),
        ("broken", "page", None),
        ("ok", "url", None),
        ("in-app", "url", None),
        ("ok", "file", "fl_d"),
        ("broken", "file", None),
        ("ok", "file", "fl_d"),
    ]
