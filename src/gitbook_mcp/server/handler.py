"""One tool call: validate the arguments, check the flag on the target, run the handler,
and answer with the rendered text plus the structured result, or a friendly, redacted error."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import TYPE_CHECKING, Annotated, Any

import anyio
from mcp.server.mcpserver import Context
from mcp.types import CallToolResult, TextContent
from pydantic import ValidationError

from gitbook_mcp.client.errors import AuthenticationError
from gitbook_mcp.logs import get_logger
from gitbook_mcp.server.confirm import Answered, asker_of
from gitbook_mcp.server.errors import describe_validation
from gitbook_mcp.server.tooling import ToolContext, ToolDef
from gitbook_mcp.server.tools._shared import resolve_change_request

if TYPE_CHECKING:
    from gitbook_mcp.client import GitBookClient
    from gitbook_mcp.server.runtime import Runtime

__all__ = ["make_handler", "notify_tools_changed", "tool_error"]

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


def make_handler(tool: ToolDef, current: Callable[[], Runtime]) -> Callable[..., Any]:
    """A function whose signature is the tool's input model, for `MCPServer.add_tool`.

    ``current`` gives the runtime of the caller being served, at each call.
    """

    async def handler(ctx: Context[Any, Any], **kwargs: Any) -> Any:
        runtime = current()
        try:
            args = tool.input.model_validate(kwargs)
        except ValidationError as exc:
            return tool_error(describe_validation(exc, tool.input))

        async def progress(done: float, total: float | None, message: str | None) -> None:
            await ctx.report_progress(done, total, message)

        try:
            client = await runtime.get_client()
            if runtime.permissions is not None:
                await runtime.permissions.check(tool, args, client)
            context = ToolContext(
                client=client,
                progress=progress,
                options=_options(runtime, ctx),
                available=tool.available,
                asker=asker_of(ctx),
            )
            args = await _resolved(args, client)
            result = await tool.handler(context, args)
        except Answered as answered:
            return answered.result
        except Exception as exc:  # noqa: BLE001 - every failure becomes a tool error the agent reads
            _log.info("tool.failed", tool=tool.name, error=type(exc).__name__)
            if isinstance(exc, AuthenticationError) and runtime.on_refused is not None:
                runtime.on_refused()
            return tool_error(runtime.describe(exc, tool))
        structured = result.model_dump(mode="json", exclude_none=True)
        return CallToolResult(
            content=[TextContent(type="text", text=tool.render(result))],
            structured_content=structured,
        )

    params = _parameters(tool)
    handler.__signature__ = inspect.Signature(params, return_annotation=tool.output)  # type: ignore[attr-defined]
    handler.__annotations__ = {p.name: p.annotation for p in params} | {"return": tool.output}
    handler.__name__ = tool.name
    return handler


def _options(runtime: Runtime, ctx: Context[Any, Any]) -> dict[str, Any]:
    """What a tool sees of the server: re-reading permissions, the toolsets and turning one on."""

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

    return {
        **runtime.tool_options,
        "refresh": refresh,
        "space_owner": runtime.space_owner,
        "registered": lambda: {t.name: t.toolset for t in runtime.tools.values()},
        "active": lambda: set(runtime.active),
        "enable_toolset": enable,
    }


async def _resolved(args: Any, client: GitBookClient) -> Any:
    """The arguments with a change request given by number (or app URL) turned into its id, so
    that every tool taking ``space_id`` and ``change_request_id`` takes both."""
    value = getattr(args, "change_request_id", None)
    space_id = getattr(args, "space_id", None)
    if not isinstance(value, str) or not value or not isinstance(space_id, str):
        return args
    resolved = await resolve_change_request(client, space_id, value)
    return args if resolved == value else args.model_copy(update={"change_request_id": resolved})


def _parameters(tool: ToolDef) -> list[inspect.Parameter]:
    """The context, then one keyword parameter per field of the tool's input model."""
    params = [
        inspect.Parameter("ctx", inspect.Parameter.KEYWORD_ONLY, annotation=Context[Any, Any]),
    ]
    for name, info in tool.input.model_fields.items():
        default = (
            inspect.Parameter.empty
            if info.is_required()
            else info.get_default(call_default_factory=True)
        )
        params.append(
            inspect.Parameter(
                name,
                inspect.Parameter.KEYWORD_ONLY,
                default=default,
                annotation=Annotated[info.annotation, info],
            )
        )
    return params
