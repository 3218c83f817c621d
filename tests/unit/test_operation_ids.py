"""Each operationId is written in ``src/`` only in the API's table (`gitbook_mcp.api`), on the
client method that implements it (``@operation("<operationId>")``) and on the local workspace's
route row that serves it (``RouteSpec("<operationId>", handler)``), once each. Everything else
(the tools' needs, the profile checks) refers to the method or the table."""

from __future__ import annotations

import ast
from collections import Counter
from pathlib import Path

from gitbook_mcp.api import OPERATIONS

SRC = Path(__file__).resolve().parents[2] / "src" / "gitbook_mcp"

PERMISSION_FLAGS = {"createOpenAPISpec"}
"""Also the name of an organization permission flag (``OrganizationPermissions``), which the
local workspace's access rules and the tools' permissions spell."""


MARKERS = ("operation", "RouteSpec")
"""The calls whose first argument may be an operationId: the client's marker, the route row."""


def _written() -> tuple[list[tuple[str, str]], dict[str, Counter[str]]]:
    """Where an operationId stands as a string outside the table and the markers, and how many
    markers of each kind name each."""
    strays: list[tuple[str, str]] = []
    marks: dict[str, Counter[str]] = {name: Counter() for name in MARKERS}
    for path in sorted(SRC.rglob("*.py")):
        if path == SRC / "api.py":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        in_marker = set()
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in MARKERS
                and node.args
                and isinstance(node.args[0], ast.Constant)
            ):
                in_marker.add(id(node.args[0]))
                marks[node.func.id][str(node.args[0].value)] += 1
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Constant)
                and node.value in OPERATIONS
                and id(node) not in in_marker
                and node.value not in PERMISSION_FLAGS
            ):
                strays.append((str(path.relative_to(SRC)), str(node.value)))
    return strays, marks


def test_no_operation_id_is_written_outside_the_table_and_its_markers() -> None:
    strays, marks = _written()
    assert strays == []
    for marked in marks.values():
        assert {op for op, n in marked.items() if n > 1} == set()
        # every operation has its one method and its one route
        assert set(marked) == set(OPERATIONS)
