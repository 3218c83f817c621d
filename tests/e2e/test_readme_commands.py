"""Every command the README tells people to run runs as written, from a checkout set up as the
Quick start leaves it (``.venv`` holding the installed package, a fresh HOME, no ``GITBOOK_``
variable).

Commands are the lines of the README's ``bash`` blocks and its inline code spans that start as a
command does (``.venv/bin/``, ``bash scripts/``, ``npx``, ``uvx``, ``claude``, ``curl``). Each one
is classified below, explicitly: run (with the exit codes the README says), served (a server,
started, checked, stopped), or not run here, with the reason and the test that covers it. A
command added to the README fails `test_every_readme_command_is_classified` until it is
classified, and a classified command the README dropped fails it too. The checkout is a
directory holding only ``.venv``, a link to the environment these tests run in: nothing is
installed again, and the commands run here read no other file of the repository.
"""

from __future__ import annotations

import os
import re
import shlex
import socket
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass
from importlib.metadata import version
from pathlib import Path

import pytest

pytestmark = [pytest.mark.xdist_group("test_readme_commands")]

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
_SHELL = ("bash", "sh", "shell", "console")
_COMMAND_START = (".venv/bin/", "bash scripts/", "npx ", "uvx ", "claude ", "curl ")


@dataclass(frozen=True)
class Run:
    """Run as written; it exits with one of ``codes`` and prints ``shows`` on stdout."""

    codes: frozenset[int] = frozenset({0})
    shows: str = ""


@dataclass(frozen=True)
class Serve:
    """A server: it starts, answers on ``port`` (the README's port, replaced by a free one in
    this command and in the commands after it in its block), then is stopped."""

    port: int
    probe: str = ""
    """A path answering 200 without a token, or empty: the port accepting connections."""


@dataclass(frozen=True)
class NotRun:
    """Not run by this test, and why (the test that covers it, or what it needs)."""

    why: str


VERSION = version("gitbook-mcp")
COMMANDS: dict[str, Run | Serve | NotRun] = {
    ".venv/bin/gitbook-mcp --version": Run(shows=f"gitbook-mcp {VERSION}"),
    ".venv/bin/gitbook-mcp --help": Run(shows="check-links"),
    # The demo breaks links on purpose: the README says it exits 1.
    ".venv/bin/gitbook-mcp check-links spc_handbook --local": Run(frozenset({1}), "broken"),
    ".venv/bin/gitbook-mcp check-links spc_cloud --local": Run(frozenset({1}), "broken"),
    ".venv/bin/gitbook-mcp --local --transport streamable-http --port 8000": Serve(
        8000, "/healthz"
    ),
    ".venv/bin/gitbook-mcp local-api --host 127.0.0.1 --port 8787 --db workspace.db --seed demo": (
        Serve(8787)
    ),
    'curl -s -H "Authorization: Bearer gb_local_admin" http://127.0.0.1:8787/v1/orgs': Run(
        shows="org_acme"
    ),
    'curl -s -H "Authorization: Bearer gb_local_reader" '
    '"http://127.0.0.1:8787/v1/orgs/org_acme/search?query=install"': Run(shows="pg_install"),
    ".venv/bin/gitbook-mcp": NotRun("a name in a sentence, not a command"),
    ".venv/bin/": NotRun("a folder named in a sentence"),
    ".venv/bin/gitbook-mcp --local": NotRun(
        "serves stdio until its client leaves: tests/e2e/test_process.py drives it"
    ),
    "bash scripts/test.sh": NotRun("the test command itself"),
    "bash scripts/run.sh": NotRun("installs into .venv: tests/deploy/test_run_script.py"),
    "bash scripts/run.sh --version": NotRun("installs into .venv: tests/deploy/test_run_script.py"),
    "bash scripts/run.sh --local-token gb_local_reader": NotRun(
        "installs into .venv, then serves stdio: tests/deploy/test_run_script.py"
    ),
    "bash scripts/test.sh tests/unit/config -q": NotRun("the test command itself"),
    ".venv/bin/python -m pytest tests/unit/config -q": NotRun("the test suite itself"),
    "bash scripts/audit.sh": NotRun("needs the PyPI advisory database (network)"),
    ".venv/bin/python scripts/build_mcpb.py": NotRun("builds a wheel: tests/deploy/test_mcpb.py"),
    ".venv/bin/python -m pip wheel --no-deps --no-build-isolation --wheel-dir dist .": NotRun(
        "builds the wheel: tests/deploy/test_wheel.py"
    ),
    "uvx --from /path/to/gitbook-mcp/dist/gitbook_mcp-0.2.0-py3-none-any.whl gitbook-mcp "
    "--version": NotRun("needs uv and a path of the reader's own"),
    "claude mcp add gitbook --transport stdio --env GITBOOK_API_TOKEN=... -- uvx ...": NotRun(
        "needs Claude Code: its word order is tested in tests/unit/test_client_configs.py"
    ),
    "claude --debug": NotRun("needs Claude Code"),
    "claude mcp list": NotRun("needs Claude Code"),
    "npx @modelcontextprotocol/inspector --cli .venv/bin/gitbook-mcp --local --method "
    "tools/list": NotRun("downloads the Inspector from npm"),
    "npx @modelcontextprotocol/inspector --cli .venv/bin/gitbook-mcp --local --method "
    "tools/call --tool-name search_content --tool-arg organization_id=org_acme --tool-arg "
    "query=install": NotRun("downloads the Inspector from npm"),
    "npx @modelcontextprotocol/inspector .venv/bin/gitbook-mcp --local": NotRun(
        "downloads the Inspector from npm, then serves a web page until stopped"
    ),
}


