"""``gitbook-mcp local-api``: the local workspace (the API from SQLite) served over HTTP, with
the faults, rate limits and Host checks its options ask for."""

from __future__ import annotations

import sys
from dataclasses import fields
from typing import TYPE_CHECKING

from gitbook_mcp.cli.collector import freeze_start_up
from gitbook_mcp.logs import configure_logging, get_logger

if TYPE_CHECKING:
    from gitbook_mcp.config.settings import LocalApiSettings
    from gitbook_mcp.local import FaultConfig

__all__ = ["faults", "serve_local_api"]


def serve_local_api(settings: LocalApiSettings) -> int:
    """Serve the workspace until stopped: 0, or 2 when its file cannot be used or its demo
    tokens would open it beyond loopback."""
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
    store.change_requests.batch.refuse_trees = s.tree_updates == "refuse"
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
        store, profile=s.profile, faults=faults(s), rate_limit=rate_limit, security=security
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
    freeze_start_up()
    uvicorn.Server(server_config(app, s.host, s.port, s.log_level)).run()
    store.close()
    return 0


def faults(s: LocalApiSettings) -> FaultConfig:
    """The faults to inject: each fault option is named as its `FaultConfig` field, but the
    seed (``--fault-seed``, as ``--seed`` picks the demo data)."""
    from gitbook_mcp.local import FaultConfig

    names = {f.name for f in fields(FaultConfig)} - {"seed"}
    given = {name: getattr(s, name) for name in names if hasattr(s, name)}
    return FaultConfig(**given, seed=s.fault_seed)
