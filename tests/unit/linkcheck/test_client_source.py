"""The client adapter reads documents as the API sent them, and pages by id in either revision."""

from __future__ import annotations

import json
from collections.abc import Callable

import httpx2
import pytest

from gitbook_mcp.client import GitBookClient, errors
from gitbook_mcp.linkcheck.client_source import ClientContentReader
from tests.unit.linkcheck.fakes import doc, link, para

pytestmark = pytest.mark.anyio

DOCUMENT = {**doc(para(link({"kind": "page", "page": "p2"}, "next"))), "key": "k1"}
PAGE = {"id": "p1", "title": "One", "type": "document", "path": "one", "document": DOCUMENT}


async def test_documents_come_back_unchanged_and_missing_pages_are_none() -> None:
    seen: list[str] = []

    def answer(request: httpx2.Request) -> httpx2.Response:
        seen.append(f"{request.url.path}?{request.url.query.decode()}")
        if request.url.path.endswith("/p1"):
            return httpx2.Response(200, json=PAGE)
        return httpx2.Response(404, json={"error": {"code": 404, "message": "no page"}})

    async with GitBookClient(
        token="t", base_url="http://api.test/v1", transport=httpx2.MockTransport(answer)
    ) as client:
        reader = ClientContentReader(client)
        body = await reader.page("s1", "cr1", "p1")
        missing = await reader.page("s1", None, "p9")
    assert body is not None
    assert json.dumps(body.document) == json.dumps(DOCUMENT)
    assert missing is None
    assert seen == [
        "/v1/spaces/s1/change-requests/cr1/content/page/p1?format=document&metadata=false",
        "/v1/spaces/s1/content/page/p9?format=document&metadata=false",
    ]


def _client(page: object) -> GitBookClient:
    def answer(request: httpx2.Request) -> httpx2.Response:
        return httpx2.Response(200, json=page)

    return GitBookClient(
        token="t", base_url="http://api.test/v1", transport=httpx2.MockTransport(answer)
    )


async def test_a_page_is_read_as_sent_and_sized_by_its_answer() -> None:
    async with _client(PAGE) as client:
        body = await ClientContentReader(client).page("s1", None, "p1")
    assert body is not None
    assert body.document == DOCUMENT
    assert body.size == len(json.dumps(PAGE, separators=(",", ":")).encode())


@pytest.mark.parametrize(
    "page",
    [
        {**PAGE, "document": {**DOCUMENT, "nodes": "not a list"}},
        {**PAGE, "document": {"object": "document", "nodes": []}},  # no data
        {**PAGE, "markdown": 42},
        {**PAGE, "hidden": "perhaps"},  # a field the checker does not read
        {"title": "no id", "type": "document"},
        ["not", "a", "page"],
    ],
)
async def test_an_answer_that_is_no_page_fails_as_the_clients_get_page(page: object) -> None:
    async with _client(page) as client:
        with pytest.raises(errors.APIResponseValidationError) as raised:
            await ClientContentReader(client).page("s1", "cr1", "p1")
        with pytest.raises(errors.APIResponseValidationError) as expected:
            await client.change_request_content.get_page("s1", "cr1", "p1", format="document")
    assert str(raised.value) == str(expected.value)


async def test_the_pages_below_do_not_change_the_pages_own_body() -> None:
    below = {"id": "p2", "title": "Two", "type": "document", "document": {"not": "a document"}}
    child = {**below, "id": "p3", "markdown": "# Three", "pages": [{**below, "id": "p4"}]}
    async with _client({**PAGE, "pages": [below, child]}) as client:
        body = await ClientContentReader(client).page("s1", None, "p1")
    assert body is not None
    assert body.document == DOCUMENT
    assert body.markdown is None


async def test_text_the_compiled_reader_refuses_comes_back_as_sent() -> None:
    # A lone surrogate escape is JSON that Python's reader takes and the compiled one refuses.
    raw = json.dumps({**PAGE, "document": {**DOCUMENT, "key": "\ud800"}}).encode()

    def answer(request: httpx2.Request) -> httpx2.Response:
        return httpx2.Response(200, content=raw, headers={"content-type": "application/json"})

    async with GitBookClient(
        token="t", base_url="http://api.test/v1", transport=httpx2.MockTransport(answer)
    ) as client:
        body = await ClientContentReader(client).page("s1", None, "p1")
    assert body is not None
    assert body.document is not None
    assert body.document["key"] == "\ud800"
    assert body.document["nodes"] == DOCUMENT["nodes"]


def _raw_client(raw: bytes) -> GitBookClient:
    def answer(request: httpx2.Request) -> httpx2.Response:
        return httpx2.Response(200, content=raw, headers={"content-type": "application/json"})

    return GitBookClient(
        token="t", base_url="http://api.test/v1", transport=httpx2.MockTransport(answer)
    )


async def test_nan_below_or_in_text_leaves_the_pages_document_as_sent() -> None:
    document = {**DOCUMENT, "key": "NaN or Infinity"}
    below = {"id": "p2", "title": "Two", "type": "document", "document": {"n": "NAN_HERE"}}
    raw = json.dumps({**PAGE, "document": document, "pages": [below]}).encode()
    async with _raw_client(raw.replace(b'"NAN_HERE"', b"NaN")) as client:
        body = await ClientContentReader(client).page("s1", None, "p1")
    assert body is not None
    assert body.document == document


