"""Hostile markdown: the work grows linearly (counted in tag scans, not timed), nesting and line
length are capped, and nothing raises."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from gitbook_mcp.document.parse import html as html_module
from gitbook_mcp.document.parse import parse_markdown, tagrule
from gitbook_mcp.document.tags import MAX_TAG_LINE, parse_tag


def _counted(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    calls = [0]

    def counting(line: str) -> Any:
        calls[0] += 1
        return parse_tag(line)

    monkeypatch.setattr(tagrule, "parse_tag", counting)
    return calls


def _tag_calls(monkeypatch: pytest.MonkeyPatch, build: Callable[[int], str], size: int) -> int:
    calls = _counted(monkeypatch)
    parse_markdown(build(size))
    return calls[0]


@pytest.mark.parametrize(
    "build",
    [
        lambda n: "{% hint %}\n" * n,
        lambda n: "{% hint %}\n" * n + "{% endhint %}\n",
        lambda n: '{% file src="/files/x" %}\ntext\n' * n,
        lambda n: "{% tabs %}\n{% tab %}\n" * n,
    ],
    ids=["unclosed", "one-close", "optional-ends", "interleaved"],
)
def test_tag_scans_grow_linearly(
    monkeypatch: pytest.MonkeyPatch, build: Callable[[int], str]
) -> None:
    small = _tag_calls(monkeypatch, build, 300)
    large = _tag_calls(monkeypatch, build, 1200)
    assert large <= 4.5 * small


def test_unclosed_containers_are_text() -> None:
    nodes = parse_markdown("{% hint %}\nstill here\n").document["nodes"]
    assert [n["type"] for n in nodes] == ["paragraph"]


def test_deep_nesting_is_capped_without_error() -> None:
    depth = 2_000
    source = "{% hint %}\n" * depth + "x\n" + "{% endhint %}\n" * depth
    assert parse_markdown(source).document["object"] == "document"
    assert parse_markdown("> " * depth + "x\n").document["object"] == "document"


def test_deep_html_is_flattened() -> None:
    root = html_module.parse_html("<div>" * 5_000 + "x")
    depth, node = 0, root
    while node.elements():
        node = node.elements()[0]
        depth += 1
    assert depth <= html_module.MAX_HTML_DEPTH


def test_long_lines_are_not_tags() -> None:
    line = '{% hint style="' + "a" * MAX_TAG_LINE + '" %}'
    assert parse_tag(line) is None
    assert parse_markdown(line + "\nx\n{% endhint %}\n").document["nodes"][0]["type"] == "paragraph"


def test_unmatched_math_markers_are_text() -> None:
    parsed = parse_markdown("$$ a " * 2_000 + "\n")
    kinds = {n.get("type", n["object"]) for n in parsed.document["nodes"][0]["nodes"]}
    assert "text" in kinds
