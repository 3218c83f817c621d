"""`edit_pages` and `fix_links` edit page documents, against the local workspace in both of the
real service's behaviours: a node tree accepted by ``update_page``, or refused with 422 (as the
vendor's agent skill describes), where the tools fall back to markdown and verify.

The refusal is a tiny ASGI middleware here; ``tree_mode`` is the fixture to re-point at the
local workspace's own switch when it lands (feat/local-documents).
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

import httpx2
import pytest
from mcp.client import Client

from gitbook_mcp.api import Profile
from gitbook_mcp.client import GitBookClient
from gitbook_mcp.config.settings import Settings
from gitbook_mcp.document import parse_markdown
from gitbook_mcp.document.edit import (
    block_differences,
    find_text,
    get_at,
    replace_text,
    set_at,
    without_keys,
)
from gitbook_mcp.local import LocalTransport, Store, create_app
from gitbook_mcp.local.seed.content import PAGE_INSTALL
from gitbook_mcp.server.runner import create_server

pytestmark = pytest.mark.anyio

SPACE = "spc_handbook"
HINT = "Keep the API key secret."
INTRO = "Intro paragraph before the blocks, long enough to matter for the size checks. " * 4
CLOSING = "Closing paragraph, long enough that halving the page takes real deletions. " * 4
RICH = f"""{INTRO.strip()}

{{% hint style="warning" %}}
{HINT} Rotate it **every month**.
{{% endhint %}}

| Option | Default |
| ------ | ------- |
| retries | 3 |

{{% tabs %}}
{{% tab title="macOS" %}}
Run the installer.
{{% endtab %}}
{{% tab title="Linux" %}}
Use the package.
{{% endtab %}}
{{% endtabs %}}

{{% code title="config.yml" %}}
```yaml
retries: 3
```
{{% endcode %}}

{CLOSING.strip()}
"""


@pytest.fixture
def profile() -> Profile:
    return "live"


@pytest.fixture(params=["accepted", "refused"])
def tree_mode(request: pytest.FixtureRequest) -> str:
    """How ``update_page`` takes a node tree: accepted, or refused with 422."""
    return str(request.param)


@dataclass
class Wire:
    """What the tools sent to the content batch, and how many 422s they met."""

    batches: list[list[dict[str, Any]]] = field(default_factory=list)
    refusals: int = 0


def refusing(app: Any, wire: Wire, refuse: bool) -> Any:
    """``app`` behind a middleware that records content batches and, when ``refuse``, answers
    422 in the API's error shape to one carrying a node tree in an ``update_page``."""

    async def wrapped(scope: dict[str, Any], receive: Any, send: Any) -> None:
        path = str(scope.get("path", ""))
        if scope["type"] != "http" or scope["method"] != "POST" or not path.endswith("/content"):
            await app(scope, receive, send)
            return
        body = b""
        more = True
        while more:
            message = await receive()
            body += message.get("body", b"")
            more = message.get("more_body", False)
        changes = json.loads(body or b"{}").get("changes", [])
        wire.batches.append(changes)
        tree = any(
            c.get("operation") == "update_page" and "document" in (c.get("document") or {})
            for c in changes
        )
        if refuse and tree:
            wire.refusals += 1
            error = {"error": {"code": 422, "message": "Unprocessable: send markdown"}}
            payload = json.dumps(error).encode()
            headers = [(b"content-type", b"application/json")]
            await send({"type": "http.response.start", "status": 422, "headers": headers})
            await send({"type": "http.response.body", "body": payload})
            return
        sent = False

        async def replay() -> dict[str, Any]:
            nonlocal sent
            if sent:
                return await receive()
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}

        await app(scope, replay, send)

    return wrapped


McpOver = Callable[..., AbstractAsyncContextManager[Client]]


@pytest.fixture
def wire() -> Wire:
    return Wire()


