"""Distribution files: server.json (MCP registry, schema 2025-12-11) and the README's tables."""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

from gitbook_mcp import __version__
from gitbook_mcp.server.docs import (
    PERMISSIONS_DOC,
    defaults_markdown,
    permissions_doc_with_generated_section,
    readme_with_generated_sections,
)
from gitbook_mcp.server.toolsets import DEFAULT_TOOLSETS, TOOLSETS, all_tools

ROOT = Path(__file__).resolve().parents[3]


def test_server_json_follows_the_registry_rules() -> None:
    data = json.loads((ROOT / "server.json").read_text())
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert (
        data["$schema"]
        == "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json"
    )
    assert re.fullmatch(r"[a-zA-Z0-9.-]+/[a-zA-Z0-9._-]+", data["name"])
    assert 1 <= len(data["description"]) <= 100
    assert data["version"] == __version__
    package = data["packages"][0]
    assert package["registryType"] == "pypi"
    assert package["identifier"] == project["name"]
    assert package["version"] == __version__ != "latest"
    assert package["runtimeHint"] == "uvx"
    assert package["transport"] == {"type": "stdio"}
    token = next(v for v in package["environmentVariables"] if v["name"] == "GITBOOK_API_TOKEN")
    assert token["isSecret"] is True
    assert token["isRequired"] is True
    allowed = {
        "name",
        "description",
        "isRequired",
        "isSecret",
        "format",
        "default",
        "value",
        "placeholder",
        "choices",
    }
    for variable in [v for p in data["packages"] for v in p["environmentVariables"]]:
        assert set(variable) <= allowed


def test_readme_tables_are_generated_from_the_definitions() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    expected = readme_with_generated_sections(readme)
    assert readme == expected, "README tables are stale: run python -m gitbook_mcp.server.docs"


def test_the_permission_table_is_generated_from_the_definitions() -> None:
    text = (ROOT / PERMISSIONS_DOC).read_text(encoding="utf-8")
    assert "<!-- permissions:start -->" in text
    assert "<!-- permissions:start -->" not in (ROOT / "README.md").read_text(encoding="utf-8")
    assert text == permissions_doc_with_generated_section(text), (
        f"{PERMISSIONS_DOC} is stale: run python -m gitbook_mcp.server.docs"
    )
    assert PERMISSIONS_DOC in (ROOT / "README.md").read_text(encoding="utf-8")


def test_the_readme_states_the_default_toolsets_as_the_code_declares_them() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    stated = readme.split("<!-- defaults:start -->")[1].split("<!-- defaults:end -->")[0]
    for toolset in TOOLSETS:
        opt_in = stated.split("The opt-in toolsets are")[1]
        assert (f"`{toolset.id}`" in opt_in) is (not toolset.default), toolset.id
    assert f"({len([t for t in all_tools() if t.toolset in DEFAULT_TOOLSETS])} tools" in stated
    assert defaults_markdown() in readme
    # The README never tells people to turn on a toolset that is already on by default.
    for sentence in readme.split("--toolsets ")[1:]:
        named = sentence.split("`")[0].split()[0].split(",")
        assert not [n for n in named if n in DEFAULT_TOOLSETS], named
