"""One tool call (`server/calls/handler.py`): arguments are validated and refused by field."""

from __future__ import annotations

from typing import Any

import pytest

from tests.unit.server.conftest import McpFactory

pytestmark = pytest.mark.anyio


@pytest.mark.parametrize(
    ("tool", "arguments", "field"),
    [
        ("list_spaces", {}, "organization_id"),
        ("search_content", {"organization_id": "org_acme", "query": "q" * 600}, "query"),
        ("get_page", {"space_id": "spc_handbook"}, "page_id"),
        (
            "create_redirect",
            {"organization_id": "org_acme", "site_id": "site_docs", "source": "no-slash"},
            "source",
        ),
        ("list_comments", {"space_id": "spc_handbook", "status": "closed"}, "status"),
        ("list_comments", {"space_id": "spc_handbook", "bogus": 1}, "bogus"),
    ],
)
async def test_bad_arguments_are_tool_errors_naming_the_field(
    mcp: McpFactory, tool: str, arguments: dict[str, Any], field: str
) -> None:
    async with mcp() as client:
        result = await client.call_tool(tool, arguments)
    assert result.is_error
    assert field in result.content[0].text
    assert "Traceback" not in result.content[0].text
