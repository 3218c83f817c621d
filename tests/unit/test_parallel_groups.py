"""The suite runs in parallel processes (``pytest -n auto --dist loadgroup``): a module whose
fixture is built once per module must keep its tests on one worker, or each worker builds it."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]


def _scope(decorator: ast.expr) -> str | None:
    if isinstance(decorator, ast.Call):
        for keyword in decorator.keywords:
            if keyword.arg == "scope" and isinstance(keyword.value, ast.Constant):
                return str(keyword.value.value)
    return None


def _groups(tree: ast.Module) -> list[str]:
    """The names given to ``pytest.mark.xdist_group`` in the module's ``pytestmark``."""
    found: list[str] = []
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "xdist_group"
            and node.args
            and isinstance(node.args[0], ast.Constant)
        ):
            found.append(str(node.args[0].value))
    return found


def _modules() -> list[tuple[Path, ast.Module]]:
    return [
        (path, ast.parse(path.read_text(encoding="utf-8")))
        for path in sorted(TESTS.rglob("test_*.py"))
        if "corpora" not in path.parts
    ]


def test_a_module_with_a_module_fixture_runs_on_one_worker() -> None:
    missing = []
    for path, tree in _modules():
        scopes = {
            _scope(decorator)
            for node in ast.walk(tree)
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
            for decorator in node.decorator_list
        }
        if scopes & {"module", "package"} and path.stem not in _groups(tree):
            missing.append(path.relative_to(TESTS).as_posix())
    assert missing == [], f'add pytest.mark.xdist_group("<module name>") to pytestmark: {missing}'


def test_each_group_is_one_module() -> None:
    owners: dict[str, list[str]] = {}
    for path, tree in _modules():
        for group in _groups(tree):
            owners.setdefault(group, []).append(path.stem)
    assert {group: names for group, names in owners.items() if names != [group]} == {}


_GROUPED = """
import os
from pathlib import Path

import pytest

pytestmark = pytest.mark.xdist_group("grouped")


@pytest.mark.parametrize("n", range(8))
def test_records_its_worker(n: int) -> None:
    Path(f"worker-{n}").write_text(os.environ["PYTEST_XDIST_WORKER"])
"""


def test_the_installed_pytest_and_xdist_keep_a_group_on_one_worker(tmp_path: Path) -> None:
    """The marks above are only worth anything if ``--dist loadgroup`` honours them: pytest 9.2
    with pytest-xdist 3.8 silently spread a group over the workers (pytest-dev/pytest-xdist#1386),
    and every grouped module's fixtures ran once per worker."""
    (tmp_path / "pytest.ini").write_text("[pytest]\n", encoding="utf-8")
    (tmp_path / "test_grouped.py").write_text(_GROUPED, encoding="utf-8")
    env = {**os.environ, "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1"}
    command = [sys.executable, "-m", "pytest", "-p", "xdist", "-n", "2", "--dist", "loadgroup"]
    done = subprocess.run(
        [*command, "-q", "-p", "no:cacheprovider", "test_grouped.py"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    workers = {(tmp_path / f"worker-{n}").read_text() for n in range(8)}
    assert len(workers) == 1, workers
