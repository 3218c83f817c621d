"""Build the desktop extension bundle (``.mcpb``) that Claude Desktop installs in one click.

The bundle is a zip archive of:

- ``manifest.json``: the repository's ``manifest.json`` (its version must be the wheel's);
- ``server/main.py``: the entry point the manifest names, which runs ``gitbook_mcp.cli.command``;
- ``server/lib/``: the package as the wheel holds it (the wheel is pure Python: one bundle for
  every platform), its ``.dist-info`` included so that ``--version`` reads the version;
- ``server/requirements.txt``: the runtime lock, whose pinned versions ``uv run`` installs.

The wheel is built from what git tracks (``git ls-files``, copied to a scratch folder), never
from the working tree as it lies: an untracked ``src/gitbook_mcp/.env`` once went into the
bundle. A wheel holding a ``.env`` file is refused either way.

Usage (from the repository root, with the runtime lock installed: its hatchling builds the wheel)::

    python scripts/build_mcpb.py                      # builds the wheel, then dist/gitbook-mcp-<version>.mcpb
    python scripts/build_mcpb.py --wheel dist/gitbook_mcp-0.2.0-py3-none-any.whl --output x.mcpb
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
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


def build_bundle(wheel: Path, output: Path, manifest_path: Path = ROOT / "manifest.json") -> Path:
    """Write the ``.mcpb`` archive at ``output`` from ``wheel`` and the manifest."""
    manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
    version = wheel.name.split("-")[1]
    if manifest["version"] != version:
        raise SystemExit(f"manifest.json is version {manifest['version']}, the wheel {version}")
    output.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(output, "w", zipfile.ZIP_DEFLATED) as bundle:
        bundle.writestr("manifest.json", json.dumps(manifest, indent=2) + "\n")
        bundle.writestr(manifest["server"]["entry_point"], MAIN)
        bundle.write(ROOT / "requirements.lock", "server/requirements.txt")
        with zipfile.ZipFile(wheel) as package:
            if leaked := [n for n in package.namelist() if _secret_like(n)]:
                raise SystemExit(f"the wheel holds {', '.join(leaked)}: refused")
            for item in package.infolist():
                if not item.is_dir():
                    bundle.writestr(f"server/lib/{item.filename}", package.read(item))
    return output


def main(argv: list[str] | None = None) -> int:
    """Build the bundle; print its path."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--wheel", type=Path, help="an existing wheel (default: build one)")
    parser.add_argument("--output", type=Path, help="the bundle (default: dist/<name>.mcpb)")
    args = parser.parse_args(argv)
    manifest = json.loads((ROOT / "manifest.json").read_text(encoding="utf-8"))
    output = args.output or ROOT / "dist" / f"{manifest['name']}-{manifest['version']}.mcpb"
    with tempfile.TemporaryDirectory() as scratch:
        wheel = args.wheel or build_wheel(Path(scratch))
        built = build_bundle(wheel, output)
    sys.stdout.write(f"{built}\n")  # a build tool's output, not the MCP stdio channel
    return 0


if __name__ == "__main__":
    sys.exit(main())
