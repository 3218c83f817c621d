"""A tool that deletes: `delete_tool` declares it, `Deleted` is its answer."""

from __future__ import annotations

from pydantic import BaseModel

from gitbook_mcp.server.tooling import Decorator, Permission, Toolset, write_tool

__all__ = ["Deleted", "delete_tool"]


# The answer of a delete. The service answers 204 both for an id that never existed (a typo)
# and for one an earlier call deleted (a retry): it cannot tell them apart, and neither can we.
# So a delete that found nothing is not an error (a retried delete stays a success) but says
# "Nothing deleted" naming the target, with deleted=false, never as if something went.
# A comment, not a docstring: a docstring would go into every delete tool's output schema.
class Deleted(BaseModel):
    deleted: bool
    target: str | None = None


def _render_deleted(r: Deleted) -> str:
    if r.deleted:
        return f"Deleted {r.target}." if r.target else "Deleted."
    missing = f"no {r.target} here" if r.target else "nothing by that id here"
    return (
        f"Nothing deleted: {missing} (a wrong id, or one already deleted: the service answers "
        "both alike)."
    )


def delete_tool(
    toolset: Toolset,
    *,
    permission: Permission,
    method_permissions: tuple[tuple[str, Permission], ...] = (),
    method_arg: str = "kind",
) -> Decorator:
    """Declare a tool that deletes: destructive, idempotent, answering `Deleted`."""
    return write_tool(
        toolset,
        permission=permission,
        method_permissions=method_permissions,
        method_arg=method_arg,
        destructive=True,
        idempotent=True,
        render=_render_deleted,
    )
