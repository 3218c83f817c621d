"""``--auth upstream`` refuses the combinations that would act with someone else's token."""

from __future__ import annotations

from gitbook_mcp.cli.parser import parse_args
from gitbook_mcp.config.settings import Settings

UPSTREAM = {"auth": "upstream", "transport": "streamable-http", "auth_server": "https://as.test"}


def test_upstream_needs_http_an_authorization_server_and_no_token_of_its_own() -> None:
    assert Settings(**UPSTREAM).problems() == []  # type: ignore[arg-type]
    assert Settings(**UPSTREAM, local=True).problems() == []  # type: ignore[arg-type]
    (with_token,) = Settings(**UPSTREAM, api_token="gb_api_x").problems()  # type: ignore[arg-type]
    assert "keeps none" in with_token
    assert "GITBOOK_API_TOKEN" in with_token
    (with_bearer,) = Settings(**UPSTREAM, mcp_auth_token="b").problems()  # type: ignore[arg-type]
    assert "GITBOOK_MCP_AUTH_TOKEN" in with_bearer
    (stdio,) = Settings(**{**UPSTREAM, "transport": "stdio"}).problems()  # type: ignore[arg-type]
    assert "HTTP transport" in stdio
    (no_server,) = Settings(**{**UPSTREAM, "auth_server": None}).problems()  # type: ignore[arg-type]
    assert "GITBOOK_AUTH_SERVER" in no_server
    (not_url,) = Settings(**{**UPSTREAM, "auth_server": "as.test"}).problems()  # type: ignore[arg-type]
    assert "--auth-server must be an http(s) URL" in not_url


def test_beyond_loopback_upstream_needs_the_public_resource_url_and_no_demo_tokens() -> None:
    wide = {**UPSTREAM, "host": "0.0.0.0"}
    (no_url,) = Settings(**wide).problems()  # type: ignore[arg-type]
    assert "GITBOOK_RESOURCE_URL" in no_url
    public = {**wide, "resource_url": "https://mcp.example.com/mcp"}
    assert Settings(**public).problems() == []  # type: ignore[arg-type]
    (demo,) = Settings(**public, local=True).problems()  # type: ignore[arg-type]
    assert "demo tokens" in demo


def test_the_flags_and_environment_reach_the_fields() -> None:
    settings = parse_args(
        ["--auth", "upstream", "--callers-max", "50"],
        {"GITBOOK_AUTH_SERVER": "https://as.test", "GITBOOK_AUTH_CACHE_TTL": "5"},
    )
    assert isinstance(settings, Settings)
    assert (settings.auth, settings.auth_server) == ("upstream", "https://as.test")
    assert (settings.callers_max, settings.auth_cache_ttl, settings.callers_ttl) == (50, 5.0, 900.0)
