"""Each client guide of ``docs/clients.md``, from one table: its snippet parses in the client's
format (JSON, TOML or YAML), puts its servers where that client reads them, and each server
entry runs what our server needs (``uvx --from <wheel or reviewed commit> gitbook-mcp`` with the
token from the client's secret reference, or the checkout's ``gitbook-mcp --local`` with no
token), never ``--token`` on the command line."""

from __future__ import annotations

import json
import re
import tomllib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
GUIDE = ROOT / "docs" / "clients.md"
TOKEN = "GITBOOK_API_TOKEN"
Entry = tuple[str, list[str], dict[str, str]]
"""A server as our process sees it: the command, its arguments, the environment it is given."""


def _named_map(
    *path: str, command: str = "command", env: str = "env"
) -> Callable[[Any], dict[str, Entry]]:
    """Servers in a map of name -> entry at ``path`` of the parsed file."""

    def servers(parsed: Any) -> dict[str, Entry]:
        found = parsed
        for key in path:
            found = found[key]
        return {
            name: (entry[command], list(entry.get("args", [])), _env(entry, env))
            for name, entry in found.items()
        }

    return servers


def _env(entry: dict[str, Any], key: str) -> dict[str, str]:
    env = dict(entry.get(key) or {})
    for name in entry.get("env_vars", []):  # Codex: passed on from its own environment
        env[name] = f"<forwarded {name}>"
    return env


def _continue(parsed: Any) -> dict[str, Entry]:
    return {
        e["name"]: (e["command"], list(e.get("args", [])), dict(e.get("env") or {}))
        for e in parsed["mcpServers"]
    }


@dataclass(frozen=True)
class Client:
    heading: str
    language: str
    servers: Callable[[Any], dict[str, Entry]]
    token: str | None
    """The token's value as this client's secret reference, or None: no token in this snippet."""
    file: str
    """Where the client reads it, as the guide must name it."""
    kinds: frozenset[str] = frozenset({"service", "demo"})
    """What the snippet shows: the real service (with the token), the demo (``--local``)."""


CLIENTS = [
    Client(
        "Windsurf",
        "json",
        _named_map("mcpServers"),
        "${env:GITBOOK_API_TOKEN}",
        "~/.codeium/windsurf/mcp_config.json",
    ),
    Client("Zed", "json", _named_map("context_servers"), "gb_api_...", "settings.json"),
    Client("Cline", "json", _named_map("mcpServers"), "gb_api_...", "cline_mcp_settings.json"),
    Client(
        "Codex CLI",
        "toml",
        _named_map("mcp_servers"),
        f"<forwarded {TOKEN}>",
        "~/.codex/config.toml",
    ),
    Client(
        "Gemini CLI",
        "json",
        _named_map("mcpServers"),
        "$GITBOOK_API_TOKEN",
        "~/.gemini/settings.json",
    ),
    Client(
        "Continue", "yaml", _continue, "${{ secrets.GITBOOK_API_TOKEN }}", ".continue/mcpServers/"
    ),
    Client(
        "JetBrains AI Assistant",
        "json",
        _named_map("mcpServers"),
        "gb_api_...",
        "Model Context Protocol (MCP)",
        frozenset({"service"}),
    ),
    Client("LM Studio", "json", _named_map("mcpServers"), "gb_api_...", "mcp.json"),
    Client(
        "Goose",
        "yaml",
        _named_map("extensions", command="cmd", env="envs"),
        None,
        "~/.config/goose/config.yaml",
        frozenset({"demo"}),
    ),
]


def _section(heading: str) -> str:
    text = GUIDE.read_text(encoding="utf-8")
    after = text.split(f"\n## {heading}\n", 1)[1]
    return after.split("\n## ", 1)[0]


def _snippet(client: Client) -> Any:
    blocks = re.findall(rf"(?ms)^```{client.language}\n(.*?)^```", _section(client.heading))
    assert len(blocks) == 1, f"{client.heading}: one {client.language} snippet"
    [block] = blocks
    if client.language == "json":
        return json.loads(block)
    if client.language == "toml":
        return tomllib.loads(block)
    return yaml.safe_load(block)


def test_every_major_client_has_a_guide() -> None:
    text = GUIDE.read_text(encoding="utf-8")
    headings = set(re.findall(r"(?m)^## (.+)$", text))
    assert {c.heading for c in CLIENTS} <= headings
    # and the four guides tested by test_client_configs.py
    assert {"Claude Desktop", "Claude Code", "VS Code", "Cursor"} <= headings


@pytest.mark.parametrize("client", CLIENTS, ids=[c.heading for c in CLIENTS])
def test_the_guide_names_where_the_client_reads_it(client: Client) -> None:
    assert client.file in _section(client.heading)


@pytest.mark.parametrize("client", CLIENTS, ids=[c.heading for c in CLIENTS])
def test_each_server_runs_what_gitbook_mcp_needs(client: Client) -> None:
    servers = client.servers(_snippet(client))
    assert servers, client.heading
    kinds = set()
    for name, (command, args, env) in servers.items():
        assert "--token" not in args, f"{name}: a token on the command line shows in `ps`"
        if command.endswith("/.venv/bin/gitbook-mcp"):
            assert args == ["--local"], name
            assert TOKEN not in env, f"{name}: the demo needs no token"
            assert name == "gitbook-local", "apart from the repository's own gitbook-demo"
            kinds.add("demo")
            continue
        assert Path(command).name == "uvx", name
        source = args[args.index("--from") + 1]
        assert source.endswith("-py3-none-any.whl") or source.endswith("@<full-commit-sha>")
        assert args[-1] == "gitbook-mcp", name
        assert env.get(TOKEN) == client.token, f"{name}: the token as {client.heading} refers to it"
        kinds.add("service")
    assert kinds == client.kinds


def test_the_codex_snippet_waits_for_a_first_start() -> None:
    [codex] = [c for c in CLIENTS if c.heading == "Codex CLI"]
    table = _snippet(codex)["mcp_servers"]["gitbook"]
    assert table["startup_timeout_sec"] >= 60  # uvx's first start installs; Codex waits 10 s


def test_secret_references_are_the_clients_own() -> None:
    # A literal token is documented only where the client has no reference syntax, and the
    # guide then says to keep the file private.
    for client in CLIENTS:
        if client.token == "gb_api_...":
            assert "no secret reference" in _section(client.heading), client.heading