@pytest.fixture
def mcp_http(store: Store, wire: Wire, tree_mode: str) -> McpOver:
    """An MCP session whose tools read documents (as over HTTP, not ``--local``'s markdown)."""

    @asynccontextmanager
    async def connect(token: str = "gb_local_admin") -> AsyncIterator[Client]:
        app = refusing(create_app(store, profile="live"), wire, tree_mode == "refused")
        settings = Settings(
            api_token="unused", profile="live", toolsets=("all",), output_schemas="full"
        )

        @asynccontextmanager
        async def factory() -> AsyncIterator[GitBookClient]:
            async with GitBookClient(
                token=token,
                base_url="http://local.test/v1",
                transport=LocalTransport(app),
                profile="live",
            ) as client:
                yield client

        async with Client(create_server(settings, factory=factory), cache=None) as client:
            yield client

    return connect


async def _call(client: Client, name: str, **args: Any) -> Any:
    result = await client.call_tool(name, args)
    assert not result.is_error, result.content[0].text
    return result


async def _document(api: httpx2.AsyncClient, cr: str, page: str) -> dict[str, Any]:
    answer = await api.get(
        f"/spaces/{SPACE}/change-requests/{cr}/content/page/{page}", params={"format": "document"}
    )
    assert answer.status_code == 200, answer.text
    doc: dict[str, Any] = answer.json()["document"]
    return doc


async def _rich_page(api: httpx2.AsyncClient) -> tuple[str, str]:
    """A change request with a page of a hint, a table, tabs and a titled code block, inserted
    through the content batch as a JSON document."""
    made = await api.post(f"/spaces/{SPACE}/change-requests", json={"subject": "Rich"})
    cr = made.json()["id"]
    tree = parse_markdown(RICH).document
    change = {"operation": "insert_page", "title": "Rich", "document": {"document": tree}}
    done = await api.post(
        f"/spaces/{SPACE}/change-requests/{cr}/content",
        params={"compat": "false"},
        json={"changes": [change]},
    )
    assert done.status_code == 200, done.text
    page = next(c["page"]["id"] for c in done.json()["changes"] if c.get("page"))
    return cr, page


def _replace(page: str, find: str, replace: str, **extra: Any) -> dict[str, Any]:
    return {"op": "replace", "page_id": page, "replacements": [{"find": find, "replace": replace}]}


async def test_a_sentence_in_a_hint_changes_exactly_one_block(
    mcp_http: McpOver, api: httpx2.AsyncClient, wire: Wire, tree_mode: str
) -> None:
    cr, page = await _rich_page(api)
    before = await _document(api, cr, page)
    async with mcp_http() as client:
        done = await _call(
            client,
            "edit_pages",
            space_id=SPACE,
            change_request_id=cr,
            edits=[_replace(page, HINT, "Never share the API key.")],
        )
    out = done.structured_content
    assert out["sent"] is True
    shown = [line for line in out["pages"][0]["diff"].splitlines() if line[:1] in "+-"]
    # One line of the markdown rendering changes, and only by the replaced sentence.
    assert len(shown) == 4
    assert shown[2].startswith(f"-{HINT}")
    assert shown[3] == "+" + shown[2][1:].replace(HINT, "Never share the API key.")
    expected = replace_text(before, find_text(before, HINT)[0], "Never share the API key.")
    sent = [c for batch in wire.batches for c in batch if c.get("page") == page]
    if tree_mode == "accepted":
        assert out["written_as"] == "tree"
        [change] = sent
        intended = change["document"]["document"]
        assert intended == expected
        changed = block_differences(before, intended)
        assert len(changed) == 1
        for index, node in enumerate(before["nodes"]):
            if index not in changed:  # every other block: key and content, byte for byte
                assert json.dumps(intended["nodes"][index]) == json.dumps(node)
    else:
        assert out["written_as"] == "markdown"
        assert wire.refusals == 1
        assert [c["document"].get("document") for c in sent] == [expected, None]
        assert "Never share the API key." in sent[-1]["document"]["markdown"]
    # Read back: the answer reports a difference exactly when the stored page is not the
    # intended tree (keys aside).
    after = await _document(api, cr, page)
    same = without_keys(after) == without_keys(expected)
    assert same == (out["pages"][0].get("stored_differently") is None)


