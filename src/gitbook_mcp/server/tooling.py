"""What a tool is: a static, self-describing definition, in the style of the GitHub MCP server.

Each `ToolDef` names its toolset, carries a pydantic input model (whose field descriptions become
the ``inputSchema``), an output model (the ``outputSchema``; results go out as
``structuredContent`` plus a compact text), all four annotations, and, for a tool that writes,
the permission flag it needs. Read-only filtering is derived from ``read_only`` alone.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from mcp.types import ToolAnnotations
from pydantic import BaseModel, ConfigDict

if TYPE_CHECKING:
    from gitbook_mcp.client import GitBookClient

__all__ = [
    "Args",
    "Permission",
    "Progress",
    "ToolContext",
    "ToolDef",
    "ToolFailure",
]

Scope = Literal["organization", "space", "collection", "comment"]


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
        return f"{self.scope}.{self.flag}"


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

    def __post_init__(self) -> None:
        if self.read_only and (self.destructive or self.permission is not None):
            raise ValueError(f"{self.name}: a read-only tool neither destroys nor needs a flag")
        if not self.read_only and self.permission is None:
            raise ValueError(f"{self.name}: a tool that writes must name its permission flag")

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
