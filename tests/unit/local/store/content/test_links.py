"""Links computed from page documents: the status rules and the path resolver on their own."""

from __future__ import annotations

from typing import Any

import pytest

from gitbook_mcp.document import parse_markdown
from gitbook_mcp.local.store.content.links import RevisionTargets, analyse, resolve_page_path

pytestmark = pytest.mark.anyio


SPACE = "/spaces/spc_handbook"


PAGES = {"guides/writing": "pg_w", "guides": "pg_g", "faq": "pg_f", "a/b/c": "pg_c"}


FILES = {"diagram.png": "fl_d"}


def _doc(markdown: str) -> dict[str, Any]:
    """A page document as the demo stores one: links kept as written (``url`` refs)."""
    return parse_markdown(markdown, ref=lambda href: {"kind": "url", "url": href}).document


def test_links_in_code_are_text_and_every_container_is_read() -> None:
    markdown = (
        "See [a](one.md).\n\n`[not a link](two.md)`\n\n```\n[also not](three.md)\n```\n\n"
        '{% hint style="info" %}\n[in a hint](four.md)\n{% endhint %}\n'
    )
    links = analyse(_doc(markdown), page_path="faq", revision=RevisionTargets(PAGES, FILES))
    assert [link.href for link in links] == ["one.md", "four.md"]


def test_refs_by_id_resolve_wherever_the_page_is() -> None:
    doc = _doc("[w](/pages/pg_w) [gone](/pages/pg_removed) [f](/files/fl_d) [x](/files/fl_x)")
    links = analyse(
        doc, page_path="a/b/c", revision=RevisionTargets(PAGES, FILES, frozenset({"fl_d"}))
    )
    assert [(link.status, link.kind, link.target, link.href) for link in links] == [
        ("ok", "page", "pg_w", "/pages/pg_w"),
        ("broken", "page", None, "/pages/pg_removed"),
        ("ok", "file", "fl_d", "/files/fl_d"),
        ("broken", "file", None, "/files/fl_x"),
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
        # named as the import names the file (document.gitsync.file_segment)
        ("my%20page.md", "faq", False, "my-page"),
        ("upgrades/0.1.x.md", "faq", False, "upgrades/0.1.x"),
        ("getting-started/readme/", "faq", False, "getting-started/readme"),
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
        _doc(markdown), page_path="faq", revision=RevisionTargets(PAGES, FILES, frozenset({"fl_d"}))
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
