"""The client set-up recipes: every ``json`` and ``yaml`` block of the README and of ``docs/``
parses, as does the committed ``.mcp.json``; every server entry passes the API token in its
environment (never as ``--token``) from a secret reference or runs the demo workspace; and VS
Code's entries prompt for the token as a password input."""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path
from typing import Any

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
_PLACEHOLDER = re.compile(r"\$\{(?:input:[\w-]+|env:\w+|\w+)\}|\$\w+|gb_api_\.\.\.")


def _blocks(path: Path, *languages: str) -> list[str]:
    """The fenced blocks of ``path`` in one of ``languages`` (indented fences included)."""
    blocks: list[str] = []
    current: list[str] | None = None
    indent = 0
    for line in path.read_text(encoding="utf-8").splitlines():
        stripped = line.strip()
        if current is None and stripped.startswith("```") and stripped[3:] in languages:
            current, indent = [], len(line) - len(line.lstrip())
        elif current is not None and stripped == "```":
            blocks.append("\n".join(current))
            current = None
        elif current is not None:
            current.append(line[indent:])
    assert current is None, f"{path.name}: an unclosed fence"
    return blocks


JSON_BLOCKS = [(f"{p.name}#{n}", block) for p in DOCS for n, block in enumerate(_blocks(p, "json"))]
YAML_BLOCKS = [
    (f"{p.name}#{n}", block) for p in DOCS for n, block in enumerate(_blocks(p, "yaml", "yml"))
]


def _configs() -> list[tuple[str, dict[str, Any]]]:
    found = [(name, json.loads(block)) for name, block in JSON_BLOCKS]
    found.append((".mcp.json", json.loads((ROOT / ".mcp.json").read_text(encoding="utf-8"))))
    return [(n, c) for n, c in found if "mcpServers" in c or "servers" in c]


CONFIGS = _configs()
SERVERS = [
    (f"{name}:{server}", entry, config)
    for name, config in CONFIGS
    for server, entry in (config.get("mcpServers") or config["servers"]).items()
]


def test_the_docs_hold_recipes_for_each_client() -> None:
    assert len(JSON_BLOCKS) >= 6
    clients = (ROOT / "docs" / "clients.md").read_text(encoding="utf-8")
    for where in (
        "claude_desktop_config.json",
        "claude mcp add",
        ".vscode/mcp.json",
        "~/.cursor/mcp.json",
        ".cursor/mcp.json",
        "scripts/build_mcpb.py",
    ):
        assert where in clients
    assert "docs/clients.md" in (ROOT / "README.md").read_text(encoding="utf-8")


@pytest.mark.parametrize(("name", "block"), JSON_BLOCKS, ids=[n for n, _ in JSON_BLOCKS])
def test_every_json_block_parses(name: str, block: str) -> None:
    assert isinstance(json.loads(block), dict), name


@pytest.mark.parametrize(("name", "block"), YAML_BLOCKS, ids=[n for n, _ in YAML_BLOCKS])
def test_every_yaml_block_parses(name: str, block: str) -> None:
    assert yaml.safe_load(block) is not None, name


def test_the_committed_mcp_json_runs_the_demo_through_the_run_script() -> None:
    config = json.loads((ROOT / ".mcp.json").read_text(encoding="utf-8"))
    [entry] = config["mcpServers"].values()
    assert entry["type"] == "stdio"
    assert entry["command"] == "bash"
    [script] = entry["args"]
    assert (ROOT / script).is_file()
    assert "gitbook-mcp --local" in (ROOT / script).read_text(encoding="utf-8")
    assert "env" not in entry  # the demo needs no token


@pytest.mark.parametrize(("name", "entry", "config"), SERVERS, ids=[s[0] for s in SERVERS])
def test_each_server_gets_its_token_from_the_environment_or_runs_the_demo(
    name: str, entry: dict[str, Any], config: dict[str, Any]
) -> None:
    args = [str(a) for a in entry.get("args", [])]
    assert entry["command"]
    assert "--token" not in args, f"{name}: a token on the command line shows in `ps`"
    env = entry.get("env", {})
    demo = "--local" in args or args == ["scripts/run.sh"]
    if demo:
        assert "GITBOOK_API_TOKEN" not in env, name
        return
    token = env["GITBOOK_API_TOKEN"]
    assert _PLACEHOLDER.fullmatch(token), f"{name}: {token!r} is neither a reference nor a stub"
    if "servers" in config:  # VS Code: the token comes from a password prompt
        assert entry["type"] == "stdio"
        [input_id] = re.findall(r"\$\{input:([\w-]+)\}", token)
        [prompt] = [i for i in config["inputs"] if i["id"] == input_id]
        assert prompt["type"] == "promptString"
        assert prompt["password"] is True


@pytest.mark.parametrize(("name", "entry", "config"), SERVERS, ids=[s[0] for s in SERVERS])
def test_uvx_runs_the_console_script_from_a_wheel_or_a_pinned_commit(
    name: str, entry: dict[str, Any], config: dict[str, Any]
) -> None:
    if not entry["command"].endswith("uvx"):
        return
    args = entry["args"]
    source = args[args.index("--from") + 1]
    assert source.endswith("-py3-none-any.whl") or source.endswith("@<full-commit-sha>"), name
    assert args[-1] == "gitbook-mcp"


def test_the_readme_names_the_registry_server_for_its_ownership_check() -> None:
    name = json.loads((ROOT / "server.json").read_text(encoding="utf-8"))["name"]
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert f"mcp-name: {name}" in readme
    assert re.fullmatch(r"io\.github\.[\w-]+/gitbook-mcp", name)


def _claude_commands() -> list[list[str]]:
    """Every `claude mcp add` command of the README and docs/, continuation lines joined and
    split as a shell would."""
    commands: list[list[str]] = []
    for path in DOCS:
        text = path.read_text(encoding="utf-8").replace("\\\n", " ")
        for line in text.splitlines():
            start = line.find("claude mcp add ")
            if start >= 0:
                words = shlex.split(line[start:].strip().strip("`|").strip("`"))
                commands.append(words)
    return commands


def test_claude_code_commands_name_the_server_before_the_variadic_env_option() -> None:
    commands = _claude_commands()
    assert len(commands) >= 3
    for words in commands:
        name = words[3]
        # `--env` (like `-e` and `--header`) takes every following word up to the next option,
        # so a name after it would be read as one more variable: it must come first.
        assert not name.startswith("-"), words
        assert "--" in words, words
        assert words.index("--") > 3, words


def test_the_docs_demo_entry_does_not_clash_with_the_committed_one() -> None:
    committed = set(json.loads((ROOT / ".mcp.json").read_text(encoding="utf-8"))["mcpServers"])
    documented = {words[3] for words in _claude_commands()}
    assert not committed & documented
