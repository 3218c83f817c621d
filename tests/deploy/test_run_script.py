"""``scripts/run.sh`` installs only when the lock or ``pyproject.toml`` changed since the last
install that succeeded, then starts the server.

The script runs for real on a copy of the repository's files whose ``.venv`` is a stand-in: its
``python`` records every ``pip`` call (no network) and runs anything else with this interpreter;
its ``gitbook-mcp`` records its arguments.
"""

from __future__ import annotations

import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _executable(path: Path, text: str) -> None:
    path.write_text(text)
    path.chmod(path.stat().st_mode | stat.S_IXUSR)


@pytest.fixture
def checkout(tmp_path: Path) -> Path:
    """The files run.sh reads, and a stand-in .venv (installing it creates the console script)."""
    for name in ("scripts/run.sh", "requirements.lock", "pyproject.toml"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / name, tmp_path / name)
    bin_dir = tmp_path / ".venv" / "bin"
    bin_dir.mkdir(parents=True)
    _executable(
        bin_dir / "python",
        f"""#!/bin/sh
if [ "$1" = "-m" ] && [ "$2" = "pip" ]; then
  echo "$*" >> "{tmp_path}/pip.log"
  [ -n "$FAIL_PIP" ] && exit 1
  printf '#!/bin/sh\\necho "$*" >> "{tmp_path}/server.log"\\n' > "{bin_dir}/gitbook-mcp"
  chmod +x "{bin_dir}/gitbook-mcp"
  exit 0
fi
exec "{sys.executable}" "$@"
""",
    )
    return tmp_path


def _run(checkout: Path, *args: str, fail_pip: bool = False) -> list[str]:
    """Run the script; the pip calls it made (one line each)."""
    log = checkout / "pip.log"
    log.unlink(missing_ok=True)
    env = {"PATH": "/usr/bin:/bin"} | ({"FAIL_PIP": "1"} if fail_pip else {})
    done = subprocess.run(
        ["bash", "scripts/run.sh", *args],
        cwd=checkout,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    if not fail_pip:
        assert done.returncode == 0, done.stderr
    else:
        assert done.returncode != 0
    return log.read_text().splitlines() if log.exists() else []


def test_the_first_run_installs_the_lock_then_the_package_and_starts_the_server(
    checkout: Path,
) -> None:
    calls = _run(checkout, "--local-token", "gb_local_reader")
    assert len(calls) == 2
    assert "--require-hashes -r requirements.lock" in calls[0]
    assert calls[1].endswith("--no-deps --no-build-isolation -e .")
    served = (checkout / "server.log").read_text().splitlines()
    assert served == ["--local --local-token gb_local_reader"]


def test_an_unchanged_checkout_starts_without_installing(checkout: Path) -> None:
    _run(checkout)
    (checkout / "src").mkdir()
    (checkout / "src" / "new_module.py").write_text("# code changes need no install\n")
    assert _run(checkout) == []
    assert _run(checkout) == []
    assert len((checkout / "server.log").read_text().splitlines()) == 3


@pytest.mark.parametrize("changed", ["requirements.lock", "pyproject.toml"])
def test_a_changed_lock_or_pyproject_installs_again_once(checkout: Path, changed: str) -> None:
    _run(checkout)
    with (checkout / changed).open("a") as out:
        out.write("\n# changed\n")
    assert len(_run(checkout)) == 2
    assert _run(checkout) == []


def test_a_failed_install_is_retried_on_the_next_run(checkout: Path) -> None:
    _run(checkout)
    (checkout / "requirements.lock").write_text("# a lock whose install fails\n")
    assert len(_run(checkout, fail_pip=True)) == 1  # set -e: stops at the failing install
    assert not (checkout / ".venv" / ".run-stamp").exists()
    assert len(_run(checkout)) == 2


def test_a_venv_without_the_console_script_is_installed_whatever_the_stamp(
    checkout: Path,
) -> None:
    _run(checkout)
    (checkout / ".venv" / "bin" / "gitbook-mcp").unlink()
    assert len(_run(checkout)) == 2
