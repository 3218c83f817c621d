"""Size signals of the code: a module over 400 lines or a function over 60 says why.

Size is a review signal, not a reason to split a concern in two: a module may pass 400 lines
when a line of its docstring, at its top, says why (``Over 400 lines: <reason>``); a function
may pass 60 when the comment block right above its ``def`` (or its decorators) says why
(``# Over 60 lines: <reason>``). The reason must be words, not just the marker.
"""

from __future__ import annotations

import ast
from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "src" / "gitbook_mcp"
MODULE_LINES = 400
FUNCTION_LINES = 60


def _reason(line: str, limit: int, marker: str = "# ") -> bool:
    marker = f"{marker}Over {limit} lines:"
    text = line.strip()
    return text.startswith(marker) and len(text.removeprefix(marker).split()) >= 3


def _module_says_why(source: str) -> bool:
    """Whether a line of the module's docstring gives its reason for passing `MODULE_LINES`."""
    docstring = ast.get_docstring(ast.parse(source)) or ""
    return any(_reason(line, MODULE_LINES, marker="") for line in docstring.splitlines())


def _comment_above(lines: list[str], first: int) -> list[str]:
    """The contiguous comment lines right above line ``first`` (1-based)."""
    block: list[str] = []
    index = first - 2
    while index >= 0 and lines[index].strip().startswith("#"):
        block.insert(0, lines[index])
        index -= 1
    return block


def _modules() -> list[Path]:
    return sorted(SRC.rglob("*.py"))


def test_every_module_is_under_the_line_limit_or_says_why() -> None:
    over = []
    for path in _modules():
        source = path.read_text(encoding="utf-8")
        lines = source.splitlines()
        if len(lines) > MODULE_LINES and not _module_says_why(source):
            over.append(f"{path.relative_to(SRC)}: {len(lines)} lines")
    assert not over, (
        "modules over 400 lines whose docstring has no 'Over 400 lines: why' line:\n"
        + "\n".join(over)
    )


def test_every_function_is_under_the_line_limit_or_says_why() -> None:
    over = []
    for path in _modules():
        source = path.read_text(encoding="utf-8")
        lines = source.splitlines()
        for node in ast.walk(ast.parse(source, str(path))):
            if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            length = (node.end_lineno or node.lineno) - node.lineno + 1
            first = min([node.lineno, *(d.lineno for d in node.decorator_list)])
            above = _comment_above(lines, first)
            if length > FUNCTION_LINES and not any(_reason(c, FUNCTION_LINES) for c in above):
                over.append(f"{path.relative_to(SRC)}:{node.lineno} {node.name}: {length} lines")
    assert not over, (
        "functions over 60 lines without a '# Over 60 lines: why' comment above:\n"
        + "\n".join(over)
    )


def test_a_long_module_says_why_in_its_docstring() -> None:
    why = '"""The table of every tag.\n\nOver 400 lines: one literal table of every tag.\n"""\n'
    assert _module_says_why(why + "x = 1\n" * 500)
    assert not _module_says_why('"""The table of every tag."""\n' + "x = 1\n" * 500)
    assert not _module_says_why('"""Tags."""\n# Over 400 lines: one literal table of every tag\n')
    assert not _module_says_why('"""Tags.\n\nOver 400 lines: ok\n"""\n')


def test_the_reason_must_be_words() -> None:
    assert _reason("    # Over 60 lines: the demo content is one literal table", 60)
    assert not _reason("# Over 60 lines: the demo content is one literal table", 400)
    assert not _reason("# Over 60 lines:", 60)
    assert not _reason("# Over 60 lines: ok", 60)
    assert not _reason("x = 1  # Over 60 lines: not a comment line of its own", 60)


def test_the_reason_is_read_from_the_comment_block_above() -> None:
    lines = ["x = 1", "# Over 60 lines: one pass over the", "# whole table", "def f():"]
    assert _comment_above(lines, 4) == lines[1:3]
    assert _comment_above(lines, 1) == []
