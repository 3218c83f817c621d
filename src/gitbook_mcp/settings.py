"""Every option of gitbook-mcp, from command-line flags and environment variables.

Flags win over the environment; the environment wins over defaults. `Settings` is plain data:
checking that the combination makes sense (a token when not local, a bearer token when HTTP
binds beyond loopback, known toolset names) happens in `Settings.problems`.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from gitbook_mcp.client import constants

__all__ = ["DEMO_TOKENS", "Settings", "default_local_db", "parse_args"]

Transport = Literal["stdio", "sse", "streamable-http"]
DEMO_TOKENS = ("gb_local_admin", "gb_local_editor", "gb_local_commenter", "gb_local_reader")
LOOPBACK = frozenset({"127.0.0.1", "localhost", "::1"})


def default_local_db(environ: Mapping[str, str] = os.environ) -> Path:
    """Where ``--local`` keeps its data: the user's data folder, so changes persist."""
    base = environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "gitbook-mcp" / "local.db"


def _split(value: str | None) -> tuple[str, ...]:
    return tuple(v.strip() for v in (value or "").split(",") if v.strip())


def _flag(value: str | None) -> bool:
    return (value or "").strip().lower() in {"1", "true", "yes", "on"}


@dataclass(frozen=True)
class Settings:
    token: str | None = None
    api_url: str = constants.DEFAULT_BASE_URL
    toolsets: tuple[str, ...] = ("default",)
    tools: tuple[str, ...] = ()
    exclude_tools: tuple[str, ...] = ()
    read_only: bool = False
    transport: Transport = "stdio"
    host: str = "127.0.0.1"
    port: int = 8000
    mcp_auth_token: str | None = None
    allowed_hosts: tuple[str, ...] = ()
    allowed_origins: tuple[str, ...] = ()
    local: bool = False
    local_db: Path = field(default_factory=default_local_db)
    local_token: str = "gb_local_admin"
    reset_local: bool = False
    log_level: str = "INFO"
    log_json: bool = False
    max_concurrency: int = constants.DEFAULT_MAX_CONCURRENCY
    requests_per_second: float | None = None
    timeout: float = constants.DEFAULT_TIMEOUT
    permissions_refresh: float = 300.0
    import_root: Path | None = None

    def __repr__(self) -> str:
        shown = {k: v for k, v in vars(self).items() if k not in ("token", "mcp_auth_token")}
        return f"Settings({shown}, token=[redacted])"

    def problems(self) -> list[str]:
        """What is missing or contradictory, in words a user can act on."""
        issues: list[str] = []
        if not self.local and not self.token:
            issues.append(
                "No API token: set GITBOOK_API_TOKEN (or pass --token), or run with --local to "
                "use the demo workspace without an account."
            )
        if self.local and self.local_token not in DEMO_TOKENS:
            issues.append(f"--local-token must be one of {', '.join(DEMO_TOKENS)}")
        if self.transport != "stdio" and self.host not in LOOPBACK and not self.mcp_auth_token:
            issues.append(
                f"Binding to {self.host} exposes the server beyond this machine: set "
                "GITBOOK_MCP_AUTH_TOKEN (or --mcp-auth-token) so every request must carry it."
            )
        return issues


