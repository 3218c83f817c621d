"""Options: precedence flag > environment > default for every parser kind, the one naming rule
for environment variables, errors naming the option, `problems()`, and the generated README."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from gitbook_mcp.cli.parser import (
    MOST_USED,
    OPTIONS_DOC,
    commands,
    common_options_markdown,
    options_markdown,
    parse_args,
    parser,
)
from gitbook_mcp.config.check_links_settings import CheckLinksSettings
from gitbook_mcp.config.options import ENV_PREFIX, OptionError, rows
from gitbook_mcp.config.readme import replace_section
from gitbook_mcp.config.settings import LocalApiSettings, Settings, default_local_db

COMMANDS = commands()

ROOT = Path(__file__).resolve().parents[3]
SERVE: list[str] = []
LOCAL_API = ["local-api"]


def test_timeout_is_read_from_the_flag_and_from_the_environment() -> None:
    assert parse_args(["--timeout", "5"], {}).timeout == 5.0
    assert parse_args([], {"GITBOOK_TIMEOUT": "7.5"}).timeout == 7.5
    assert parse_args(["--timeout", "5"], {"GITBOOK_TIMEOUT": "7.5"}).timeout == 5.0


# command, field, flag argv, flag value, environment value, expected default
PRECEDENCE: list[tuple[list[str], str, list[str], Any, str, Any, Any]] = [
    (SERVE, "read_only", ["--read-only"], True, "yes", True, False),
    (SERVE, "port", ["--port", "9001"], 9001, "9002", 9002, 8000),
    (SERVE, "timeout", ["--timeout", "3"], 3.0, "4.5", 4.5, 30.0),
    (SERVE, "requests_per_second", ["--requests-per-second", "2"], 2.0, "0.5", 0.5, None),
    (SERVE, "toolsets", ["--toolsets", "a, b"], ("a", "b"), "c", ("c",), ("default",)),
    (SERVE, "local_db", ["--local-db", "/f.db"], Path("/f.db"), "/e.db", Path("/e.db"), None),
    (
        SERVE,
        "transport",
        ["--transport", "sse"],
        "sse",
        "streamable-http",
        "streamable-http",
        "stdio",
    ),
    (SERVE, "log_level", ["--log-level", "debug"], "DEBUG", "error", "ERROR", "INFO"),
    (LOCAL_API, "port", ["--port", "1"], 1, "2", 2, 8787),
    (LOCAL_API, "seed", ["--seed", "demo"], "demo", "none", "none", "none"),
    (LOCAL_API, "error_rate", ["--error-rate", "0.25"], 0.25, "0.5", 0.5, 0.0),
    (LOCAL_API, "fault_seed", ["--fault-seed", "-3"], -3, "11", 11, 0),
    (LOCAL_API, "allowed_hosts", ["--allowed-hosts", "a:1"], ("a:1",), "b,c", ("b", "c"), ()),
    (LOCAL_API, "import_root", ["--import-root", "/d"], Path("/d"), "/e", Path("/e"), None),
    (SERVE, "profile", ["--profile", "seed"], "seed", "seed", "seed", "live"),
    (LOCAL_API, "profile", ["--profile", "seed"], "seed", "seed", "seed", "live"),
]


def test_an_unknown_profile_is_refused_naming_the_profiles() -> None:
    with pytest.raises(OptionError, match="expected one of seed, live"):
        parse_args(["--profile", "beta"], {})


@pytest.mark.parametrize(
    ("command", "field", "argv", "from_flag", "env_value", "from_env", "default"), PRECEDENCE
)
def test_flag_beats_environment_beats_default(
    command: list[str],
    field: str,
    argv: list[str],
    from_flag: Any,
    env_value: str,
    from_env: Any,
    default: Any,
) -> None:
    env = {ENV_PREFIX + field.upper(): env_value, "XDG_DATA_HOME": "/data"}
    assert getattr(parse_args([*command, *argv], env), field) == from_flag
    assert getattr(parse_args(command, env), field) == from_env
    expected = default_local_db({"XDG_DATA_HOME": "/data"}) if field == "local_db" else default
    assert getattr(parse_args(command, {"XDG_DATA_HOME": "/data"}), field) == expected


def test_a_boolean_flag_wins_over_an_environment_variable_saying_no() -> None:
    assert parse_args(["--local"], {"GITBOOK_LOCAL": "0"}).local is True  # type: ignore[union-attr]
    assert parse_args([], {"GITBOOK_LOCAL": "off"}).local is False  # type: ignore[union-attr]


def test_an_empty_environment_variable_counts_as_unset() -> None:
    env = {"GITBOOK_PORT": "", "GITBOOK_TOOLSETS": "", "GITBOOK_API_URL": ""}
    settings = parse_args([], env)
    assert isinstance(settings, Settings)
    assert (settings.port, settings.toolsets, settings.api_url) == (
        8000,
        ("default",),
        Settings().api_url,
    )


_SAMPLES = {"bool": "1", "int": "7", "float": "0.5", "list": "a,b", "path": "/p", "text": "x"}


@pytest.mark.parametrize("cls", COMMANDS, ids=lambda c: c.COMMAND)
def test_every_option_reads_the_environment_variable_named_by_the_rule(
    cls: type[Settings] | type[LocalApiSettings],
) -> None:
    command = [] if cls is Settings else [cls.COMMAND]
    for row in rows(cls):
        if row.env is None:
            continue
        assert row.env == "GITBOOK_" + row.field.upper()
        others = [c for c in row.parser.choices if c != row.default]
        text = others[0] if others else _SAMPLES[row.parser.kind]
        settings = parse_args(command, {row.env: text})
        assert type(settings) is cls
        assert getattr(settings, row.field) == row.parser.convert(text), row.env
        assert getattr(settings, row.field) != row.default_value({}), row.env


def test_every_settings_field_is_an_option_and_flags_are_unique() -> None:
    for cls in COMMANDS:
        fields = [row.field for row in rows(cls)]
        assert sorted(fields) == sorted(f.name for f in dataclasses.fields(cls))
        flags = [row.flag for row in rows(cls)]
        assert len(flags) == len(set(flags))


def test_local_api_host_is_a_flag_only_so_the_servers_host_never_exposes_it() -> None:
    env = {"GITBOOK_HOST": "0.0.0.0"}
    assert parse_args(["local-api"], env).host == "127.0.0.1"
    assert parse_args(["local-api", "--host", "::1"], env).host == "::1"
    assert parse_args([], env).host == "0.0.0.0"


def test_reset_local_is_a_flag_only() -> None:
    assert parse_args([], {"GITBOOK_RESET_LOCAL": "1"}).reset_local is False  # type: ignore[union-attr]
    assert parse_args(["--reset-local"], {}).reset_local is True  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("argv", "env", "named"),
    [
        (["--port", "eighty"], {}, "--port"),
        ([], {"GITBOOK_PORT": "eighty"}, "GITBOOK_PORT"),
        ([], {"GITBOOK_PORT": "70000"}, "GITBOOK_PORT"),
        (["--max-concurrency", "0"], {}, "--max-concurrency"),
        ([], {"GITBOOK_READ_ONLY": "maybe"}, "GITBOOK_READ_ONLY"),
        ([], {"GITBOOK_TIMEOUT": "nan"}, "GITBOOK_TIMEOUT"),
        (["--timeout", "inf"], {}, "--timeout"),
        ([], {"GITBOOK_TRANSPORT": "carrier-pigeon"}, "GITBOOK_TRANSPORT"),
        (["--log-level", "loud"], {}, "--log-level"),
        (["local-api", "--error-rate", "2"], {}, "--error-rate"),
        (["local-api"], {"GITBOOK_SEED": "all"}, "GITBOOK_SEED"),
    ],
)
def test_a_bad_value_is_an_error_naming_the_option(
    argv: list[str], env: dict[str, str], named: str
) -> None:
    with pytest.raises(OptionError, match=f"^{named}: "):
        parse_args(argv, env)


def test_problems_name_what_to_set() -> None:
    (no_token,) = Settings().problems()
    assert "GITBOOK_API_TOKEN" in no_token
    assert Settings(api_token="t").problems() == []
    assert Settings(local=True).problems() == []
    (bad_role,) = Settings(local=True, local_token="gb_local_root").problems()
    assert "--local-token" in bad_role
    exposed = Settings(local=True, transport="sse", host="0.0.0.0")
    (unguarded,) = exposed.problems()
    assert "GITBOOK_MCP_AUTH_TOKEN" in unguarded
    assert (
        Settings(local=True, transport="sse", host="0.0.0.0", mcp_auth_token="b").problems() == []
    )
    assert Settings(local=True, host="0.0.0.0").problems() == []  # stdio binds nothing


def test_secrets_are_not_in_the_repr() -> None:
    shown = repr(Settings(api_token="s3cret-api", mcp_auth_token="s3cret-bearer"))
    assert "s3cret" not in shown
    assert "timeout=" in shown


def test_token_help_says_the_flag_shows_in_ps_and_recommends_the_environment() -> None:
    token = next(row for row in rows(Settings) if row.flag == "--token")
    assert "`ps`" in token.meaning()
    assert "GITBOOK_API_TOKEN" in token.meaning()
    assert "GITBOOK_API_TOKEN" in " ".join(parser().format_help().split())


@pytest.mark.parametrize(
    ("path", "section", "table"),
    [
        (OPTIONS_DOC, "options", options_markdown),
        ("README.md", "common-options", common_options_markdown),
    ],
)
def test_the_options_tables_are_generated_from_the_settings(
    path: str, section: str, table: Callable[[], str]
) -> None:
    text = (ROOT / path).read_text(encoding="utf-8")
    assert f"<!-- {section}:start -->" in text
    assert text == replace_section(text, section, table()), (
        f"{path}'s options table is stale: run python -m gitbook_mcp.cli.parser"
    )


def test_every_option_is_in_the_full_table_and_the_most_used_in_the_readme() -> None:
    full = (ROOT / OPTIONS_DOC).read_text(encoding="utf-8")
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "<!-- options:start -->" not in readme  # the full table lives in docs/options.md
    flags = {row.flag for cls in commands() for row in rows(cls)}
    assert all(f"| `{flag}` |" in full for flag in flags)
    shown = {line.split("`")[1] for line in common_options_markdown().splitlines()[2:]}
    assert shown == {flag for flag, _ in MOST_USED}
    assert OPTIONS_DOC in readme


def test_server_json_variables_are_options() -> None:
    package = json.loads((ROOT / "server.json").read_text(encoding="utf-8"))["packages"][0]
    known = {row.env for row in rows(Settings)}
    assert {v["name"] for v in package["environmentVariables"]} <= known


def test_check_links_reaches_the_api_with_every_option_it_shares_with_serve() -> None:
    checking = CheckLinksSettings(
        space="spc_1", api_url="http://api.test/v1", timeout=3.0, local=True, profile="seed"
    )
    server = checking.server_settings()
    assert (server.api_url, server.timeout, server.local, server.profile) == (
        "http://api.test/v1",
        3.0,
        True,
        "seed",
    )
    assert server.local_db == checking.local_db
    assert server.toolsets == ("default",)  # what check-links does not take keeps its default


def test_the_page_cache_option_defaults_to_the_caches_own_budget() -> None:
    from gitbook_mcp.linkcheck.page_cache import MAX_CACHE_BYTES

    assert Settings(local=True).page_cache_mb * 1024 * 1024 == MAX_CACHE_BYTES
