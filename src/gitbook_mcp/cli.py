"""The ``gitbook-mcp`` command: ``serve`` (the default), ``local-api`` and ``check-links``.

Each sub-command is a runner taking its own typed settings; `RUNNERS` maps the command's name to
it, so dispatch needs no type checks.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any, Generic, TypeVar

import anyio
import structlog

from gitbook_mcp.logs import configure_logging, get_logger
from gitbook_mcp.options import OptionError, Options, read_command_line, resolve
from gitbook_mcp.settings import CheckLinksSettings, LocalApiSettings, Settings, parser

if TYPE_CHECKING:
    from gitbook_mcp.local import FaultConfig

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
        if given.get("api_token"):
            _warn_token_flag(settings)
        problems = settings.problems()
        for problem in problems:
            sys.stderr.write(f"gitbook-mcp: {problem}\n")
        return 2 if problems else self.run(settings)


def _warn_token_flag(settings: Options) -> None:
    """``--token`` was given: say (on stderr) that every local user can read it in ``ps``."""
    if not structlog.is_configured():  # logs go to stderr, never stdout (stdio's channel)
        configure_logging(
            level=getattr(settings, "log_level", "INFO"), json=getattr(settings, "log_json", False)
        )
    get_logger("gitbook_mcp").warning(
        "token.on_command_line",
        advice="--token is visible to every user of this machine in `ps`: use --token-file "
        "or GITBOOK_API_TOKEN",
    )


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
        auth=settings.auth,
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

    from gitbook_mcp.local import RateLimitConfig, Store, create_app, load_demo
    from gitbook_mcp.local.errors import WorkspaceFileError
    from gitbook_mcp.local.http.guard import LOOPBACK, exposure_problem, security_for
    from gitbook_mcp.local.http.serve import server_config

    s = settings
    configure_logging(level=s.log_level, json=s.log_json)
    log = get_logger("gitbook_mcp.local")
    try:
        store = Store(s.db, import_root=s.import_root, seed=load_demo if s.seed == "demo" else None)
    except WorkspaceFileError as exc:
        sys.stderr.write(f"gitbook-mcp local-api: {exc}\n")
        return 2
    store.content.batch.refuse_trees = s.tree_updates == "refuse"
    demo_tokens = store.identity.has_demo_tokens()
    problem = exposure_problem(s.host, demo_tokens, expose=s.expose_demo_tokens)
    if problem is not None:
        store.close()
        sys.stderr.write(f"gitbook-mcp local-api: {problem}\n")
        return 2
    rate_limit = (
        RateLimitConfig(limit=s.rate_limit, window_s=s.rate_window) if s.rate_limit else None
    )
    security = security_for(s.host, s.port, list(s.allowed_hosts), list(s.allowed_origins))
    app = create_app(
        store, profile=s.profile, faults=_faults(s), rate_limit=rate_limit, security=security
    )
    url = f"http://{s.host}:{s.port}/v1"
    if demo_tokens and s.host not in LOOPBACK:
        log.warning(
            "local_api.exposed",
            url=url,
            warning="the public demo tokens (gb_local_*) open this workspace to anyone who "
            "can reach this address (--expose-demo-tokens)",
        )
    import_root = str(s.import_root) if s.import_root else None
    log.info(
        "local_api.start",
        url=url,
        profile=s.profile,
        db=s.db,
        seed=s.seed,
        import_root=import_root,
    )
    uvicorn.Server(server_config(app, s.host, s.port, s.log_level)).run()
    store.close()
    return 0


def _faults(s: LocalApiSettings) -> FaultConfig:
    """The faults to inject: each fault option is named as its `FaultConfig` field, but the
    seed (``--fault-seed``, as ``--seed`` picks the demo data)."""
    from gitbook_mcp.local import FaultConfig

    names = {f.name for f in fields(FaultConfig)} - {"seed"}
    given = {name: getattr(s, name) for name in names if hasattr(s, name)}
    return FaultConfig(**given, seed=s.fault_seed)


def _check_links(settings: CheckLinksSettings) -> int:
    """One link check: the report on stdout (or ``--output``); 1 if a link is broken, 2 on errors."""
    from gitbook_mcp.client.errors import GitBookError
    from gitbook_mcp.linkcheck.report import clean

    configure_logging(level=settings.log_level, json=settings.log_json)
    try:
        report, broken = anyio.run(_check_report, settings)
    except (GitBookError, LookupError) as exc:
        # One line: an upstream message must not forge a CI workflow command on stderr either.
        sys.stderr.write(f"gitbook-mcp check-links: {clean(exc)}\n")
        return 2
    try:
        if settings.output is not None:
            settings.output.write_text(report, encoding="utf-8")
        else:
            sys.stdout.write(report)  # this command's output is its report (it is not MCP)
            sys.stdout.flush()
    except OSError as exc:
        sys.stderr.write(f"gitbook-mcp check-links: cannot write the report: {exc}\n")
        return 2
    return 1 if broken else 0


async def _check_report(settings: CheckLinksSettings) -> tuple[str, int]:
    """The report's text and how many links are broken."""
    from gitbook_mcp.api import operations
    from gitbook_mcp.linkcheck.report import ReportScope, render_report
    from gitbook_mcp.linkcheck.run import CheckRequest, run_check
    from gitbook_mcp.server.runner import client_factory

    assert settings.space is not None  # problems() refuses a missing space
    request = CheckRequest(
        settings.space,
        settings.change_request,
        external=settings.external,
        site_findings=True,
        content_format="document",
    )
    async with client_factory(settings.server_settings())() as client:
        result = await run_check(client, request, operations=operations(settings.profile))
    scope = ReportScope(settings.space, settings.change_request)
    return render_report(result, scope, settings.format), len(result.broken)


RUNNERS: dict[str, Runner[Any]] = {
    Settings.COMMAND: Runner(Settings, _serve),
    LocalApiSettings.COMMAND: Runner(LocalApiSettings, _local_api),
    CheckLinksSettings.COMMAND: Runner(CheckLinksSettings, _check_links),
}


def main(argv: Sequence[str] | None = None, environ: Mapping[str, str] = os.environ) -> None:
    """Parse the command line, then run the sub-command (``serve`` when none is named)."""
    command, given = read_command_line(parser(), argv, Settings.COMMAND)
    try:
        sys.exit(RUNNERS[command](given, environ))
    except OptionError as exc:
        sys.stderr.write(f"gitbook-mcp: {exc}\n")
        sys.exit(2)
