"""End to end: the real ``gitbook-mcp`` process over stdio and streamable HTTP, driven by the
SDK's own client, with effects read back from the local workspace's database file."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from pathlib import Path
from typing import Any

import pytest
from mcp import StdioServerParameters
from mcp.client import Client

from gitbook_mcp.local import Store
from tests.support.fenced import unfenced

pytestmark = [pytest.mark.anyio, pytest.mark.slow]


def _env(db: Path, token: str = "gb_local_admin") -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("GITBOOK_")}
    env.update(
        {"GITBOOK_LOCAL_DB": str(db), "GITBOOK_LOCAL_TOKEN": token, "GITBOOK_LOG_LEVEL": "WARNING"}
    )
    # These flows include the seed's link listings (check_links); --local defaults to live.
    env["GITBOOK_PROFILE"] = "seed"
    # The tests read results' structured content, sent only with output schemas declared.
    env["GITBOOK_OUTPUT_SCHEMAS"] = "full"
    return env


@asynccontextmanager
async def stdio_client(
    db: Path, *args: str, token: str = "gb_local_admin"
) -> AsyncIterator[Client]:
    params = StdioServerParameters(
        command=sys.executable, args=["-m", "gitbook_mcp", "--local", *args], env=_env(db, token)
    )
    async with Client(params, cache=None) as client:
        yield client


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextmanager
def http_server(db: Path, *args: str) -> Iterator[str]:
    port = _free_port()
    log = (db.parent / f"server-{port}.log").open("wb")
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gitbook_mcp",
            "--local",
            "--transport",
            "streamable-http",
            "--port",
            str(port),
            *args,
        ],
        env=_env(db),
        stdout=subprocess.DEVNULL,
        stderr=log,
    )
    try:
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            with socket.socket() as sock:
                if sock.connect_ex(("127.0.0.1", port)) == 0:
                    break
            if process.poll() is not None:
                raise RuntimeError(
                    process.stderr.read().decode() if process.stderr else "server exited"
                )
            time.sleep(0.05)
        yield f"http://127.0.0.1:{port}/mcp"
    finally:
        process.terminate()
        process.wait(timeout=10)
        log.close()


async def _flows(client: Client) -> dict[str, Any]:
    """The product's flows; returns ids created, for reading back."""
    search = await client.call_tool(
        "search_content", {"organization_id": "org_acme", "query": "installer"}
    )
    assert not search.is_error
    assert search.structured_content["hits"][0]["path"] == "getting-started/install"
    resolved = await client.call_tool(
        "update_comment",
        {"space_id": "spc_handbook", "comment_id": "cm_install_typo", "resolved": True},
    )
    assert resolved.structured_content["status"] == "resolved"
    tree = await client.call_tool(
        "get_page_tree", {"space_id": "spc_handbook", "change_request_id": "1"}
    )
    assert "getting-started/upgrade" in {p["path"] for p in tree.structured_content["pages"]}
    page = await client.call_tool(
        "get_page",
        {"space_id": "spc_handbook", "change_request_id": "1", "path": "getting-started/upgrade"},
    )
    assert "Upgrading" in page.structured_content["markdown"]
    links = await client.call_tool(
        "check_links", {"space_id": "spc_handbook", "change_request_id": "1"}
    )
    assert len(links.structured_content["broken"]) == 4
    redirect = await client.call_tool(
        "create_redirect",
        {
            "organization_id": "org_acme",
            "site_id": "site_docs",
            "source": "/guides/migration",
            "section_id": "sec_guides",
        },
    )
    assert not redirect.is_error
    added = await client.call_tool(
        "add_site_space",
        {"organization_id": "org_acme", "site_id": "site_docs", "space_id": "spc_runbooks"},
    )
    site_space = added.structured_content["id"]
    moved = await client.call_tool(
        "move_site_space",
        {
            "organization_id": "org_acme",
            "site_id": "site_docs",
            "site_space_id": site_space,
            "before": "ss_handbook",
        },
    )
    assert not moved.is_error
    return {"redirect": redirect.structured_content["id"], "site_space": site_space}


