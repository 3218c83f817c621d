"""The desktop extension: ``manifest.json`` follows the MCPB manifest spec (checked by the official
``@anthropic-ai/mcpb`` CLI where node is present), and ``scripts/build_mcpb.py`` builds a bundle
holding everything the manifest names, whose entry point runs."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path
from typing import Any

import pytest

from gitbook_mcp import __version__

pytestmark = [pytest.mark.xdist_group("test_mcpb")]

ROOT = Path(__file__).resolve().parents[2]
MANIFEST: dict[str, Any] = json.loads((ROOT / "manifest.json").read_text())
MCPB_CLI = "@anthropic-ai/mcpb@2.1.2"
"""The official CLI, pinned (npm)."""
_DIRNAME = "${__dirname}/"


def _run(*args: str | Path, cwd: Path = ROOT, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(a) for a in args],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=280,
        check=False,
        env={**os.environ, **env},
    )


def test_the_manifest_has_the_required_fields_and_the_package_version() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert MANIFEST["manifest_version"] in ("0.2", "0.3")
    assert MANIFEST["name"] == project["name"]
    assert MANIFEST["version"] == __version__
    assert MANIFEST["description"]
    assert MANIFEST["author"]["name"]
    server = MANIFEST["server"]
    assert server["type"] == "python"
    assert server["entry_point"].endswith(".py")
    assert server["mcp_config"]["command"]
    assert f"{_DIRNAME}{server['entry_point']}" in server["mcp_config"]["args"]


def test_the_token_is_a_sensitive_setting_given_in_the_environment_only() -> None:
    token = MANIFEST["user_config"]["api_token"]
    assert token["type"] == "string"
    assert token["sensitive"] is True
    config = MANIFEST["server"]["mcp_config"]
    assert config["env"]["GITBOOK_API_TOKEN"] == "${user_config.api_token}"
    assert not any("api_token" in arg for arg in config["args"])  # args show in `ps`
    # The demo switch is a boolean the server's GITBOOK_LOCAL parses ("true"/"false").
    assert MANIFEST["user_config"]["demo"]["type"] == "boolean"
    assert config["env"]["GITBOOK_LOCAL"] == "${user_config.demo}"


def test_every_user_setting_the_server_reads_is_declared() -> None:
    text = json.dumps(MANIFEST["server"])
    used = set(re.findall(r"\$\{user_config\.(\w+)\}", text))
    assert used == set(MANIFEST["user_config"])


@pytest.fixture(scope="module")
def bundle(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The bundle, built by the script from a fresh wheel."""
    output = tmp_path_factory.mktemp("mcpb") / "gitbook-mcp.mcpb"
    built = _run(sys.executable, ROOT / "scripts" / "build_mcpb.py", "--output", output)
    assert built.returncode == 0, built.stderr[-2000:]
    assert built.stdout.strip() == str(output)
    return output


@pytest.mark.slow
def test_the_bundle_holds_the_manifest_and_every_file_it_names(bundle: Path) -> None:
    with zipfile.ZipFile(bundle) as archive:
        names = set(archive.namelist())
        assert json.loads(archive.read("manifest.json")) == MANIFEST
        assert archive.read("server/requirements.txt") == (ROOT / "requirements.lock").read_bytes()
    assert MANIFEST["server"]["entry_point"] in names
    args = MANIFEST["server"]["mcp_config"]["args"]
    paths = [a.removeprefix(_DIRNAME) for a in args if a.startswith(_DIRNAME)]
    assert len(paths) >= 2  # the entry point and the lock
    for path in paths:
        assert path in names, f"the manifest names {path}, not in the bundle"
    assert "server/lib/gitbook_mcp/cli/command.py" in names
    assert any(n.startswith("server/lib/gitbook_mcp/prompts/") for n in names)
    assert any(re.fullmatch(r"server/lib/gitbook_mcp-[^/]+\.dist-info/METADATA", n) for n in names)


@pytest.mark.slow
def test_the_bundled_entry_point_runs_the_bundled_package(bundle: Path, tmp_path: Path) -> None:
    with zipfile.ZipFile(bundle) as archive:
        archive.extractall(tmp_path)
    entry = tmp_path / MANIFEST["server"]["entry_point"]
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    done = subprocess.run(
        [sys.executable, entry, "--version"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        env=env,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == f"gitbook-mcp {MANIFEST['version']}"
    where = subprocess.run(
        [
            sys.executable,
            "-c",
            f"import sys; sys.path.insert(0, {str(entry.parent / 'lib')!r}); "
            "import gitbook_mcp; print(gitbook_mcp.__file__)",
        ],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        env=env,
    )
    assert Path(where.stdout.strip()).is_relative_to(tmp_path)


def _npx() -> str:
    npx = shutil.which("npx")
    if shutil.which("node") is None or npx is None:
        pytest.skip("node not present")
    return npx


@pytest.mark.slow
@pytest.mark.timeout(300)
def test_the_official_mcpb_cli_validates_the_manifest(tmp_path: Path) -> None:
    npx = _npx()
    valid = _run(npx, "--yes", MCPB_CLI, "validate", ROOT / "manifest.json")
    assert valid.returncode == 0, valid.stdout + valid.stderr
    # The same CLI refuses a manifest that breaks the spec: it does check.
    broken = {**MANIFEST, "user_config": {"api_token": {"type": "secret"}}}
    (tmp_path / "manifest.json").write_text(json.dumps(broken))
    refused = _run(npx, "--yes", MCPB_CLI, "validate", tmp_path / "manifest.json")
    assert refused.returncode != 0


def test_the_bundle_holds_only_what_git_tracks(tmp_path: Path) -> None:
    # Red team (issue 36): an untracked src/gitbook_mcp/.env went into the bundle.
    import importlib.util

    spec = importlib.util.spec_from_file_location("build_mcpb", ROOT / "scripts" / "build_mcpb.py")
    assert spec is not None
    assert spec.loader is not None
    build_mcpb = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build_mcpb)
    checkout = tmp_path / "checkout"
    cloned = _run("git", "clone", "--quiet", "--no-hardlinks", ROOT, checkout)
    assert cloned.returncode == 0, cloned.stderr
    package = checkout / "src" / "gitbook_mcp"
    (package / ".env").write_text("GITBOOK_API_TOKEN=gb_untracked_secret\n", encoding="utf-8")
    (package / "stray.py").write_text("SECRET = 'gb_untracked_secret'\n", encoding="utf-8")
    wheels = tmp_path / "wheels"
    wheels.mkdir()
    wheel = build_mcpb.build_wheel(wheels, root=checkout)
    bundle = build_mcpb.build_bundle(wheel, tmp_path / "x.mcpb", checkout / "manifest.json")
    with zipfile.ZipFile(bundle) as archive:
        names = archive.namelist()
    assert "server/lib/gitbook_mcp/cli/__init__.py" in names  # tracked: there
    assert not [n for n in names if n.endswith(("/.env", "/stray.py"))]
