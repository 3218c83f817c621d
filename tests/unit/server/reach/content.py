"""Scenario of ``content``: pages by id and path (published and in a change request), files,
backlinks of a page and of a file."""

from __future__ import annotations

from gitbook_mcp.local.seed.content import CR_INSTALL, FILE_DIAGRAM, PAGE_INSTALL
from gitbook_mcp.local.seed.ids import SPACES
from tests.unit.server.reach import Caller

SPACE = SPACES["handbook"]
CR = {"space_id": SPACE, "change_request_id": CR_INSTALL}


async def scenario(call: Caller) -> None:
    page = await call("get_page", space_id=SPACE, page_id=PAGE_INSTALL)
    by_path = await call("get_page", space_id=SPACE, path=page["path"])
    assert by_path["id"] == PAGE_INSTALL
    await call("get_page", **CR, page_id=PAGE_INSTALL)
    await call("get_page", **CR, path=page["path"])
    files = await call("list_files", **CR)
    assert FILE_DIAGRAM in {f["id"] for f in files["files"]}
    one = await call("list_files", **CR, file_id=FILE_DIAGRAM)
    assert one["files"][0]["url"]
    await call("list_backlinks", **CR, page_id=PAGE_INSTALL)
    await call("list_backlinks", **CR, file_id=FILE_DIAGRAM)