def _read_back(db: Path, created: dict[str, Any]) -> None:
    store = Store(db)
    try:
        assert (
            store.db.scalar("SELECT status FROM comments WHERE id = 'cm_install_typo'")
            == "resolved"
        )
        assert (
            store.db.scalar(
                "SELECT source FROM site_redirects WHERE id = ?", (created["redirect"],)
            )
            == "/guides/migration"
        )
        order = [
            r["id"]
            for r in store.db.all(
                "SELECT id FROM site_spaces WHERE section_id = 'sec_guides' ORDER BY position"
            )
        ]
        assert order.index(created["site_space"]) < order.index("ss_handbook")
    finally:
        store.close()


async def test_stdio_flows_and_effects(tmp_path: Path) -> None:
    db = tmp_path / "local.db"
    async with stdio_client(db) as client:
        created = await _flows(client)
    _read_back(db, created)


async def test_streamable_http_flows_and_effects(tmp_path: Path) -> None:
    db = tmp_path / "local.db"
    with http_server(db) as url:
        async with Client(url, cache=None) as client:
            created = await _flows(client)
    _read_back(db, created)


async def test_read_only_on_both_transports(tmp_path: Path) -> None:
    db = tmp_path / "local.db"
    async with stdio_client(db, "--read-only", "--toolsets", "all") as client:
        stdio_tools = (await client.list_tools()).tools
    with http_server(db, "--read-only", "--toolsets", "all") as url:
        async with Client(url, cache=None) as client:
            http_tools = (await client.list_tools()).tools
    for tools in (stdio_tools, http_tools):
        assert tools
        assert all(t.annotations is not None and t.annotations.read_only_hint for t in tools)
    assert {t.name for t in stdio_tools} == {t.name for t in http_tools}


async def test_data_persists_across_runs_and_reset_starts_afresh(tmp_path: Path) -> None:
    db = tmp_path / "local.db"
    async with stdio_client(db) as client:
        await client.call_tool(
            "post_comment", {"space_id": "spc_handbook", "markdown": "Persist me"}
        )
    async with stdio_client(db) as client:
        kept = await client.call_tool("list_comments", {"space_id": "spc_handbook", "limit": 100})
    assert "Persist me" in {unfenced(c["markdown"]) for c in kept.structured_content["comments"]}
    async with stdio_client(db, "--reset-local") as client:
        fresh = await client.call_tool("list_comments", {"space_id": "spc_handbook", "limit": 100})
    assert "Persist me" not in {
        unfenced(c["markdown"]) for c in fresh.structured_content["comments"]
    }


def test_http_beyond_loopback_requires_a_bearer_token(tmp_path: Path) -> None:
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "gitbook_mcp",
            "--local",
            "--transport",
            "streamable-http",
            "--host",
            "0.0.0.0",
        ],
        env=_env(tmp_path / "x.db"),
        capture_output=True,
        timeout=30,
        check=False,
    )
    assert result.returncode == 2
    assert b"GITBOOK_MCP_AUTH_TOKEN" in result.stderr


def test_a_missing_token_is_explained_at_start(tmp_path: Path) -> None:
    env = _env(tmp_path / "x.db")
    result = subprocess.run(
        [sys.executable, "-m", "gitbook_mcp"], env=env, capture_output=True, timeout=30, check=False
    )
    assert result.returncode == 2
    assert b"GITBOOK_API_TOKEN" in result.stderr
    assert result.stdout == b""


def test_unknown_toolset_fails_listing_valid_ones(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "gitbook_mcp", "--local", "--toolsets", "nope"],
        env=_env(tmp_path / "x.db"),
        capture_output=True,
        timeout=30,
        check=False,
    )
    assert result.returncode == 2
    assert b"valid toolsets: default, all, navigate" in result.stderr
