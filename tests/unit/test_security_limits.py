"""SECURITY.md's table of limits agrees with the code: every row names a constant, a parameter
or an option that exists where the row says, with the default the row says."""

from __future__ import annotations

import importlib
import inspect
import re
from pathlib import Path
from typing import Any

import pytest

from gitbook_mcp.cli.parser import commands
from gitbook_mcp.config.options import rows

ROOT = Path(__file__).resolve().parents[2]
_CODE = re.compile(r"`([^`]+)`")
COMMAND_ROWS = {cls.COMMAND: {row.flag: row for row in rows(cls)} for cls in commands()}


def _table(text: str) -> list[tuple[str, str, str, str]]:
    """(limit, default, where, protects) of each row between the limits markers."""
    body = text.split("<!-- limits:start -->", 1)[1].split("<!-- limits:end -->", 1)[0]
    lines = [line for line in body.strip().splitlines() if line.startswith("|")]
    cells = [[cell.strip() for cell in line.strip("|").split("|")] for line in lines[2:]]
    assert all(len(row) == 4 for row in cells), "a row of the limits table lacks a column"
    return [(row[0], row[1], row[2], row[3]) for row in cells]


LIMITS = _table((ROOT / "SECURITY.md").read_text(encoding="utf-8"))


def _code(cell: str) -> str:
    match = _CODE.search(cell)
    assert match, f"no `code` in {cell!r}"
    return match.group(1)


def _resolve(dotted: str) -> Any:
    """A module, or an attribute of the longest importable prefix of ``dotted``."""
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            found: Any = importlib.import_module(".".join(parts[:cut]))
        except ModuleNotFoundError:
            continue
        for name in parts[cut:]:
            found = getattr(found, name)
        return found
    raise AssertionError(f"nothing importable in {dotted}")


def _same(actual: Any, written: str) -> bool:
    if isinstance(actual, bool) or not isinstance(actual, int | float):
        return str(actual) == written
    try:
        return float(written) == float(actual)
    except ValueError:
        return False


def test_the_table_lists_the_limits_of_every_layer() -> None:
    wheres = " ".join(where for _, _, where, _ in LIMITS)
    assert len(LIMITS) >= 40
    for layer in ("server.http.transports", "client.constants", "local.http", "serve", "local-api"):
        assert layer in wheres
    assert all(protects for *_, protects in LIMITS)


@pytest.mark.parametrize(
    ("limit", "default", "where", "protects"), LIMITS, ids=[f"{r[0]}@{r[2]}" for r in LIMITS]
)
def test_each_limit_exists_where_the_table_says_with_its_default(
    limit: str, default: str, where: str, protects: str
) -> None:
    name, written = _code(limit), _code(default)
    if name.startswith("--"):
        commands = _CODE.findall(where)
        assert commands
        for command in commands:
            row = COMMAND_ROWS[command].get(name)
            assert row is not None, f"{command} has no option {name}"
            assert row.default_text() == written, f"{command} {name}: {row.default_text()}"
        return
    owner = _resolve(_code(where))
    if inspect.ismodule(owner):
        assert hasattr(owner, name), f"{where} has no {name}"
        actual = getattr(owner, name)
    else:
        parameter = inspect.signature(owner).parameters.get(name)
        assert parameter is not None, f"{where} takes no {name}"
        actual = parameter.default
    assert _same(actual, written), f"{where}.{name} is {actual!r}, the table says {written}"
