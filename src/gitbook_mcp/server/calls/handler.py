"""One tool call, once its arguments are validated: check the flag on the target, run the
handler, and answer with the rendered text (plus the structured result where ``tools/list``
declares output schemas), or a friendly, redacted error.

Without output schemas (``--output-schemas none``, the default) no ``structuredContent`` is
sent: the text carries every actionable value, and a host that forwards both would pay for
every answer twice."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import anyio
from mcp.server.mcpserver import Context
from mcp.types import CallToolResult, InputRequiredResult, TextContent

from gitbook_mcp.client.errors import AuthenticationError
from gitbook_mcp.logs import get_logger
from gitbook_mcp.server.calls.change_request_ids import resolve_change_request
from gitbook_mcp.server.calls.confirm import Answered, asker_of
from gitbook_mcp.server.tooling import Args, ServerControls, ToolContext, ToolDef

if TYPE_CHECKING:
    from gitbook_mcp.client import GitBookClient
    from gitbook_mcp.server.calls.runtime import Runtime

__all__ = ["notify_tools_changed", "run_tool", "tool_error"]

_log = get_logger("gitbook_mcp.server")


async def notify_tools_changed(context: Context[Any, Any]) -> None:
    """Tell the client the tool list changed, on both the legacy and the 2026-07-28 paths."""
    await context.notify_tools_changed()
    try:
        await context.session.send_tool_list_changed()
    except (AttributeError, RuntimeError, anyio.ClosedResourceError) as exc:
        _log.debug("list_changed.legacy_unavailable", reason=type(exc).__name__)


def tool_error(text: str) -> CallToolResult:
    """A tool result that reports ``text`` as an error."""
    return CallToolResult(content=[TextContent(type="text", text=text)], is_error=True)


async def run_tool(
    tool: ToolDef,
    args: Args,
    runtime: Runtime,
    ctx: Context[Any, Any],
    *,
    structured: bool = False,
) -> CallToolResult | InputRequiredResult:
    """Run ``tool`` on ``args`` (already validated, once) for the caller of ``runtime``;
    ``structured``: the tool list declares output schemas, so the structured result goes too."""

    async def progress(done: float, total: float | None, message: str | None) -> None:
        await ctx.report_progress(done, total, message)

    try:
        client = await runtime.get_client()
        if runtime.permissions is not None:
            await runtime.permissions.check(tool, args, client)
        context = ToolContext(
            client=client,
            progress=progress,
            available=tool.available,
            asker=asker_of(ctx),
            options=runtime.tool_options,
            server=_controls(runtime, ctx),
        )
        args = await _resolved(args, client)
        result = await tool.handler(context, args)
    except Answered as answered:
        answer = answered.result
        if isinstance(answer, CallToolResult) and not structured:
            return CallToolResult(content=answer.content, is_error=answer.is_error)
        return answer
    except Exception as exc:  # noqa: BLE001 - every failure becomes a tool error the agent reads
        _log.info("tool.failed", tool=tool.name, error=type(exc).__name__)
        if isinstance(exc, AuthenticationError) and runtime.on_refused is not None:
            runtime.on_refused()
        return tool_error(runtime.describe(exc, tool))
    content: list[TextContent] = [TextContent(type="text", text=tool.render(result))]
    if not structured:
        return CallToolResult(content=content)
    data = result.model_dump(mode="json", exclude_none=True)
    return CallToolResult(content=content, structured_content=data)


def _controls(runtime: Runtime, ctx: Context[Any, Any]) -> ServerControls:
    """What a tool may do to the server: re-read permissions, list and turn on toolsets."""

    async def refresh() -> tuple[int, int]:
        before, after = await runtime.ensure_permissions(force=True)
        if before != after:
            await notify_tools_changed(ctx)
        if runtime.load_error is not None:
            raise runtime.load_error
        flags = runtime.permissions.flags if runtime.permissions else {}
        return len(flags.get("organization", {})), len(flags.get("space", {}))

    async def enable(toolset: str) -> list[str]:
        added = runtime.enable(toolset)
        if added:
            await notify_tools_changed(ctx)
        return added

    return ServerControls(
        refresh=refresh,
        enable_toolset=enable,
        registered=lambda: {t.name: t.toolset for t in runtime.tools.values()},
        active=lambda: set(runtime.active),
        space_owner=runtime.space_owner,
    )


async def _resolved(args: Args, client: GitBookClient) -> Args:
    """The arguments with a change request given by number (or app URL) turned into its id, so
    that every tool taking ``space_id`` and ``change_request_id`` takes both."""
    value = getattr(args, "change_request_id", None)
    space_id = getattr(args, "space_id", None)
    if not isinstance(value, str) or not value or not isinstance(space_id, str):
        return args
    resolved = await resolve_change_request(client, space_id, value)
    return args if resolved == value else args.model_copy(update={"change_request_id": resolved})
