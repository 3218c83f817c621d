"""What a tool is: one declaration, in the style of the GitHub MCP server's toolset inventory.

A tool is one handler function under `read_tool` or `write_tool`::

    @read_tool(SEARCH, render=render_results)
    async def search_content(ctx: ToolContext, args: SearchArgs) -> SearchResults:
        '''Search an organization's pages.'''

The decorator gives the toolset (a `Toolset`, declared once in `toolsets`), the hints, the
permission and the renderer; the name, the input model (its field descriptions become the
``inputSchema``) and the output model (the ``outputSchema``; results go out as
``structuredContent`` plus the rendered text) follow from the signature, and the description
from the docstring's first paragraph (or ``description=``). The result is a `ToolDef`,
registered with its toolset. Read-only filtering is derived from ``read_only`` alone.
"""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, get_args, get_origin, get_type_hints

from mcp.types import ToolAnnotations
from pydantic import BaseModel, ConfigDict

from gitbook_mcp.client.resources import operation_of

if TYPE_CHECKING:
    from gitbook_mcp.client import GitBookClient
    from gitbook_mcp.linkcheck.external.checker import ExternalChecker

__all__ = [
    "ANY_TOKEN",
    "Args",
    "Asker",
    "ClientMethod",
    "Decorator",
    "Needs",
    "Permission",
    "Progress",
    "ServerControls",
    "ToolContext",
    "ToolDef",
    "ToolFailure",
    "ToolOptions",
    "Toolset",
    "read_tool",
    "write_tool",
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


@dataclass(frozen=True, init=False)
class Needs:
    """The API operations a tool (or one method of it) calls, so that it is offered only on the
    profiles that have them: all of ``operations``, or else all of ``otherwise`` (another way to
    do the same); ``instead`` tells the agent what replaces it where neither is available.

    Each is given as the client method that implements it (``ChangeRequests.merge``), so an
    operationId is written only in the API's table and on its method."""

    operations: tuple[str, ...]
    otherwise: tuple[str, ...]
    instead: str

    def __init__(
        self,
        operations: Iterable[ClientMethod],
        otherwise: Iterable[ClientMethod] = (),
        instead: str = "",
    ) -> None:
        object.__setattr__(self, "operations", tuple(map(operation_of, operations)))
        object.__setattr__(self, "otherwise", tuple(map(operation_of, otherwise)))
        object.__setattr__(self, "instead", instead)

    def met_by(self, available: frozenset[str]) -> bool:
        """Whether a profile with the ``available`` operations can serve it."""
        if available.issuperset(self.operations):
            return True
        return bool(self.otherwise) and available.issuperset(self.otherwise)


ClientMethod = Callable[..., Any]
"""A method of the API client marked with the operation it implements (`operation_of`)."""


class ToolFailure(Exception):
    """A failure to report to the agent as a tool error, with what to do next."""


Progress = Callable[[float, float | None, str | None], Awaitable[None]]


@dataclass(frozen=True)
class Asker:
    """How a call can ask the user to confirm (elicitation; built in `confirm.asker_of`):
    ``deferred`` when the answer comes with the retried call (``answered``, the action, and the
    ``state`` echoed back), else ``ask`` puts the question now and returns the action."""

    deferred: bool
    answered: str | None = None
    state: str | None = None
    ask: Callable[[str], Awaitable[str]] | None = None


@dataclass(frozen=True)
class ToolOptions:
    """Settings every call of a server's tools sees (the same for every caller)."""

    external_checker: Callable[[], ExternalChecker] | None = None
    """What checks outside URLs (None: `ExternalChecker`); tests give one that never dials."""


@dataclass(frozen=True)
class ServerControls:
    """What a tool may do to the server serving it (the navigate toolset's tools)."""

    refresh: Callable[[], Awaitable[tuple[int, int]]]
    """Re-read the caller's permissions: the organizations and spaces now seen."""
    enable_toolset: Callable[[str], Awaitable[list[str]]]
    """Turn a toolset on: the tools newly on."""
    registered: Callable[[], dict[str, str]]
    """Every tool that may be on, with its toolset."""
    active: Callable[[], set[str]]
    """The tools that are on."""
    space_owner: Callable[[str], str | None]
    """The organization of a space, as the last permissions load saw it."""


@dataclass(frozen=True)
class ToolContext:
    """What a handler may use: the API client, progress reporting, the server's settings."""

    client: GitBookClient
    progress: Progress
    available: frozenset[str] | None = None
    """The operations of the API profile in use (None: not known, assume all)."""
    asker: Asker | None = None
    """How to ask the user to confirm; None when the client cannot be asked."""
    options: ToolOptions = ToolOptions()
    server: ServerControls | None = None
    """None when no server runs the tool (a handler called directly)."""

    def has(self, method: ClientMethod) -> bool:
        """Whether the API profile in use has the operation of a client method (to choose
        between two ways)."""
        return self.available is None or operation_of(method) in self.available


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
    needs: Needs | None = None
    method_needs: tuple[tuple[str, Needs], ...] = ()
    available: frozenset[str] | None = None
    """The operations of the profile this tool was offered for (set by `toolsets.for_profile`)."""

    def __post_init__(self) -> None:
        if not self.title:
            # A title for every tool (clients show it): from the name unless one is given.
            object.__setattr__(self, "title", _title(self.name))
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
        """The hints that mean something for this tool: a writing tool states all four; a read-only
        one only readOnlyHint and openWorldHint, since the specification gives the destructive and
        idempotent hints meaning only when readOnlyHint is false (as the GitHub MCP server does).
        The title is the tool's own, not repeated here."""
        writes = not self.read_only
        return ToolAnnotations(
            title=None,
            read_only_hint=self.read_only,
            destructive_hint=self.destructive if writes else None,
            idempotent_hint=self.idempotent if writes else None,
            open_world_hint=self.open_world,
        )


_WORDS = {"mcp": "MCP", "openapi": "OpenAPI", "saml": "SAML", "org": "organization"}


def _title(name: str) -> str:
    """``list_site_mcp_servers`` -> ``List site MCP servers``."""
    words = [_WORDS.get(w, w) for w in name.split("_")]
    return " ".join(words)[:1].upper() + " ".join(words)[1:]


def _choices(annotation: Any) -> list[str]:
    """The values of a ``Literal`` annotation (the methods of a grouped tool)."""
    if get_origin(annotation) is Literal:
        return [str(a) for a in get_args(annotation)]
    return []


@dataclass(frozen=True)
class Toolset:
    """A group of tools an operator turns on or off: declared once, in `toolsets`.

    Its tools live in ``gitbook_mcp.server.tools.<id>`` (a module, or a package importing its
    modules in order) and register themselves there through `read_tool` and `write_tool`.
    """

    id: str
    description: str
    default: bool

    def tools(self) -> list[ToolDef]:
        """The tools of this toolset, in declaration order (imports its module on first use)."""
        importlib.import_module(f"gitbook_mcp.server.tools.{self.id}")
        return list(_REGISTRY.get(self.id, {}).values())


_REGISTRY: dict[str, dict[str, ToolDef]] = {}
Decorator = Callable[[Callable[..., Awaitable[BaseModel]]], ToolDef]


def read_tool(
    toolset: Toolset,
    *,
    render: Renderer,
    description: str | None = None,
    title: str | None = None,
    idempotent: bool = True,
    open_world: bool = True,
    needs: Needs | None = None,
    method_needs: tuple[tuple[str, Needs], ...] = (),
) -> Decorator:
    """Declare a tool that only reads: no permission needed beyond what the API checks."""
    hints = {"idempotent": idempotent, "open_world": open_world}
    return _declarer(
        toolset,
        description,
        read_only=True,
        render=render,
        title=title,
        needs=needs,
        method_needs=method_needs,
        **hints,
    )


def write_tool(
    toolset: Toolset,
    *,
    permission: Permission,
    render: Renderer,
    method_permissions: tuple[tuple[str, Permission], ...] = (),
    method_arg: str = "method",
    destructive: bool = False,
    idempotent: bool = False,
    description: str | None = None,
    title: str | None = None,
    needs: Needs | None = None,
    method_needs: tuple[tuple[str, Needs], ...] = (),
) -> Decorator:
    """Declare a tool that writes: the flag it needs (per ``method`` for a grouped tool)."""
    return _declarer(
        toolset,
        description,
        read_only=False,
        render=render,
        title=title,
        method_arg=method_arg,
        permission=permission,
        method_permissions=method_permissions,
        destructive=destructive,
        idempotent=idempotent,
        needs=needs,
        method_needs=method_needs,
    )


def _declarer(toolset: Toolset, description: str | None, **options: Any) -> Decorator:
    def declare(handler: Callable[..., Awaitable[BaseModel]]) -> ToolDef:
        hints = get_type_hints(handler)
        _, args = list(inspect.signature(handler).parameters)
        tool = ToolDef(
            name=handler.__name__,
            toolset=toolset.id,
            description=description or _first_paragraph(handler),
            input=hints[args],
            output=hints["return"],
            handler=handler,
            **options,
        )
        _REGISTRY.setdefault(toolset.id, {})[tool.name] = tool
        return tool

    return declare


def _first_paragraph(handler: Callable[..., Any]) -> str:
    """The description of a tool: the first paragraph of its handler's docstring, on one line."""
    doc = inspect.getdoc(handler)
    if not doc:
        raise ValueError(f"{handler.__name__}: a tool needs a docstring or a description")
    return " ".join(doc.split("\n\n")[0].split())
