"""Markdown an edit writes, read with the page's links: pages, anchors, files, and the fix
offered for a link to nothing; the forms get_page writes read back as the same refs."""

from __future__ import annotations

import pytest

from gitbook_mcp.document import render_markdown
from gitbook_mcp.server.tools._page_links import link_problem, page_resolver, read_page_markdown
from gitbook_mcp.server.tools._pages import RevisionTree

TREE = RevisionTree(
    paths={
        "p_start": "getting-started",
        "p_install": "getting-started/install",
        "p_configure": "getting-started/configure",
        "p_faq": "faq",
    },
    folders=frozenset({"p_start"}),
    files=frozenset({"f_diagram", "f_space", "f_a", "f_b"}),
    names={
        "f_diagram": "diagram.png",
        "f_space": "my file (1).png",
        "f_a": "same.png",
        "f_b": "same.png",
    },
)


@pytest.mark.parametrize(
    ("href", "ref"),
    [
        ("configure.md", {"kind": "page", "page": "p_configure"}),
        ("./configure.md#options", {"kind": "anchor", "anchor": "options", "page": "p_configure"}),
        ("../faq.md", {"kind": "page", "page": "p_faq"}),
        ("README.md", {"kind": "page", "page": "p_start"}),
        ("/faq", {"kind": "page", "page": "p_faq"}),
        ("/pages/getting-started/configure", {"kind": "page", "page": "p_configure"}),
        ("../.gitbook/assets/diagram.png", {"kind": "file", "file": "f_diagram"}),
        ("../.gitbook/assets/my%20file%20(1).png", {"kind": "file", "file": "f_space"}),
    ],
)
def test_the_page_resolver_reads_relative_pages_anchors_and_files(
    href: str, ref: dict[str, str]
) -> None:
    assert page_resolver(TREE, "p_install")(href) == ref


def test_a_link_to_nothing_is_none_unless_the_page_already_had_it() -> None:
    assert page_resolver(TREE, "p_install")("verify.md") is None
    kept = page_resolver(TREE, "p_install", kept={"verify.md"})
    assert kept("verify.md") == {"kind": "url", "url": "verify.md"}


@pytest.mark.parametrize(
    ("page", "href", "said"),
    [
        (
            "p_install",
            "configur.md",
            "configur.md: no page at getting-started/configur.md; did you mean configure.md?",
        ),
        ("p_faq", "instal.md", "no page at instal.md; did you mean getting-started/install.md?"),
        ("p_faq", "getting-startd.md", "did you mean getting-started/README.md?"),
        ("p_faq", "zzzz.md", "zzzz.md: no page at zzzz.md (get_page_tree lists the pages)"),
        ("p_faq", ".gitbook/assets/diagam.png", "did you mean .gitbook/assets/diagram.png?"),
    ],
)
def test_a_link_to_nothing_is_named_with_the_nearest_fix(page: str, href: str, said: str) -> None:
    assert said in link_problem(href, TREE, page)


@pytest.mark.parametrize("page", sorted(TREE.paths))
def test_what_get_page_writes_reads_back_as_the_same_refs(page: str) -> None:
    refs = [
        {"kind": "page", "page": "p_configure"},
        {"kind": "page", "page": "p_start"},
        {"kind": "anchor", "anchor": "faq-1", "page": "p_faq"},
        {"kind": "file", "file": "f_diagram"},
        {"kind": "file", "file": "f_space"},
        {"kind": "file", "file": "f_a"},  # a name two files share: written by id
        {"kind": "anchor", "anchor": "local"},
    ]
    lines = [f"[link {n}]({{href}})" for n in range(len(refs))]
    doc = {
        "object": "document",
        "data": {},
        "nodes": [
            {
                "object": "block",
                "type": "paragraph",
                "data": {},
                "nodes": [
                    {
                        "object": "inline",
                        "type": "link",
                        "data": {"ref": ref},
                        "nodes": [{"object": "text", "leaves": [{"text": line[1:7], "marks": []}]}],
                    }
                ],
            }
            for ref, line in zip(refs, lines, strict=True)
        ],
    }
    markdown = render_markdown(doc, TREE.href(page))
    read = read_page_markdown(markdown, TREE, page)
    assert read.unresolved == []
    found = [node["nodes"][0]["data"]["ref"] for node in read.document["nodes"]]
    assert found == refs