_IMPORT_ROOT_HELP = (
    "The only folder the local workspace may import file:// markdown from; without it, "
    "file:// import is off (env GITBOOK_IMPORT_ROOT)"
)


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="gitbook-mcp",
        description="MCP server for a documentation workspace (serve is the default command).",
    )
    sub = p.add_subparsers(dest="command")
    serve = sub.add_parser("serve", help="Run the MCP server (default)")
    for target in (p, serve):
        _serve_options(target)
    local_api = sub.add_parser("local-api", help="Serve the local workspace API over HTTP")
    local_api.add_argument(
        "--host", default="127.0.0.1", help="Address to bind (loopback by default)"
    )
    local_api.add_argument("--port", type=int, default=8787)
    local_api.add_argument(
        "--db", default=":memory:", help="SQLite database file (default: in memory)"
    )
    local_api.add_argument(
        "--seed",
        choices=["demo", "none"],
        default="none",
        help="Load the demo workspace into an empty database",
    )
    local_api.add_argument(
        "--latency-ms", type=float, default=0.0, help="Latency added to every request"
    )
    local_api.add_argument("--latency-jitter-ms", type=float, default=0.0)
    local_api.add_argument(
        "--error-rate", type=float, default=0.0, help="Fraction of requests answered 5xx"
    )
    local_api.add_argument(
        "--drop-rate", type=float, default=0.0, help="Fraction of connections dropped"
    )
    local_api.add_argument(
        "--rate-limit-rate", type=float, default=0.0, help="Fraction answered 429"
    )
    local_api.add_argument(
        "--slow-rate", type=float, default=0.0, help="Fraction delayed by --slow-ms"
    )
    local_api.add_argument("--slow-ms", type=float, default=0.0)
    local_api.add_argument(
        "--rate-limit", type=int, default=0, help="Requests per token per window (0: off)"
    )
    local_api.add_argument(
        "--rate-window", type=float, default=60.0, help="Rate-limit window in seconds"
    )
    local_api.add_argument(
        "--fault-seed", type=int, default=0, help="Seed making injected faults repeatable"
    )
    local_api.add_argument("--log-level", default=os.environ.get("GITBOOK_LOG_LEVEL", "INFO"))
    local_api.add_argument(
        "--import-root", default=os.environ.get("GITBOOK_IMPORT_ROOT"), help=_IMPORT_ROOT_HELP
    )
    local_api.add_argument(
        "--allowed-hosts", default="", help="Host headers accepted besides loopback (comma list)"
    )
    local_api.add_argument(
        "--allowed-origins", default="", help="Origins accepted besides loopback (comma list)"
    )
    local_api.add_argument(
        "--expose-demo-tokens",
        action="store_true",
        help="Allow binding beyond loopback although the public demo tokens open the database",
    )
    return p


def _serve_options(p: argparse.ArgumentParser) -> None:
    d = argparse.SUPPRESS
    p.add_argument("--token", default=d, help="API token (env GITBOOK_API_TOKEN)")
    p.add_argument("--api-url", default=d, help="API base URL (env GITBOOK_API_URL)")
    p.add_argument(
        "--toolsets",
        default=d,
        help="default, all, or comma-separated names (env GITBOOK_TOOLSETS)",
    )
    p.add_argument("--tools", default=d, help="Extra tools by name (env GITBOOK_TOOLS)")
    p.add_argument(
        "--exclude-tools", default=d, help="Tools to leave out (env GITBOOK_EXCLUDE_TOOLS)"
    )
    p.add_argument(
        "--read-only",
        action="store_true",
        default=d,
        help="Only read-only tools (env GITBOOK_READ_ONLY)",
    )
    p.add_argument("--transport", choices=["stdio", "sse", "streamable-http"], default=d)
    p.add_argument(
        "--host", default=d, help="HTTP bind address (env GITBOOK_HOST, default 127.0.0.1)"
    )
    p.add_argument("--port", type=int, default=d, help="HTTP port (env GITBOOK_PORT, default 8000)")
    p.add_argument(
        "--mcp-auth-token",
        default=d,
        help="Bearer token required on HTTP (env GITBOOK_MCP_AUTH_TOKEN)",
    )
    p.add_argument(
        "--allowed-hosts",
        default=d,
        help="Host headers accepted on HTTP (env GITBOOK_ALLOWED_HOSTS)",
    )
    p.add_argument(
        "--allowed-origins",
        default=d,
        help="Origins accepted on HTTP (env GITBOOK_ALLOWED_ORIGINS)",
    )
    p.add_argument(
        "--local", action="store_true", default=d, help="Serve the demo local workspace in process"
    )
    p.add_argument("--local-db", default=d, help="Database of --local (env GITBOOK_LOCAL_DB)")
    p.add_argument(
        "--local-token", default=d, help="Demo role for --local (env GITBOOK_LOCAL_TOKEN)"
    )
    p.add_argument(
        "--reset-local",
        action="store_true",
        default=d,
        help="Start --local from a fresh demo workspace",
    )
    p.add_argument(
        "--log-level", default=d, help="DEBUG, INFO, WARNING or ERROR (env GITBOOK_LOG_LEVEL)"
    )
    p.add_argument(
        "--log-json",
        action="store_true",
        default=d,
        help="Logs as JSON lines (env GITBOOK_LOG_JSON)",
    )
    p.add_argument(
        "--max-concurrency",
        type=int,
        default=d,
        help="API requests in flight (env GITBOOK_MAX_CONCURRENCY)",
    )
    p.add_argument("--requests-per-second", type=float, default=d, help="Cap on API request rate")
    p.add_argument(
        "--permissions-refresh", type=float, default=d, help="Seconds between permission re-reads"
    )
    p.add_argument("--import-root", default=d, help=_IMPORT_ROOT_HELP)


