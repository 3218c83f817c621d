"""Site redirects: every method's request and answer, destinations, pagination and the
refusals made before sending.
"""

from __future__ import annotations

from typing import Any

import httpx2
import pytest
from pydantic import ValidationError

from gitbook_mcp.api import ADDED_IN_LIVE
from gitbook_mcp.client.models.redirects import (
    OtherDestination,
    PageDestination,
    SectionDestination,
    SiteRedirect,
    SiteRedirectLookup,
)
from gitbook_mcp.client.resources import SiteRedirects
from tests.support.contract import load_contract
from tests.unit.client.resources.payloads_content_sites import (
    REDIRECT,
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
RED_ = SITE_ + "/redirects/red_1"
TO_SECTION = {"kind": "site-section", "siteSectionId": "sec_2"}
TO_PAGE = {"kind": "site-page", "siteSpaceId": "ss_1", "pageId": "pg_1"}


CASES: dict[str, Case] = {
    "listSiteRedirects": Case(
        lambda c: c.redirects.list(ORG, "site_1", limit=100),
        "GET",
        SITE_ + "/redirects",
        SiteRedirect,
        page_of(REDIRECT),
        query=(("limit", "100"),),
    ),
    "createSiteRedirect": Case(
        lambda c: c.redirects.create(ORG, "site_1", source="/old", destination=TO_SECTION),
        "POST",
        SITE_ + "/redirects",
        SiteRedirect,
        REDIRECT,
        body={"source": "/old", "destination": TO_SECTION},
        status=201,
    ),
    "updateSiteRedirectById": Case(
        lambda c: c.redirects.update(ORG, "site_1", "red_1", destination=TO_PAGE),
        "PATCH",
        RED_,
        SiteRedirect,
        {**REDIRECT, "destination": TO_PAGE},
        body={"destination": TO_PAGE},
    ),
    "deleteSiteRedirectById": Case(
        lambda c: c.redirects.delete(ORG, "site_1", "red_1"), "DELETE", RED_, bool, status=205
    ),
    "getSiteRedirectBySource": Case(
        lambda c: c.redirects.get_by_source(ORG, "site_1", source="/docs/v1/a%20b", share_key="k"),
        "GET",
        SITE_ + "/redirect",
        SiteRedirectLookup,
        {"redirect": REDIRECT, "target": "https://docs.acme.test/guides"},
        query=(("source", "/docs/v1/a%20b"), ("shareKey", "k")),
    ),
}


def test_every_operation_of_the_module_has_a_case() -> None:
    assert resource_operations(SiteRedirects) - ADDED_IN_LIVE == set(
        CASES
    )  # live: test_live_operations


@pytest.mark.parametrize("operation_id", sorted(CASES))
async def test_request_and_answer(operation_id: str) -> None:
    await run_case(operation_id, CASES[operation_id])


@pytest.mark.parametrize(
    ("destination", "kind"),
    [
        (TO_SECTION, SectionDestination),
        (TO_PAGE, PageDestination),
        ({"kind": "url", "url": "https://elsewhere.test"}, OtherDestination),
    ],
)
def test_redirect_destinations_are_discriminated_by_kind(
    destination: dict[str, Any], kind: type
) -> None:
    redirect = SiteRedirect.model_validate({**REDIRECT, "destination": destination})
    assert isinstance(redirect.destination, kind)
    assert redirect.destination.model_dump() == destination


async def test_async_for_follows_three_pages_of_redirects() -> None:
    pages = {
        None: page_of({**REDIRECT, "id": "r1"}, next_page="p2"),
        "p2": page_of({**REDIRECT, "id": "r2"}, next_page="p3"),
        "p3": page_of({**REDIRECT, "id": "r3"}),
    }

    def answer(request: httpx2.Request) -> httpx2.Response:
        return httpx2.Response(200, json=pages[request.url.params.get("page")])

    recorder = Recorder(answer)
    async with recorder.client() as client:
        redirects = [r async for r in client.redirects.list(ORG, "site_1", limit=1)]
    assert [r.id for r in redirects] == ["r1", "r2", "r3"]
    assert [r.url.params.get("page") for r in recorder.requests] == [None, "p2", "p3"]
    assert all(r.url.params.get("limit") == "1" for r in recorder.requests)


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
        lambda c: c.redirects.create(ORG, "s", source="old", destination=TO_SECTION),
        ValidationError,
        id="redirect-source-without-leading-slash",
    ),
    pytest.param(
        lambda c: c.redirects.create(ORG, "s", source="/old/", destination=TO_SECTION),
        ValidationError,
        id="redirect-source-with-trailing-slash",
    ),
    pytest.param(
        lambda c: c.redirects.create(ORG, "s", source="/" + "a" * 512, destination=TO_SECTION),
        ValidationError,
        id="redirect-source-over-512",
    ),
    pytest.param(
        lambda c: c.redirects.create(ORG, "s", source="/a", destination={"kind": "site-section"}),
        ValidationError,
        id="redirect-destination-missing-its-id",
    ),
    pytest.param(
        lambda c: c.redirects.update(ORG, "s", "r", source="no slash"),
        ValidationError,
        id="redirect-update-bad-source",
    ),
    pytest.param(
        lambda c: c.redirects.get_by_source(ORG, "s", source="old"),
        ValidationError,
        id="redirect-lookup-bad-source",
    ),
]


@pytest.mark.parametrize(("call", "error"), REFUSED)
async def test_invalid_calls_are_refused_before_sending(call: Any, error: type[Exception]) -> None:
    recorder = Recorder.always(200, SITE)
    async with recorder.client() as client:
        with pytest.raises(error):
            await call(client)
    assert recorder.requests == []
