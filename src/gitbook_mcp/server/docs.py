"""Generated documentation: the tools table and the permission table of the README.

A test compares these with the README, so the README can never describe tools that changed.
"""

from __future__ import annotations

from gitbook_mcp.api import PROFILES, operations
from gitbook_mcp.config.readme import replace_section
from gitbook_mcp.server.calls.gating import permission_table
from gitbook_mcp.server.calls.offer import for_profile
from gitbook_mcp.server.tooling import ToolDef
from gitbook_mcp.server.toolsets import DEFAULT_TOOLSETS, all_tools

__all__ = ["permissions_markdown", "replace_section", "tools_markdown"]


def profiles_cell(tool: ToolDef) -> str:
    """The API profiles that offer a tool, with the methods a profile leaves out."""
    cells = []
    for profile in PROFILES:
        offered = for_profile(tool, operations(profile))
        if offered is None:
            continue
        missing = [m for m in tool.methods if m not in offered.methods]
        cells.append(profile + (f" (not {', '.join(missing)})" if missing else ""))
    return ", ".join(cells)


def tools_markdown(tools: list[ToolDef] | None = None) -> str:
    every = tools if tools is not None else all_tools()
    lines = [
        "| tool | toolset | read-only | profiles | what it does |",
        "|---|---|---|---|---|",
    ]
    for tool in every:
        default = "" if tool.toolset in DEFAULT_TOOLSETS else " (opt-in)"
        ro = "yes" if tool.read_only else "no"
        row = f"| `{tool.name}` | {tool.toolset}{default} | {ro} | {profiles_cell(tool)} |"
        lines.append(f"{row} {tool.description} |")
    return "\n".join(lines)


def permissions_markdown(tools: list[ToolDef] | None = None) -> str:
    every = tools if tools is not None else all_tools()
    lines = ["| tool | method | needs the flag | on the object named by |", "|---|---|---|---|"]
    lines += [
        f"| `{name}` | {methods or 'all'} | `{flag}` | `{arg}` |"
        for name, methods, flag, arg in permission_table(every)
    ]
    return "\n".join(lines)


def main() -> None:
    """Rewrite the README's generated tables in place (``python -m gitbook_mcp.server.docs``)."""
    from pathlib import Path

    readme = Path("README.md")
    text = replace_section(readme.read_text(encoding="utf-8"), "tools", tools_markdown())
    readme.write_text(
        replace_section(text, "permissions", permissions_markdown()), encoding="utf-8"
    )


if __name__ == "__main__":
    main()
