"""What a tool is: a static, self-describing definition, in the style of the GitHub MCP server.

Each `ToolDef` names its toolset, carries a pydantic input model (whose field descriptions become
the ``inputSchema``), an output model (the ``outputSchema``; results go out as
``structuredContent`` plus a compact text), all four annotations, and, for a tool that writes,
the permission flag it needs. Read-only filtering is derived from ``read_only`` alone.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal, get_args, get_origin

from mcp.types import ToolAnnotations
from pydantic import BaseModel, ConfigDict

if TYPE_CHECKING:
    from gitbook_mcp.client import GitBookClient

__all__ = [
    "ANY_TOKEN",
    "Args",
    "Permission",
    "Progress",
    "ToolContext",
    "ToolDef",
    "ToolFailure",
]

Scope = Literal["organization", "space", "collection", "comment", "team", "token"]
"""Where a flag is read; ``token`` means any authenticated token (the request itself is the
authority, as when joining with an invite link)."""


class Args(BaseModel):
    """Base of every tool's input model: unknown arguments are refused, naming them."""

    model_config = ConfigDict(extra="forbid")


@dataclass(frozen=True)
class Permission:
    """The flag a writing tool needs, on the object named by the argument ``id_arg``."""

    scope: Scope
    flag: str
    id_arg: str

    def describe(self) -> str:
        return "any token" if self.scope == "token" else f"{self.scope}.{self.flag}"


ANY_TOKEN = Permission("token", "authenticated", "")
"""For writes whose authority is the request itself (joining with an invite link)."""


class ToolFailure(Exception):
    """A failure to report to the agent as a tool error, with what to do next."""


Progress = Callable[[float, float | None, str | None], Awaitable[None]]


@dataclass
class ToolContext:
    """What a handler may use: the API client, the caller's permissions, progress reporting."""

    client: GitBookClient
    progress: Progress
    options: dict[str, Any] = field(default_factory=dict)


Handler = Callable[[ToolContext, Any], Awaitable[BaseModel]]
Renderer = Callable[[Any], str]


@dataclass(frozen=True)
class ToolDef:
    """One tool. A tool that groups several writes of a resource under a ``method`` argument
    (in the style of the GitHub MCP server's ``issue_write``) names the flag of each method in
    ``method_permissions``; ``permission`` is the flag of the methods not listed there."""

    name: str
    toolset: str
    description: str
    input: type[Args]
    output: type[BaseModel]
    handler: Handler
    render: Renderer
    read_only: bool
    destructive: bool = False
    idempotent: bool = False
    open_world: bool = True
    permission: Permission | None = None
    title: str | None = None
    method_permissions: tuple[tuple[str, Permission], ...] = ()
    method_arg: str = "method"

    def __post_init__(self) -> None:
        if self.read_only and (
            self.destructive or self.permission is not None or self.method_permissions
        ):
            raise ValueError(f"{self.name}: a read-only tool neither destroys nor needs a flag")
        if not self.read_only and self.permission is None:
            raise ValueError(f"{self.name}: a tool that writes must name its permission flag")
        if self.method_permissions and self.method_arg not in self.input.model_fields:
            raise ValueError(f"{self.name}: method_permissions needs a {self.method_arg!r} field")

    def permission_for(self, args: Any) -> Permission | None:
        """The flag this call needs: its method's, else the tool's."""
        method = getattr(args, self.method_arg, None)
        for name, permission in self.method_permissions:
            if name == method:
                return permission
        return self.permission

    @property
    def permissions(self) -> tuple[Permission, ...]:
        """Every flag some call of this tool may need (the tool is offered if one is held)."""
        every = [p for _, p in self.method_permissions]
        if self.permission is not None:
            every.insert(0, self.permission)
        return tuple(dict.fromkeys(every))

    @property
    def methods(self) -> list[str]:
        """The choices of the ``method`` argument of a grouped tool; empty for other tools."""
        info = self.input.model_fields.get(self.method_arg)
        return _choices(info.annotation) if info is not None else []

    def permission_rows(self) -> list[tuple[str, Permission]]:
        """(method, flag) pairs for the permission table; the method is "" for the default."""
        rows = list(self.method_permissions)
        listed = {m for m, _ in rows}
        methods = self.methods
        if self.permission is not None:
            rest = [m for m in methods if m not in listed]
            if not rows or rest:
                rows.insert(0, (", ".join(rest) if rows else "", self.permission))
        return rows

    @property
    def annotations(self) -> ToolAnnotations:
        """All four hints, always explicit."""
        return ToolAnnotations(
            title=self.title,
            read_only_hint=self.read_only,
            destructive_hint=self.destructive,
            idempotent_hint=self.idempotent,
            open_world_hint=self.open_world,
        )


def _choices(annotation: Any) -> list[str]:
    """The values of a ``Literal`` annotation (the methods of a grouped tool)."""
    if get_origin(annotation) is Literal:
        return [str(a) for a in get_args(annotation)]
    return []
