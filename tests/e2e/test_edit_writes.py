"""Issue 34's done-when lines for edits, end to end: `gitbook-mcp serve` with its default options
over streamable HTTP, against `local-api --profile live --seed demo` in both of `update_page`'s
modes (a node tree accepted, or refused with 422 so that the tools send markdown), driven by a
real MCP client. A replacement with a relative link stores the link; a rewrite of `get_page`'s
own markdown stores an identical document, and one changing a sentence changes one block; two
hints inserted below a paragraph change exactly two blocks. Where the service takes markdown
only, it turns the page's link to a page that does not exist into text: the answer says so."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Iterator
from typing import Any

import httpx2
import pytest
from mcp.client import Client

from gitbook_mcp.local.seed.content import PAGE_CONFIGURE, PAGE_INSTALL
from gitbook_mcp.local.seed.ids import SPACES
from tests.deploy.procs import Proc, api_client, running_local_api, start_server, stop
from tests.support.fenced import unfenced

pytestmark = [pytest.mark.anyio, pytest.mark.slow, pytest.mark.xdist_group("test_edit_writes")]

TOKEN = "gb_local_admin"
SPACE = SPACES["handbook"]
SENTENCE = "Download the installer and run it."


@pytest.fixture(scope="module", params=["accept", "refuse"])
def mode(request: pytest.FixtureRequest) -> str:
    """``--tree-updates``: a node tree in ``update_page`` accepted, or refused with 422."""
    return str(request.param)


@pytest.fixture(scope="module")
def local_api(tmp_path_factory: pytest.TempPathFactory, mode: str) -> Iterator[Proc]:
    folder = tmp_path_factory.mktemp(f"trusted-{mode}")
    with running_local_api(folder, "--profile", "live", "--tree-updates", mode) as proc:
        yield proc


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory, local_api: Proc) -> Iterator[Proc]:
    server = start_server(tmp_path_factory.mktemp("serve"), local_api, TOKEN)
    try:
        yield server
    finally:
        stop(server)


@pytest.fixture
async def api(local_api: Proc) -> AsyncIterator[httpx2.AsyncClient]:
    async with api_client(local_api, TOKEN) as client:
        yield client


@pytest.fixture
async def mcp(served: Proc) -> AsyncIterator[Client]:
    async with Client(f"{served.url}/mcp", cache=None) as client:
        yield client


async def _open(mcp: Client) -> str:
    made = await mcp.call_tool("create_change_request", {"space_id": SPACE, "subject": "Edit"})
    assert not made.is_error, made.content
    cr: str = (made.structured_content or {})["id"]
    return cr


async def _document(api: httpx2.AsyncClient, cr: str) -> dict[str, Any]:
    answer = await api.get(
        f"/spaces/{SPACE}/change-requests/{cr}/content/page/{PAGE_INSTALL}",
        params={"format": "document"},
    )
    assert answer.status_code == 200, answer.text
    document: dict[str, Any] = answer.json()["document"]
    return document


async def _edit(mcp: Client, cr: str, edit: dict[str, Any]) -> dict[str, Any]:
    args = {"space_id": SPACE, "change_request_id": cr, "edits": [edit]}
    result = await mcp.call_tool("edit_pages", args)
    assert not result.is_error, result.content
    return result.structured_content or {}


def _refs(node: Any) -> list[Any]:
    text = json.dumps(node)
    return [json.loads(part) for part in _ref_texts(text)]


def _ref_texts(text: str) -> Iterator[str]:
    """The JSON of each ``"ref": {...}`` (refs hold no nested objects)."""
    at = text.find('"ref": {')
    while at != -1:
        start = at + len('"ref": ')
        end = text.index("}", start) + 1
        yield text[start:end]
        at = text.find('"ref": {', end)


LOST_IN_MARKDOWN = "../guides/old-page.md"
"""The demo page's link to a page that does not exist: kept in a node tree, but a service that
takes markdown only turns it into text (whoever sends the page), and the answer must say so."""


def _same_except(
    before: dict[str, Any], after: dict[str, Any], changed: set[int], out: dict[str, Any]
) -> None:
    """Every top-level block outside ``changed`` kept its key and content, byte for byte; where
    the service took markdown, the block whose broken link it dropped is named in the answer."""
    assert len(after["nodes"]) == len(before["nodes"])
    reported = out["pages"][0].get("stored_differently") or ""
    for index, node in enumerate(before["nodes"]):
        if index in changed:
            continue
        if out["written_as"] == "markdown" and LOST_IN_MARKDOWN in json.dumps(node):
            assert LOST_IN_MARKDOWN in reported, reported
            continue
        assert json.dumps(after["nodes"][index]) == json.dumps(node), index


async def test_a_replacement_with_a_relative_link_stores_the_link(
    mcp: Client, api: httpx2.AsyncClient
) -> None:
    cr = await _open(mcp)
    before = await _document(api, cr)
    replace = {"find": SENTENCE, "replace": "See [Configure](configure.md)."}
    out = await _edit(
        mcp, cr, {"op": "replace", "page_id": PAGE_INSTALL, "replacements": [replace]}
    )
    assert out["sent"] is True
    after = await _document(api, cr)
    [index] = [i for i, n in enumerate(before["nodes"]) if SENTENCE in json.dumps(n)]
    assert {"kind": "page", "page": PAGE_CONFIGURE} in _refs(after["nodes"][index])
    _same_except(before, after, {index}, out)


async def test_a_rewrite_of_get_pages_own_markdown_stores_an_identical_document(
    mcp: Client, api: httpx2.AsyncClient
) -> None:
    cr = await _open(mcp)
    before = await _document(api, cr)
    page = {"space_id": SPACE, "page_id": PAGE_INSTALL, "change_request_id": cr}
    read = await mcp.call_tool("get_page", page)
    markdown = unfenced((read.structured_content or {})["markdown"])
    assert ".gitbook/assets/" in markdown  # the image, written as the diff writes it
    same = await _edit(mcp, cr, {"op": "rewrite", "page_id": PAGE_INSTALL, "markdown": markdown})
    assert same["sent"] is False
    assert await _document(api, cr) == before
    changed = markdown.replace(SENTENCE, "Run the installer.")
    out = await _edit(mcp, cr, {"op": "rewrite", "page_id": PAGE_INSTALL, "markdown": changed})
    assert out["sent"] is True
    after = await _document(api, cr)
    [index] = [i for i, n in enumerate(before["nodes"]) if SENTENCE in json.dumps(n)]
    assert "Run the installer." in json.dumps(after["nodes"][index])
    _same_except(before, after, {index}, out)


async def test_two_hints_inserted_below_a_paragraph_change_exactly_two_blocks(
    mcp: Client, api: httpx2.AsyncClient
) -> None:
    cr = await _open(mcp)
    before = await _document(api, cr)
    hints = (
        '{% hint style="warning" %}\nBack up your settings first.\n{% endhint %}\n\n'
        '{% hint style="success" %}\nThen see [Configure](configure.md).\n{% endhint %}\n'
    )
    edit = {"op": "insert_blocks", "page_id": PAGE_INSTALL, "block": SENTENCE, "markdown": hints}
    out = await _edit(mcp, cr, edit)
    assert out["sent"] is True
    after = await _document(api, cr)
    [at] = [i for i, n in enumerate(before["nodes"]) if SENTENCE in json.dumps(n)]
    assert len(after["nodes"]) == len(before["nodes"]) + 2
    added = after["nodes"][at + 1 : at + 3]
    assert [(n["type"], n["data"]["style"]) for n in added] == [
        ("hint", "warning"),
        ("hint", "success"),
    ]
    assert {"kind": "page", "page": PAGE_CONFIGURE} in _refs(added[1])
    rest = {**after, "nodes": after["nodes"][: at + 1] + after["nodes"][at + 3 :]}
    _same_except(before, rest, set(), out)
