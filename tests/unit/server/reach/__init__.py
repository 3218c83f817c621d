"""Reachability: one scenario per toolset drives every tool and every method of it.

Each module here is named after a toolset and defines ``async def scenario(call)``, which
calls that toolset's tools against a fresh demo workspace as the demo admin; ``call`` fails
the test on any tool error, checks the ``structuredContent`` against the tool's listed output
schema (the server runs with ``--output-schemas full``) and returns it. The harness records which
API operations the server sent, so `tests/unit/server/test_reach.py` can show that with
``--toolsets all`` every one of the 136 operations is reachable through some tool.
"""

from __future__ import annotations

import re
import tempfile
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

import httpx2
from jsonschema import Draft202012Validator
from mcp.client import Client

from gitbook_mcp.client import GitBookClient
from gitbook_mcp.config.settings import Settings
from gitbook_mcp.local import LocalTransport, Store, create_app, load_demo
from gitbook_mcp.local.clock import ManualClock
from gitbook_mcp.local.routes import ROUTES
from gitbook_mcp.server.runner import create_server
from gitbook_mcp.server.toolsets import all_tools

__all__ = ["Caller", "Reached", "conform", "operation_of", "run_scenario"]

Caller = Callable[..., Awaitable[dict[str, Any]]]
"""``await call("tool_name", arg=value, ...)``: the structured result of a successful call."""

_PATTERNS = [
    (
        spec.method,
        re.compile(
            re.sub(
                r"\\\{(\w+)\\\}",
                lambda m: ".+" if m.group(1) == "pagePath" else "[^/]+",
                re.escape(spec.path),
            )
        ),
        spec.operation_id,
    )
    for spec in ROUTES
]


def operation_of(method: str, path: str) -> str | None:
    """The operationId of a request to ``path`` (relative to ``/v1``)."""
    for verb, pattern, operation_id in _PATTERNS:
        if verb == method and pattern.fullmatch(path):
            return operation_id
    return None


def _method(tool: str, arguments: dict[str, Any]) -> str | None:
    """The method a call of a grouped tool ran: the one given, else the field's default."""
    for definition in all_tools():
        if definition.name == tool and definition.methods:
            given = arguments.get(definition.method_arg)
            default = definition.input.model_fields[definition.method_arg].default
            return str(given if given is not None else default)
    return None


def conform(schema: dict[str, Any] | None, content: Any, tool: str) -> None:
    """Fail unless ``content`` is valid against ``schema``, the tool's listed output schema."""
    assert schema is not None, f"{tool} lists no output schema"
    errors = [e.message for e in Draft202012Validator(schema).iter_errors(content)]
    assert errors == [], f"{tool}: its structured content breaks its output schema: {errors}"


@dataclass
class Reached:
    """What a scenario exercised: API operations, and (tool, method) pairs."""

    operations: set[str] = field(default_factory=set)
    calls: set[tuple[str, str | None]] = field(default_factory=set)


class _Recording(httpx2.AsyncBaseTransport):
    def __init__(self, inner: httpx2.AsyncBaseTransport, reached: Reached) -> None:
        self._inner = inner
        self._reached = reached

    async def handle_async_request(self, request: httpx2.Request) -> httpx2.Response:
        path = request.url.path.removeprefix("/v1")
        operation_id = operation_of(request.method, path)
        if operation_id is not None:
            self._reached.operations.add(operation_id)
        return await self._inner.handle_async_request(request)

    async def aclose(self) -> None:
        await self._inner.aclose()


async def run_scenario(
    scenario: Callable[[Caller], Awaitable[None]],
    *,
    toolsets: tuple[str, ...] = ("all",),
    token: str = "gb_local_admin",
    clock: ManualClock,
    prepare: Callable[[Store], None] | None = None,
    inspect: Callable[[str, Any], None] | None = None,
    profile: Literal["seed", "live"] = "seed",
) -> Reached:
    """Run ``scenario`` on a fresh demo workspace; what it reached.

    ``prepare`` may change the workspace first; ``inspect`` sees every tool result.
    """
    reached = Reached()
    # Scenarios import markdown from a temporary folder: let the import read only there.
    store = Store(":memory:", clock=clock, import_root=Path(tempfile.gettempdir()))
    load_demo(store)
    if prepare is not None:
        prepare(store)

    @asynccontextmanager
    async def factory() -> AsyncIterator[GitBookClient]:
        transport = _Recording(LocalTransport(create_app(store, profile=profile)), reached)
        async with GitBookClient(
            token=token, base_url="http://local.test/v1", transport=transport, profile=profile
        ) as client:
            yield client

    server = create_server(
        Settings(local=True, toolsets=toolsets, profile=profile, output_schemas="full"),
        factory=factory,
    )
    try:
        async with Client(server, cache=None) as client:
            schemas = {t.name: t.output_schema for t in (await client.list_tools()).tools}

            async def call(tool: str, **arguments: Any) -> dict[str, Any]:
                result = await client.call_tool(tool, arguments)
                preview = result.structured_content or {}
                if "confirm" in preview and "confirm" not in arguments:
                    # An irreversible step: confirm what was shown, as an agent would.
                    arguments = {**arguments, "confirm": preview["confirm"]}
                    result = await client.call_tool(tool, arguments)
                if inspect is not None:
                    inspect(tool, result)
                text = " ".join(getattr(c, "text", "") for c in result.content)
                assert not result.is_error, f"{tool}({arguments}) failed: {text}"
                conform(schemas[tool], result.structured_content, tool)
                reached.calls.add((tool, _method(tool, arguments)))
                return dict(result.structured_content or {})

            await scenario(call)
    finally:
        store.close()
    return reached
