"""The ``gitbook-mcp`` command: ``serve`` (the default) and ``local-api``."""

from __future__ import annotations

import sys
from argparse import Namespace
from collections.abc import Sequence

import anyio

from gitbook_mcp.logs import configure_logging, get_logger

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
    import uvicorn

    from gitbook_mcp.local import FaultConfig, RateLimitConfig, Store, create_app, load_demo

    configure_logging(level=ns.log_level)
    log = get_logger("gitbook_mcp.local")
    store = Store(ns.db)
    if ns.seed == "demo":
        load_demo(store)
    faults = FaultConfig(
        latency_ms=ns.latency_ms,
        latency_jitter_ms=ns.latency_jitter_ms,
        error_rate=ns.error_rate,
        drop_rate=ns.drop_rate,
        rate_limit_rate=ns.rate_limit_rate,
        slow_rate=ns.slow_rate,
        slow_ms=ns.slow_ms,
        seed=ns.fault_seed,
    )
    rate_limit = (
        RateLimitConfig(limit=ns.rate_limit, window_s=ns.rate_window) if ns.rate_limit else None
    )
    app = create_app(store, faults=faults, rate_limit=rate_limit)
    log.info("local_api.start", url=f"http://{ns.host}:{ns.port}/v1", db=ns.db, seed=ns.seed)
    uvicorn.run(app, host=ns.host, port=ns.port, log_level=ns.log_level.lower(), access_log=False)
    store.close()
    return 0