async def test_a_no_op_edit_writes_nothing(
    mcp_http: McpOver, api: httpx2.AsyncClient, wire: Wire
) -> None:
    cr, page = await _rich_page(api)
    async with mcp_http() as client:
        done = await _call(
            client,
            "edit_pages",
            space_id=SPACE,
            change_request_id=cr,
            edits=[_replace(page, HINT, HINT)],
        )
    assert done.structured_content["sent"] is False
    assert "Nothing to change" in done.content[0].text
    assert wire.batches == []


@pytest.mark.parametrize(
    ("edit", "reason"),
    [
        (lambda p: _replace(p, "Run the installer.", "Run it. (rest unchanged)"), "placeholder"),
        (lambda p: _replace(p, "Run the installer.", "{% endtab %}"), "{% %} markers"),
        (
            lambda p: {"op": "insert", "title": "T", "markdown": "{% hint %}\nOpen.\n"},
            "is never closed",
        ),
        (
            lambda p: {
                "op": "insert",
                "title": "T",
                "markdown": "\\{% hint %}\nx\n\\{% endhint %}\n",
            },
            "escaped",
        ),
        (
            lambda p: {"op": "insert", "title": "T", "markdown": "See [it](nowhere-at-all.md).\n"},
            "resolves to nothing",
        ),
        (
            lambda p: _replace(p, "Run the installer.", "See [it](/pages/pg_does_not_exist)."),
            "resolves to nothing",
        ),
        (
            lambda p: {"op": "insert", "title": "T", "markdown": "Intro.\n\n...\n"},
            "placeholder",
        ),
        (
            lambda p: {"op": "rewrite", "page_id": p, "markdown": "Short now."},
            "more than half",
        ),
        (
            lambda p: {"op": "rewrite", "page_id": p, "markdown": RICH + "\n(rest unchanged)\n"},
            "placeholder",
        ),
        (
            lambda p: {"op": "rewrite", "page_id": p, "markdown": RICH + "\n{% hint %}\n"},
            "is never closed",
        ),
    ],
)
async def test_refusals_name_their_reason_and_send_nothing(
    mcp_http: McpOver, api: httpx2.AsyncClient, wire: Wire, edit: Any, reason: str
) -> None:
    cr, page = await _rich_page(api)
    async with mcp_http() as client:
        refused = await client.call_tool(
            "edit_pages", {"space_id": SPACE, "change_request_id": cr, "edits": [edit(page)]}
        )
    assert refused.is_error
    assert reason in refused.content[0].text
    assert "Nothing was sent" in refused.content[0].text
    assert wire.batches == []


async def test_a_page_halved_is_refused_unless_allowed(
    mcp_http: McpOver, api: httpx2.AsyncClient, wire: Wire
) -> None:
    cr, page = await _rich_page(api)
    first, last = INTRO.strip(), CLOSING.strip()
    cuts = [{"find": t, "replace": ""} for t in (first, last, HINT, "Run the installer.")]
    cuts += [{"find": "Use the package.", "replace": ""}, {"find": "retries: 3", "replace": ""}]
    edit = {"op": "replace", "page_id": page, "replacements": cuts}
    async with mcp_http() as client:
        base = {"space_id": SPACE, "change_request_id": cr}
        refused = await client.call_tool("edit_pages", {**base, "edits": [edit]})
        allowed = await client.call_tool(
            "edit_pages", {**base, "edits": [{**edit, "allow_shrink": True}]}
        )
    assert refused.is_error
    assert "more than half" in refused.content[0].text
    assert "allow_shrink=true" in refused.content[0].text
    assert not allowed.is_error, allowed.content[0].text
    assert len(wire.batches) >= 1


