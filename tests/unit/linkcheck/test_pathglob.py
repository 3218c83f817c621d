"""``--exclude-path`` globs: segment wildcards, ``**``, a folder excluding what is under it, a
single segment matching at any depth unless anchored, and refusals that never quote the glob."""

from __future__ import annotations

import pytest

from gitbook_mcp.linkcheck.pathglob import PathFilter, PathGlobError


@pytest.mark.parametrize(
    ("glob", "excluded", "kept"),
    [
        ("archive", ["archive", "archive/old.md", "docs/archive/x.md"], ["archives/x.md"]),
        ("/archive", ["archive/old.md"], ["docs/archive/x.md"]),
        ("docs/*.md", ["docs/a.md", "docs/a.md/b"], ["docs/sub/a.md", "a.md", "docs/a.mdx"]),
        ("docs/**/draft-?.md", ["docs/draft-1.md", "docs/a/b/draft-2.md"], ["docs/draft-10.md"]),
        ("*.md", ["README.md", "a/b/c.md"], ["a/b/c.mdx", "a/md"]),
        ("guides/[wp]*", ["guides/writing", "guides/publishing"], ["guides", "guides/faq"]),
    ],
)
def test_globs_match_paths_and_folders(glob: str, excluded: list[str], kept: list[str]) -> None:
    paths = PathFilter.of([glob])
    assert [p for p in excluded if not paths.excludes(p)] == []
    assert [p for p in kept if paths.excludes(p)] == []


def test_no_glob_excludes_nothing_and_any_glob_of_several_excludes() -> None:
    assert not PathFilter.of([]).excludes("anything.md")
    assert PathFilter.of(["a", "b/c"]).excludes("b/c/d.md")


@pytest.mark.parametrize(
    ("glob", "why"),
    [("../secret", "'..'"), ("/", "empty"), ("a\x1bb", "control"), ("x" * 300, "256")],
)
def test_a_refused_glob_is_named_by_number_never_quoted(glob: str, why: str) -> None:
    with pytest.raises(PathGlobError) as refused:
        PathFilter.of(["fine", glob])
    assert str(refused.value).startswith("--exclude-path 2: ")
    assert why in str(refused.value)
    assert glob not in str(refused.value)


def test_many_stars_on_a_long_path_stay_fast() -> None:
    glob = "/".join(["**"] * 30 + ["*a*a*a*a*a*b"])
    path = "/".join(["a" * 30] * 60)
    assert not PathFilter.of([glob]).excludes(path)  # a table, not a backtracking search
