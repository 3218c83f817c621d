"""Issue 34's "blocks valid before they are sent", over HTTP against ``local-api --profile live
--seed demo`` through a real MCP client: a hint styled ``tip`` is refused in `edit_pages`' dry
run with GitBook's four styles named, and nothing is sent; a new page whose slug a sibling has
is caught in the dry run, and the insert's ``slug`` argument places it; the local API itself
answers 400 to the same hint, sent as markdown or as a JSON document."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from typing import Any

import httpx2
import pytest
from mcp.client import Client

from gitbook_mcp.cli.wiring import server_for
from gitbook_mcp.config.settings import Settings
from gitbook_mcp.document.fields import HINT_STYLES
from gitbook_mcp.local.seed.ids import SPACES
from tests.deploy.procs import Proc, api_client, running_local_api

pytestmark = [pytest.mark.anyio, pytest.mark.slow, pytest.mark.xdist_group("test_valid_blocks")]

TOKEN = "gb_local_admin"
SPACE = SPACES["cloud"]
TIP = '{% hint style="tip" %}\nRun the installer as yourself.\n{% endhint %}\n'


@pytest.fixture(scope="module")
def local_api(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Proc]:
    with running_local_api(tmp_path_factory.mktemp("valid-blocks"), "--profile", "live") as proc:
        yield proc


@pytest.fixture
async def api(local_api: Proc) -> AsyncIterator[httpx2.AsyncClient]:
    async with api_client(local_api, TOKEN) as client:
        yield client


async def _change_request(api: httpx2.AsyncClient) -> tuple[str, str]:
    made = await api.post(f"/spaces/{SPACE}/change-requests", json={"subject": "Blocks"})
    assert made.status_code in (200, 201), made.text
    return made.json()["id"], made.json()["revision"]


async def _edit(local_api: Proc, cr: str, *edits: dict[str, Any], dry_run: bool) -> Any:
    settings = Settings(
        api_url=f"{local_api.url}/v1", api_token=TOKEN, profile="live", toolsets=("all",)
    )
    args = {"space_id": SPACE, "change_request_id": cr, "edits": list(edits), "dry_run": dry_run}
    async with Client(server_for(settings), cache=None) as client:
        return await client.call_tool("edit_pages", args)


def _text(result: Any) -> str:
    return "\n".join(getattr(part, "text", "") for part in result.content)


async def _pages(api: httpx2.AsyncClient, cr: str) -> list[dict[str, Any]]:
    answer = await api.get(f"/spaces/{SPACE}/change-requests/{cr}/content")
    assert answer.status_code == 200, answer.text
    out: list[dict[str, Any]] = []
    stack = list(answer.json()["pages"])
    while stack:
        page = stack.pop()
        out.append(page)
        stack += page.get("pages", [])
    return out


async def test_a_tip_hint_is_refused_in_the_dry_run_with_the_four_styles(
    local_api: Proc, api: httpx2.AsyncClient
) -> None:
    cr, revision = await _change_request(api)
    insert = {"op": "insert", "title": "Running as yourself", "markdown": f"Intro.\n\n{TIP}"}
    result = await _edit(local_api, cr, insert, dry_run=True)
    assert result.is_error
    text = _text(result)
    assert "'tip' is not allowed" in text
    assert all(style in text for style in HINT_STYLES), text
    assert "Nothing was sent" in text
    answer = (await api.get(f"/spaces/{SPACE}/change-requests/{cr}")).json()
    assert answer["revision"] == revision
    fixed = {**insert, "markdown": insert["markdown"].replace('"tip"', '"success"')}
    assert not (await _edit(local_api, cr, fixed, dry_run=True)).is_error


async def test_a_slug_a_sibling_has_is_caught_in_the_dry_run_and_the_insert_takes_a_slug(
    local_api: Proc, api: httpx2.AsyncClient
) -> None:
    cr, revision = await _change_request(api)
    top = [p for p in await _pages(api, cr) if "/" not in p["path"]]
    sibling = top[0]
    clash = {"op": "insert", "title": sibling["title"], "markdown": "Another page."}
    result = await _edit(local_api, cr, clash, dry_run=True)
    assert result.is_error
    assert f"already has the slug {sibling['slug']!r}" in _text(result)
    assert "slug=" in _text(result)
    assert (await api.get(f"/spaces/{SPACE}/change-requests/{cr}")).json()["revision"] == revision
    placed = await _edit(local_api, cr, {**clash, "slug": "another-page"}, dry_run=False)
    assert not placed.is_error, _text(placed)
    paths = {p["path"]: p["title"] for p in await _pages(api, cr)}
    assert paths["another-page"] == sibling["title"]
    assert paths[sibling["path"]] == sibling["title"]  # the sibling kept its own


async def test_the_local_api_refuses_the_tip_hint_as_markdown_and_as_a_document(
    api: httpx2.AsyncClient,
) -> None:
    cr, _ = await _change_request(api)
    url = f"/spaces/{SPACE}/change-requests/{cr}/content"
    markdown = {"operation": "insert_page", "title": "Tip", "document": {"markdown": TIP}}
    answer = await api.post(url, json={"changes": [markdown]})
    assert answer.status_code == 400
    message = answer.json()["error"]["message"]
    assert message.startswith("changes[0].document.markdown: ")
    assert all(style in message for style in HINT_STYLES)
    leaf = {"object": "leaf", "text": "Run it.", "marks": []}
    paragraph = {
        "object": "block",
        "type": "paragraph",
        "nodes": [{"object": "text", "leaves": [leaf]}],
    }
    hint = {"object": "block", "type": "hint", "data": {"style": "tip"}, "nodes": [paragraph]}
    tree = {"document": {"object": "document", "data": {}, "nodes": [hint]}}
    answer = await api.post(url, json={"changes": [{**markdown, "document": tree}]})
    assert answer.status_code == 400
    message = answer.json()["error"]["message"]
    assert message.startswith("changes[0].document.document.nodes[0].data.style: must be one of ")
