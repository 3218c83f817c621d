"""Which tools, and which methods of grouped tools, an API profile can serve.

A tool declares the operations it calls (`Needs`); on a profile without them it is not offered,
and a grouped tool loses the methods it cannot serve: its ``method`` argument no longer lists
them, its description says what replaces them, and a call naming one is answered with that.
"""

from __future__ import annotations

import functools
from copy import copy
from dataclasses import replace
from typing import Any, Literal

from pydantic import create_model

from gitbook_mcp.server.tooling import Args, ToolDef

__all__ = ["for_profile", "withheld_method", "withheld_tools"]


def for_profile(tool: ToolDef, available: frozenset[str]) -> ToolDef | None:
    """The tool as a profile with the ``available`` operations offers it, or None if it cannot."""
    if tool.needs is not None and not tool.needs.met_by(available):
        return None
    missing = [(m, n.instead) for m, n in tool.method_needs if not n.met_by(available)]
    if not missing:
        return replace(tool, available=available)
    gone = {m for m, _ in missing}
    kept = [m for m in tool.methods if m not in gone]
    if not kept:
        return None
    notes = "; ".join(f"{m} ({instead})" if instead else m for m, instead in missing)
    return replace(
        tool,
        input=_narrowed(tool.input, tool.method_arg, tuple(kept)),
        description=f"{tool.description} Not offered on this API profile: {notes}.",
        available=available,
    )


def withheld_tools(tools: list[ToolDef], available: frozenset[str]) -> dict[str, str]:
    """Tools a profile cannot serve, each with what to use instead (for a call naming one)."""
    return {
        t.name: t.needs.instead or "its API operations are missing"
        for t in tools
        if t.needs is not None and not t.needs.met_by(available)
    }


def withheld_method(tool: ToolDef, arguments: dict[str, Any]) -> str | None:
    """Why a call's method is not offered on this profile (None when it is, or not grouped)."""
    if tool.available is None:
        return None
    method = arguments.get(tool.method_arg)
    for name, needs in tool.method_needs:
        if name == method and not needs.met_by(tool.available):
            instead = f" {needs.instead[0].upper()}{needs.instead[1:]}." if needs.instead else ""
            return f"{tool.name} method {name!r} is not available on this API profile.{instead}"
    return None


@functools.cache
def _narrowed(model: type[Args], field: str, methods: tuple[str, ...]) -> type[Args]:
    """A subclass of ``model`` whose ``field`` accepts only ``methods`` (same name, same docs);
    built once per narrowing, not at each listing of the tools."""
    info = model.model_fields[field]
    choices: Any = Literal.__getitem__(methods)  # a Literal built from data
    fields: dict[str, Any] = {field: (choices, copy(info))}
    return create_model(
        model.__name__,
        __base__=model,
        __module__=model.__module__,
        **fields,
    )
