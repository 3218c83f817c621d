"""Build the desktop extension bundle (``.mcpb``) that Claude Desktop installs in one click.

Two bundles, from the one ``manifest.json`` (MCPB manifest 0.4):

- ``--runtime uv`` (the default): ``server.type`` ``"uv"``, where the host manages Python and the
  dependencies with uv (MCPB 0.4, experimental in the spec). The archive holds
  ``manifest.json``, ``pyproject.toml`` (the runtime lock's versions, pinned, as the project's
  dependencies; ``[tool.uv] package = false``), ``src/server.py`` (the entry point) and
  ``src/gitbook_mcp/`` with its ``.dist-info`` (so that ``--version`` reads the version); no
  ``server/lib`` and no virtual environment, as the spec requires of this type.
- ``--runtime python``, the fallback for hosts that do not know manifest 0.4 (they refuse
  ``server.type: "uv"``): the manifest as 0.3, ``server.type`` ``"python"``, started with
  ``uv run --with-requirements`` (so uv must be on the host's PATH), the package in
  ``server/lib/`` and the runtime lock as ``server/requirements.txt``.

The wheel is built from what git tracks (``git ls-files``, copied to a scratch folder), never
from the working tree as it lies: an untracked ``src/gitbook_mcp/.env`` once went into the
bundle. A wheel holding a ``.env`` file is refused either way.

Usage (from the repository root, with the runtime lock installed: its hatchling builds the wheel)::

    python scripts/build_mcpb.py                      # dist/gitbook-mcp-<version>.mcpb (uv)
    python scripts/build_mcpb.py --runtime python     # dist/gitbook-mcp-<version>-python.mcpb
    python scripts/build_mcpb.py --wheel dist/gitbook_mcp-0.2.0-py3-none-any.whl --output x.mcpb
"""

from __future__ import annotations

import argparse
import json
import posixpath
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
UV_MAIN = '''"""Entry point of the gitbook-mcp desktop extension: the server on stdio.

The package is beside this file (its folder is first on sys.path); the host's uv installs the
dependencies that pyproject.toml pins.
"""

from gitbook_mcp.cli import main

main()
'''
MAIN = '''"""Entry point of the gitbook-mcp desktop extension: the server on stdio.

The package is in lib/ beside this file; uv supplies the dependencies of requirements.txt.
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent / "lib"))

from gitbook_mcp.cli import main  # noqa: E402 - after the path is set

main()
'''


def tracked_tree(root: Path, into: Path) -> Path:
    """A copy of the files git tracks in ``root`` (as they are in the working tree), in
    ``into``; untracked and ignored files are left behind."""
    listed = subprocess.run(
        ["git", "-C", str(root), "ls-files", "-z", "--cached"],
        check=True,
        capture_output=True,
    ).stdout.decode("utf-8")
    for name in filter(None, listed.split("\0")):
        source = root / name
        if source.is_symlink() or not source.is_file():  # deleted, a submodule or a link
            continue
        target = into / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source, target)
    return into


def build_wheel(outdir: Path, root: Path = ROOT) -> Path:
    """The package's wheel, built from the files git tracks in ``root`` with this
    interpreter's (locked) hatchling, no dev tool."""
    with tempfile.TemporaryDirectory() as scratch:
        source = tracked_tree(root, Path(scratch) / "src")
        command = [sys.executable, "-m", "pip", "wheel", "--quiet", "--disable-pip-version-check"]
        command += ["--no-deps", "--no-build-isolation", "--wheel-dir", str(outdir), str(source)]
        subprocess.run(command, check=True)
    [wheel] = outdir.glob("gitbook_mcp-*-py3-none-any.whl")
    return wheel


def _secret_like(name: str) -> bool:
    return Path(name).name.startswith(".env")


