"""The API token from a file (kept out of ``ps``), a warning for ``--token``, and the bound on how
long a verdict (and a revoked token's cached state) is reused."""

from __future__ import annotations

from pathlib import Path

import pytest
import structlog

from gitbook_mcp.cli import command as cli
from gitbook_mcp.cli.parser import parse_args
from gitbook_mcp.config.check_links_settings import CheckLinksSettings
from gitbook_mcp.config.options import OptionError
from gitbook_mcp.config.settings import Settings


def test_the_token_file_fills_the_token(tmp_path: Path) -> None:
    path = tmp_path / "token"
    path.write_text("gb_api_from_file\n", encoding="utf-8")
    settings = parse_args(["--token-file", str(path)], environ={})
    assert isinstance(settings, Settings)
    assert settings.api_token == "gb_api_from_file"
    assert settings.problems() == []
    links = parse_args(["check-links", "space", "--token-file", str(path)], environ={})
    assert isinstance(links, CheckLinksSettings)
    assert links.api_token == "gb_api_from_file"
    flag = parse_args(["--token-file", str(path), "--token", "gb_flag"], environ={})
    assert isinstance(flag, Settings)
    assert flag.api_token == "gb_flag"


def test_an_unreadable_token_file_is_a_problem_naming_it(tmp_path: Path) -> None:
    missing = tmp_path / "nope"
    settings = parse_args(["--token-file", str(missing)], environ={})
    assert any(str(missing) in problem for problem in settings.problems())


def test_the_token_on_the_command_line_is_warned_about(monkeypatch: pytest.MonkeyPatch) -> None:
    ran: list[Settings] = []

    def serve(settings: Settings) -> int:
        ran.append(settings)
        return 0

    monkeypatch.setitem(cli.RUNNERS, "serve", cli.Runner(Settings, serve))
    with structlog.testing.capture_logs() as logs, pytest.raises(SystemExit):
        cli.main(["--token", "gb_flag_token"], environ={})
    with structlog.testing.capture_logs() as quiet, pytest.raises(SystemExit):
        cli.main([], environ={"GITBOOK_API_TOKEN": "gb_env_token"})
    assert [line["event"] for line in logs] == ["token.on_command_line"]
    assert "--token-file" in logs[0]["advice"]
    assert "gb_flag_token" not in str(logs)
    assert quiet == []
    assert len(ran) == 2


def test_a_verdict_is_reused_30_seconds_by_default_and_never_beyond_300() -> None:
    assert Settings().auth_cache_ttl == 30
    with pytest.raises(OptionError, match="at most 300"):
        parse_args(["--auth-cache-ttl", "3600"], environ={})
    with pytest.raises(OptionError, match="GITBOOK_AUTH_CACHE_TTL"):
        parse_args([], environ={"GITBOOK_AUTH_CACHE_TTL": "301"})
