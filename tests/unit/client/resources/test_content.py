"""Content resources (a space's and a change request's): every method's request and answer.

Each against a recording transport and the contract; plus the typed page trees and the
refusals made before sending.
"""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from gitbook_mcp.api import ADDED_IN_LIVE
from gitbook_mcp.client import GitBookClient
from gitbook_mcp.client.models.content import (
    ImportContentResult,
    PageAlone,
    PageBelow,
    PageList,
    Revision,
    RevisionFile,
    RevisionPage,
)
from gitbook_mcp.client.models.links import ContentLocation, LinkListing, LinkUsage
from gitbook_mcp.client.resources import ChangeRequestContent, SpaceContent
from tests.unit.client.resources.payloads_content_sites import (
    CONTENT_LOCATION,
    FILE,
    LINK_USAGE,
    PAGE,
    REVISION,
    Case,
    Recorder,
    page_of,
    resource_operations,
    run_case,
)

pytestmark = pytest.mark.anyio

S, S_ = "spc 1", "/spaces/spc%201"
"""A space id that needs percent-encoding, and the path prefix it must produce."""
CR_ = S_ + "/change-requests/7"
IMPORT = {"revision": "rev_3", "importedResources": 4, "totalResources": 5}
BOTH_SWITCHES_OFF = (("metadata", "false"), ("computed", "false"))


CASES: dict[str, Case] = {
    "getCurrentRevision": Case(
        lambda c: c.space_content.get_revision(S, metadata=False, computed=False),
        "GET",
        S_ + "/content",
        Revision,
        REVISION,
        query=BOTH_SWITCHES_OFF,
    ),
    "listPages": Case(
        lambda c: c.space_content.list_pages(S, computed=True),
        "GET",
        S_ + "/content/pages",
        PageList,
        {"pages": [PAGE]},
        query=(("computed", "true"),),
    ),
    "getPageById": Case(
        lambda c: c.space_content.get_page(S, "pg 2", format="markdown", evaluated=True),
        "GET",
        S_ + "/content/page/pg%202",
        RevisionPage,
        PAGE,
        query=(("format", "markdown"), ("evaluated", "true")),
    ),
    "getPageByPath": Case(
        lambda c: c.space_content.get_page_by_path(S, "guides/get started", metadata=False),
        "GET",
        S_ + "/content/path/guides/get%20started",
        RevisionPage,
        PAGE,
        query=(("metadata", "false"),),
    ),
    "getRevisionOfChangeRequestById": Case(
        lambda c: c.change_request_content.get_revision(S, "7", metadata=False, computed=False),
        "GET",
        CR_ + "/content",
        Revision,
        REVISION,
        query=BOTH_SWITCHES_OFF,
    ),
    "importContentInChangeRequest": Case(
        lambda c: c.change_request_content.import_content(
            S, "7", url="https://example.test/docs.zip", source="zip"
        ),
        "POST",
        CR_ + "/content/import",
        ImportContentResult,
        IMPORT,
        body={"url": "https://example.test/docs.zip", "source": "zip"},
        status=201,
    ),
    "listPagesInChangeRequest": Case(
        lambda c: c.change_request_content.list_pages(S, "7", metadata=True),
        "GET",
        CR_ + "/content/pages",
        PageList,
        {"pages": [PAGE]},
        query=(("metadata", "true"),),
    ),
    "listFilesInChangeRequestById": Case(
        lambda c: c.change_request_content.list_files(S, "7", computed=False, page="p2"),
        "GET",
        CR_ + "/content/files",
        RevisionFile,
        page_of(FILE),
        query=(("computed", "false"), ("page", "p2")),
    ),
    "getFileInChangeRequestById": Case(
        lambda c: c.change_request_content.get_file(S, "7", "file 1", metadata=False),
        "GET",
        CR_ + "/content/files/file%201",
        RevisionFile,
        FILE,
        query=(("metadata", "false"),),
    ),
    "listChangeRequestFileBacklinks": Case(
        lambda c: c.change_request_content.list_file_backlinks(S, "7", "file 1", limit=3),
        "GET",
        CR_ + "/content/files/file%201/backlinks",
        ContentLocation,
        page_of(CONTENT_LOCATION),
        query=(("limit", "3"),),
    ),
    "getPageInChangeRequestById": Case(
        lambda c: c.change_request_content.get_page(
            S, "7", "pg_install", format="markdown", evaluated=False, computed=True
        ),
        "GET",
        CR_ + "/content/page/pg_install",
        RevisionPage,
        PAGE,
        query=(("format", "markdown"), ("evaluated", "false"), ("computed", "true")),
    ),
    "getPageInChangeRequestByPath": Case(
        lambda c: c.change_request_content.get_page_by_path(
            S, "7", "guides/install", format="document"
        ),
        "GET",
        CR_ + "/content/path/guides/install",
        RevisionPage,
        PAGE,
        query=(("format", "document"),),
    ),
    "listPageLinksInChangeRequest": Case(
        lambda c: c.change_request_content.list_page_links(S, "7", "pg_install", limit=1000),
        "GET",
        CR_ + "/content/page/pg_install/links",
        LinkUsage,
        page_of(LINK_USAGE, stats={"total": 1, "broken": {"total": 1}}),
        query=(("limit", "1000"),),
    ),
    "listChangeRequestPageBacklinks": Case(
        lambda c: c.change_request_content.list_page_backlinks(S, "7", "pg_install"),
        "GET",
        CR_ + "/content/page/pg_install/backlinks",
        ContentLocation,
        page_of(CONTENT_LOCATION),
    ),
}


