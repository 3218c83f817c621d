"""The wheel builds from the runtime lock alone (its hatchling; no dev tool), installs beside that
lock in a clean venv and runs."""

from __future__ import annotations

import json
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _run(*args: str | Path, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(a) for a in args], cwd=cwd, capture_output=True, text=True, timeout=150, check=False
    )


@pytest.mark.slow
@pytest.mark.timeout(170)
def test_the_wheel_builds_and_installs_from_the_runtime_lock_alone_and_runs(
    tmp_path: Path,
) -> None:
    venv = tmp_path / "venv"
    # No pip of its own (ensurepip is a tenth of this test's CPU): this process's pip runs
    # inside the venv's interpreter (``--python``), so what it builds and installs is the
    # venv's, as with the venv's own pip. No byte-compiling of what only --help imports.
    assert _run(sys.executable, "-m", "venv", "--without-pip", venv).returncode == 0
    pip = [
        sys.executable,
        "-m",
        "pip",
        "--python",
        venv / "bin" / "python",
        "--disable-pip-version-check",
    ]
    locked = _run(
        *pip,
        "install",
        "--quiet",
        "--no-compile",
        "--require-hashes",
        "-r",
        ROOT / "requirements.lock",
    )
    assert locked.returncode == 0, locked.stderr[-2000:]
    # As the Dockerfile and scripts/build_mcpb.py build it: the venv's own (locked) hatchling.
    dist = tmp_path / "dist"
    built = _run(*pip, "wheel", "--no-deps", "--no-build-isolation", "--wheel-dir", dist, ROOT)
    assert built.returncode == 0, built.stderr[-2000:]
    [wheel] = dist.glob("gitbook_mcp-*-py3-none-any.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert any(n.startswith("gitbook_mcp/prompts/") and n.endswith(".md") for n in names)
    assert not any(n.startswith("tests/") for n in names)
    # PyPI's description is the README: the MCP registry finds its ownership line there.
    [metadata] = [n for n in names if n.endswith(".dist-info/METADATA")]
    registry_name = json.loads((ROOT / "server.json").read_text())["name"]
    assert f"mcp-name: {registry_name}" in zipfile.ZipFile(wheel).read(metadata).decode()
    alone = _run(*pip, "install", "--quiet", "--no-compile", "--no-deps", wheel)
    assert alone.returncode == 0, alone.stderr[-2000:]

    helped = _run(venv / "bin" / "gitbook-mcp", "--help", cwd=tmp_path)
    assert helped.returncode == 0, helped.stderr[-2000:]
    assert helped.stdout.startswith("usage: gitbook-mcp")
    version = _run(venv / "bin" / "gitbook-mcp", "--version", cwd=tmp_path)
    assert version.stdout.strip() == f"gitbook-mcp {wheel.name.split('-')[1]}"
    packaged = _run(
        venv / "bin" / "python",
        "-c",
        "import importlib.resources as r; print(sorted(p.name for p in "
        "r.files('gitbook_mcp').joinpath('prompts').iterdir()))",
        cwd=tmp_path,
    )
    assert packaged.returncode == 0, packaged.stderr[-2000:]
    assert ".md" in packaged.stdout
