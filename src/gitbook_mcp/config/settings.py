"""Every option of gitbook-mcp: one field each, on the settings class of its sub-command.

A field declared with `option()` is the whole row: name, type, default, parser, help and flag;
its environment variable is ``GITBOOK_`` + the name upper-cased (see `gitbook_mcp.config.options`).
Flags win over the environment; the environment wins over defaults. The settings are plain data:
whether the combination makes sense (a token when not local, a bearer token when HTTP binds
beyond loopback) is `problems()`. ``check-links``'s class is `gitbook_mcp.config.check_links_settings`
(it imports the link checker); the command line of them all is `gitbook_mcp.cli.parser`.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar, Literal

from gitbook_mcp.api import PROFILES, Profile
from gitbook_mcp.client import constants
from gitbook_mcp.client.constants import DEFAULT_PROFILE
from gitbook_mcp.config.credentials import (
    ReadsTokenFile,
    api_token_option,
    default_local_db,
    local_db_option,
    token_file_option,
)
from gitbook_mcp.config.options import (
    BOOL,
    LIST,
    PATH,
    TEXT,
    Options,
    choice,
    integer,
    number,
    option,
    optional,
)
from gitbook_mcp.config.upstream import UpstreamAuthOptions

__all__ = [
    "CHECK_LINKS_COMMAND",
    "CHECK_LINKS_SUMMARY",
    "DEMO_TOKENS",
    "REPORT_FORMATS",
    "TREE_UPDATES",
    "CommonSettings",
    "LocalApiSettings",
    "OutputSchemas",
    "Settings",
    "default_local_db",
]

Transport = Literal["stdio", "sse", "streamable-http"]
OutputSchemas = Literal["none", "full"]
Seed = Literal["demo", "none"]
DEMO_TOKENS = ("gb_local_admin", "gb_local_editor", "gb_local_commenter", "gb_local_reader")
REPORT_FORMATS = ("text", "json", "github", "junit", "sarif", "markdown")
CHECK_LINKS_COMMAND = "check-links"
CHECK_LINKS_SUMMARY = "Check a space's or change request's links (exit 1 if any is broken)"
LOOPBACK = frozenset({"127.0.0.1", "localhost", "::1"})
LEVELS = choice("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL", fold=str.upper)
PORT = integer(0, 65535)
FRACTION = number(0.0, 1.0)
SECONDS = number(0.0)


TREE_UPDATES = ("accept", "refuse")
"""``update_page`` and a node tree: accepted (the description) or 422 (the vendor's skill)."""


def tree_updates_option() -> str:
    """The local workspace's ``update_page`` mode, one option for `--local` and `local-api`."""
    help = "Local `update_page` and a JSON document: `accept`, or `refuse` with 422 (markdown only)"
    mode: str = option("accept", choice(*TREE_UPDATES), help)
    return mode


@dataclass(frozen=True)
class CommonSettings(Options):
    """Options that both commands take."""

    allowed_hosts: tuple[str, ...] = option((), LIST, "Extra Host headers accepted over HTTP")
    allowed_origins: tuple[str, ...] = option((), LIST, "Extra Origins accepted over HTTP")
    import_root: Path | None = option(
        None, optional(PATH), "Folder that imports from file:// may read (off when unset)"
    )
    log_level: str = option("INFO", LEVELS, "Log level; logs go to stderr, never stdout")
    log_json: bool = option(False, BOOL, "Logs as JSON lines")
    profile: Profile = option(
        DEFAULT_PROFILE,
        choice(*PROFILES),
        "API profile: `live` (the real service today, API 0.202.0) or `seed` (0.130.0)",
    )


@dataclass(frozen=True)
class Settings(ReadsTokenFile, UpstreamAuthOptions, CommonSettings):
    """The options of ``serve``, the MCP server (the default command)."""

    COMMAND: ClassVar[str] = "serve"
    SUMMARY: ClassVar[str] = "Run the MCP server (default)"

    api_token: str | None = api_token_option()
    token_file: Path | None = token_file_option()
    api_url: str = option(constants.DEFAULT_BASE_URL, TEXT, "API base URL")
    toolsets: tuple[str, ...] = option(
        ("default",), LIST, "`default`, `all`, or comma-separated toolset names"
    )
    tools: tuple[str, ...] = option((), LIST, "Extra tools by name")
    exclude_tools: tuple[str, ...] = option((), LIST, "Tools to leave out")
    read_only: bool = option(False, BOOL, "Only read-only tools; wins over everything")
    output_schemas: OutputSchemas = option(
        "none",
        choice("none", "full"),
        "Output schemas in `tools/list`: `none` (the default tools fit 20,000 bytes) or `full` "
        "(every result's typed schema, about 14,000 bytes more by default)",
    )
    transport: Transport = option(
        "stdio", choice("stdio", "sse", "streamable-http"), "How MCP clients connect"
    )
    host: str = option("127.0.0.1", TEXT, "Address to bind over HTTP (loopback by default)")
    port: int = option(8000, PORT, "HTTP port")
    mcp_auth_token: str | None = option(
        None,
        optional(TEXT),
        "Bearer token required over HTTP (mandatory beyond loopback)",
        secret=True,
    )
    stateless: bool = option(
        False,
        BOOL,
        "Streamable HTTP without sessions, so any replica answers any request (2026-07-28 "
        "clients are always served so)",
    )
    rate_limit: float = option(
        20.0, number(0.0), "MCP HTTP requests per second per caller, per replica (0: off)"
    )
    rate_burst: int = option(40, integer(1), "Requests a caller may send at once above the rate")
    max_sessions: int = option(
        1000, integer(1), "Open streamable-HTTP sessions per replica (then 429)"
    )
    sessions_per_caller: int = option(
        20,
        integer(1),
        "Open sessions one verified caller may hold (`--auth upstream`); one more closes its "
        "least recently used",
    )
    metrics_port: int | None = option(
        None,
        optional(PORT),
        "Serve `/metrics` on this port alone (no bearer); else on the MCP port, behind the bearer",
        shown="off",
    )
    session_idle_timeout: float = option(
        1800.0, number(0.1), "Seconds before an idle streamable-HTTP session is closed"
    )
    drain_grace: float = option(
        30.0, SECONDS, "Seconds to finish the calls in flight after SIGTERM before exiting"
    )
    local: bool = option(False, BOOL, "Serve the demo local workspace in process")
    local_db: Path = local_db_option()
    local_token: str = option("gb_local_admin", TEXT, "Demo role used by `--local`")
    tree_updates: str = tree_updates_option()
    reset_local: bool = option(
        False,
        BOOL,
        "Start `--local` from a fresh demo workspace (a flag only: an environment "
        "variable left set would wipe the database at every start)",
        env=False,
    )
    max_concurrency: int = option(
        constants.DEFAULT_MAX_CONCURRENCY, integer(1), "API requests in flight at once"
    )
    requests_per_second: float | None = option(
        None, optional(number(0.0)), "Cap on the API request rate", shown="off"
    )
    timeout: float = option(constants.DEFAULT_TIMEOUT, SECONDS, "Seconds before an API call fails")
    max_tree_mb: int = option(
        constants.DEFAULT_MAX_TREE_MB,
        integer(1),
        "MiB a space's page tree may take (about 860 bytes a page; other answers: 16 MiB)",
    )
    permissions_refresh: float = option(300.0, SECONDS, "Seconds before permissions are re-read")
    page_cache_mb: float = option(
        64.0,
        number(0.0),
        "MiB of pages kept for link rechecks, all callers together (a recheck of a space that "
        "fits reads only changed pages; about 1 KB a page; 0: none)",
    )

    def problems(self) -> list[str]:
        """What is missing or contradictory, in words a user can act on."""
        if self.auth == "upstream":
            return self._upstream_problems()
        issues = self.token_file_problems()
        if not self.local and not self.api_token:
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

    def _upstream_problems(self) -> list[str]:
        issues: list[str] = []
        if self.transport == "stdio":
            issues.append(
                "--auth upstream needs an HTTP transport (--transport streamable-http or sse): "
                "over stdio there is no request to carry the caller's token."
            )
        if self.api_token:
            issues.append(
                "--auth upstream acts with each caller's own token and keeps none: unset "
                "GITBOOK_API_TOKEN (or drop --token)."
            )
        if self.mcp_auth_token:
            issues.append(
                "--auth upstream reads the caller's API token from Authorization: unset "
                "GITBOOK_MCP_AUTH_TOKEN (or drop --mcp-auth-token)."
            )
        if not self.auth_server:
            issues.append(
                "--auth upstream needs GITBOOK_AUTH_SERVER (or --auth-server): the URL of the "
                "authorization server that issues callers' tokens, for the OAuth metadata."
            )
        for name, url in (
            ("--auth-server", self.auth_server),
            ("--resource-url", self.resource_url),
        ):
            if url and not url.startswith(("https://", "http://")):
                issues.append(f"{name} must be an http(s) URL, got {url!r}")
        if self.host not in LOOPBACK and not self.resource_url:
            issues.append(
                f"Binding to {self.host} with --auth upstream: set GITBOOK_RESOURCE_URL (or "
                "--resource-url) to the public URL clients use, e.g. https://mcp.example.com/mcp."
            )
        if self.local and self.host not in LOOPBACK:
            issues.append(
                "--local with --auth upstream beyond loopback would open the demo workspace to "
                "anyone holding its public demo tokens: bind to loopback."
            )
        return issues


@dataclass(frozen=True)
class LocalApiSettings(CommonSettings):
    """The options of ``local-api``: the local workspace API over HTTP, with injected faults."""

    COMMAND: ClassVar[str] = "local-api"
    SUMMARY: ClassVar[str] = "Serve the local workspace API over HTTP"

    host: str = option(
        "127.0.0.1",
        TEXT,
        "Address to bind (loopback by default; a flag only, so that a GITBOOK_HOST meant for the "
        "MCP server never exposes the public demo tokens)",
        env=False,
    )
    port: int = option(8787, PORT, "HTTP port")
    db: str = option(":memory:", TEXT, "SQLite database file (`:memory:`: gone at exit)")
    seed: Seed = option("none", choice("demo", "none"), "Load the demo into an empty database")
    latency_ms: float = option(0.0, number(0.0), "Latency added to every request")
    latency_jitter_ms: float = option(0.0, number(0.0), "Random extra latency, up to this")
    error_rate: float = option(0.0, FRACTION, "Fraction of requests answered 5xx")
    drop_rate: float = option(0.0, FRACTION, "Fraction of connections dropped")
    rate_limit_rate: float = option(0.0, FRACTION, "Fraction of requests answered 429")
    slow_rate: float = option(0.0, FRACTION, "Fraction of requests delayed by `--slow-ms`")
    slow_ms: float = option(0.0, number(0.0), "Delay of the slow requests")
    rate_limit: int = option(0, integer(0), "Requests per token per window (0: off)")
    rate_window: float = option(60.0, SECONDS, "Rate-limit window in seconds")
    fault_seed: int = option(0, integer(), "Seed making injected faults repeatable")
    tree_updates: str = tree_updates_option()
    expose_demo_tokens: bool = option(
        False,
        BOOL,
        "Allow binding beyond loopback although the public demo tokens open the database "
        "(the start-up log warns)",
        env=False,
    )