def test_every_operation_of_the_module_has_a_case() -> None:
    assert resource_operations(SpaceContent, ChangeRequestContent) - ADDED_IN_LIVE == set(
        CASES
    )  # live: test_live_operations


@pytest.mark.parametrize("operation_id", sorted(CASES))
async def test_request_and_answer(operation_id: str) -> None:
    await run_case(operation_id, CASES[operation_id])


async def test_page_tree_is_typed_and_walks_depth_first() -> None:
    result: PageList = await run_case("listPages", CASES["listPages"])
    assert [(p.path, depth) for p, depth in result.walk()] == [
        ("guides", 0),
        ("guides/install", 1),
    ]
    child = result.pages[0].pages[0]
    assert isinstance(child, RevisionPage)
    assert child.markdown == "# guides/install"
    assert child.layout is not None
    assert child.layout.tableOfContents is True


@pytest.mark.parametrize("in_cr", [False, True], ids=["space", "change-request"])
async def test_a_page_read_without_bodies_below_keeps_its_own_and_the_tree(in_cr: bool) -> None:
    """``bodies_below=False``: the page's own body and fields as sent, the pages below it with
    their place in the tree but neither body nor unnamed fields (the same request is sent)."""
    document = {"object": "document", "data": {}, "nodes": [{"object": "block", "type": "p"}]}
    grandchild = {**PAGE["pages"][0], "id": "pg_deep", "path": "guides/install/deep"}
    child = {**PAGE["pages"][0], "document": document, "extra": 1, "pages": [grandchild]}
    answer = {**PAGE, "document": document, "extra": 2, "pages": [child]}
    recorder = Recorder.always(200, answer)
    async with recorder.client() as client:
        if in_cr:
            read = client.change_request_content.get_page
            page = await read(S, "7", "pg 2", format="document", bodies_below=False)
            full = await read(S, "7", "pg 2", format="document")
        else:
            read = client.space_content.get_page
            page = await read(S, "pg 2", format="document", bodies_below=False)
            full = await read(S, "pg 2", format="document")
    assert isinstance(page, PageAlone)
    assert len({str(r.url) for r in recorder.requests}) == 1
    assert page.document is not None
    assert page.document.nodes == document["nodes"]
    assert page.markdown == "# guides"
    assert page.model_extra == {"extra": 2}
    assert [(p.id, type(p)) for p, _ in page.walk()][1:] == [
        ("pg_install", PageBelow),
        ("pg_deep", PageBelow),
    ]
    for below, _ in list(page.walk())[1:]:
        assert (below.document, below.markdown, below.model_extra) == (None, None, None)
        assert below.path
        assert below.title
        assert below.layout is not None
    assert full.pages[0].document is not None
    assert full.pages[0].markdown == "# guides/install"


async def test_revision_carries_pages_and_files() -> None:
    revision: Revision = await run_case("getCurrentRevision", CASES["getCurrentRevision"])
    assert [p.id for p, _ in revision.walk_pages()] == ["pg_guides", "pg_install"]
    assert revision.files[0].dimensions is not None
    assert revision.files[0].dimensions.width == 640


async def test_link_pages_keep_their_stats() -> None:
    page = await run_case("listPageLinksInChangeRequest", CASES["listPageLinksInChangeRequest"])
    assert isinstance(page, LinkListing)
    assert page.stats.broken.total == 1


def test_a_space_has_only_the_operations_the_api_offers_for_a_space() -> None:
    """Links, backlinks and imports are a change request's only: the space's class lacks them."""
    client = GitBookClient(token="t")
    for method in ("list_page_links", "list_page_backlinks", "list_file_backlinks"):
        assert not hasattr(client.space_content, method)
        assert hasattr(client.change_request_content, method)
    assert not hasattr(client.space_content, "import_content")


REFUSED: list[Any] = [
    pytest.param(
        lambda c: c.change_request_content.import_content(S, "7", url="docs.zip", source="zip"),
        ValidationError,
        id="import-url-without-scheme",
    ),
    pytest.param(
        lambda c: c.change_request_content.import_content(
            S, "7", url="https://x.test/a", source="pdf"
        ),
        ValidationError,
        id="import-unknown-source",
    ),
]


@pytest.mark.parametrize(("call", "error"), REFUSED)
async def test_invalid_calls_are_refused_before_sending(call: Any, error: type[Exception]) -> None:
    recorder = Recorder.always(200, REVISION)
    async with recorder.client() as client:
        with pytest.raises(error):
            await call(client)
    assert recorder.requests == []
