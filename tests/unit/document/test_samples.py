"""markdown -> document -> markdown is stable on pages written as GitBook exports them (the
reference's examples: frontmatter, title, custom anchors, lists separated by ``<!---->``, hints,
code options, tabs, expandables, page links, mentions, footnotes, figures, steppers, columns,
OpenAPI blocks, updates, math, tables, includes)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from gitbook_mcp.document.parse import parse_markdown
from gitbook_mcp.document.render import render_markdown

SAMPLES = Path(__file__).with_name("samples")


class Paths:
    """A toy page tree: relative paths <-> page and file ids, both ways."""

    def __init__(self) -> None:
        self.ids: dict[str, dict[str, Any]] = {}

    def resolve(self, href: str) -> dict[str, Any] | None:
        if href not in self.ids:
            kind = "file" if "/.gitbook/assets/" in f"/{href}" else "page"
            self.ids[href] = {"kind": kind, kind: f"{kind[0]}{len(self.ids)}"}
        return self.ids[href]

    def write(self, ref: Any) -> str | None:
        for href, known in self.ids.items():
            if known == dict(ref):
                return href
        return None


@pytest.mark.parametrize("path", sorted(SAMPLES.glob("*.md")), ids=lambda p: p.name)
def test_gitbook_samples_are_stable(path: Path) -> None:
    source = path.read_text(encoding="utf-8")
    paths = Paths()
    parsed = parse_markdown(source, paths.resolve)
    assert parsed.unresolved == []
    again = render_markdown(
        parsed.document, paths.write, title=parsed.title, frontmatter=parsed.frontmatter
    )
    assert again == source


def test_the_guide_sample_reads_as_expected() -> None:
    parsed = parse_markdown((SAMPLES / "guide.md").read_text(encoding="utf-8"), Paths().resolve)
    assert parsed.title == "Install the agent"
    assert parsed.frontmatter is not None
    assert parsed.frontmatter.startswith("description: >-")
    types = [node["type"] for node in parsed.document["nodes"]]
    assert types[:5] == ["paragraph", "heading-1", "list-unordered", "list-tasks", "list-ordered"]
    assert parsed.document["nodes"][1]["data"] == {"id": "before"}
