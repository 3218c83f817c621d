"""The ``gitbook-mcp`` command: ``serve`` (the default) and ``local-api``."""

from __future__ import annotations

import sys
from argparse import Namespace
from collections.abc import Sequence
from typing import TYPE_CHECKING

import anyio

from gitbook_mcp.logs import configure_logging, get_logger

if TYPE_CHECKING:
    from gitbook_mcp.local import FaultConfig

__all__ = ["main"]


def main(argv: Sequence[str] | None = None) -> None:
    from gitbook_mcp.settings import Settings, parse_args

    command, options = parse_args(list(sys.argv[1:] if argv is None else argv))
    if command == "local-api":
        assert isinstance(options, Namespace)
        sys.exit(_local_api(options))
    assert isinstance(options, Settings)
    sys.exit(_serve(options))


def _serve(settings: object) -> int:
    from gitbook_mcp.server.runner import create_server
    from gitbook_mcp.server.toolsets import SelectionError
    from gitbook_mcp.server.transports import run
    from gitbook_mcp.settings import Settings

    assert isinstance(settings, Settings)
    configure_logging(level=settings.log_level, json=settings.log_json)
    log = get_logger("gitbook_mcp")
    problems = settings.problems()
    if problems:
        for problem in problems:
            sys.stderr.write(f"gitbook-mcp: {problem}\n")
        return 2
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


def _local_api(ns: Namespace) -> int:
    from pathlib import Path

    import uvicorn

    from gitbook_mcp.local import RateLimitConfig, Store, create_app, load_demo
    from gitbook_mcp.local.errors import WorkspaceFileError
    from gitbook_mcp.local.http.guard import LOOPBACK, exposure_problem, security_for
    from gitbook_mcp.local.http.serve import server_config

    configure_logging(level=ns.log_level)
    log = get_logger("gitbook_mcp.local")
    import_root = Path(ns.import_root) if ns.import_root else None
    try:
        seed = load_demo if ns.seed == "demo" else None
        store = Store(ns.db, import_root=import_root, seed=seed)
    except WorkspaceFileError as exc:
        sys.stderr.write(f"gitbook-mcp local-api: {exc}\n")
        return 2
    demo_tokens = store.identity.has_demo_tokens()
    problem = exposure_problem(ns.host, demo_tokens, expose=ns.expose_demo_tokens)
    if problem is not None:
        store.close()
        sys.stderr.write(f"gitbook-mcp local-api: {problem}\n")
        return 2
    rate_limit = (
        RateLimitConfig(limit=ns.rate_limit, window_s=ns.rate_window) if ns.rate_limit else None
    )
    security = security_for(ns.host, ns.port, _split(ns.allowed_hosts), _split(ns.allowed_origins))
    app = create_app(store, faults=_faults(ns), rate_limit=rate_limit, security=security)
    url = f"http://{ns.host}:{ns.port}/v1"
    if demo_tokens and ns.host not in LOOPBACK:
        log.warning(
            "local_api.exposed",
            url=url,
            warning="the public demo tokens (gb_local_*) open this workspace to anyone who "
            "can reach this address (--expose-demo-tokens)",
        )
    log.info("local_api.start", url=url, db=ns.db, seed=ns.seed, import_root=ns.import_root)
    uvicorn.Server(server_config(app, ns.host, ns.port, ns.log_level)).run()
    store.close()
    return 0


def _split(value: str | None) -> list[str]:
    return [v.strip() for v in (value or "").split(",") if v.strip()]


def _faults(ns: Namespace) -> FaultConfig:
    from gitbook_mcp.local import FaultConfig

    return FaultConfig(
        latency_ms=ns.latency_ms,
        latency_jitter_ms=ns.latency_jitter_ms,
        error_rate=ns.error_rate,
        drop_rate=ns.drop_rate,
        rate_limit_rate=ns.rate_limit_rate,
        slow_rate=ns.slow_rate,
        slow_ms=ns.slow_ms,
        seed=ns.fault_seed,
    )
