"""Issue 21's done-when line, over HTTP against ``local-api --profile live --seed demo`` in both of
``update_page``'s modes (a node tree accepted, or refused with 422 so that the tools fall back to
markdown): one `edit_pages` replacement of a sentence inside a hint, on the demo's Quickstart (a
page that also holds a table, tabs and a titled code block), changes exactly one block of the
stored document; every other block is unchanged, key and content."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Iterator
from typing import Any

import httpx2
import pytest
from mcp.client import Client

from gitbook_mcp.cli.wiring import server_for
from gitbook_mcp.config.settings import Settings
from gitbook_mcp.document.edit import block_differences
from gitbook_mcp.local.seed.cloud import PAGE_CLOUD_QUICKSTART
from gitbook_mcp.local.seed.ids import SPACES
from tests.deploy.procs import Proc, api_client, running_local_api

pytestmark = [pytest.mark.anyio, pytest.mark.slow, pytest.mark.xdist_group("test_demo_edit")]

TOKEN = "gb_local_admin"
SPACE = SPACES["cloud"]
SENTENCE = "The installer needs no root access."
NEW = "The installer runs without root access."


@pytest.fixture(scope="module", params=["accept", "refuse"])
def mode(request: pytest.FixtureRequest) -> str:
    """``--tree-updates``: a node tree in ``update_page`` accepted, or refused with 422."""
    return str(request.param)


@pytest.fixture(scope="module")
def local_api(tmp_path_factory: pytest.TempPathFactory, mode: str) -> Iterator[Proc]:
    folder = tmp_path_factory.mktemp(f"edit-{mode}")
    with running_local_api(folder, "--profile", "live", "--tree-updates", mode) as proc:
        yield proc


@pytest.fixture
async def api(local_api: Proc) -> AsyncIterator[httpx2.AsyncClient]:
    async with api_client(local_api, TOKEN) as client:
        yield client


async def _document(api: httpx2.AsyncClient, cr: str) -> dict[str, Any]:
    answer = await api.get(
        f"/spaces/{SPACE}/change-requests/{cr}/content/page/{PAGE_CLOUD_QUICKSTART}",
        params={"format": "document"},
    )
    assert answer.status_code == 200, answer.text
    document: dict[str, Any] = answer.json()["document"]
    return document


def _types(document: dict[str, Any]) -> set[str]:
    found = {str(node["type"]) for node in document["nodes"]}
    found |= {"code:titled" for node in document["nodes"] if node["data"].get("title")}
    return found


async def test_a_sentence_in_a_hint_changes_exactly_one_block_of_the_stored_page(
    local_api: Proc, api: httpx2.AsyncClient, mode: str
) -> None:
    made = await api.post(f"/spaces/{SPACE}/change-requests", json={"subject": "Reword"})
    assert made.status_code in (200, 201), made.text
    cr = made.json()["id"]
    before = await _document(api, cr)
    assert {"hint", "table", "tabs", "code", "code:titled"} <= _types(before)
    settings = Settings(
        api_url=f"{local_api.url}/v1",
        api_token=TOKEN,
        profile="live",
        toolsets=("all",),
        output_schemas="full",
    )
    edit = {
        "op": "replace",
        "page_id": PAGE_CLOUD_QUICKSTART,
        "replacements": [{"find": SENTENCE, "replace": NEW}],
    }
    async with Client(server_for(settings), cache=None) as client:
        args = {"space_id": SPACE, "change_request_id": cr, "edits": [edit]}
        result = await client.call_tool("edit_pages", args)
    assert not result.is_error, result.content
    out = result.structured_content or {}
    assert out["sent"] is True
    assert out["written_as"] == {"accept": "tree", "refuse": "markdown"}[mode]
    after = await _document(api, cr)
    assert [n["type"] for n in after["nodes"]] == [n["type"] for n in before["nodes"]]
    changed = block_differences(before, after)
    assert len(changed) == 1, changed
    [index] = changed
    assert before["nodes"][index]["type"] == "hint"
    assert NEW in json.dumps(after["nodes"][index])
    assert SENTENCE not in json.dumps(after)
    for position, node in enumerate(before["nodes"]):
        if position != index:  # key and content, byte for byte
            assert json.dumps(after["nodes"][position]) == json.dumps(node), position
