"""What the stdio server imports on its way to the ``initialize`` answer: what it needs to answer,
not the link checker, the markdown parser, prometheus-client, the HTTP transports, the
``--auth upstream`` machinery, the local workspace or, when nothing is logged, structlog."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

from tests.deploy.ops_support import LEGACY_INITIALIZE

ROOT = Path(__file__).resolve().parents[3]
NOT_AT_START = (
    "gitbook_mcp.config.check_links_settings",
    "gitbook_mcp.linkcheck",
    "gitbook_mcp.document",
    "markdown_it",
    "prometheus_client",
    "gitbook_mcp.server.http.transports",
    "gitbook_mcp.server.http.ops.metrics",
    "gitbook_mcp.server.http.auth.callers",
    "gitbook_mcp.server.http.auth.upstream",
    "gitbook_mcp.client.models.content",
    "gitbook_mcp.server.calls.handler",
    "gitbook_mcp.server.calls.confirm",
    "gitbook_mcp.local",
    "structlog",
)


def test_answering_initialize_over_stdio_imports_only_what_it_needs(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("GITBOOK_")}
    env.update({"GITBOOK_LOG_LEVEL": "ERROR", "PYTHONPATH": str(ROOT / "src")})
    db = tmp_path / "local.db"
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "gitbook_mcp", "--local", "--local-db", str(db)],
        input=json.dumps(LEGACY_INITIALIZE) + "\n",  # then end of input: the server stops
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        check=False,
    )
    answer = json.loads(done.stdout.splitlines()[0])
    assert answer["id"] == 1
    assert "serverInfo" in answer["result"]
    imported = set(re.findall(r"^import time:.*\|\s*(\S+)$", done.stderr, re.MULTILINE))
    assert "gitbook_mcp.server.app" in imported  # the listing is read
    early = sorted(
        name for name in imported for prefix in NOT_AT_START if re.match(rf"{prefix}(\.|$)", name)
    )
    assert early == []