async def test_a_nan_in_the_pages_document_is_read_as_the_client_reads_it() -> None:
    raw = json.dumps({**PAGE, "document": {**DOCUMENT, "key": "NAN_HERE"}}).encode()
    raw = raw.replace(b'"NAN_HERE"', b"NaN")
    async with _raw_client(raw) as client:
        body = await ClientContentReader(client).page("s1", None, "p1")
        page = await client.space_content.get_page("s1", "p1", format="document")
    assert body is not None
    assert page.document is not None
    assert body.document == page.document.model_dump(mode="json", exclude_unset=True)


async def test_a_large_page_is_read_in_a_worker_thread(monkeypatch: pytest.MonkeyPatch) -> None:
    import threading

    from gitbook_mcp.linkcheck import client_source

    seen: list[int] = []
    real = client_source._page_fast

    def spy(raw: bytes) -> object:
        seen.append(threading.get_ident())
        return real(raw)

    monkeypatch.setattr(client_source, "_page_fast", spy)
    big = {**PAGE, "description": "x" * (client_source.INLINE_DOCUMENT_BYTES + 1)}
    async with _client(PAGE) as client:
        await ClientContentReader(client).page("s1", None, "p1")
    async with _client(big) as client:
        await ClientContentReader(client).page("s1", None, "p1")
    assert seen[0] == threading.get_ident()  # small: on the loop
    assert seen[1] != threading.get_ident()


def _tree_answer(pages: object) -> bytes:
    return json.dumps(
        {
            "object": "revision",
            "id": "rev1",
            "type": "edits",
            "parents": [],
            "createdAt": "2026-01-01T00:00:00Z",
            "urls": {"app": "https://app.test/rev1"},
            "files": [
                {
                    "id": "f1",
                    "name": "a.png",
                    "contentType": "image/png",
                    "downloadURL": "https://x.test/a.png",
                    "size": 1,
                }
            ],
            "reusableContents": [{"id": "rc1", "title": "Snippet"}],
            "pages": pages,
        }
    ).encode()


async def test_the_page_tree_is_read_depth_first_with_versions_without_the_models() -> None:
    tree = [
        {
            "id": "a",
            "title": "A",
            "type": "document",
            "path": "a",
            "slug": "a",
            "documentId": "d1",
            "pages": [
                {
                    "id": "b",
                    "title": "B",
                    "type": "document",
                    "path": "a/b",
                    "slug": "b",
                    "updatedAt": "2026-02-01",
                },
            ],
        },
        {"id": "c", "title": "C", "type": "link", "target": {"kind": "url", "url": "https://x"}},
    ]

    seen: list[str] = []

    def answer(request: httpx2.Request) -> httpx2.Response:
        seen.append(request.url.query.decode())
        return httpx2.Response(200, content=_tree_answer(tree))

    async with GitBookClient(
        token="t", base_url="http://api.test/v1", transport=httpx2.MockTransport(answer)
    ) as client:
        content = await ClientContentReader(client).revision("s1", None)
    assert seen == ["metadata=false"]  # no git metadata: the checker reads none
    assert [(p.id, p.parent_id, p.path, p.version) for p in content.pages] == [
        ("a", None, "a", "doc:d1"),
        ("b", "a", "a/b", "at:2026-02-01"),
        ("c", None, "", None),
    ]
    assert content.pages[2].target == {"kind": "url", "url": "https://x"}
    assert [(f.id, f.name) for f in content.files] == [("f1", "a.png")]
    assert content.reusable_contents == frozenset({"rc1"})
    assert content.revision_id == "rev1"


async def test_a_tree_of_another_shape_fails_as_the_model_says() -> None:
    def answer(request: httpx2.Request) -> httpx2.Response:
        return httpx2.Response(200, content=_tree_answer([{"id": 3, "title": "T"}]))

    async with GitBookClient(
        token="t", base_url="http://api.test/v1", transport=httpx2.MockTransport(answer)
    ) as client:
        with pytest.raises(errors.APIResponseValidationError, match="pages"):
            await ClientContentReader(client).revision("s1", None)


async def test_what_the_tree_reader_leaves_out_changes_no_page() -> None:
    target = {"kind": "page", "page": "a", "id": "x", "extra": {"pages": [], "id": "y"}}
    lean = [
        {"id": "a", "title": "A", "type": "document", "path": "a", "documentId": "d1"},
        {"id": "c", "title": "C", "type": "link", "target": target},
    ]
    noise = {
        "layout": {"cover": False},
        "urls": {"app": "https://x"},
        "markdown": "# A",
        "tags": [],
    }
    full = [{**page, **noise, "pages": []} for page in lean]

    def answer(tree: object) -> Callable[[httpx2.Request], httpx2.Response]:
        return lambda request: httpx2.Response(200, content=_tree_answer(tree))

    read = []
    for tree in (lean, full):
        async with GitBookClient(
            token="t", base_url="http://api.test/v1", transport=httpx2.MockTransport(answer(tree))
        ) as client:
            read.append(await ClientContentReader(client).revision("s1", None))
    assert read[0] == read[1]
    assert read[1].pages[1].target == target  # a link's target is kept whole
    assert [(f.id, f.name) for f in read[1].files] == [("f1", "a.png")]
