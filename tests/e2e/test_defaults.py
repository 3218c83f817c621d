"""Issue 22 item 1 end to end: with default options, over HTTP, against `gitbook-mcp local-api
--profile live --seed demo` in its own process, an agent authors a change request with broken
links, checks them, plans fixes, applies them, checks again and merges, using only tools that
the default ``tools/list`` offers, guided by instructions that name only those tools."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from mcp.client import Client

from tests.deploy.procs import start_local_api, start_server, stop
from tests.e2e.test_journeys import SPACE, _broken_change_request

pytestmark = [pytest.mark.anyio, pytest.mark.slow]


async def _ok(client: Client, listed: set[str], name: str, **arguments: Any) -> dict[str, Any]:
    assert name in listed, f"{name} is not offered by default"
    result = await client.call_tool(name, {"space_id": SPACE, **arguments})
    assert not result.is_error, f"{name}: {result.content}"
    data: dict[str, Any] = result.structured_content or {}
    return data


async def test_defaults_check_plan_apply_recheck_and_merge_over_http(tmp_path: Path) -> None:
    api = start_local_api(tmp_path, "--profile", "live")
    server = start_server(tmp_path, api, "gb_local_admin")
    try:
        async with Client(f"{server.url}/mcp", cache=None) as client:
            listed = {t.name for t in (await client.list_tools()).tools}
            named = set(re.findall(r"[a-z_]+", client.instructions or ""))
            # edit_pages refuses to write a link to nothing, so the broken page an author left
            # behind is put in place through the API; the agent then finds and fixes its links.
            assert {"create_change_request", "edit_pages"} <= listed
            ref = {"change_request_id": await _broken_change_request(tmp_path / "api.db")}
            found = await _ok(client, listed, "check_links", **ref)
            plan = await _ok(client, listed, "fix_links", **ref)
            ids = [f["id"] for f in plan["fixes"]]
            done = await _ok(client, listed, "fix_links", **ref, apply=True, fixes=ids)
            again = await _ok(client, listed, "check_links", **ref)
            # A merge is confirmed against what was shown: the first call previews it and gives a
            # token (this client declares no elicitation), the second merges.
            preview = await client.call_tool("merge_change_request", {"space_id": SPACE, **ref})
            assert not preview.is_error  # asking is a normal result
            token = (preview.structured_content or {})["confirm"]
            merged = await _ok(client, listed, "merge_change_request", **ref, confirm=token)
    finally:
        stop(server, api)
    steps = {"check_links", "fix_links", "edit_pages", "merge_change_request"}
    assert steps <= named, "the instructions name every step"
    assert found["broken"]
    assert ids
    assert done["applied"] == ids
    assert again["broken"] == []
    assert merged["result"] == "merge"
