"""Scenario of ``search``: search an organization's content."""

from __future__ import annotations

from gitbook_mcp.local.seed.ids import ORG_ACME
from tests.unit.server.reach import Caller


async def scenario(call: Caller) -> None:
    found = await call("search_content", organization_id=ORG_ACME, query="install")
    assert found["hits"]
