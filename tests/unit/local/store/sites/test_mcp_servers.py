"""A site's external MCP servers through HTTP: list, create, read, update and delete."""

from __future__ import annotations

from typing import Any

import httpx2
import pytest

from gitbook_mcp.local.seed.sites import MCP_ACME_TOOLS
from gitbook_mcp.local.store.sites.mcp_servers import HIDDEN_HEADER
from tests.unit.local.store.sites.support import NON_ADMINS, SITE, ApiAs, collect, expect_error

pytestmark = pytest.mark.anyio

SERVERS = f"{SITE}/mcp-servers"
ACME_TOOLS = f"{SERVERS}/{MCP_ACME_TOOLS}"


async def _create(api: httpx2.AsyncClient, body: dict[str, Any]) -> dict[str, Any]:
    response = await api.post(SERVERS, json=body)
    assert response.status_code == 201, response.text
    server: dict[str, Any] = response.json()
    return server


async def test_seeded_server_is_listed_and_read(api: httpx2.AsyncClient) -> None:
    servers = await collect(api, SERVERS)
    assert [s["id"] for s in servers] == [MCP_ACME_TOOLS]
    server = (await api.get(ACME_TOOLS)).json()
    assert server == servers[0]
    assert server["object"] == "site-mcp-server"
    assert server["name"] == "Acme Tools"
    assert server["url"] == "https://mcp.acme.test/mcp"
    assert server["headers"] == {"X-Docs-Team": "platform"}
    assert server["urls"]["location"].endswith(f"/sites/site_docs/mcp-servers/{MCP_ACME_TOOLS}")


async def test_create_then_read_back_and_page(api: httpx2.AsyncClient) -> None:
    search = await _create(
        api,
        {
            "name": "Search",
            "url": "https://search.acme.test/mcp",
            "headers": {"Authorization": "Bearer s3cret"},
        },
    )
    bare = await _create(api, {"name": "Bare", "url": "http://localhost:9000/mcp", "headers": {}})
    assert bare["headers"] == {}
    assert (await api.get(f"{SERVERS}/{search['id']}")).json()["headers"] == {
        "Authorization": "Bearer s3cret"
    }
    servers = await collect(api, SERVERS, limit=1)
    assert [s["id"] for s in servers] == [MCP_ACME_TOOLS, search["id"], bare["id"]]


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"url": "https://x.test/mcp", "headers": {}}, "name"),
        ({"name": "", "url": "https://x.test/mcp", "headers": {}}, "name"),
        ({"name": "n" * 101, "url": "https://x.test/mcp", "headers": {}}, "name"),
        ({"name": "X", "headers": {}}, "url"),
        ({"name": "X", "url": "not a url", "headers": {}}, "url"),
        ({"name": "X", "url": "https://x.test/" + "p" * 2048, "headers": {}}, "url"),
        ({"name": "X", "url": "https://x.test", "headers": []}, "headers"),
        ({"name": "X", "url": "https://x.test", "headers": {"X-A": ""}}, "headers.X-A"),
        ({"name": "X", "url": "https://x.test", "headers": {"X-A": 3}}, "headers.X-A"),
        ({"name": "X", "url": "https://x.test", "headers": {"X-A": "v" * 513}}, "headers.X-A"),
        ({"name": "X", "url": "https://x.test", "headers": {"X-A": "a\r\nB: c"}}, "headers.X-A"),
        ({"name": "X", "url": "https://x.test", "headers": {"Bad Name": "v"}}, "headers"),
        ({"name": "X", "url": "https://x.test"}, "headers"),  # the contract requires it
    ],
)
async def test_create_errors_name_the_field(
    api: httpx2.AsyncClient, body: dict[str, Any], field: str
) -> None:
    expect_error(await api.post(SERVERS, json=body), 400, field)
    assert (await api.get(SERVERS)).json()["count"] == 1


