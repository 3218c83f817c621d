"""The toolset registry and the one builder that applies selection and read-only mode.

Toolsets are modules under `gitbook_mcp.server.tools`, each exporting ``TOOLS``. Selection takes
toolset names (``default``, ``all``, or names), extra tools by name, excluded tools by name, and
read-only mode, which wins over everything. Permission gating happens later, per token.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable
from dataclasses import dataclass, field

from gitbook_mcp.server.tooling import ToolDef

__all__ = [
    "ALL_TOOLSETS",
    "DEFAULT_TOOLSETS",
    "Selection",
    "SelectionError",
    "all_tools",
    "build_tool_list",
    "check_selection",
]

DEFAULT_TOOLSETS: tuple[str, ...] = (
    "navigate",
    "search",
    "comments",
    "content",
    "links",
    "redirects",
    "site_spaces",
)
OPT_IN_TOOLSETS: tuple[str, ...] = ("sites_admin", "spaces", "collections", "org_admin")
ALL_TOOLSETS: tuple[str, ...] = DEFAULT_TOOLSETS + OPT_IN_TOOLSETS


class SelectionError(ValueError):
    """An unknown toolset or tool name; the message lists the valid ones."""


@dataclass(frozen=True)
class Selection:
    toolsets: tuple[str, ...] = ("default",)
    include: tuple[str, ...] = ()
    exclude: tuple[str, ...] = ()
    read_only: bool = False
    extra: tuple[str, ...] = field(default=())


def all_tools() -> list[ToolDef]:
    """Every tool of every toolset, in toolset order."""
    tools: list[ToolDef] = []
    for name in ALL_TOOLSETS:
        module = importlib.import_module(f"gitbook_mcp.server.tools.{name}")
        tools.extend(module.TOOLS)
    return tools


def _expand(names: Iterable[str]) -> list[str]:
    out: list[str] = []
    for raw in names:
        name = raw.strip()
        if not name:
            continue
        if name == "default":
            out.extend(DEFAULT_TOOLSETS)
        elif name == "all":
            out.extend(ALL_TOOLSETS)
        elif name in ALL_TOOLSETS:
            out.append(name)
        else:
            valid = ", ".join(("default", "all", *ALL_TOOLSETS))
            raise SelectionError(f"unknown toolset {name!r}; valid toolsets: {valid}")
    return list(dict.fromkeys(out))


def build_tool_list(selection: Selection, tools: list[ToolDef] | None = None) -> list[ToolDef]:
    """Apply toolsets, then extra tools, then exclusions, then read-only mode."""
    every = tools if tools is not None else all_tools()
    by_name = {t.name: t for t in every}
    for name in (*selection.include, *selection.exclude):
        if name not in by_name:
            raise SelectionError(
                f"unknown tool {name!r}; valid tools: {', '.join(sorted(by_name))}"
            )
    chosen = set(_expand(selection.toolsets))
    names = [t.name for t in every if t.toolset in chosen]
    names += [n for n in selection.include if n not in names]
    excluded = set(selection.exclude)
    picked = [by_name[n] for n in names if n not in excluded]
    if selection.read_only:
        picked = [t for t in picked if t.read_only]
    return picked


def check_selection(selection: Selection) -> None:
    """Fail at start on unknown names, importing the tool modules only when tools are named."""
    _expand(selection.toolsets)
    if selection.include or selection.exclude:
        build_tool_list(selection)
