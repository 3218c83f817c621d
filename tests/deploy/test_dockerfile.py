"""The Dockerfile keeps its rules: runtime lock only, hashes, non-root, entrypoint, no dev tools.

The image cannot be built here (no registry for base images); the rules are checked on the text.
"""

from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path
from typing import Any

import anyio
import pytest

from gitbook_mcp.config.settings import Settings
from gitbook_mcp.local import Store
from gitbook_mcp.server.http.transports import http_app
from tests.deploy.ops_support import free_port, serve_app
from tests.unit.server.conftest import make_server

ROOT = Path(__file__).resolve().parents[2]
DEV_TOOLS = ("pytest", "ruff", "mypy", "schemathesis", "hypothesis", "pip-audit", "curl", "wget")


def _instructions() -> list[tuple[str, str]]:
    """(instruction, arguments) pairs, continuation lines joined and comments dropped."""
    text = re.sub(r"\\\n\s*", " ", (ROOT / "Dockerfile").read_text())
    rows = [line.strip() for line in text.splitlines()]
    pairs = [line.split(None, 1) for line in rows if line and not line.startswith("#")]
    return [(p[0].upper(), p[1] if len(p) > 1 else "") for p in pairs]


def _stages() -> list[list[tuple[str, str]]]:
    stages: list[list[tuple[str, str]]] = []
    for instruction in _instructions():
        if instruction[0] == "FROM":
            stages.append([])
        stages[-1].append(instruction)
    return stages


def test_both_stages_use_the_slim_python_image_pinned_by_one_digest() -> None:
    froms = [args.split()[0] for name, args in _instructions() if name == "FROM"]
    assert len(froms) == 2
    assert froms[0] == froms[1]  # the wheel is built on the image it runs on
    assert re.fullmatch(r"python:3\.11-slim@sha256:[0-9a-f]{64}", froms[0])


def test_the_runtime_stage_installs_the_runtime_lock_with_hashes_and_the_wheel_alone() -> None:
    runtime = _stages()[-1]
    runs = " ".join(args for name, args in runtime if name == "RUN")
    assert "--require-hashes -r /tmp/requirements.lock" in runs
    assert re.search(r"pip install --no-deps \S+\.whl", runs)
    assert "requirements-dev.lock" not in (ROOT / "Dockerfile").read_text()
    for tool in DEV_TOOLS:
        assert tool not in runs


def test_the_wheel_is_built_with_the_locked_backend() -> None:
    build = " ".join(args for name, args in _stages()[0] if name == "RUN")
    assert "--require-hashes -r requirements.lock" in build
    assert "--no-build-isolation" in build


def test_it_runs_as_uid_10001_with_the_console_script_and_http_by_default() -> None:
    runtime = dict(_stages()[-1])
    assert runtime["USER"].split(":")[0] == "10001"
    assert json.loads(runtime["ENTRYPOINT"]) == ["gitbook-mcp"]
    command = json.loads(runtime["CMD"])
    assert command[command.index("--transport") + 1] == "streamable-http"
    assert command[command.index("--host") + 1] == "0.0.0.0"
    assert runtime["EXPOSE"] == "8000"
    # The port is GITBOOK_PORT's (the healthcheck reads it): a flag would override the variable.
    assert "--port" not in command
    assert "GITBOOK_PORT=8000" in runtime["ENV"]


def test_the_demo_workspace_is_stored_where_the_image_user_may_write() -> None:
    """uid 10001's home is /nonexistent: ``--local`` failed with PermissionError on its default
    path, so the image points GITBOOK_LOCAL_DB into a folder that user owns."""
    runtime = _stages()[-1]
    env = " ".join(args for name, args in runtime if name == "ENV")
    (path,) = re.findall(r"GITBOOK_LOCAL_DB=(\S+)", env)
    folder = path.rpartition("/")[0]
    runs = " ".join(args for name, args in runtime if name == "RUN")
    assert f"mkdir {folder} && chown 10001:10001 {folder}" in runs


def test_the_healthcheck_uses_python_not_curl() -> None:
    check = dict(_stages()[-1])["HEALTHCHECK"]
    assert "urllib.request" in check
    assert "/healthz" in check
    assert "curl" not in check


def _healthcheck() -> list[str]:
    """The exec form of the HEALTHCHECK's command."""
    check = dict(_stages()[-1])["HEALTHCHECK"]
    command = json.loads(check.partition(" CMD ")[2])
    assert isinstance(command, list)
    return [str(word) for word in command]


@pytest.mark.anyio
async def test_the_healthcheck_probes_the_port_the_server_is_configured_with(store: Store) -> None:
    command = _healthcheck()
    assert command[0] == "python"

    def make(port: int) -> Any:
        settings = Settings(local=True, transport="streamable-http", port=port)
        return http_app(make_server(store), settings)

    async def probe(port: int) -> int:
        env = {**os.environ, "GITBOOK_PORT": str(port)}
        done = await anyio.run_process([sys.executable, *command[1:]], env=env, check=False)
        return done.returncode

    async with serve_app(make) as url:
        served = int(url.rpartition(":")[2])
        assert served != 8000
        assert await probe(served) == 0
        assert await probe(free_port()) != 0  # nothing there: unhealthy


def test_the_build_context_holds_only_what_the_build_copies() -> None:
    ignore = (ROOT / ".dockerignore").read_text().splitlines()
    assert ignore[ignore.index("**") + 1 :][:5] == [
        "!requirements.lock",
        "!pyproject.toml",
        "!README.md",
        "!src/",
        "!prompts/",
    ]
