"""Why a tool that exists is not offered, said so that the agent can act on it.

A tool can be missing from ``tools/list`` because of the API profile, read-only mode, an
exclusion, a toolset not enabled, or the token's permissions. A call naming it, and a prompt
whose job needs it, answer with what is needed (`Missing`) instead of an unknown-tool error.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from gitbook_mcp.server.calls.offer import withheld_tools

if TYPE_CHECKING:
    from gitbook_mcp.server.calls.runtime import Runtime
    from gitbook_mcp.server.tooling import ToolDef
    from gitbook_mcp.server.toolsets import Selection

__all__ = ["Missing", "missing", "needs_sentence", "unregistered"]


@dataclass(frozen=True)
class Missing:
    """What a tool needs to be offered: ``need`` names no tool; ``hint`` says how to get it."""

    need: str
    hint: str
    where: str = "in this configuration"

    def for_tool(self, name: str) -> str:
        """The answer to a call naming the tool."""
        hint = f"; {self.hint}" if self.hint else ""
        return f"Tool {name} is not offered {self.where}: it needs {self.need}{hint}."


def unregistered(selection: Selection, every: list[ToolDef]) -> dict[str, Missing]:
    """Why each tool the configuration cannot register is absent (exclusion, read-only, profile)."""
    from gitbook_mcp.api import operations

    gone = withheld_tools(every, operations(selection.profile)) if selection.profile else {}
    out: dict[str, Missing] = {}
    for tool in every:
        if tool.name in selection.exclude:
            out[tool.name] = Missing("a server started without --exclude-tools naming it", "")
        elif selection.read_only and not tool.read_only:
            out[tool.name] = Missing(
                "write access", "this server runs with --read-only; start it without"
            )
        elif tool.name in gone:
            out[tool.name] = Missing(
                f"API operations the {selection.profile} profile lacks", gone[tool.name]
            )
    return out


def missing(name: str, runtime: Runtime, withheld: dict[str, Missing]) -> Missing | None:
    """Why the tool ``name`` is not offered now (None when it is, or when no such tool exists)."""
    if name in withheld:
        return withheld[name]
    tool = runtime.tools.get(name)
    if tool is None or name in runtime.offered_names():
        return None
    if name not in runtime.active:
        dynamic = "enable_toolset" in runtime.offered_names()
        how = f'call enable_toolset(toolset="{tool.toolset}") or ' if dynamic else ""
        return Missing(
            f"the `{tool.toolset}` toolset, not enabled",
            f"{how}start the server with --toolsets default,{tool.toolset}",
        )
    refresh = (
        "call refresh_permissions"
        if "refresh_permissions" in runtime.offered_names()
        else "the server re-reads permissions periodically"
    )
    if runtime.load_error is not None:
        return Missing(
            "this token's permissions, which could not be read",
            f"{runtime.describe(runtime.load_error)} Then {refresh}",
            where="now",
        )
    flags = " or ".join(f"'{p.describe()}'" for p in tool.permissions)
    return Missing(
        f"the {flags} permission on at least one object",
        f"ask for that access; once granted, {refresh}",
        where="to this token",
    )


def needs_sentence(missing_ones: Iterable[Missing]) -> str:
    """What a job needs, from what each of its missing tools needs (no tool named but hints')."""
    seen = list(dict.fromkeys(missing_ones))
    needs = "; ".join(f"{m.need} ({m.hint})" if m.hint else m.need for m in seen)
    return f"This job cannot be done with the tools offered now. It needs: {needs}."
