"""Durability: kill ``local-api`` hard in the middle of a stream of writes, restart it on the
same database file, and find every acknowledged write there, with the file intact."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import httpx2
import pytest

from gitbook_mcp.local import Store

pytestmark = pytest.mark.slow
HEADERS = {"Authorization": "Bearer gb_local_admin"}


def _start(db: Path) -> tuple[subprocess.Popen[bytes], str]:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    env = {k: v for k, v in os.environ.items() if not k.startswith("GITBOOK_")}
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gitbook_mcp",
            "local-api",
            "--port",
            str(port),
            "--db",
            str(db),
            "--seed",
            "demo",
            "--log-level",
            "ERROR",
        ],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}/v1"
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        try:
            httpx2.get(f"{base}/orgs", headers=HEADERS, timeout=1)
            return process, base
        except httpx2.TransportError:
            time.sleep(0.05)
    process.kill()
    raise RuntimeError("local-api did not start")


@pytest.mark.timeout(120)
def test_acknowledged_writes_survive_a_hard_kill(tmp_path: Path) -> None:
    db = tmp_path / "workspace.db"
    process, base = _start(db)
    acknowledged: list[str] = []
    stop = threading.Event()

    def write() -> None:
        with httpx2.Client(headers=HEADERS, timeout=2) as client:
            index = 0
            while not stop.is_set():
                marker = f"durable-{index}"
                index += 1
                try:
                    response = client.post(
                        f"{base}/spaces/spc_handbook/comments", json={"body": {"markdown": marker}}
                    )
                except httpx2.TransportError:
                    return
                if response.status_code == 200:
                    acknowledged.append(marker)

    writer = threading.Thread(target=write)
    writer.start()
    while len(acknowledged) < 40:
        time.sleep(0.01)
    os.kill(process.pid, signal.SIGKILL)
    process.wait(timeout=10)
    stop.set()
    writer.join(timeout=10)

    store = Store(db)
    try:
        assert store.db.integrity_check() == "ok"
        stored = {
            r[0]
            for r in store.db.all("SELECT markdown FROM comments WHERE markdown LIKE 'durable-%'")
        }
        assert set(acknowledged) <= stored
    finally:
        store.close()

    restarted, base = _start(db)
    try:
        page = httpx2.get(
            f"{base}/spaces/spc_handbook/comments",
            params={"limit": 1000},
            headers=HEADERS,
            timeout=5,
        )
        served = {c["body"]["markdown"] for c in page.json()["items"]}
        assert set(acknowledged) <= served
    finally:
        restarted.terminate()
        restarted.wait(timeout=10)