async def test_update_changes_only_what_is_sent(api: httpx2.AsyncClient) -> None:
    renamed = (await api.patch(ACME_TOOLS, json={"name": "Acme Tools v2"})).json()
    assert renamed["name"] == "Acme Tools v2"
    assert renamed["url"] == "https://mcp.acme.test/mcp"
    assert renamed["headers"] == {"X-Docs-Team": "platform"}
    moved = (
        await api.patch(ACME_TOOLS, json={"url": "https://tools.acme.test/mcp", "headers": {}})
    ).json()
    assert moved["url"] == "https://tools.acme.test/mcp"
    assert moved["headers"] == {}
    assert moved["name"] == "Acme Tools v2"
    assert (await api.get(ACME_TOOLS)).json() == moved


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"name": ""}, "name"),
        ({"name": None}, "name"),
        ({"url": "nope"}, "url"),
        ({"headers": None}, "headers"),
        ({"headers": {"X": ""}}, "headers.X"),
    ],
)
async def test_update_errors_name_the_field(
    api: httpx2.AsyncClient, body: dict[str, Any], field: str
) -> None:
    expect_error(await api.patch(ACME_TOOLS, json=body), 400, field)
    assert (await api.get(ACME_TOOLS)).json()["name"] == "Acme Tools"


@pytest.mark.parametrize("token", NON_ADMINS)
async def test_non_admins_see_header_names_but_not_their_values(
    api: httpx2.AsyncClient, api_as: ApiAs, token: str
) -> None:
    secret = {"Authorization": "Bearer gb_secret_value", "X-Docs-Team": "platform"}
    assert (await api.patch(ACME_TOOLS, json={"headers": secret})).json()["headers"] == secret
    async with api_as(token) as other:
        one = (await other.get(ACME_TOOLS)).json()
        listed = await collect(other, SERVERS)
    hidden = {"Authorization": HIDDEN_HEADER, "X-Docs-Team": HIDDEN_HEADER}
    assert one["headers"] == hidden
    assert [s["headers"] for s in listed] == [hidden]
    assert "gb_secret_value" not in str(one) + str(listed)
    assert (await api.get(ACME_TOOLS)).json()["headers"] == secret


async def test_unknown_server_is_404_and_delete_205_then_204(api: httpx2.AsyncClient) -> None:
    expect_error(await api.get(f"{SERVERS}/mcp_nope"), 404, "mcp_nope")
    expect_error(await api.patch(f"{SERVERS}/mcp_nope", json={"name": "x"}), 404, "mcp_nope")
    assert (await api.delete(ACME_TOOLS)).status_code == 205
    assert (await api.delete(ACME_TOOLS)).status_code == 204
    expect_error(await api.get(ACME_TOOLS), 404)
    assert (await api.get(SERVERS)).json()["count"] == 0


async def test_servers_of_another_site_are_not_reachable(api: httpx2.AsyncClient) -> None:
    other = "/orgs/org_globex/sites/site_globex/mcp-servers"
    expect_error(await api.get(f"{other}/{MCP_ACME_TOOLS}"), 404)
    assert (await api.delete(f"{other}/{MCP_ACME_TOOLS}")).status_code == 204
    assert (await api.get(ACME_TOOLS)).status_code == 200


@pytest.mark.parametrize("token", NON_ADMINS)
async def test_non_admins_read_but_cannot_write(
    api: httpx2.AsyncClient, api_as: ApiAs, token: str
) -> None:
    async with api_as(token) as other:
        assert (await other.get(ACME_TOOLS)).status_code == 200
        body = {"name": "Mine", "url": "https://mine.test/mcp", "headers": {}}
        expect_error(await other.post(SERVERS, json=body), 403, "admin")
        expect_error(await other.patch(ACME_TOOLS, json={"name": "Mine"}), 403, "admin")
        expect_error(await other.delete(ACME_TOOLS), 403, "admin")
    assert (await api.get(ACME_TOOLS)).json()["name"] == "Acme Tools"
