"""Site spaces: every method's request and answer, the embedded space, and the refusals."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from gitbook_mcp.client import InvalidRequestError
from gitbook_mcp.client.models.sites import SiteSpace
from gitbook_mcp.client.resources import SiteSpaces
from tests.support.contract import load_contract
from tests.unit.client.resources.payloads_content_sites import (
    SITE,
    SITE_SPACE,
    Case,
    Recorder,
    page_of,
    resource_operations,
    run_case,
)

pytestmark = pytest.mark.anyio

ORG, SITE_ = "org 1", "/orgs/org%201/sites/site_1"
"""An organization id that needs percent-encoding, and the site path prefix it must produce."""
SS_ = SITE_ + "/site-spaces/ss%3A1"


CASES: dict[str, Case] = {
    "listSiteSpaces": Case(
        lambda c: c.site_spaces.list(ORG, "site_1", default=False, share_key="k1", page="p2"),
        "GET",
        SITE_ + "/site-spaces",
        SiteSpace,
        page_of(SITE_SPACE),
        query=(("default", "false"), ("shareKey", "k1"), ("page", "p2")),
    ),
    "addSpaceToSite": Case(
        lambda c: c.site_spaces.add(ORG, "site_1", space_id="spc_1", section_id="sec_1"),
        "POST",
        SITE_ + "/site-spaces",
        SiteSpace,
        SITE_SPACE,
        body={"spaceId": "spc_1", "sectionId": "sec_1"},
        status=201,
    ),
    "updateSiteSpaceById": Case(
        lambda c: c.site_spaces.update(ORG, "site_1", "ss:1", path="v2", condition=None),
        "PATCH",
        SS_,
        SiteSpace,
        SITE_SPACE,
        body={"path": "v2", "condition": None},
    ),
    "moveSiteSpace": Case(
        lambda c: c.site_spaces.move(ORG, "site_1", "ss:1", before="ss_2"),
        "POST",
        SS_ + "/move",
        SiteSpace,
        SITE_SPACE,
        body={"position": {"before": {"type": "site-space", "siteSpace": "ss_2"}}},
    ),
    "deleteSiteSpaceById": Case(
        lambda c: c.site_spaces.delete(ORG, "site_1", "ss:1"), "DELETE", SS_, bool, status=205
    ),
}


def test_every_operation_of_the_module_has_a_case() -> None:
    assert resource_operations(SiteSpaces) == set(CASES)


@pytest.mark.parametrize("operation_id", sorted(CASES))
async def test_request_and_answer(operation_id: str) -> None:
    await run_case(operation_id, CASES[operation_id])


async def test_site_space_embeds_its_space() -> None:
    site_space: SiteSpace = await run_case("addSpaceToSite", CASES["addSpaceToSite"])
    assert site_space.space.id == "spc_1"
    assert site_space.space.permissions is not None
    assert site_space.space.permissions.edit is True
    assert site_space.section == "sec_1"


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
        lambda c: c.site_spaces.update(ORG, "s", "ss", path="x" * 101),
        ValidationError,
        id="site-space-path-over-100",
    ),
    pytest.param(
        lambda c: c.site_spaces.update(ORG, "s", "ss", path=""),
        ValidationError,
        id="site-space-path-empty",
    ),
    pytest.param(
        lambda c: c.site_spaces.update(ORG, "s", "ss", condition="x" * 1025),
        ValidationError,
        id="site-space-condition-over-1024",
    ),
    pytest.param(
        lambda c: c.site_spaces.move(ORG, "s", "ss"), InvalidRequestError, id="move-to-nowhere"
    ),
]


@pytest.mark.parametrize(("call", "error"), REFUSED)
async def test_invalid_calls_are_refused_before_sending(call: Any, error: type[Exception]) -> None:
    recorder = Recorder.always(200, SITE)
    async with recorder.client() as client:
        with pytest.raises(error):
            await call(client)
    assert recorder.requests == []
