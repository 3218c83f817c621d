"""The desktop extension: ``manifest.json`` follows the MCPB manifest spec 0.4 with the ``uv``
server type, and its fallback for hosts without 0.4 the spec 0.3 with the ``python`` type (both
checked by the official ``@anthropic-ai/mcpb`` CLI where node is present); ``scripts/build_mcpb.py``
builds each bundle holding everything its manifest names, whose entry point runs."""

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


def _build_mcpb() -> Any:
    import importlib.util

    spec = importlib.util.spec_from_file_location("build_mcpb", ROOT / "scripts" / "build_mcpb.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


FALLBACK: dict[str, Any] = _build_mcpb().python_fallback(MANIFEST)
"""The manifest of ``--runtime python``, for hosts without manifest 0.4."""


def test_the_manifest_has_the_required_fields_and_the_package_version() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert MANIFEST["manifest_version"] == "0.4"
    assert MANIFEST["name"] == project["name"]
    assert MANIFEST["version"] == __version__
    assert MANIFEST["description"]
    assert MANIFEST["author"]["name"]
    server = MANIFEST["server"]
    assert server["type"] == "uv"  # the host manages Python and the dependencies
    assert server["entry_point"].endswith(".py")
    assert server["mcp_config"]["command"] == "uv"  # required by the 0.4 schema all the same
    assert f"{_DIRNAME}{server['entry_point']}" in server["mcp_config"]["args"]
    assert MANIFEST["compatibility"]["runtimes"]["python"] == project["requires-python"]


def test_the_fallback_is_the_python_type_on_manifest_0_3_with_the_same_settings() -> None:
    assert FALLBACK["manifest_version"] == "0.3"
    assert FALLBACK["server"]["type"] == "python"
    assert FALLBACK["server"]["mcp_config"]["env"] == MANIFEST["server"]["mcp_config"]["env"]
    assert FALLBACK["user_config"] == MANIFEST["user_config"]
    assert "uv" in FALLBACK["long_description"]  # it says the app needs uv on its PATH
    args = FALLBACK["server"]["mcp_config"]["args"]
    assert f"{_DIRNAME}{FALLBACK['server']['entry_point']}" in args


def test_the_token_is_a_sensitive_setting_given_in_the_environment_only() -> None:
    token = MANIFEST["user_config"]["api_token"]
    assert token["type"] == "string"
    assert token["sensitive"] is True
    config = MANIFEST["server"]["mcp_config"]
    assert FALLBACK["server"]["mcp_config"]["env"] == config["env"]
    assert config["env"]["GITBOOK_API_TOKEN"] == "${user_config.api_token}"
    assert not any("api_token" in arg for arg in config["args"])  # args show in `ps`
    # The demo switch is a boolean the server's GITBOOK_LOCAL parses ("true"/"false").
    assert MANIFEST["user_config"]["demo"]["type"] == "boolean"
    assert config["env"]["GITBOOK_LOCAL"] == "${user_config.demo}"


def test_every_user_setting_the_server_reads_is_declared() -> None:
    text = json.dumps(MANIFEST["server"])
    used = set(re.findall(r"\$\{user_config\.(\w+)\}", text))
    assert used == set(MANIFEST["user_config"])


def _built(tmp_path_factory: pytest.TempPathFactory, *extra: str) -> Path:
    output = tmp_path_factory.mktemp("mcpb") / "gitbook-mcp.mcpb"
    built = _run(sys.executable, ROOT / "scripts" / "build_mcpb.py", "--output", output, *extra)
    assert built.returncode == 0, built.stderr[-2000:]
    assert built.stdout.strip() == str(output)
    return output


@pytest.fixture(scope="module")
def bundle(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The uv bundle (manifest 0.4), built by the script from a fresh wheel."""
    return _built(tmp_path_factory)


@pytest.fixture(scope="module")
def fallback(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The python bundle (manifest 0.3), for hosts without manifest 0.4."""
    return _built(tmp_path_factory, "--runtime", "python")


def _locked_pins() -> set[str]:
    lock = (ROOT / "requirements.lock").read_text(encoding="utf-8").splitlines()
    return {line.split()[0] for line in lock if re.match(r"[a-z0-9]", line) and "==" in line}


@pytest.mark.slow
def test_the_uv_bundle_holds_the_package_and_the_locked_versions_only(bundle: Path) -> None:
    with zipfile.ZipFile(bundle) as archive:
        names = set(archive.namelist())
        assert json.loads(archive.read("manifest.json")) == MANIFEST
        project = tomllib.loads(archive.read("pyproject.toml").decode())
    assert MANIFEST["server"]["entry_point"] in names
    # The spec: the uv type bundles no dependencies (no server/lib, no virtual environment).
    assert not [n for n in names if n.startswith(("server/lib/", "server/venv/", ".venv/"))]
    assert "src/gitbook_mcp/cli/command.py" in names
    assert any(n.startswith("src/gitbook_mcp/prompts/") for n in names)
    assert any(re.fullmatch(r"src/gitbook_mcp-[^/]+\.dist-info/METADATA", n) for n in names)
    assert set(project["project"]["dependencies"]) == _locked_pins()
    assert "mcp==2.3.0" in project["project"]["dependencies"]
    assert project["project"]["requires-python"] == MANIFEST["compatibility"]["runtimes"]["python"]
    assert project["tool"]["uv"]["package"] is False  # uv installs the pins, builds nothing


@pytest.mark.slow
def test_the_fallback_bundle_holds_the_manifest_and_every_file_it_names(fallback: Path) -> None:
    with zipfile.ZipFile(fallback) as archive:
        names = set(archive.namelist())
        assert json.loads(archive.read("manifest.json")) == FALLBACK
        assert archive.read("server/requirements.txt") == (ROOT / "requirements.lock").read_bytes()
    assert FALLBACK["server"]["entry_point"] in names
    args = FALLBACK["server"]["mcp_config"]["args"]
    paths = [a.removeprefix(_DIRNAME) for a in args if a.startswith(_DIRNAME)]
    assert len(paths) >= 2  # the entry point and the lock
    for path in paths:
        assert path in names, f"the manifest names {path}, not in the bundle"
    assert "server/lib/gitbook_mcp/cli/command.py" in names
    assert any(re.fullmatch(r"server/lib/gitbook_mcp-[^/]+\.dist-info/METADATA", n) for n in names)


@pytest.mark.slow
@pytest.mark.parametrize("which", ["bundle", "fallback"])
def test_the_bundled_entry_point_runs_the_bundled_package(
    which: str, request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    archive_path: Path = request.getfixturevalue(which)
    with zipfile.ZipFile(archive_path) as archive:
        archive.extractall(tmp_path)
        manifest = json.loads(archive.read("manifest.json"))
    entry = tmp_path / manifest["server"]["entry_point"]
    package_dir = entry.parent / "lib" if manifest["server"]["type"] == "python" else entry.parent
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
            f"import sys; sys.path.insert(0, {str(package_dir)!r}); "
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
def test_the_official_mcpb_cli_validates_both_manifests(tmp_path: Path) -> None:
    npx = _npx()
    valid = _run(npx, "--yes", MCPB_CLI, "validate", ROOT / "manifest.json")
    assert valid.returncode == 0, valid.stdout + valid.stderr
    (tmp_path / "fallback.json").write_text(json.dumps(FALLBACK))
    valid = _run(npx, "--yes", MCPB_CLI, "validate", tmp_path / "fallback.json")
    assert valid.returncode == 0, valid.stdout + valid.stderr
    # The same CLI refuses a manifest that breaks the spec: it does check.
    broken = {**MANIFEST, "user_config": {"api_token": {"type": "secret"}}}
    (tmp_path / "manifest.json").write_text(json.dumps(broken))
    refused = _run(npx, "--yes", MCPB_CLI, "validate", tmp_path / "manifest.json")
    assert refused.returncode != 0
    # and the uv type on a 0.3 manifest (what a host without 0.4 reads) is refused too
    old = {**MANIFEST, "manifest_version": "0.3"}
    (tmp_path / "old.json").write_text(json.dumps(old))
    assert _run(npx, "--yes", MCPB_CLI, "validate", tmp_path / "old.json").returncode != 0


def test_the_bundle_holds_only_what_git_tracks(tmp_path: Path) -> None:
    # Red team (issue 36): an untracked src/gitbook_mcp/.env went into the bundle.
    build_mcpb = _build_mcpb()
    checkout = tmp_path / "checkout"
    cloned = _run("git", "clone", "--quiet", "--no-hardlinks", ROOT, checkout)
    assert cloned.returncode == 0, cloned.stderr
    package = checkout / "src" / "gitbook_mcp"
    (package / ".env").write_text("GITBOOK_API_TOKEN=gb_untracked_secret\n", encoding="utf-8")
    (package / "stray.py").write_text("SECRET = 'gb_untracked_secret'\n", encoding="utf-8")
    wheels = tmp_path / "wheels"
    wheels.mkdir()
    wheel = build_mcpb.build_wheel(wheels, root=checkout)
    bundle = build_mcpb.build_bundle(wheel, tmp_path / "x.mcpb", ROOT / "manifest.json")
    with zipfile.ZipFile(bundle) as archive:
        names = archive.namelist()
    assert "src/gitbook_mcp/cli/__init__.py" in names  # tracked: there
    assert not [n for n in names if n.endswith(("/.env", "/stray.py"))]
