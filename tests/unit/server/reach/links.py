"""Scenario of ``links``: broken links of a space, of a change request, of one page."""

from __future__ import annotations

from gitbook_mcp.local.seed.content import CR_INSTALL, PAGE_INSTALL
from gitbook_mcp.local.seed.ids import SPACES
from tests.unit.server.reach import Caller

SPACE = SPACES["handbook"]


async def scenario(call: Caller) -> None:
    await call("check_links", space_id=SPACE)
    in_cr = await call("check_links", space_id=SPACE, change_request_id=CR_INSTALL)
    assert in_cr["broken"]
    await call("check_links", space_id=SPACE, change_request_id=CR_INSTALL, page_id=PAGE_INSTALL)
