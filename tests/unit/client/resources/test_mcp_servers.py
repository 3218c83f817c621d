"""Site MCP servers: every method's request and answer, and the refusals made before sending."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from gitbook_mcp.client.models.mcp_servers import SiteMcpServer
from gitbook_mcp.client.resources import SiteMcpServers
from tests.support.contract import load_contract
from tests.unit.client.resources.payloads_content_sites import (
    MCP_SERVER,
    SITE,
    Case,
    Recorder,
    page_of,
    resource_operations,
    run_case,
)

pytestmark = pytest.mark.anyio

ORG, SITE_ = "org 1", "/orgs/org%201/sites/site_1"
"""An organization id that needs percent-encoding, and the site path prefix it must produce."""
MCP_ = SITE_ + "/mcp-servers/mcp_1"


CASES: dict[str, Case] = {
    "listSiteMcpServers": Case(
        lambda c: c.mcp_servers.list(ORG, "site_1"),
        "GET",
        SITE_ + "/mcp-servers",
        SiteMcpServer,
        page_of(MCP_SERVER),
    ),
    "createSiteMcpServer": Case(
        lambda c: c.mcp_servers.create(ORG, "site_1", name="Acme tools", url=MCP_SERVER["url"]),
        "POST",
        SITE_ + "/mcp-servers",
        SiteMcpServer,
        MCP_SERVER,
        body={"name": "Acme tools", "url": MCP_SERVER["url"], "headers": {}},
        status=201,
    ),
    "getSiteMcpServerById": Case(
        lambda c: c.mcp_servers.get(ORG, "site_1", "mcp_1"), "GET", MCP_, SiteMcpServer, MCP_SERVER
    ),
    "updateSiteMcpServerById": Case(
        lambda c: c.mcp_servers.update(
            ORG, "site_1", "mcp_1", headers={"Authorization": "Bearer x"}
        ),
        "PATCH",
        MCP_,
        SiteMcpServer,
        MCP_SERVER,
        body={"headers": {"Authorization": "Bearer x"}},
    ),
    "deleteSiteMcpServerById": Case(
        lambda c: c.mcp_servers.delete(ORG, "site_1", "mcp_1"), "DELETE", MCP_, bool, status=205
    ),
}


def test_every_operation_of_the_module_has_a_case() -> None:
    assert resource_operations(SiteMcpServers) == set(CASES)


@pytest.mark.parametrize("operation_id", sorted(CASES))
async def test_request_and_answer(operation_id: str) -> None:
    await run_case(operation_id, CASES[operation_id])


DELETES = [op for op, case in CASES.items() if case.method == "DELETE"]


@pytest.mark.parametrize(("status", "expected"), [(205, True), (204, False)])
@pytest.mark.parametrize("operation_id", DELETES)
async def test_delete_tells_deleted_from_missing(
    operation_id: str, status: int, expected: bool
) -> None:
    recorder = Recorder.always(status)
    async with recorder.client() as client:
        assert await CASES[operation_id].call(client) is expected
    load_contract().check_response("DELETE", str(recorder.only.url), status, b"")


REFUSED: list[Any] = [
    pytest.param(
        lambda c: c.mcp_servers.create(ORG, "s", name="x" * 101, url="https://a.test"),
        ValidationError,
        id="mcp-name-over-100",
    ),
    pytest.param(
        lambda c: c.mcp_servers.create(ORG, "s", name="a", url="https://a.test/" + "x" * 2040),
        ValidationError,
        id="mcp-url-over-2048",
    ),
    pytest.param(
        lambda c: c.mcp_servers.update(ORG, "s", "m", url="not a url"),
        ValidationError,
        id="mcp-url-not-a-uri",
    ),
    pytest.param(
        lambda c: c.mcp_servers.update(ORG, "s", "m", headers={"X": ""}),
        ValidationError,
        id="mcp-header-empty",
    ),
]


@pytest.mark.parametrize(("call", "error"), REFUSED)
async def test_invalid_calls_are_refused_before_sending(call: Any, error: type[Exception]) -> None:
    recorder = Recorder.always(200, SITE)
    async with recorder.client() as client:
        with pytest.raises(error):
            await call(client)
    assert recorder.requests == []
