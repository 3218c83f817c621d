"""The SDK's private names this server touches (`gitbook_mcp.server.sdk`): each one is still
where the adapter expects it, in the shape it uses, named in the test's id when it is not."""

from __future__ import annotations

import ast
import importlib
import inspect
from pathlib import Path
from typing import Any

import pytest
from mcp.server.lowlevel import NotificationOptions, Server
from mcp.server.mcpserver import MCPServer
from mcp.types import ServerCapabilities

import gitbook_mcp
from gitbook_mcp.server.sdk import PRIVATE_NAMES, AdaptedServer, replace_capabilities

SRC = Path(gitbook_mcp.__file__).parent


def _owner(where: str) -> Any:
    """The module, class or (``Name()``) fresh instance that ``where`` names."""
    instance = where.endswith("()")
    path = where.removesuffix("()")
    try:
        return importlib.import_module(path)
    except ModuleNotFoundError:
        module, _, name = path.rpartition(".")
        owner = getattr(importlib.import_module(module), name)
    if instance:
        return owner(name="probe") if owner is not MCPServer else owner("probe")
    return owner


@pytest.mark.parametrize(("where", "name"), PRIVATE_NAMES, ids=[n for _, n in PRIVATE_NAMES])
def test_the_sdk_still_has_the_name(where: str, name: str) -> None:
    assert hasattr(_owner(where), name), f"the SDK moved {where}.{name}: see gitbook_mcp.server.sdk"


def test_claim_fd_takes_the_arguments_the_adapter_gives() -> None:
    from mcp.server import stdio

    assert list(inspect.signature(stdio._claim_fd).parameters) == [
        "fd",
        "stream",
        "mode",
        "open_diversion",
    ]
    assert list(inspect.signature(stdio._open_stdout_diversion).parameters) == []


def test_the_sdk_asks_the_servers_tool_schema_hook() -> None:
    class Probe(AdaptedServer):
        def tool_input_schema(self, name: str) -> dict[str, Any] | None:
            return {"type": "object", "title": name}

    server = Probe("probe")
    assert isinstance(server.lowlevel, Server)
    lookup = server.lowlevel.get_tool_input_schema
    assert lookup is not None
    assert lookup("search") == {"type": "object", "title": "search"}


def test_replaced_capabilities_are_what_the_handshake_advertises() -> None:
    low = MCPServer("probe")._lowlevel_server

    def capabilities(*_: Any, **__: Any) -> ServerCapabilities:
        return ServerCapabilities(experimental={"probe": {}})

    replace_capabilities(low, capabilities)
    options = low.create_initialization_options(NotificationOptions())
    assert options.capabilities.experimental == {"probe": {}}


NAMES = {name for _, name in PRIVATE_NAMES}


def _private_sdk_uses(path: Path) -> list[str]:
    """In one module: ``mcp`` private names imported, the private names above read or defined,
    and a public one replaced (assigned to)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "mcp":
            found += [a.name for a in node.names if a.name.startswith("_")]
        elif isinstance(node, ast.Attribute) and node.attr in NAMES:
            if node.attr.startswith("_") or isinstance(node.ctx, ast.Store):
                found.append(node.attr)
        elif isinstance(node, ast.FunctionDef) and node.name in NAMES and node.name[0] == "_":
            found.append(node.name)
    return found


def test_only_the_adapter_touches_the_sdks_private_names() -> None:
    outside = {
        str(path.relative_to(SRC)): uses
        for path in sorted(SRC.rglob("*.py"))
        if path != SRC / "server" / "sdk.py" and (uses := _private_sdk_uses(path))
    }
    assert outside == {}


def test_the_scan_sees_a_private_import(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text(
        "from mcp.server.stdio import _claim_fd\n"
        "x = server._lowlevel_server\n"
        "y = low.get_capabilities\n"
        "low.get_capabilities = y\n"
    )
    assert sorted(_private_sdk_uses(module)) == [
        "_claim_fd",
        "_lowlevel_server",
        "get_capabilities",
    ]
