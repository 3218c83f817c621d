"""The command line of ``gitbook-mcp``, built from the settings classes of its sub-commands.

``check-links``'s settings class (`gitbook_mcp.config.check_links_settings`) is imported only when the
command line names it: its link options import the whole link checker, which the server's
start-up never needs. ``python -m gitbook_mcp.cli.parser`` rewrites the options tables (every
option in ``docs/options.md``, the most used in the README).
"""

from __future__ import annotations

import os
from argparse import ArgumentParser
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from gitbook_mcp.config.command_parser import LaterCommand
from gitbook_mcp.config.options import Options, build_parser, read_command_line, resolve
from gitbook_mcp.config.options_table import table_markdown
from gitbook_mcp.config.readme import replace_section
from gitbook_mcp.config.settings import (
    CHECK_LINKS_COMMAND,
    CHECK_LINKS_SUMMARY,
    LocalApiSettings,
    Settings,
)

if TYPE_CHECKING:
    from gitbook_mcp.config.check_links_settings import CheckLinksSettings

__all__ = [
    "CHECK_LINKS",
    "MOST_USED",
    "OPTIONS_DOC",
    "commands",
    "common_options_markdown",
    "options_markdown",
    "parse_args",
    "parser",
]

OPTIONS_DOC = "docs/options.md"
"""The file holding every option (the README holds the `MOST_USED`), from the repository root."""
MOST_USED = (
    ("--toolsets", "serve"),
    ("--read-only", "serve"),
    ("--transport", "serve"),
    ("--local", "serve"),
    ("--reset-local", "serve"),
    ("--token", "serve"),
    ("--token-file", "serve"),
    ("--local-db", "serve"),
    ("--profile", "serve"),
    ("--log-level", "serve"),
)
"""The README's short table: (flag, first command taking it)."""


def check_links_settings() -> type[CheckLinksSettings]:
    """``check-links``'s settings class."""
    # Imported on use: its link options import the whole link checker, which `serve` never needs.
    from gitbook_mcp.config.check_links_settings import CheckLinksSettings

    return CheckLinksSettings


CHECK_LINKS: LaterCommand[type[Options]] = LaterCommand(
    CHECK_LINKS_COMMAND, CHECK_LINKS_SUMMARY, check_links_settings
)
"""``check-links``, whose options are added to the command line only when it is named."""


def commands() -> tuple[type[Settings], type[LocalApiSettings], type[CheckLinksSettings]]:
    """The settings class of each sub-command (``serve``, the default, first)."""
    return Settings, LocalApiSettings, check_links_settings()


def parser() -> ArgumentParser:
    """The command line of ``gitbook-mcp``, built from the settings classes."""
    return build_parser(
        "gitbook-mcp",
        "MCP server for a documentation workspace (serve is the default command).",
        (Settings, LocalApiSettings),
        (CHECK_LINKS,),
    )


def parse_args(
    argv: Sequence[str] | None, environ: Mapping[str, str] = os.environ
) -> Settings | LocalApiSettings | CheckLinksSettings:
    """The settings of the command named in ``argv``: flags, then ``environ``, then defaults."""
    command, given = read_command_line(parser(), argv, Settings.COMMAND)
    if command == LocalApiSettings.COMMAND:
        return resolve(LocalApiSettings, given, environ)
    if command == CHECK_LINKS.COMMAND:
        return resolve(check_links_settings(), given, environ)
    return resolve(Settings, given, environ)


def options_markdown() -> str:
    """Every option (``docs/options.md``)."""
    return table_markdown(commands())


def common_options_markdown() -> str:
    """The most used options (the README)."""
    return table_markdown(commands(), only=MOST_USED)


def main() -> None:
    """Rewrite both options tables in place (``python -m gitbook_mcp.cli.parser``, from the
    repository root)."""
    for path, name, table in (
        (Path(OPTIONS_DOC), "options", options_markdown()),
        (Path("README.md"), "common-options", common_options_markdown()),
    ):
        text = path.read_text(encoding="utf-8")
        path.write_text(replace_section(text, name, table), encoding="utf-8")


if __name__ == "__main__":
    main()
