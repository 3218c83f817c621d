"""Toolset selection: default, all, names, extra and excluded tools, read-only wins."""

from __future__ import annotations

import pytest

from gitbook_mcp.server.tooling import ToolDef
from gitbook_mcp.server.toolsets import (
    DEFAULT_TOOLSETS,
    Selection,
    SelectionError,
    all_tools,
    build_tool_list,
)


def names(tools: list[ToolDef]) -> set[str]:
    return {t.name for t in tools}


def test_default_selects_the_default_toolsets() -> None:
    tools = build_tool_list(Selection())
    assert {t.toolset for t in tools} == set(DEFAULT_TOOLSETS)


def test_named_toolsets_only() -> None:
    tools = build_tool_list(Selection(toolsets=("comments", "links")))
    assert {t.toolset for t in tools} == {"comments", "links"}


def test_extra_tools_are_added_and_excluded_tools_removed() -> None:
    tools = build_tool_list(
        Selection(toolsets=("links",), include=("list_redirects",), exclude=("check_links",))
    )
    assert names(tools) == {"list_redirects"}


def test_read_only_wins_over_everything() -> None:
    tools = build_tool_list(
        Selection(toolsets=("all",), include=("create_redirect",), read_only=True)
    )
    assert tools
    assert all(t.read_only for t in tools)
    assert "create_redirect" not in names(tools)


@pytest.mark.parametrize(
    ("selection", "message"),
    [
        (
            Selection(toolsets=("nope",)),
            "unknown toolset 'nope'; valid toolsets: default, all, navigate",
        ),
        (Selection(include=("nope",)), "unknown tool 'nope'; valid tools:"),
        (Selection(exclude=("nope",)), "unknown tool 'nope'; valid tools:"),
    ],
)
def test_unknown_names_fail_listing_the_valid_ones(selection: Selection, message: str) -> None:
    with pytest.raises(SelectionError, match=message):
        build_tool_list(selection)


def test_every_tool_is_self_describing() -> None:
    for tool in all_tools():
        hints = tool.annotations
        assert None not in (hints.read_only_hint, hints.open_world_hint)
        # destructive and idempotent mean something only for a tool that writes: stated there.
        writes = (hints.destructive_hint, hints.idempotent_hint)
        assert (None not in writes) if not tool.read_only else writes == (None, None)
        assert tool.description.endswith(".")
        for name, info in tool.input.model_fields.items():
            # cursor and limit explain themselves; enum choices are listed in the schema.
            self_evident = name in ("cursor", "limit") or "Literal" in str(info.annotation)
            assert info.description or self_evident, f"{tool.name}.{name} has no description"
        if not tool.read_only:
            assert tool.permission is not None


def test_a_writing_tool_must_name_its_permission() -> None:
    template = all_tools()[0]
    with pytest.raises(ValueError, match="must name its permission"):
        ToolDef(
            name="x",
            toolset="t",
            description="d.",
            input=template.input,
            output=template.output,
            handler=template.handler,
            render=template.render,
            read_only=False,
        )
