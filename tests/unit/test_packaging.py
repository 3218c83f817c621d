"""Packaging: every third-party import is declared, and both locks pin every package by hash."""

from __future__ import annotations

import ast
import re
import sys
import tomllib
from importlib.metadata import packages_distributions
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.version import Version

ROOT = Path(__file__).resolve().parents[2]
LOCKS = ("requirements.lock", "requirements-dev.lock")
UV_LOCK = "requirements-uv.lock"  # the installer test.sh installs the dev lock with
_NAME = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)")


def _normalise(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _lock_entries(text: str) -> dict[str, list[str]]:
    """Each requirement of a pip-compile lock with the hashes under it."""
    entries: dict[str, list[str]] = {}
    current: str | None = None
    for line in text.splitlines():
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        if stripped.startswith("--hash="):
            assert current is not None, f"a hash before any requirement: {line!r}"
            entries[current].append(stripped.removeprefix("--hash=").rstrip(" \\"))
            continue
        match = _NAME.match(stripped)
        assert match is not None, f"not a requirement: {line!r}"
        assert "==" in stripped, f"not pinned with ==: {line!r}"
        current = _normalise(match.group(1))
        entries[current] = []
    return entries


def _declared(extra: str | None = None) -> set[str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    requirements = (
        project["dependencies"] if extra is None else project["optional-dependencies"][extra]
    )
    return {_normalise(m.group(1)) for r in requirements if (m := _NAME.match(r))}


def _third_party_imports() -> set[str]:
    """Top-level modules imported anywhere in src/ that are neither ours nor the stdlib's."""
    names: set[str] = set()
    for path in (ROOT / "src").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Import):
                names.update(alias.name.partition(".")[0] for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names.add(node.module.partition(".")[0])
    return {n for n in names if n != "gitbook_mcp" and n not in sys.stdlib_module_names}


@pytest.mark.parametrize("lock", [*LOCKS, UV_LOCK])
def test_every_locked_package_is_pinned_with_hashes(lock: str) -> None:
    entries = _lock_entries((ROOT / lock).read_text())
    assert entries
    unhashed = [name for name, hashes in entries.items() if not hashes]
    assert not unhashed, f"{lock}: no --hash for {unhashed}"
    for hashes in entries.values():
        assert all(re.fullmatch(r"sha256:[0-9a-f]{64}", h) for h in hashes), hashes


def test_every_import_of_the_code_is_a_declared_dependency() -> None:
    """Code that imports a package (starlette, uvicorn) must not rely on another one bringing it."""
    owners = packages_distributions()
    declared = _declared()
    missing = {
        module: owners.get(module, ["?"])
        for module in _third_party_imports()
        if not declared & {_normalise(d) for d in owners.get(module, [])}
    }
    assert not missing, f"imported but not declared in [project.dependencies]: {missing}"


def test_the_runtime_lock_holds_the_runtime_dependencies_and_no_dev_tools() -> None:
    runtime = set(_lock_entries((ROOT / "requirements.lock").read_text()))
    dev = set(_lock_entries((ROOT / "requirements-dev.lock").read_text()))
    assert _declared() <= runtime
    assert _declared("dev") <= dev
    assert not {"pytest", "ruff", "mypy", "schemathesis"} & runtime
    assert runtime <= dev, "the dev lock must pin everything the runtime lock pins"


@pytest.mark.parametrize(("script", "lock"), [("run.sh", LOCKS[0]), ("test.sh", LOCKS[1])])
def test_the_scripts_install_the_locks_with_hash_checking(script: str, lock: str) -> None:
    text = (ROOT / "scripts" / script).read_text()
    assert f"--require-hashes -r {lock}" in text


def test_the_test_script_installs_uv_from_its_lock_and_falls_back_to_pip() -> None:
    """uv is itself pinned by hash and taken only as a wheel; pip installs the same lock otherwise."""
    text = (ROOT / "scripts" / "test.sh").read_text()
    flat = " ".join(text.replace("\\\n", " ").split())  # continued lines joined
    assert f"--only-binary uv --require-hashes -r {UV_LOCK}" in flat
    assert set(_lock_entries((ROOT / UV_LOCK).read_text())) == {"uv"}
    _, uv, fallback = text.partition('"${UV[@]}" --require-hashes -r requirements-dev.lock')
    assert uv, "uv installs the dev lock"
    assert '"${PIP[@]}" --require-hashes -r requirements-dev.lock' in fallback


def _pins(lock: str) -> dict[str, Version]:
    pins: dict[str, Version] = {}
    for line in (ROOT / lock).read_text().splitlines():
        name, sep, version = line.strip().rstrip(" \\").partition("==")
        if sep and not line.startswith((" ", "#")):
            pins[_normalise(name)] = Version(version)
    return pins


def _runtime_requirements() -> list[Requirement]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    return [Requirement(r) for r in project["dependencies"]]


def test_every_runtime_dependency_is_bounded_above_and_its_pin_lies_within() -> None:
    """A major release cannot arrive unreviewed, and the locks agree with pyproject.toml."""
    for lock in LOCKS:
        pins = _pins(lock)
        for requirement in _runtime_requirements():
            specs = {s.operator for s in requirement.specifier}
            assert "<" in specs, f"{requirement}: no upper bound"
            pin = pins[_normalise(requirement.name)]
            assert requirement.specifier.contains(pin), f"{lock}: {requirement.name}=={pin}"


def test_starlette_is_at_least_the_release_with_the_security_fixes() -> None:
    (starlette,) = [r for r in _runtime_requirements() if r.name == "starlette"]
    assert not starlette.specifier.contains(Version("1.0.0"))
    assert starlette.specifier.contains(Version("1.0.1"))