def build_bundle(
    wheel: Path,
    output: Path,
    manifest_path: Path = ROOT / "manifest.json",
    runtime: str = "uv",
) -> Path:
    """Write the ``.mcpb`` archive at ``output`` from ``wheel`` and the manifest."""
    manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
    version = wheel.name.split("-")[1]
    if manifest["version"] != version:
        raise SystemExit(f"manifest.json is version {manifest['version']}, the wheel {version}")
    lock = manifest_path.parent / "requirements.lock"
    if runtime == "python":
        manifest = python_fallback(manifest)
    output.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(output, "w", zipfile.ZIP_DEFLATED) as bundle:
        bundle.writestr("manifest.json", json.dumps(manifest, indent=2) + "\n")
        entry = manifest["server"]["entry_point"]
        if runtime == "python":
            bundle.writestr(entry, MAIN)
            bundle.write(lock, "server/requirements.txt")
        else:
            bundle.writestr(entry, UV_MAIN)
            bundle.writestr("pyproject.toml", bundle_pyproject(manifest, lock))
        package_dir = posixpath.dirname(entry) + ("/lib" if runtime == "python" else "")
        with zipfile.ZipFile(wheel) as package:
            if leaked := [n for n in package.namelist() if _secret_like(n)]:
                raise SystemExit(f"the wheel holds {', '.join(leaked)}: refused")
            for item in package.infolist():
                if not item.is_dir():
                    bundle.writestr(f"{package_dir}/{item.filename}", package.read(item))
    return output


def locked_pins(lock: Path) -> list[str]:
    """``name==version`` of every package the runtime lock pins (hashes left out: uv resolves
    exactly these versions from the index)."""
    pins = []
    for line in lock.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith((" ", "#")) and "==" in line:
            pins.append(line.split()[0])
    return pins


def bundle_pyproject(manifest: dict[str, Any], lock: Path) -> str:
    """The bundle's ``pyproject.toml``: a project that is not a package, whose dependencies are
    the runtime lock's versions, for the host's uv to install."""
    python = manifest["compatibility"]["runtimes"]["python"]
    deps = "".join(f'  "{pin}",\n' for pin in locked_pins(lock))
    return (
        "# The gitbook-mcp desktop extension: the host's uv installs these (requirements.lock).\n"
        "[project]\n"
        f'name = "{manifest["name"]}-bundle"\n'
        f'version = "{manifest["version"]}"\n'
        f'requires-python = "{python}"\n'
        f"dependencies = [\n{deps}]\n\n"
        "[tool.uv]\n"
        "package = false\n"
    )


def python_fallback(manifest: dict[str, Any]) -> dict[str, Any]:
    """The manifest for hosts without manifest 0.4: 0.3, ``server.type`` ``"python"``, started
    with ``uv run`` from the host's PATH over the runtime lock."""
    env = manifest["server"]["mcp_config"]["env"]
    server = {
        "type": "python",
        "entry_point": "server/main.py",
        "mcp_config": {
            "command": "uv",
            "args": [
                "run",
                "--no-project",
                "--python",
                manifest["compatibility"]["runtimes"]["python"],
                "--with-requirements",
                "${__dirname}/server/requirements.txt",
                "${__dirname}/server/main.py",
            ],
            "env": env,
        },
    }
    description = manifest["long_description"].replace(
        "The host installs Python 3.11+ and the locked dependencies with uv on first start.",
        "Needs uv (https://docs.astral.sh/uv/) on the app's PATH, which fetches Python 3.11+ "
        "and the locked dependencies on first start.",
    )
    return {
        **manifest,
        "manifest_version": "0.3",
        "server": server,
        "long_description": description,
    }


def main(argv: list[str] | None = None) -> int:
    """Build the bundle; print its path."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--wheel", type=Path, help="an existing wheel (default: build one)")
    parser.add_argument("--output", type=Path, help="the bundle (default: dist/<name>.mcpb)")
    parser.add_argument(
        "--runtime",
        choices=("uv", "python"),
        default="uv",
        help="uv: manifest 0.4, the host runs uv (default); python: manifest 0.3, for hosts "
        "without 0.4, uv on the app's PATH",
    )
    args = parser.parse_args(argv)
    manifest = json.loads((ROOT / "manifest.json").read_text(encoding="utf-8"))
    suffix = "" if args.runtime == "uv" else "-python"
    name = f"{manifest['name']}-{manifest['version']}{suffix}.mcpb"
    output = args.output or ROOT / "dist" / name
    with tempfile.TemporaryDirectory() as scratch:
        wheel = args.wheel or build_wheel(Path(scratch))
        built = build_bundle(wheel, output, runtime=args.runtime)
    sys.stdout.write(f"{built}\n")  # a build tool's output, not the MCP stdio channel
    return 0


if __name__ == "__main__":
    sys.exit(main())
