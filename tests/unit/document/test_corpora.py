"""Real GitBook pages nobody here wrote (``tests/corpora``, licences in its README): each page
read on its own (no other page or file in the revision, as when inserted alone through a change
request) and as part of its folder (every page and asset present) keeps no markup as text, and
reads the same after another trip through markdown (keys and regenerated ids aside)."""

from __future__ import annotations

import hashlib
import posixpath
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any
from urllib.parse import unquote

import pytest

from gitbook_mcp.document import RefResolver, parse_markdown, render_markdown, walk
from gitbook_mcp.document.nodes import Node
from gitbook_mcp.document.tags import parse_tag, row_of
from tests.unit.document.canonical import canonical

ROOT = Path(__file__).resolve().parents[2] / "corpora"
CORPORA = ("cheqd-product-docs", "beefree-sdk-docs")
_NOT_PAGES = frozenset({"SUMMARY.md", "LICENSE.md", "CODE_OF_CONDUCT.md", "SECURITY.md"})
_HTML = ("<figure", "<div", "<p>", "<p ", "<img", "<ul>", "<li>", "<table", "<td", "</")
"""HTML that GitBook writes for its own forms: as text it is markup that was not read."""


def _pages(corpus: str) -> Iterator[str]:
    base = ROOT / corpus
    for path in sorted(base.rglob("*.md")):
        relative = path.relative_to(base).as_posix()
        if not relative.startswith(".gitbook/") and relative not in _NOT_PAGES:
            yield relative


@cache
def _markdown(corpus: str, page: str) -> str:
    return (ROOT / corpus / page).read_text(encoding="utf-8")


def _folder(corpus: str, page: str) -> RefResolver:
    """Relative targets resolved against the corpus's files (pages and assets), written here
    from the Git Sync layout: a path to a file, or a folder with a README."""
    base = posixpath.dirname(page)

    def resolve(href: str) -> dict[str, Any] | None:
        target = unquote(href.split("#", 1)[0].strip("<>"))
        if not target or "://" in target or target.startswith(("mailto:", "/")):
            return None
        path = posixpath.normpath(posixpath.join(base, target))
        full = ROOT / corpus / path
        if full.is_dir() and (full / "README.md").is_file():
            path, full = f"{path}/README.md", full / "README.md"
        if not full.is_file():
            return None
        ident = hashlib.sha1(path.encode()).hexdigest()[:20]  # a stable id: letters and digits
        return (
            {"kind": "page", "page": ident}
            if path.endswith(".md")
            else {"kind": "file", "file": ident}
        )

    return resolve


def _leaks(doc: Node) -> list[str]:
    """Text leaves (outside code) that hold GitBook markup: a tag line of a known tag, or HTML."""
    found: list[str] = []
    code: list[str] = []
    for node, where in walk(doc):
        if node.get("type") == "code":
            code.append(where + "/")
        if node.get("object") != "text" or any(where.startswith(c) for c in code):
            continue
        for leaf in node["leaves"]:
            value = str(leaf["text"])
            if any(mark.get("type") == "code" for mark in leaf["marks"]):
                continue
            tags = [parse_tag(line) for line in value.split("\n") if "{%" in line]
            if any(tag is not None and row_of(tag.name) is not None for tag in tags) or any(
                html in value for html in _HTML
            ):
                found.append(value)
    return found


def _cases() -> list[tuple[str, str]]:
    return [(corpus, page) for corpus in CORPORA for page in _pages(corpus)]


def test_the_corpora_are_vendored_with_their_licences() -> None:
    assert (ROOT / "README.md").is_file()
    assert (ROOT / "cheqd-product-docs" / "LICENSE.md").is_file()
    assert (ROOT / "beefree-sdk-docs" / "LICENSE").is_file()
    assert len(_cases()) > 400


@pytest.mark.parametrize("alone", [True, False], ids=["alone", "folder"])
@pytest.mark.parametrize(("corpus", "page"), _cases())
def test_a_real_page_keeps_no_markup_and_survives_a_second_trip(
    corpus: str, page: str, alone: bool
) -> None:
    resolve = None if alone else _folder(corpus, page)
    parsed = parse_markdown(_markdown(corpus, page), resolve)
    assert _leaks(parsed.document) == []
    again = parse_markdown(render_markdown(parsed.document))
    assert canonical(again.document) == canonical(parsed.document)


def test_a_page_alone_reports_what_it_could_not_resolve() -> None:
    page = "getting-started/studio/set-up-account.md"
    markdown = _markdown("cheqd-product-docs", page)
    alone = parse_markdown(markdown)
    folder = parse_markdown(markdown, _folder("cheqd-product-docs", page))
    assert any(".gitbook/assets/" in href for href in alone.unresolved)
    assert folder.unresolved == []
    images = [n for n, _ in walk(alone.document) if n.get("type") == "image"]
    assert images
    assert all(n["data"]["ref"]["kind"] == "url" for n in images)
