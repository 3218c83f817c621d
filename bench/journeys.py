"""What each agent job costs the model: calls, and bytes of text and of structured result.

Each journey is one job of the end-to-end tests (tests/e2e: test_journeys.py,
test_review_journey.py, test_defaults.py), run by a real MCP client (`mcp.client.Client`)
against the demo local workspace in the live profile, in process, each on a fresh database.
An irreversible step is confirmed as an agent without elicitation does it: the preview, then the
call with its token (both are counted). No major client hands the model both forms (README,
"What the model sees"): Claude Desktop passes the text, Claude Code and VS Code the structured
result serialised as compact JSON, so each is counted as such (UTF-8 bytes) and tokens are
estimated as bytes / 4.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

from mcp.client import Client

from gitbook_mcp.client import GitBookClient
from gitbook_mcp.config.settings import Settings
from gitbook_mcp.local import LocalTransport, Store, create_app, load_demo
from gitbook_mcp.server.runner import create_server

__all__ = ["JOURNEYS", "Agent", "measure", "run_journey"]

ORG, SPACE, SITE = "org_acme", "spc_handbook", "site_docs"
CR = {"space_id": SPACE, "change_request_id": "cr_install_rewrite"}
SITE_IDS = {"organization_id": ORG, "site_id": SITE}


@dataclass
class Agent:
    """A client session that counts what each call hands back."""

    client: Client
    calls: int = 0
    text_bytes: int = 0
    structured_bytes: int = 0
    tools: list[str] = field(default_factory=list)

    async def call(self, name: str, **arguments: Any) -> dict[str, Any]:
        """Call ``name``; confirm an irreversible step with the token its preview gave."""
        result = await self._once(name, arguments)
        token = (result.structured_content or {}).get("confirm") if result.is_error else None
        if token is not None:
            result = await self._once(name, {**arguments, "confirm": token})
        if result.is_error:
            raise RuntimeError(f"{name} failed: {_text(result)}")
        data: dict[str, Any] = result.structured_content or {}
        return data

    async def _once(self, name: str, arguments: dict[str, Any]) -> Any:
        result = await self.client.call_tool(name, arguments)
        self.calls += 1
        self.tools.append(name)
        self.text_bytes += len(_text(result).encode())
        if result.structured_content is not None:
            compact = json.dumps(
                result.structured_content, separators=(",", ":"), ensure_ascii=False
            )
            self.structured_bytes += len(compact.encode())
        return result


def _text(result: Any) -> str:
    return "".join(getattr(block, "text", "") for block in result.content)


async def answer_from_docs(agent: Agent) -> None:
    found = await agent.call("search_content", organization_id=ORG, query="install", limit=5)
    hit = found["hits"][0]
    await agent.call("get_page", space_id=hit["space_id"], page_id=hit["page_id"])


async def triage_comments(agent: Agent) -> None:
    listed = await agent.call("list_comments", space_id=SPACE)
    first = listed["comments"][0]["id"]
    await agent.call("reply_to_comment", space_id=SPACE, comment_id=first, markdown="On it.")
    await agent.call("update_comment", space_id=SPACE, comment_id=first, resolved=True)
    await agent.call("list_comments", space_id=SPACE)


async def review_and_merge(agent: Agent) -> None:
    await agent.call("get_change_request", **CR)
    await agent.call("get_change_request_changes", **CR)
    await agent.call("submit_review", **CR, status="approved")
    await agent.call("merge_change_request", **CR)


async def fix_links(agent: Agent) -> None:
    await agent.call("check_links", **CR)
    plan = await agent.call("fix_links", **CR)
    ids = [fix["id"] for fix in plan["fixes"]]
    await agent.call("fix_links", **CR, apply=True, fixes=ids)
    await agent.call("check_links", **CR)


async def author_change_request(agent: Agent) -> None:
    made = await agent.call("create_change_request", space_id=SPACE, subject="Document --token")
    ref = {"space_id": SPACE, "change_request_id": made["id"]}
    await agent.call("get_page", **ref, page_id="pg_configure")
    old, new = "before running.", "before running, or pass the token flag."
    edit = {
        "op": "replace",
        "page_id": "pg_configure",
        "replacements": [{"find": old, "replace": new}],
    }
    await agent.call("edit_pages", **ref, edits=[edit], expected_revision=made["revision"])
    await agent.call("get_change_request_changes", **ref)
    await agent.call("request_reviewers", **ref, user_ids=["usr_sam"])


async def redirects_and_site_spaces(agent: Agent) -> None:
    listed = await agent.call("list_site_spaces", **SITE_IDS)
    space = listed["site_spaces"][0]
    moved = await agent.call(
        "update_site_space", **SITE_IDS, site_space_id=space["id"], path="handbook"
    )
    await agent.call(
        "create_redirect",
        **SITE_IDS,
        source=f"/{moved['previous_path']}",
        site_space_id=space["id"],
    )
    await agent.call("list_redirects", **SITE_IDS)


JOURNEYS: dict[str, Callable[[Agent], Awaitable[None]]] = {
    "answer from the docs": answer_from_docs,
    "triage comments": triage_comments,
    "review and merge a change request": review_and_merge,
    "fix broken links": fix_links,
    "author through a change request": author_change_request,
    "redirects and site spaces": redirects_and_site_spaces,
}


@asynccontextmanager
async def _session(store: Store) -> AsyncIterator[Client]:
    @asynccontextmanager
    async def factory() -> AsyncIterator[GitBookClient]:
        async with GitBookClient(
            token="gb_local_admin",
            base_url="http://local/v1",
            transport=LocalTransport(create_app(store, profile="live")),
            profile="live",
        ) as client:
            yield client

    settings = Settings(local=True, toolsets=("all",), profile="live", output_schemas="full")
    async with Client(create_server(settings, factory=factory), cache=None) as client:
        yield client


async def run_journey(name: str) -> dict[str, Any]:
    """One journey on a fresh demo workspace: its calls, bytes and ~tokens of each form."""
    store = Store(":memory:")
    load_demo(store)
    try:
        async with _session(store) as client:
            agent = Agent(client)
            await JOURNEYS[name](agent)
    finally:
        store.close()
    return {
        "calls": agent.calls,
        "tools": agent.tools,
        "text_bytes": agent.text_bytes,
        "structured_bytes": agent.structured_bytes,
        "text_tokens": agent.text_bytes // 4,
        "structured_tokens": agent.structured_bytes // 4,
    }


async def measure() -> dict[str, dict[str, Any]]:
    """Every journey, in order."""
    return {name: await run_journey(name) for name in JOURNEYS}
