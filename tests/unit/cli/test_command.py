"""The command line: each sub-command reaches its runner with its own typed settings, and bad
options or contradictory settings stop it with exit status 2 and a message on stderr."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from importlib.metadata import version
from pathlib import Path

import pytest

from gitbook_mcp import __version__
from gitbook_mcp.cli import command as cli
from gitbook_mcp.cli import local_api
from gitbook_mcp.cli.command import package_version
from gitbook_mcp.cli.parser import commands
from gitbook_mcp.config.settings import LocalApiSettings, Settings

ROOT = Path(__file__).resolve().parents[3]


def _record(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    seen: list[object] = []

    def serve(settings: Settings) -> int:
        seen.append(settings)
        return 0

    def local_api(settings: LocalApiSettings) -> int:
        seen.append(settings)
        return 0

    monkeypatch.setitem(cli.RUNNERS, "serve", cli.Runner(Settings, serve))
    monkeypatch.setitem(cli.RUNNERS, "local-api", cli.Runner(LocalApiSettings, local_api))
    return seen


def test_every_command_has_a_runner() -> None:
    assert all(cli.runner(cls.COMMAND).options is cls for cls in commands())
    assert set(cli.RUNNERS) == {cls.COMMAND for cls in commands()}


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["--local", "--timeout", "2"], Settings),
        (["serve", "--local"], Settings),
        (["local-api", "--port", "9"], LocalApiSettings),
    ],
)
def test_a_command_runs_with_its_typed_settings(
    monkeypatch: pytest.MonkeyPatch, argv: list[str], expected: type
) -> None:
    seen = _record(monkeypatch)
    with pytest.raises(SystemExit) as exit_:
        cli.main(argv, environ={})
    assert exit_.value.code == 0
    (settings,) = seen
    assert type(settings) is expected


def test_problems_stop_the_command_before_it_runs(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    seen = _record(monkeypatch)
    with pytest.raises(SystemExit) as exit_:
        cli.main([], environ={})
    assert exit_.value.code == 2
    assert seen == []
    assert "GITBOOK_API_TOKEN" in capsys.readouterr().err


def test_a_bad_value_exits_2_naming_the_option(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    seen = _record(monkeypatch)
    with pytest.raises(SystemExit) as exit_:
        cli.main(["local-api"], environ={"GITBOOK_DROP_RATE": "lots"})
    assert exit_.value.code == 2
    assert seen == []
    err = capsys.readouterr().err
    assert err.startswith("gitbook-mcp: GITBOOK_DROP_RATE: ")
    assert "Traceback" not in err


def test_every_fault_option_of_local_api_reaches_the_fault_config() -> None:
    settings = LocalApiSettings(
        latency_ms=1.0,
        latency_jitter_ms=2.0,
        error_rate=0.1,
        drop_rate=0.2,
        rate_limit_rate=0.3,
        slow_rate=0.4,
        slow_ms=5.0,
        fault_seed=7,
        seed="demo",
    )
    faults = local_api.faults(settings)
    assert (
        faults.latency_ms,
        faults.latency_jitter_ms,
        faults.error_rate,
        faults.drop_rate,
        faults.rate_limit_rate,
        faults.slow_rate,
        faults.slow_ms,
        faults.seed,
    ) == (1.0, 2.0, 0.1, 0.2, 0.3, 0.4, 5.0, 7)
    assert faults.error_statuses == (500, 502, 503), "options it lacks keep their defaults"


def test_version_prints_the_installed_package_version_and_exits_0(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit) as stopped:
        cli.main(["--version"], {})
    assert stopped.value.code == 0
    assert capsys.readouterr().out == f"gitbook-mcp {version('gitbook-mcp')}\n"


def test_the_version_has_one_source_the_package_and_the_install_reports_it() -> None:
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert "version" not in pyproject["project"]
    assert pyproject["project"]["dynamic"] == ["version"]
    assert pyproject["tool"]["hatch"]["version"]["path"] == "src/gitbook_mcp/__init__.py"
    assert package_version() == __version__


def test_the_console_script_prints_its_version() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "gitbook_mcp", "--version"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == f"gitbook-mcp {package_version()}"