async def test_the_mode_that_worked_is_remembered_per_client(
    mcp_http: McpOver, api: httpx2.AsyncClient, wire: Wire, tree_mode: str
) -> None:
    cr, page = await _rich_page(api)
    async with mcp_http() as client:
        base = {"space_id": SPACE, "change_request_id": cr}
        for old, new in (("Run the installer.", "Run it."), ("Use the package.", "Use apt.")):
            await _call(client, "edit_pages", **base, edits=[_replace(page, old, new)])
    assert wire.refusals == (1 if tree_mode == "refused" else 0)


async def test_a_move_keeps_the_page_id_and_proposes_a_redirect(
    mcp_http: McpOver, api: httpx2.AsyncClient
) -> None:
    made = await api.post(f"/spaces/{SPACE}/change-requests", json={"subject": "Move"})
    cr = made.json()["id"]
    async with mcp_http() as client:
        done = await _call(
            client,
            "edit_pages",
            space_id=SPACE,
            change_request_id=cr,
            edits=[{"op": "move", "page_id": PAGE_INSTALL, "parent_id": "root", "position": 0}],
        )
    revision = await api.get(f"/spaces/{SPACE}/change-requests/{cr}/content")
    roots = [p["id"] for p in revision.json()["pages"]]
    assert roots[0] == PAGE_INSTALL
    out = done.structured_content
    assert out["sent"] is True
    # The page keeps its id (links to it still resolve); its old published path gets a
    # proposed redirect on each site that publishes the space.
    assert out["redirects"]
    assert {r["page_id"] for r in out["redirects"]} == {PAGE_INSTALL}
    assert all(r["source"].endswith("/getting-started/install") for r in out["redirects"])
    assert "Proposed redirect" in done.content[0].text


def _differences(a: Any, b: Any, path: str = "") -> list[str]:
    """The JSON pointers where two JSON values differ (a value that differs is not entered)."""
    if isinstance(a, dict) and isinstance(b, dict) and a.keys() == b.keys():
        return [p for k in a for p in _differences(a[k], b[k], f"{path}/{k}")]
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        return [
            p
            for i, (x, y) in enumerate(zip(a, b, strict=True))
            for p in _differences(x, y, f"{path}/{i}")
        ]
    return [] if a == b else [path]


async def test_fix_links_changes_only_the_ref_and_keeps_relative_links_relative(
    mcp_http: McpOver, api: httpx2.AsyncClient, store: Store, wire: Wire, tree_mode: str
) -> None:
    cr, revision = store.change_requests.rows.create(
        SPACE, subject="Links", status="open", created_by="usr_admin"
    )
    markdown = (
        "See [publishing](guides/publishin.md) and [configure](getting-started/configure.md).\n"
    )
    store.content.revisions.add_page(
        revision, page_id="pg_links", title="Links", slug="links", markdown=markdown
    )
    before = await _document(api, cr, "pg_links")
    async with mcp_http() as client:
        plan = await _call(client, "fix_links", space_id=SPACE, change_request_id=cr)
        [fix] = [f for f in plan.structured_content["fixes"] if f["page_id"] == "pg_links"]
        done = await _call(
            client, "fix_links", space_id=SPACE, change_request_id=cr, apply=True, fixes=[fix["id"]]
        )
    answer = done.structured_content
    diff = answer["diff"]
    assert (
        "+See [publishing](guides/publishing.md) and [configure](getting-started/configure.md)."
        in diff
    )
    assert '"' not in diff  # markdown, not JSON
    sent = [c for batch in wire.batches for c in batch if c.get("page") == "pg_links"]
    intended = sent[0]["document"]["document"]
    [pointer] = _differences(before, intended)
    assert pointer.endswith("/data/ref")
    assert intended == set_at(before, pointer, get_at(intended, pointer))
    if tree_mode == "refused":
        assert answer["written_as"] == "markdown"
        text = sent[-1]["document"]["markdown"]
        assert "[configure](getting-started/configure.md)" in text
        assert "[publishing](guides/publishing.md)" in text
    else:
        assert answer["written_as"] == "tree"
        assert len(sent) == 1
