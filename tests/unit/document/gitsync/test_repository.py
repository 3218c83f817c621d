"""A Git Sync folder read as GitBook reads it: ``.gitbook.yaml``, ``SUMMARY.md``, page paths
that follow files, titles, and a body's lines mapped back to the file's."""

from __future__ import annotations

from pathlib import Path

import pytest

from gitbook_mcp.document.gitsync import (
    FolderError,
    RepoPage,
    parse_config,
    parse_summary,
    read_repository,
    titled,
)
from tests.support.gitsync_repo import write_repo


def _paths(pages: list[RepoPage], at: str = "") -> list[tuple[str, str, str | None]]:
    out: list[tuple[str, str, str | None]] = []
    for page in pages:
        path = f"{at}/{page.slug}" if at else page.slug
        out.append((path, page.title, page.file))
        out += _paths(page.pages, path)
    return out


def test_the_config_gives_root_structure_and_redirects_with_their_lines() -> None:
    config = parse_config(
        "# comment\nroot: ./docs/\nstructure:\n  readme: 'intro.md'\n  summary: toc/SUMMARY.md\n"
        'redirects:\n  old/page: "new page.md"\n  other: a.md # note\nunknown: x\n'
    )
    assert (config.root, config.readme, config.summary) == ("docs", "intro.md", "toc/SUMMARY.md")
    assert [(r.source, r.destination, r.line) for r in config.redirects] == [
        ("old/page", "new page.md", 7),
        ("other", "a.md", 8),
    ]
    assert parse_config("").root == ""


def test_the_summary_nests_by_indentation_and_keeps_groups_and_lines() -> None:
    entries = parse_summary(
        "# Table of contents\n\n* [A](a.md)\n  * [B [beta]](a/b%20c.md)\n"
        "## Group\n* [C](<c d.md>)\n* [Web](https://x.test)\n- [D](../outside.md)\n"
    )
    assert [(e.title, e.file, e.line, e.depth, e.group) for e in entries] == [
        ("A", "a.md", 3, 0, None),
        ("B [beta]", "a/b c.md", 4, 1, None),
        ("C", "c d.md", 6, 0, "Group"),
    ]


def test_pages_follow_files_in_the_summarys_order_and_titles(tmp_path: Path) -> None:
    repository = read_repository(write_repo(tmp_path))
    assert repository.config.root == "docs"
    assert _paths(repository.pages) == [
        ("home", "Home", "README.md"),
        ("start", "Start here", "start/README.md"),
        ("start/install", "Install", "start/install.md"),
        ("reference", "Reference", None),  # a folder with no README: a page named after it
        ("reference/api", "API", "reference/api.md"),
    ]  # unlisted.md and the missing start/missing.md are no pages
    assert repository.file("start/install.md") == "docs/start/install.md"
    assert [a.name for a in repository.assets] == ["shot.png"]


def test_without_a_summary_every_file_is_a_page_by_name(tmp_path: Path) -> None:
    (tmp_path / "guide").mkdir()
    (tmp_path / ".gitbook.yaml").write_text("root: ./\n")
    (tmp_path / "README.md").write_text("# Welcome\n")
    (tmp_path / "zeta.md").write_text("no title\n")
    (tmp_path / "guide" / "README.md").write_text("# The guide\n")
    (tmp_path / "guide" / "b.md").write_text("# B\n")
    assert _paths(read_repository(tmp_path).pages) == [
        ("welcome", "Welcome", "README.md"),
        ("zeta", "Zeta", "zeta.md"),
        ("guide", "The guide", "guide/README.md"),
        ("guide/b", "B", "guide/b.md"),
    ]


def test_a_root_outside_the_repository_or_through_a_link_is_refused(tmp_path: Path) -> None:
    (tmp_path / ".gitbook.yaml").write_text("root: ../elsewhere\n")
    with pytest.raises(FolderError):
        read_repository(tmp_path)
    (tmp_path / "real").mkdir()
    (tmp_path / "docs").symlink_to(tmp_path / "real")
    (tmp_path / ".gitbook.yaml").write_text("root: docs\n")
    with pytest.raises(FolderError):
        read_repository(tmp_path)


def test_a_body_line_maps_back_to_the_files_line_past_the_title() -> None:
    text = "---\ndescription: d\n---\n\n# Title\n\n\nFirst.\n"
    found = titled(text, "fallback")
    assert found.title == "Title"
    body_lines = found.body.split("\n")
    first = body_lines.index("First.") + 1
    assert text.split("\n")[found.file_line(first) - 1] == "First."
    assert found.file_line(1) == 1  # above the title: unchanged
    assert titled("no heading\n", "F").file_line(1) == 1