def parse_args(
    argv: Sequence[str] | None, environ: Mapping[str, str] = os.environ
) -> tuple[str, Settings | argparse.Namespace]:
    """The command (``serve`` or ``local-api``) and its options."""
    ns = _parser().parse_args(argv)
    command = ns.command or "serve"
    if command == "local-api":
        return command, ns
    given = vars(ns)
    env = environ

    def pick(flag: str, env_name: str, default: str | None = None) -> str | None:
        if flag in given:
            return str(given[flag])
        return env.get(env_name, default)

    settings = Settings(
        token=pick("token", "GITBOOK_API_TOKEN"),
        api_url=pick("api_url", "GITBOOK_API_URL", constants.DEFAULT_BASE_URL)
        or constants.DEFAULT_BASE_URL,
        toolsets=_split(pick("toolsets", "GITBOOK_TOOLSETS", "default")) or ("default",),
        tools=_split(pick("tools", "GITBOOK_TOOLS")),
        exclude_tools=_split(pick("exclude_tools", "GITBOOK_EXCLUDE_TOOLS")),
        read_only=bool(given.get("read_only")) or _flag(env.get("GITBOOK_READ_ONLY")),
        transport=pick("transport", "GITBOOK_TRANSPORT", "stdio"),  # type: ignore[arg-type]
        host=pick("host", "GITBOOK_HOST", "127.0.0.1") or "127.0.0.1",
        port=int(pick("port", "GITBOOK_PORT", "8000") or 8000),
        mcp_auth_token=pick("mcp_auth_token", "GITBOOK_MCP_AUTH_TOKEN"),
        allowed_hosts=_split(pick("allowed_hosts", "GITBOOK_ALLOWED_HOSTS")),
        allowed_origins=_split(pick("allowed_origins", "GITBOOK_ALLOWED_ORIGINS")),
        local=bool(given.get("local")) or _flag(env.get("GITBOOK_LOCAL")),
        local_db=Path(pick("local_db", "GITBOOK_LOCAL_DB") or default_local_db(env)),
        local_token=pick("local_token", "GITBOOK_LOCAL_TOKEN", "gb_local_admin")
        or "gb_local_admin",
        reset_local=bool(given.get("reset_local")),
        log_level=(pick("log_level", "GITBOOK_LOG_LEVEL", "INFO") or "INFO").upper(),
        log_json=bool(given.get("log_json")) or _flag(env.get("GITBOOK_LOG_JSON")),
        max_concurrency=int(
            pick("max_concurrency", "GITBOOK_MAX_CONCURRENCY") or constants.DEFAULT_MAX_CONCURRENCY
        ),
        requests_per_second=float(v)
        if (v := pick("requests_per_second", "GITBOOK_REQUESTS_PER_SECOND"))
        else None,
        permissions_refresh=float(
            pick("permissions_refresh", "GITBOOK_PERMISSIONS_REFRESH", "300") or 300
        ),
        import_root=Path(v) if (v := pick("import_root", "GITBOOK_IMPORT_ROOT")) else None,
    )
    return command, settings