def _logical_lines(block: str) -> list[str]:
    """The commands of a shell block: continuations joined, comments and blank lines dropped."""
    commands = []
    for line in block.replace("\\\n", " ").splitlines():
        words = shlex.split(line, comments=True)
        if words:
            commands.append(" ".join(_quoted(word) for word in words))
    return commands


def _quoted(word: str) -> str:
    """A word as the README writes it: double quotes where the shell needs them."""
    return f'"{word}"' if re.search(r"[\s?&;]", word) else word


def readme_blocks() -> list[list[str]]:
    """The README's shell blocks, each as its list of commands."""
    blocks, current = [], None
    for line in README.read_text(encoding="utf-8").splitlines():
        fence = line.strip()
        if current is None and fence.startswith("```") and fence[3:] in _SHELL:
            current = []
        elif current is not None and fence == "```":
            blocks.append(_logical_lines("\n".join(current)))
            current = None
        elif current is not None:
            current.append(line)
    return blocks


def readme_inline() -> list[str]:
    """The README's inline code spans that are commands."""
    text = re.sub(r"(?ms)^```.*?^```", "", README.read_text(encoding="utf-8"))
    spans = re.findall(r"`([^`\n]+)`", text.replace("\n", " "))
    return [" ".join(span.split()) for span in spans if span.startswith(_COMMAND_START)]


def test_every_readme_command_is_classified() -> None:
    found = {c for block in readme_blocks() for c in block} | set(readme_inline())
    assert found - COMMANDS.keys() == set(), "classify these README commands in COMMANDS"
    assert COMMANDS.keys() - found == set(), "these are no longer in the README"


def test_the_readme_names_no_bare_command_to_run() -> None:
    # After the Quick start only .venv/bin/gitbook-mcp exists: a bare `gitbook-mcp` span is a
    # synopsis (SPACE, PATH: placeholders), never a command with real values.
    text = README.read_text(encoding="utf-8")
    bare = set(re.findall(r"`(gitbook-mcp [^`]*)`", text))
    assert bare <= {"gitbook-mcp check-links SPACE", "gitbook-mcp check-links PATH"}


