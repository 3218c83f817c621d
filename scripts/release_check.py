"""Checks that a release is one version everywhere, before anything is published.

The version has one source, ``__version__`` in ``src/gitbook_mcp/__init__.py`` (pyproject.toml
reads it through hatchling). This checks that server.json (its own version, the PyPI package's,
the OCI image's tag), manifest.json and the Dockerfile's registry label agree with it; given the
tag being released, that the tag is ``v<version>`` and CHANGELOG.md has a section for it; given a
folder of built files, that each carries the version. The release workflow runs it; so do the
tests.

    python scripts/release_check.py [--tag v0.3.0] [--dist dist/]
"""

from __future__ import annotations

import argparse
import ast
import json
import shlex
import sys
from pathlib import Path

__all__ = ["REGISTRY_LABEL", "problems", "source_version"]

ROOT = Path(__file__).resolve().parents[1]
REGISTRY_LABEL = "io.modelcontextprotocol.server.name"
"""The image label the MCP registry reads to check that an OCI image belongs to the server."""


def source_version(root: Path = ROOT) -> str:
    """``__version__`` of the package, read without importing it."""
    tree = ast.parse((root / "src" / "gitbook_mcp" / "__init__.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if (
            isinstance(node, ast.Assign)
            and [getattr(t, "id", None) for t in node.targets] == ["__version__"]
            and isinstance(node.value, ast.Constant)
            and isinstance(node.value.value, str)
        ):
            return node.value.value
    raise SystemExit("src/gitbook_mcp/__init__.py has no __version__ = '...' line")


def _package_problems(package: dict[str, object], version: str) -> list[str]:
    kind = package.get("registryType")
    identifier = str(package.get("identifier", ""))
    if kind == "pypi":
        if package.get("version") != version:
            return [f"server.json: the PyPI package is version {package.get('version')}"]
    elif kind == "oci":
        tag = identifier.rpartition(":")[2]
        if tag != version:
            return [f"server.json: the image {identifier} is not tagged {version}"]
    else:
        return [f"server.json: unexpected package type {kind!r}"]
    return []


def _label(dockerfile: str) -> str | None:
    """The value of the registry label in the Dockerfile (``LABEL name="value" ...``)."""
    for line in dockerfile.replace("\\\n", " ").splitlines():
        if line.lstrip().upper().startswith("LABEL "):
            for pair in shlex.split(line, comments=True)[1:]:
                key, _, value = pair.partition("=")
                if key == REGISTRY_LABEL:
                    return value
    return None


def problems(root: Path = ROOT, tag: str | None = None, dist: Path | None = None) -> list[str]:
    """Everything that disagrees with the source version; empty when the release is coherent."""
    version = source_version(root)
    found: list[str] = []
    server = json.loads((root / "server.json").read_text(encoding="utf-8"))
    if server.get("version") != version:
        found.append(f"server.json: version {server.get('version')}, the package {version}")
    for package in server.get("packages", []):
        found += _package_problems(package, version)
    manifest = json.loads((root / "manifest.json").read_text(encoding="utf-8"))
    if manifest.get("version") != version:
        found.append(f"manifest.json: version {manifest.get('version')}, the package {version}")
    label = _label((root / "Dockerfile").read_text(encoding="utf-8"))
    if label != server.get("name"):
        found.append(f"Dockerfile: LABEL {REGISTRY_LABEL}={label!r}, server.json {server['name']}")
    if tag is not None:
        if tag != f"v{version}":
            found.append(f"the tag {tag} is not v{version}")
        changelog = (root / "CHANGELOG.md").read_text(encoding="utf-8")
        if not any(line.startswith(f"## [{version}]") for line in changelog.splitlines()):
            found.append(f"CHANGELOG.md has no '## [{version}]' section: cut the release first")
    if dist is not None:
        files = sorted(p.name for p in dist.iterdir() if p.suffix in (".whl", ".gz"))
        if len(files) != 2:
            found.append(f"{dist}: expected one wheel and one sdist, found {files}")
        found += [
            f"{dist}/{name}: not version {version}" for name in files if f"-{version}" not in name
        ]
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tag", help="the git tag being released (v<version>)")
    parser.add_argument("--dist", type=Path, help="the folder holding the built wheel and sdist")
    args = parser.parse_args(argv)
    found = problems(ROOT, args.tag, args.dist)
    for problem in found:
        sys.stderr.write(f"release check: {problem}\n")
    if not found:
        sys.stdout.write(f"release check: {source_version()} everywhere\n")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
