"""The options tables, from the settings classes' rows (`gitbook_mcp.config.options`): every
option in ``docs/options.md``, the few most used in the README."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from gitbook_mcp.config.options import Options, Row, rows

__all__ = ["table_markdown"]


def table_markdown(
    classes: Sequence[type[Options]], only: Collection[tuple[str, str]] | None = None
) -> str:
    """The options table: one line per option, with the commands that take it; with ``only``,
    the options named there by (flag, first command taking it), in the table's order."""
    commands: dict[tuple[str, str, str], list[str]] = {}
    first: dict[tuple[str, str, str], Row] = {}
    for cls in classes:
        for row in rows(cls):
            key = (row.flag, row.meaning(), row.default_text())
            commands.setdefault(key, []).append(cls.COMMAND)
            first.setdefault(key, row)
    order = [cls.COMMAND for cls in classes]
    lines = ["| flag | environment | default | command | meaning |", "|---|---|---|---|---|"]
    # the first command's own options, then the shared ones, then the other commands' own
    for key, row in sorted(first.items(), key=lambda item: _group(commands[item[0]], order)):
        if only is not None and (row.flag, commands[key][0]) not in only:
            continue
        env = f"`{row.env}`" if row.env else ""
        default = row.default_text()
        if default and row.shown is None and row.parser.kind != "bool":
            default = f"`{default}`"
        lines.append(
            f"| `{row.flag}` | {env} | {default} | {', '.join(commands[key])} | {row.meaning()} |"
        )
    return "\n".join(lines)


def _group(commands: list[str], order: list[str]) -> int:
    if len(commands) > 1:
        return 1
    return 0 if commands[0] == order[0] else 2
