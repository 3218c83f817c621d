"""Real processes for the deployment tests: a `local-api` backend and `serve` replicas over it."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from pathlib import Path

import httpx2

from tests.deploy.ops_support import free_port

__all__ = ["Proc", "api_client", "running_local_api", "start_local_api", "start_server", "stop"]


class Proc:
    """A started process, its port and its log file."""

    def __init__(self, process: subprocess.Popen[bytes], port: int, log: Path) -> None:
        self.process = process
        self.port = port
        self.log = log

    @property
    def url(self) -> str:
        """The base URL on loopback."""
        return f"http://127.0.0.1:{self.port}"


def _env() -> dict[str, str]:
    keep = ("PATH", "HOME", "PYTHONPATH", "SYSTEMROOT", "TMPDIR")
    return {k: v for k, v in os.environ.items() if k in keep} | {"PYTHONUNBUFFERED": "1"}


def _start(args: list[str], log: Path, port: int, env: dict[str, str]) -> Proc:
    with log.open("wb") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "gitbook_mcp", *args],
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=out,
        )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        with socket.socket() as sock:
            if sock.connect_ex(("127.0.0.1", port)) == 0:
                return Proc(process, port, log)
        if process.poll() is not None:
            raise RuntimeError(log.read_text(errors="replace"))
        time.sleep(0.05)
    process.kill()
    raise RuntimeError(f"no answer on port {port}: {log.read_text(errors='replace')}")


def start_local_api(folder: Path, *args: str) -> Proc:
    """`gitbook-mcp local-api` over a fresh demo database in ``folder``."""
    port = free_port()
    command = ["local-api", "--seed", "demo", "--db", str(folder / "api.db"), "--port", str(port)]
    return _start([*command, *args], folder / f"api-{port}.log", port, _env())


@contextmanager
def running_local_api(folder: Path, *args: str) -> Iterator[Proc]:
    """`start_local_api`, stopped on leaving."""
    proc = start_local_api(folder, *args)
    try:
        yield proc
    finally:
        stop(proc)


@asynccontextmanager
async def api_client(
    proc: Proc, token: str = "gb_local_admin"
) -> AsyncIterator[httpx2.AsyncClient]:
    """An HTTP client of the process's API (``/v1``) with ``token``."""
    headers = {"Authorization": f"Bearer {token}"}
    async with httpx2.AsyncClient(base_url=f"{proc.url}/v1", headers=headers) as client:
        yield client


def start_server(folder: Path, api: Proc, token: str | None, *args: str) -> Proc:
    """`gitbook-mcp serve` over streamable HTTP, calling ``api`` with ``token`` (None: each
    caller's own, ``--auth upstream``)."""
    port = free_port()
    command = [
        "serve",
        "--transport",
        "streamable-http",
        "--port",
        str(port),
        "--api-url",
        f"{api.url}/v1",
    ]
    if token is None:
        command += ["--auth", "upstream", "--auth-server", "https://auth.example.test"]
    env = _env() | ({"GITBOOK_API_TOKEN": token} if token else {})
    # Results' structured content is sent only with output schemas declared, and the tests read
    # it: full unless a test passes --output-schemas (a flag wins over the environment).
    env["GITBOOK_OUTPUT_SCHEMAS"] = "full"
    return _start([*command, *args], folder / f"serve-{port}.log", port, env)


def stop(*procs: Proc) -> None:
    """Terminate what still runs and reap it."""
    for proc in procs:
        if proc.process.poll() is None:
            proc.process.terminate()
    for proc in procs:
        try:
            proc.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.process.kill()
            proc.process.wait()