@pytest.fixture(scope="module")
def checkout(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A checkout as the Quick start leaves it: ``.venv`` with the package installed."""
    where = tmp_path_factory.mktemp("checkout")
    venv = Path(sys.prefix)
    assert (venv / "bin" / "gitbook-mcp").is_file(), "the tests run in the package's venv"
    (where / ".venv").symlink_to(venv, target_is_directory=True)
    return where


def _environ(checkout: Path, home: str) -> dict[str, str]:
    """The environment of one command: its own fresh HOME (so that commands run side by side
    never seed one demo database at once), no ``GITBOOK_`` or ``XDG_`` variable."""
    keep = {k: v for k, v in os.environ.items() if not k.startswith(("GITBOOK_", "XDG_"))}
    (checkout / home).mkdir(exist_ok=True)
    return {**keep, "HOME": str(checkout / home), "NO_COLOR": "1"}


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def _start(command: str, checkout: Path, home: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        ["bash", "-c", command],
        cwd=checkout,
        env=_environ(checkout, home),
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def _check(command: str, process: subprocess.Popen[str], run: Run) -> None:
    out, err = process.communicate(timeout=60)
    assert process.returncode in run.codes, f"{command}: exit {process.returncode}\n{err[-2000:]}"
    assert run.shows in out, f"{command}: {out[-2000:]}"


def _wait_until_up(port: int, probe: str, server: subprocess.Popen[str]) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        assert server.poll() is None, server.communicate()[1][-2000:]
        try:
            if probe:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}{probe}", timeout=2) as r:
                    if r.status == 200:
                        return
            else:
                with socket.create_connection(("127.0.0.1", port), timeout=1):
                    return
        except OSError:  # urllib's errors are OSErrors too
            pass
        time.sleep(0.1)
    pytest.fail(f"nothing answered on port {port}")


def _stop(server: subprocess.Popen[str]) -> None:
    server.terminate()
    try:
        server.communicate(timeout=15)
    except subprocess.TimeoutExpired:
        server.kill()
        server.communicate()


def _runs() -> list[list[tuple[str, Run | Serve]]]:
    """What this test runs: each block with a server as one sequence, each other command alone."""
    sequences: list[list[tuple[str, Run | Serve]]] = []
    seen: set[str] = set()
    for block in [*readme_blocks(), *[[c] for c in readme_inline()]]:
        steps = [(c, k) for c in block if not isinstance(k := COMMANDS.get(c), NotRun | None)]
        if any(isinstance(kind, Serve) for _, kind in steps):
            sequences.append(steps)
        else:
            sequences += [[step] for step in steps]
    unique = []
    for steps in sequences:
        if (key := "\n".join(c for c, _ in steps)) not in seen:
            seen.add(key)
            unique.append(steps)
    return unique


@pytest.mark.slow
@pytest.mark.timeout(120)
def test_the_runnable_commands_run_as_written(checkout: Path) -> None:
    # About 10 s of CPU (each check-links --local and each server imports the package and seeds
    # the demo), so everything starts at once: the one-shot commands and every block's server.
    sequences = _runs()
    assert {c for steps in sequences for c, _ in steps} == {
        c for c, kind in COMMANDS.items() if not isinstance(kind, NotRun)
    }
    servers: list[tuple[subprocess.Popen[str], int, Serve, list[tuple[str, Run | Serve]]]] = []
    started: list[tuple[str, subprocess.Popen[str], Run]] = []
    try:
        for n, steps in enumerate(sequences):
            (command, kind), *after = steps
            if isinstance(kind, Run):
                started.append((command, _start(command, checkout, f"home{n}"), kind))
                continue
            port = _free_port()
            as_here = command.replace(f"--port {kind.port}", f"--port {port}")
            servers.append((_start(as_here, checkout, f"home{n}"), port, kind, after))
        for server, port, serve, after in servers:
            _wait_until_up(port, serve.probe, server)
            for line, run in after:
                assert isinstance(run, Run), "one server per block, first"
                as_here = line.replace(f":{serve.port}/", f":{port}/")
                _check(line, _start(as_here, checkout, "client"), run)
        for command, process, run in started:
            _check(command, process, run)
    finally:
        for process in [p for _, p, _ in started] + [s for s, _, _, _ in servers]:
            _stop(process)


def test_the_quick_start_says_the_check_exits_1_as_this_test_expects() -> None:
    # The README's own words for the one command expected to fail.
    text = README.read_text(encoding="utf-8")
    assert "check-links spc_handbook --local   # exits 1" in text
