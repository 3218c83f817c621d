"""A release is one version everywhere, and server.json is what the MCP registry accepts.

server.json is validated against the official schema of the version it declares, vendored in
``tests/deploy/schemas/`` byte for byte (sha256 pinned below); ``scripts/release_check.py``,
which the release workflow runs on the tag, is checked to catch each disagreement it names.
"""

from __future__ import annotations

import copy
import hashlib
import importlib.util
import json
import re
import shutil
import tomllib
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from jsonschema import Draft7Validator, FormatChecker

from gitbook_mcp import __version__

ROOT = Path(__file__).resolve().parents[2]
SCHEMAS = Path(__file__).parent / "schemas"
# https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json, as published
# (modelcontextprotocol/registry, docs/reference/server-json/server.schema.json at that version).
SCHEMA_SHA256 = {
    "2025-12-11": "3fba09590c99f61735d234822279f4223fab9e300c0a81e81c91ab62a4114de0",
}
SERVER: dict[str, Any] = json.loads((ROOT / "server.json").read_text(encoding="utf-8"))


def _release_check() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "release_check", ROOT / "scripts/release_check.py"
    )
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


release_check = _release_check()


def _validator() -> Draft7Validator:
    """The vendored schema of the version server.json declares in ``$schema``."""
    version = re.fullmatch(
        r"https://static\.modelcontextprotocol\.io/schemas/([\d-]+)/server\.schema\.json",
        SERVER["$schema"],
    )
    assert version, SERVER["$schema"]
    raw = (SCHEMAS / f"server.schema.{version.group(1)}.json").read_bytes()
    assert hashlib.sha256(raw).hexdigest() == SCHEMA_SHA256[version.group(1)]
    schema = json.loads(raw)
    assert schema["$id"] == SERVER["$schema"]
    return Draft7Validator(schema, format_checker=FormatChecker())


def test_server_json_is_valid_against_the_schema_version_it_declares() -> None:
    validator = _validator()
    assert not [e.message for e in validator.iter_errors(SERVER)]


@pytest.mark.parametrize(
    ("path", "value"),
    [
        (("description",), "x" * 101),
        (("name",), "gitbook-mcp"),
        (("repository",), {"url": "https://github.com/gitbook-mcp/gitbook-mcp"}),
        (("packages", 0, "version"), "latest"),
        (("packages", 1, "transport"), {"type": "streamable-http"}),
        (("packages", 1, "environmentVariables", 0, "isSecret"), "yes"),
    ],
)
def test_the_vendored_schema_refuses_what_the_registry_refuses(
    path: tuple[str | int, ...], value: object
) -> None:
    broken = copy.deepcopy(SERVER)
    parent: Any = broken
    for key in path[:-1]:
        parent = parent[key]
    parent[path[-1]] = value
    assert list(_validator().iter_errors(broken))


def test_server_json_names_the_repository_the_pypi_package_and_the_image() -> None:
    owner = SERVER["name"].removeprefix("io.github.").partition("/")[0]
    assert SERVER["repository"] == {
        "url": f"https://github.com/{owner}/gitbook-mcp",
        "source": "github",
    }
    pypi, oci = SERVER["packages"]
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert (pypi["registryType"], pypi["identifier"], pypi["version"]) == (
        "pypi",
        project["name"],
        __version__,
    )
    assert (pypi["runtimeHint"], pypi["transport"]) == ("uvx", {"type": "stdio"})
    assert oci["registryType"] == "oci"
    assert oci["identifier"] == f"ghcr.io/{owner}/gitbook-mcp:{__version__}"
    # The image serves HTTP by default; a registry client runs it for stdio.
    assert (oci["runtimeHint"], oci["transport"]) == ("docker", {"type": "stdio"})
    assert [(a["name"], a["value"]) for a in oci["packageArguments"]] == [("--transport", "stdio")]
    assert oci["environmentVariables"] == pypi["environmentVariables"]


def test_the_release_check_passes_on_the_tree_and_its_tag() -> None:
    assert release_check.source_version(ROOT) == __version__
    assert release_check.problems(ROOT) == []
    assert release_check.problems(ROOT, tag=f"v{__version__}") == []


def _copy(tmp_path: Path) -> Path:
    for name in ("server.json", "manifest.json", "Dockerfile", "CHANGELOG.md"):
        shutil.copy(ROOT / name, tmp_path / name)
    (tmp_path / "src" / "gitbook_mcp").mkdir(parents=True, exist_ok=True)
    shutil.copy(ROOT / "src/gitbook_mcp/__init__.py", tmp_path / "src/gitbook_mcp/__init__.py")
    return tmp_path


def _edit_json(path: Path, edit: Any) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    edit(data)
    path.write_text(json.dumps(data), encoding="utf-8")


def test_the_release_check_names_each_disagreement(tmp_path: Path) -> None:
    root = _copy(tmp_path)
    init = root / "src/gitbook_mcp/__init__.py"
    init.write_text(init.read_text().replace(f'"{__version__}"', '"9.9.9"'))
    found = release_check.problems(root, tag="v9.9.9")
    assert any(p.startswith("server.json: version") for p in found)
    assert any("the PyPI package" in p for p in found)
    assert any("is not tagged 9.9.9" in p for p in found)
    assert any(p.startswith("manifest.json") for p in found)
    assert any("'## [9.9.9]'" in p for p in found)
    assert not any(p.startswith("the tag") for p in found)

    root = _copy(tmp_path)
    _edit_json(root / "server.json", lambda d: d.update(name="io.github.someone/else"))
    (found,) = release_check.problems(root)
    assert found.startswith("Dockerfile: LABEL io.modelcontextprotocol.server.name")
    assert release_check.problems(_copy(tmp_path), tag="v0.0.1") == [
        f"the tag v0.0.1 is not v{__version__}"
    ]


def test_the_release_check_reads_the_built_files(tmp_path: Path) -> None:
    dist = tmp_path / "dist"
    dist.mkdir()
    (dist / f"gitbook_mcp-{__version__}-py3-none-any.whl").write_bytes(b"")
    assert release_check.problems(ROOT, dist=dist) == [
        f"{dist}: expected one wheel and one sdist, found "
        f"{[f'gitbook_mcp-{__version__}-py3-none-any.whl']}"
    ]
    (dist / "gitbook_mcp-0.0.1.tar.gz").write_bytes(b"")
    assert release_check.problems(ROOT, dist=dist) == [
        f"{dist}/gitbook_mcp-0.0.1.tar.gz: not version {__version__}"
    ]


def test_the_documented_docker_recipe_runs_the_image_server_json_names() -> None:
    """docs/deployment.md's stdio recipe and its client entry are the OCI package's command."""
    oci = SERVER["packages"][1]
    arguments = [w for a in oci["packageArguments"] for w in (a["name"], a["value"])]
    expected = ["run", "-i", "--rm", "-e", "GITBOOK_API_TOKEN", oci["identifier"], *arguments]
    text = (ROOT / "docs" / "deployment.md").read_text(encoding="utf-8")
    assert f"docker {' '.join(expected)}\n" in text
    entries = [
        json.loads(block)["mcpServers"]["gitbook"]
        for block in re.findall(r"^```json\n(.*?)^```$", text, flags=re.MULTILINE | re.DOTALL)
        if '"docker"' in block
    ]
    assert [(e["command"], e["args"]) for e in entries] == [("docker", expected)]
    assert set(entries[0]["env"]) == {"GITBOOK_API_TOKEN"}
