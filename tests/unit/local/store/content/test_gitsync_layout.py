"""What `.gitbook.yaml` and `SUMMARY.md` decide of a folder import: root, first page, pages."""

from __future__ import annotations

from pathlib import Path

from gitbook_mcp.local.store.content.gitsync_layout import read_layout


def _write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")


def test_gitbook_yaml_moves_the_root_and_names_readme_and_summary(tmp_path: Path) -> None:
    _write(
        tmp_path,
        {
            ".gitbook.yaml": "root: ./docs/  # the docs\n\nstructure:\n  readme: intro.md\n"
            "  summary: toc.md\n\nredirects:\n  old: intro.md\n",
            "docs/toc.md": "# Summary\n\n* [Intro](intro.md)\n* [Guide](guide/README.md)\n"
            "  * [Step](guide/step%201.md#top)\n* [Site](https://example.com)\n",
        },
    )
    layout = read_layout(tmp_path)
    assert layout.root == (tmp_path / "docs").resolve()
    assert (layout.readme, layout.summary) == ("intro.md", "toc.md")
    assert layout.pages == {"intro.md", "guide/README.md", "guide/step 1.md"}
    assert [layout.is_page(p) for p in ("intro.md", "toc.md", "guide/step 1.md", "notes.md")] == [
        True,
        False,
        True,
        False,
    ]


def test_without_a_summary_every_file_is_a_page_but_the_summary(tmp_path: Path) -> None:
    layout = read_layout(tmp_path)
    assert layout.root == tmp_path
    assert layout.pages is None
    assert layout.is_page("anything.md")
    assert not layout.is_page("SUMMARY.md")


def test_a_root_outside_the_folder_or_through_a_link_is_ignored(tmp_path: Path) -> None:
    (tmp_path / "in").mkdir()
    (tmp_path / "real").mkdir()
    (tmp_path / "in" / "linked").symlink_to(tmp_path / "real")
    for root in ("../", "linked/", "missing/"):
        (tmp_path / "in" / ".gitbook.yaml").write_text(f"root: {root}\n", encoding="utf-8")
        assert read_layout(tmp_path / "in").root == tmp_path / "in"
