"""Parent-scoped resources: one implementation per shape, one operation per parent.

``client.comments`` and ``client.change_request_comments`` are one class bound to two parents;
each method documents and types itself for its parent, and a parent that lacks an operation
refuses the call before anything is sent.
"""

from __future__ import annotations

import inspect
from collections.abc import AsyncIterator

import httpx2
import pytest

from gitbook_mcp.client import GitBookClient, InvalidRequestError, UnreadableWriteResult
from gitbook_mcp.client.resources._resource import (
    CHANGE_REQUEST,
    COLLECTION,
    SPACE,
    OperationNotOfferedError,
    operation,
    operation_id_of,
    scoped,
)

pytestmark = pytest.mark.anyio


@pytest.fixture
async def recorded() -> AsyncIterator[tuple[GitBookClient, list[httpx2.Request]]]:
    requests: list[httpx2.Request] = []

    def handler(request: httpx2.Request) -> httpx2.Response:
        requests.append(request)
        return httpx2.Response(205)

    async with GitBookClient(
        token="t", base_url="http://api.test/v1", transport=httpx2.MockTransport(handler)
    ) as client:
        yield client, requests


def test_parents_take_their_ids_from_their_prefix() -> None:
    assert SPACE.names == ("spaceId",)
    assert CHANGE_REQUEST.names == ("spaceId", "changeRequestId")
    assert COLLECTION.names == ("collectionId",)


def test_both_parents_share_one_implementation() -> None:
    client = GitBookClient(token="t")
    assert type(client.comments) is type(client.change_request_comments)
    assert type(client.space_content) is type(client.change_request_content)
    assert type(client.space_permissions) is type(client.collection_permissions)


def test_each_parent_documents_and_signs_its_own_operation() -> None:
    client = GitBookClient(token="t")
    space, cr = client.comments.get_reply, client.change_request_comments.get_reply
    assert operation_id_of(space) == "getCommentReplyInSpace"
    assert operation_id_of(cr) == "getCommentReplyInChangeRequest"
    assert list(inspect.signature(space).parameters)[:3] == [
        "space_id",
        "comment_id",
        "comment_reply_id",
    ]
    assert list(inspect.signature(cr).parameters)[:4] == [
        "space_id",
        "change_request_id",
        "comment_id",
        "comment_reply_id",
    ]
    assert (inspect.getdoc(cr) or "").splitlines()[0] == (
        "GET /spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}"
        "/replies/{commentReplyId}"
    )
    assert client.comments.get_reply is space, "bound once per client, then cached"


@pytest.mark.parametrize(
    ("attr", "method", "args"),
    [
        ("comments", "list_replies", ("s", "c")),
        ("comments", "delete_reply", ("s", "c", "r")),
        ("comments", "list_commenters", ("s",)),
    ],
)
async def test_an_operation_the_parent_lacks_is_refused_before_sending(
    recorded: tuple[GitBookClient, list[httpx2.Request]], attr: str, method: str, args: tuple[str]
) -> None:
    client, requests = recorded
    bound = getattr(getattr(client, attr), method)
    assert operation_id_of(bound) is None
    kwargs = {"url": "https://x.test", "source": "markdown"} if method == "import_content" else {}
    with pytest.raises(OperationNotOfferedError, match=f"{method} is not offered for a space"):
        await bound(*args, **kwargs)
    assert requests == []
    assert all(m is not bound for m in client.operations().values())


async def test_ids_may_be_given_by_name(
    recorded: tuple[GitBookClient, list[httpx2.Request]],
) -> None:
    client, requests = recorded
    await client.change_request_comments.delete(
        comment_id="c 1", change_request_id="7", space_id="s1"
    )
    await client.collection_permissions.remove_user("col", user_id="u1")
    assert [r.url.raw_path for r in requests] == [
        b"/v1/spaces/s1/change-requests/7/comments/c%201",
        b"/v1/collections/col/permissions/users/u1",
    ]


async def test_a_wrong_number_of_ids_is_refused_before_sending(
    recorded: tuple[GitBookClient, list[httpx2.Request]],
) -> None:
    client, requests = recorded
    with pytest.raises(InvalidRequestError, match="takes 3 ids, got 2"):
        await client.change_request_comments.delete("s1", "c1")
    assert requests == []


async def test_a_reply_format_is_refused_where_the_api_does_not_take_it(
    recorded: tuple[GitBookClient, list[httpx2.Request]],
) -> None:
    client, requests = recorded
    with pytest.raises(InvalidRequestError, match="format is not accepted for a space"):
        await client.comments.create_reply("s1", "c1", markdown="hi", format="markdown")
    assert requests == []


async def test_a_get_sends_its_keyword_options_as_the_camel_case_query() -> None:
    requests: list[httpx2.Request] = []

    def handler(request: httpx2.Request) -> httpx2.Response:
        requests.append(request)
        return httpx2.Response(200, json={"items": [], "next": None})

    async with GitBookClient(
        token="t", base_url="http://api.test/v1", transport=httpx2.MockTransport(handler)
    ) as client:
        await client.change_request_comments.list(
            "s1", "cr1", target_page="p1", authors=["u1", "u2"], page="c2", limit=5
        )
        await client.change_requests.list_for_organization(
            "o1", status=("open", "draft"), requested_reviewer="u3"
        )
    assert [sorted(r.url.params.multi_items()) for r in requests] == [
        [
            ("authors", "u1"),
            ("authors", "u2"),
            ("limit", "5"),
            ("page", "c2"),
            ("targetPage", "p1"),
        ],
        [("requestedReviewer", "u3"), ("status", "draft"), ("status", "open")],
    ]


async def test_a_write_sends_no_option_as_a_query_parameter(
    recorded: tuple[GitBookClient, list[httpx2.Request]],
) -> None:
    client, requests = recorded
    with pytest.raises(UnreadableWriteResult):  # the recorder's empty 205 is no Comment
        await client.comments.create("s1", markdown="hi", page="p1")
    assert requests[0].url.query == b""


async def test_a_misspelt_option_of_a_scoped_method_is_refused_before_sending(
    recorded: tuple[GitBookClient, list[httpx2.Request]],
) -> None:
    client, requests = recorded
    with pytest.raises(TypeError, match="resolve"):
        await client.comments.update("s1", "c1", resolve=True)
    assert requests == []


def test_a_route_other_than_the_api_tables_is_refused_when_declared() -> None:
    with pytest.raises(TypeError, match=r"getSiteById is GET /orgs/\{organizationId\}/sites/"):
        operation("getSiteById", "GET /orgs/{organizationId}/site/{siteId}")
    with pytest.raises(TypeError, match="listCommentsInChangeRequest is GET /spaces/"):
        scoped("GET", "/comment", change_request="listCommentsInChangeRequest")
