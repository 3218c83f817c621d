"""Issue 22, item 1: each job of the mission finishes with the default options, over HTTP.

The server runs with no option but its API address and token (and, through the environment,
``--output-schemas full``: the steps read results' structured content, which the default sends
none of; `test_trusted_edits.py` drives the true defaults by text), against `gitbook-mcp local-api
--profile live --seed demo` in its own process, as against the real service; every step is a
tool the default ``tools/list`` offers. The link-fixing job is `test_defaults.py`'s. One job runs
again with ``--output-schemas full``, where the SDK's client checks every result against the
tool's output schema.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from typing import Any

import pytest
from mcp.client import Client

from tests.deploy.procs import Proc, start_local_api, start_server, stop
from tests.support.fenced import unfenced

pytestmark = [pytest.mark.anyio, pytest.mark.slow, pytest.mark.xdist_group("test_default_jobs")]

ORG = {"organization_id": "org_acme"}
SITE = {**ORG, "site_id": "site_docs"}
SPACE = {"space_id": "spc_handbook"}


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Proc]:
    folder = tmp_path_factory.mktemp("default-jobs")
    api = start_local_api(folder, "--profile", "live")
    server = start_server(folder, api, "gb_local_admin")
    try:
        yield server
    finally:
        stop(server, api)


class Agent:
    """An MCP client that calls only what the default tools/list offers."""

    def __init__(self, client: Client, offered: set[str]) -> None:
        self.client = client
        self.offered = offered

    async def ok(self, name: str, **arguments: Any) -> tuple[dict[str, Any], str]:
        """Call ``name``; it must be offered and succeed. Its structured content and text."""
        assert name in self.offered, f"{name} is not offered by default"
        result = await self.client.call_tool(name, arguments)
        text = "\n".join(getattr(c, "text", "") for c in result.content)
        assert not result.is_error, f"{name}: {text}"
        return result.structured_content or {}, text

    async def confirmed(self, name: str, **arguments: Any) -> dict[str, Any]:
        """An irreversible step: previewed, then confirmed with the token the preview gave."""
        assert name in self.offered, f"{name} is not offered by default"
        preview = await self.client.call_tool(name, arguments)
        assert not preview.is_error  # not done yet, asked: this client has no elicitation
        token = (preview.structured_content or {})["confirm"]
        data, _ = await self.ok(name, **arguments, confirm=token)
        return data


@pytest.fixture(scope="module")
def served_typed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Proc]:
    folder = tmp_path_factory.mktemp("typed-jobs")
    api = start_local_api(folder, "--profile", "live")
    server = start_server(folder, api, "gb_local_admin", "--output-schemas", "full")
    try:
        yield server
    finally:
        stop(server, api)


@pytest.fixture
async def agent(served: Proc) -> AsyncIterator[Agent]:
    async with Client(f"{served.url}/mcp", cache=None) as client:
        offered = {t.name for t in (await client.list_tools()).tools}
        yield Agent(client, offered)


@pytest.fixture
async def typed_agent(served_typed: Proc) -> AsyncIterator[Agent]:
    async with Client(f"{served_typed.url}/mcp", cache=None) as client:
        tools = (await client.list_tools()).tools
        assert [t.name for t in tools if not t.output_schema] == []
        yield Agent(client, {t.name for t in tools})


async def test_answer_from_the_docs(agent: Agent) -> None:
    found, _ = await agent.ok("search_content", **ORG, query="installer")
    hit = next(h for h in found["hits"] if h["page_id"] == "pg_install")
    page, text = await agent.ok("get_page", **SPACE, page_id=hit["page_id"])
    assert page["path"] == "getting-started/install"
    assert "Download the installer" in text


async def test_triage_comments(agent: Agent) -> None:
    listed, _ = await agent.ok("list_comments", **SPACE, status="open")
    open_ids = [c["id"] for c in listed["comments"]]
    assert "cm_publishing_diagram" in open_ids
    reply, _ = await agent.ok(
        "reply_to_comment", **SPACE, comment_id="cm_publishing_diagram", markdown="On it."
    )
    resolved, _ = await agent.ok(
        "update_comment", **SPACE, comment_id="cm_publishing_diagram", resolved=True
    )
    after, _ = await agent.ok("list_comments", **SPACE, status="open")
    assert reply["id"]
    assert resolved["status"] == "resolved"
    assert [c["id"] for c in after["comments"]] == [
        i for i in open_ids if i != "cm_publishing_diagram"
    ]


async def test_author_review_and_merge_a_change(agent: Agent) -> None:
    await _author_review_and_merge(agent)


async def test_author_review_and_merge_with_output_schemas(typed_agent: Agent) -> None:
    await _author_review_and_merge(typed_agent)


async def _author_review_and_merge(agent: Agent) -> None:
    opened, _ = await agent.ok("create_change_request", **SPACE, subject="Clearer install step")
    cr = {**SPACE, "change_request_id": opened["id"]}
    edit = {
        "op": "replace",
        "page_id": "pg_install",
        "replacements": [
            {"find": "Download the installer and run it.", "replace": "Download it, then run it."}
        ],
    }
    dry, _ = await agent.ok("edit_pages", **cr, edits=[edit], dry_run=True)
    sent, _ = await agent.ok("edit_pages", **cr, edits=[edit])
    changes, _ = await agent.ok("get_change_request_changes", **cr)
    await agent.ok("post_comment", **cr, markdown="Shorter and clearer.")
    await agent.ok("submit_review", **cr, status="approved", comment="Ship it.")
    state, _ = await agent.ok("list_reviews", **cr)
    merged = await agent.confirmed("merge_change_request", **cr)
    _, text = await agent.ok("get_page", **SPACE, page_id="pg_install")
    assert dry["sent"] is False
    assert sent["sent"] is True
    assert [c["id"] for c in changes["changes"]] == ["pg_install"]
    assert "+Download it, then run it." in changes["diff"]
    assert [(r["detail"], unfenced(r["comment"])) for r in state["reviews"]] == [
        ("approved", "Ship it.")
    ]
    assert merged["result"] == "merge"
    assert "Download it, then run it." in text
    assert "Download the installer and run it." not in text


async def test_manage_redirects(agent: Agent) -> None:
    sites, _ = await agent.ok("list_sites", **ORG)
    address = next(s["url"] for s in sites["sites"] if s["id"] == SITE["site_id"])
    made, _ = await agent.ok(
        "create_redirect",
        **SITE,
        source="/old-publishing",
        site_space_id="ss_handbook",
        page_id="pg_publishing",
    )
    ends, _ = await agent.ok("resolve_url", url=address + "/old-publishing")
    await agent.ok("update_redirect", **SITE, redirect_id=made["id"], source="/older-publishing")
    moved, _ = await agent.ok("list_redirects", **SITE, source="/older-publishing")
    gone, _ = await agent.ok("delete_redirect", **SITE, redirect_id=made["id"])
    after, _ = await agent.ok("list_redirects", **SITE, source="/older-publishing")
    assert (ends["page_id"], ends["broken"]) == ("pg_publishing", False)
    assert [r["id"] for r in moved["redirects"]] == [made["id"]]
    assert gone["deleted"] is True
    assert after["redirects"] == []


async def test_manage_site_spaces(agent: Agent) -> None:
    added, _ = await agent.ok(
        "add_site_space", **SITE, space_id="spc_runbooks", section_id="sec_guides"
    )
    moved, text = await agent.ok(
        "update_site_space", **SITE, site_space_id=added["id"], path="ops-runbooks"
    )
    removed = await agent.confirmed("remove_site_space", **SITE, site_space_id=added["id"])
    listed, _ = await agent.ok("list_site_spaces", **SITE)
    assert (added["space_id"], added["path"]) == ("spc_runbooks", "runbooks")
    assert moved["path"] == "ops-runbooks"
    assert "create_redirect with source=/runbooks" in text  # old links would break: said so
    assert removed["removed"] is True
    assert added["id"] not in [s["id"] for s in listed["site_spaces"]]
