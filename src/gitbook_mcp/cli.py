"""The ``gitbook-mcp`` command: ``serve`` (the default) and ``local-api``.

Each sub-command is a runner taking its own typed settings; `RUNNERS` maps the command's name to
it, so dispatch needs no type checks.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

import anyio

from gitbook_mcp.logs import configure_logging, get_logger
from gitbook_mcp.options import OptionError, Options, read_command_line, resolve
from gitbook_mcp.settings import LocalApiSettings, Settings, parser

__all__ = ["RUNNERS", "Runner", "main"]

S = TypeVar("S", bound=Options)


@dataclass(frozen=True)
class Runner(Generic[S]):
    """A sub-command: the settings class it reads and the function that runs it."""

    options: type[S]
    run: Callable[[S], int]

    def __call__(self, given: Mapping[str, object], environ: Mapping[str, str]) -> int:
        """Resolve the settings (flags, environment, defaults), report problems, then run."""
        settings = resolve(self.options, given, environ)
        problems = settings.problems()
        for problem in problems:
            sys.stderr.write(f"gitbook-mcp: {problem}\n")
        return 2 if problems else self.run(settings)


def _serve(settings: Settings) -> int:
    from gitbook_mcp.server.runner import create_server
    from gitbook_mcp.server.toolsets import SelectionError
    from gitbook_mcp.server.transports import run

    configure_logging(level=settings.log_level, json=settings.log_json)
    log = get_logger("gitbook_mcp")
    try:
        server = create_server(settings)
    except SelectionError as exc:
        sys.stderr.write(f"gitbook-mcp: {exc}\n")
        return 2
    log.info(
        "server.start",
        transport=settings.transport,
        local=settings.local,
        toolsets=",".join(settings.toolsets),
        read_only=settings.read_only,
    )
    try:
        anyio.run(run, server, settings)
    except KeyboardInterrupt:
        return 0
    return 0


def _local_api(settings: LocalApiSettings) -> int:
    import uvicorn

    from gitbook_mcp.local import FaultConfig, RateLimitConfig, Store, create_app, load_demo

    s = settings
    configure_logging(level=s.log_level, json=s.log_json)
    log = get_logger("gitbook_mcp.local")
    store = Store(s.db)
    if s.seed == "demo":
        load_demo(store)
    faults = FaultConfig(
        latency_ms=s.latency_ms,
        latency_jitter_ms=s.latency_jitter_ms,
        error_rate=s.error_rate,
        drop_rate=s.drop_rate,
        rate_limit_rate=s.rate_limit_rate,
        slow_rate=s.slow_rate,
        slow_ms=s.slow_ms,
        seed=s.fault_seed,
    )
    rate_limit = (
        RateLimitConfig(limit=s.rate_limit, window_s=s.rate_window) if s.rate_limit else None
    )
    app = create_app(store, faults=faults, rate_limit=rate_limit)
    log.info("local_api.start", url=f"http://{s.host}:{s.port}/v1", db=s.db, seed=s.seed)
    uvicorn.run(app, host=s.host, port=s.port, log_level=s.log_level.lower(), access_log=False)
    store.close()
    return 0


RUNNERS: dict[str, Runner[Any]] = {
    Settings.COMMAND: Runner(Settings, _serve),
    LocalApiSettings.COMMAND: Runner(LocalApiSettings, _local_api),
}


def main(argv: Sequence[str] | None = None, environ: Mapping[str, str] = os.environ) -> None:
    """Parse the command line, then run the sub-command (``serve`` when none is named)."""
    command, given = read_command_line(parser(), argv, Settings.COMMAND)
    try:
        sys.exit(RUNNERS[command](given, environ))
    except OptionError as exc:
        sys.stderr.write(f"gitbook-mcp: {exc}\n")
        sys.exit(2)
