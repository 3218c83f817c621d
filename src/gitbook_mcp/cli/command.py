"""The ``gitbook-mcp`` command: ``serve`` (the default), ``local-api`` and ``check-links``.

Each sub-command is a runner taking its own typed settings; `RUNNERS` maps the command's name to
it, so dispatch needs no type checks.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from gitbook_mcp.cli.collector import tune_collector
from gitbook_mcp.cli.parser import CHECK_LINKS, parser
from gitbook_mcp.config.options import (
    ConfigError,
    Configured,
    OptionError,
    Options,
    read_command_line,
    resolve,
)
from gitbook_mcp.config.settings import LocalApiSettings, Settings
from gitbook_mcp.logs import configure_logging, get_logger, is_configured

if TYPE_CHECKING:
    from gitbook_mcp.config.check_links_settings import CheckLinksSettings

__all__ = ["RUNNERS", "Runner", "main", "package_version", "runner"]

S = TypeVar("S", bound=Options)


@dataclass(frozen=True)
class Runner(Generic[S]):
    """A sub-command: the settings class it reads and the function that runs it."""

    options: type[S]
    run: Callable[[S], int]
    configured: Callable[[Mapping[str, object]], Configured] | None = None
    """Option values from a configuration file, given the flags (``check-links``)."""

    def __call__(self, given: Mapping[str, object], environ: Mapping[str, str]) -> int:
        """Resolve the settings (flags, environment, configuration, defaults), report
        problems, then run."""
        configured = self.configured(given) if self.configured is not None else None
        settings = resolve(self.options, given, environ, configured)
        if given.get("api_token"):
            _warn_token_flag(settings)
        problems = settings.problems()
        for problem in problems:
            sys.stderr.write(f"gitbook-mcp: {problem}\n")
        return 2 if problems else self.run(settings)


def _warn_token_flag(settings: Options) -> None:
    """``--token`` was given: say (on stderr) that every local user can read it in ``ps``."""
    if not is_configured():  # logs go to stderr, never stdout (stdio's channel)
        configure_logging(
            level=getattr(settings, "log_level", "INFO"), json=getattr(settings, "log_json", False)
        )
    get_logger("gitbook_mcp").warning(
        "token.on_command_line",
        advice="--token is visible to every user of this machine in `ps`: use --token-file "
        "or GITBOOK_API_TOKEN",
    )


def _local_api(settings: LocalApiSettings) -> int:
    """The local workspace over HTTP (`gitbook_mcp.cli.local_api`), until stopped."""
    from gitbook_mcp.cli.local_api import serve_local_api

    return serve_local_api(settings)


def _serve(settings: Settings) -> int:
    """The server (`gitbook_mcp.cli.serve`), until stopped."""
    from gitbook_mcp.cli.serve import serve

    return serve(settings)


def _check_links(settings: CheckLinksSettings) -> int:
    """One link check (`gitbook_mcp.cli.check_links`): 0 clean, 1 broken, 2 errors, 3
    configuration."""
    from gitbook_mcp.cli.check_links import run

    return run(settings)


def _link_config(given: Mapping[str, object]) -> Configured:
    """The link options of ``--config`` or of the current directory's files."""
    from gitbook_mcp.linkcheck.config import load_config

    return load_config(given.get("config"), Path.cwd())


RUNNERS: dict[str, Runner[Any]] = {
    Settings.COMMAND: Runner(Settings, _serve),
    LocalApiSettings.COMMAND: Runner(LocalApiSettings, _local_api),
}
"""The runners of the commands whose settings are imported with this module; `runner` adds
``check-links``'s on first use (its settings import the link checker)."""


def runner(command: str) -> Runner[Any]:
    """The runner of ``command``."""
    if command == CHECK_LINKS.COMMAND and command not in RUNNERS:
        RUNNERS[command] = Runner(CHECK_LINKS.load(), _check_links, _link_config)
    return RUNNERS[command]


def package_version() -> str:
    """The installed distribution's version (its metadata), or the source's when not installed."""
    try:
        return version("gitbook-mcp")
    except PackageNotFoundError:
        from gitbook_mcp import __version__

        return __version__


class _Version(argparse._VersionAction):
    """argparse's ``--version``, the version read from the metadata only when it is asked for
    (reading it costs every start-up a scan of the installed distributions)."""

    def __call__(self, parser: argparse.ArgumentParser, *args: Any, **kwargs: Any) -> None:
        self.version = f"%(prog)s {package_version()}"
        super().__call__(parser, *args, **kwargs)


def main(argv: Sequence[str] | None = None, environ: Mapping[str, str] = os.environ) -> None:
    """Parse the command line (``--version``: print it and exit), then run the sub-command
    (``serve`` when none is named)."""
    tune_collector()
    command_line = parser()
    command_line.add_argument("--version", action=_Version)
    command, given = read_command_line(command_line, argv, Settings.COMMAND)
    try:
        sys.exit(runner(command)(given, environ))
    except ConfigError as exc:  # check-links's configuration file: its own exit code
        from gitbook_mcp.linkcheck.report.base import clean

        sys.stderr.write(f"gitbook-mcp: configuration: {clean(exc)}\n")
        sys.exit(3)
    except OptionError as exc:
        sys.stderr.write(f"gitbook-mcp: {exc}\n")
        sys.exit(2)
    except KeyboardInterrupt:  # Ctrl-C before serving began (still importing): no traceback
        sys.exit(130)
