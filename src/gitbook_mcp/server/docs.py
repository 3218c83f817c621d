"""Generated documentation: the default toolsets and the tools table of the README, and the
permission table of ``docs/permissions.md``.

A test compares these with the README, so the README can never describe tools that changed.
"""

from __future__ import annotations

from gitbook_mcp.api import PROFILES, operations
from gitbook_mcp.config.readme import replace_section
from gitbook_mcp.server.calls.gating import permission_table
from gitbook_mcp.server.calls.offer import for_profile
from gitbook_mcp.server.tooling import ToolDef
from gitbook_mcp.server.toolsets import DEFAULT_TOOLSETS, TOOLSETS, all_tools

__all__ = [
    "PERMISSIONS_DOC",
    "defaults_markdown",
    "permissions_doc_with_generated_section",
    "permissions_markdown",
    "readme_with_generated_sections",
    "replace_section",
    "tools_markdown",
]


PERMISSIONS_DOC = "docs/permissions.md"
"""The file holding the permission table, from the repository root."""


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


def _names(ids: list[str]) -> str:
    quoted = [f"`{i}`" for i in ids]
    return ", ".join(quoted[:-1]) + f" and {quoted[-1]}" if len(quoted) > 1 else quoted[0]


def defaults_markdown(tools: list[ToolDef] | None = None) -> str:
    """The sentence naming the default and the opt-in toolsets, with the default tool count."""
    every = tools if tools is not None else all_tools()
    on = [t.id for t in TOOLSETS if t.default]
    off = [t.id for t in TOOLSETS if not t.default]
    count = sum(1 for tool in every if tool.toolset in DEFAULT_TOOLSETS)
    return (
        f"The default toolsets are {_names(on)} ({count} tools, fewer where the token's "
        f"permissions or the API profile leave some out). The opt-in toolsets are {_names(off)}."
    )


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


def readme_with_generated_sections(text: str) -> str:
    """The README ``text`` with the sections this module owns there rewritten."""
    text = replace_section(text, "defaults", defaults_markdown())
    return replace_section(text, "tools", tools_markdown())


def permissions_doc_with_generated_section(text: str) -> str:
    """``docs/permissions.md``'s ``text`` with its permission table rewritten."""
    return replace_section(text, "permissions", permissions_markdown())


def main() -> None:
    """Rewrite the generated sections in place (``python -m gitbook_mcp.server.docs``, from the
    repository root): the README's and ``docs/permissions.md``'s."""
    from pathlib import Path

    for path, rewrite in (
        (Path("README.md"), readme_with_generated_sections),
        (Path(PERMISSIONS_DOC), permissions_doc_with_generated_section),
    ):
        path.write_text(rewrite(path.read_text(encoding="utf-8")), encoding="utf-8")


if __name__ == "__main__":
    main()
