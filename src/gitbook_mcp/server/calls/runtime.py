"""What the tools of one server share: the API client and the caller's permissions.

Permissions are read on first need, not on the path to the ``initialize`` answer, and re-read
on request or when older than the refresh interval. When they cannot be read (a refused token,
the API down), nothing fails with a protocol error: ``tools/list`` offers the read-only tools (a
read answers for itself, with the same friendly error as any tool), a tool that writes answers
what is wrong and how to retry, ``resources/list`` lists the static resources only, and
completions are empty. A failed load is retried on the next request after `LOAD_RETRY_SECONDS`,
or at once by refresh_permissions.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from contextlib import AbstractAsyncContextManager, AsyncExitStack
from typing import TYPE_CHECKING

import anyio

from gitbook_mcp.logs import get_logger
from gitbook_mcp.server.calls.errors import describe_failure
from gitbook_mcp.server.calls.gating import PermissionState
from gitbook_mcp.server.tooling import ToolDef, ToolOptions

if TYPE_CHECKING:
    from gitbook_mcp.client import GitBookClient

__all__ = ["LOAD_RETRY_SECONDS", "ClientFactory", "Runtime", "check_tool_for"]

_log = get_logger("gitbook_mcp.server")

LOAD_RETRY_SECONDS = 30.0
"""After permissions failed to load, requests wait this long before the next automatic try."""
ClientFactory = Callable[[], "AbstractAsyncContextManager[GitBookClient]"]


class Runtime:
    """State shared by the tools of one server: the client and the caller's permissions."""

    def __init__(
        self,
        tools: list[ToolDef] | Callable[[], list[ToolDef]],
        factory: ClientFactory,
        *,
        refresh_interval: float,
        secrets: tuple[str, ...] = (),
        tool_options: ToolOptions | None = None,
        active: Callable[[ToolDef], bool] | None = None,
    ) -> None:
        self._tools_source = tools
        self.active_source = active
        """Which registered tools are on at start (None: all of them)."""
        self._active: set[str] | None = None
        self.secrets = secrets
        self.tool_options = tool_options or ToolOptions()
        """What every tool call sees as ``ToolContext.options`` (e.g. the outside-URL checker)."""
        self.load_error: Exception | None = None
        self._failed_at = 0.0
        self._tools: dict[str, ToolDef] | None = None
        self.refresh_interval = refresh_interval
        self.factory = factory
        self.stack: AsyncExitStack | None = None
        self.client: GitBookClient | None = None
        self._permissions: PermissionState | None = None
        self._lock = anyio.Lock(fast_acquire=True)  # taken by every call: no loop trip when free
        self._client_lock = anyio.Lock()
        self._offered: frozenset[str] = frozenset()
        self.on_refused: Callable[[], None] | None = None
        """Called when the API refuses this runtime's token (401): ``--auth upstream`` forgets
        the caller's verdict, so that its next request is verified again at once."""

    @property
    def tools(self) -> dict[str, ToolDef]:
        """The selected tools, built on first use (their modules are not on the start-up path)."""
        if self._tools is None:
            source = self._tools_source
            self._tools = {t.name: t for t in (source() if callable(source) else source)}
        return self._tools

    @property
    def active(self) -> set[str]:
        """The registered tools that are on: the selection, plus the toolsets enabled since."""
        if self._active is None:
            source = self.active_source
            self._active = {n for n, t in self.tools.items() if source is None or source(t)}
        return self._active

    def enable(self, toolset: str) -> list[str]:
        """Turn on every registered tool of ``toolset``; the names newly on."""
        added = [t.name for t in self.tools.values() if t.toolset == toolset]
        added = [name for name in added if name not in self.active]
        self.active.update(added)
        return added

    async def get_client(self) -> GitBookClient:
        """The API client, created on first use: ``initialize`` never waits for it."""
        if self.client is not None:
            return self.client
        async with self._client_lock:
            if self.client is None:
                if self.stack is None:
                    raise RuntimeError("the server is not running")
                # Imported with the first client, not on the way to `initialize`: the metrics
                # module registers the observer that counts every API request.
                import gitbook_mcp.server.http.ops.metrics  # noqa: F401

                self.client = await self.stack.enter_async_context(self.factory())
            return self.client

    async def ensure_permissions(self, *, force: bool = False) -> tuple[set[str], set[str]]:
        """Load or refresh permissions; return the offered tool names before and after.

        Never raises: a failed load is kept in `load_error` (the last good permissions stay).
        """
        async with self._lock:
            before = self.offered_names()
            now = time.monotonic()
            stale = (
                self.permissions is not None
                and now - self.permissions.loaded_at > self.refresh_interval
            )
            backing_off = self.load_error is not None and now - self._failed_at < LOAD_RETRY_SECONDS
            if force or ((self.permissions is None or stale) and not backing_off):
                await self._load()
            return before, self.offered_names()

    async def _load(self) -> None:
        try:
            state = await PermissionState.load(await self.get_client())
            if self.permissions is not None:
                state.owners = {**self.permissions.owners, **state.owners}
            self.permissions = state
        except Exception as exc:  # noqa: BLE001 - any failure is reported to the agent, redacted
            _log.warning("permissions.unavailable", error=type(exc).__name__)
            self.load_error, self._failed_at = exc, time.monotonic()
            if self.permissions is None:
                self._offered = frozenset(t.name for t in self.tools.values() if t.read_only)
        else:
            self.load_error = None

    def space_owner(self, space_id: str) -> str | None:
        """The organization of a space, as last seen by a permissions load."""
        return self.permissions.owners.get(space_id) if self.permissions else None

    def describe(self, error: Exception, tool: ToolDef | None = None) -> str:
        """A failure as the agent sees it: friendly, redacted, with the next step."""
        return describe_failure(
            error,
            tool=tool.name if tool is not None else "the server",
            writes=tool is not None and not tool.read_only,
            check_with=check_tool_for(tool, self) if tool is not None else None,
            secrets=self.secrets,
            arguments=tool.input.model_fields if tool is not None else (),
        )

    @property
    def permissions(self) -> PermissionState | None:
        """The caller's permissions, as last read."""
        return self._permissions

    @permissions.setter
    def permissions(self, state: PermissionState | None) -> None:
        # The offered set follows from the permissions: computed here, once per load.
        self._permissions = state
        offered = state.offered(self.tools.values()) if state is not None else []
        self._offered = frozenset(t.name for t in offered)

    def offered_names(self) -> set[str]:
        """The tools on and offered under the current permissions (computed once per load)."""
        return set(self._offered & self.active)


def check_tool_for(tool: ToolDef, runtime: Runtime) -> str | None:
    """A read tool to check the outcome of an uncertain write, from the same toolset."""
    for other in runtime.tools.values():
        if other.toolset == tool.toolset and other.read_only and other.name.startswith("list_"):
            return other.name
    return None
