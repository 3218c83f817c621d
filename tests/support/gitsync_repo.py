"""A small Git Sync repository written for the tests of ``check-links PATH`` and the import: a
content root, a table of contents with a group, folder READMEs, an asset, redirects, and one
broken link of each kind at a known line (`BROKEN`, written by hand from the files below)."""

from __future__ import annotations

from pathlib import Path

__all__ = ["BROKEN", "OTHER_SPACE", "write_repo"]

OTHER_SPACE = "https://app.gitbook.com/s/spcOther/page"

_FILES = {
    ".gitbook.yaml": (
        "root: ./docs/\n"
        "\n"
        "structure:\n"
        "  readme: README.md  # the first page\n"
        "  summary: SUMMARY.md\n"
        "redirects:\n"
        "  old-start: start/README.md\n"
        "  gone: nowhere.md\n"
    ),
    "docs/SUMMARY.md": (
        "# Table of contents\n"
        "\n"
        "* [Home](README.md)\n"
        "* [Start here](start/README.md)\n"
        "  * [Missing page](start/missing.md)\n"
        "  * [Install](start/install.md)\n"
        "\n"
        "## Reference\n"
        "\n"
        "* [API](reference/api.md)\n"
    ),
    "docs/README.md": "# Home\n\nSee [install](start/install.md) and [bad](start/nope.md).\n",
    "docs/start/README.md": (
        "# Start\n"
        "\n"
        "Go to [API](../reference/api.md#methods).\n"
        "Or [a bad anchor](../reference/api.md#nothing).\n"
    ),
    "docs/start/install.md": (
        "---\n"
        "description: How to install\n"
        "---\n"
        "\n"
        "# Install\n"
        "\n"
        "Text.\n"
        "\n"
        "![shot](../.gitbook/assets/shot.png)\n"
        "![gone](../.gitbook/assets/gone.png)\n"
        "[up](./) [api](../reference/api.md)\n"
    ),
    "docs/reference/api.md": (
        f"# API\n\n## Methods\n\n[home](../README.md) [elsewhere]({OTHER_SPACE})\n"
    ),
    "docs/unlisted.md": "# Unlisted\n\nNot in the summary: [x](nope.md)\n",
    "docs/.gitbook/assets/shot.png": "",
}

BROKEN = {
    # (file, line, kind): the one broken link each file holds
    ("docs/README.md", 3, "page"),
    ("docs/start/README.md", 4, "anchor"),
    ("docs/start/install.md", 10, "file"),
    ("docs/SUMMARY.md", 5, "page"),
    (".gitbook.yaml", 8, "page"),
}


def write_repo(root: Path) -> Path:
    """The repository written under ``root`` (returned)."""
    for name, text in _FILES.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root
