"""Site sections and section groups: every method's request and answer, nesting, moves and
the refusals made before sending.
"""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from gitbook_mcp.client import InvalidRequestError
from gitbook_mcp.client.models.sites import SiteSection, SiteSectionGroup
from gitbook_mcp.client.resources import SiteSectionGroups, SiteSections
from tests.support.contract import load_contract
from tests.unit.client.resources.payloads_content_sites import (
    GROUP,
    SECTION,
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
SEC_ = SITE_ + "/sections/sec_1"
SG_ = SITE_ + "/section-groups/sg_1"


CASES: dict[str, Case] = {
    "listSiteSections": Case(
        lambda c: c.sections.list(ORG, "site_1", share_key="k1", limit=20),
        "GET",
        SITE_ + "/sections",
        SiteSection,
        page_of(SECTION),
        query=(("shareKey", "k1"), ("limit", "20")),
    ),
    "addSectionToSite": Case(
        lambda c: c.sections.add(ORG, "site_1", space_id="spc_1", title="Guides", icon=None),
        "POST",
        SITE_ + "/sections",
        SiteSection,
        SECTION,
        body={"spaceId": "spc_1", "title": "Guides", "icon": None},
        status=201,
    ),
    "updateSiteSectionById": Case(
        lambda c: c.sections.update(
            ORG,
            "site_1",
            "sec_1",
            title="How-to",
            path="how-to",
            default_site_space="ss_1",
            condition="visitor.claims.beta",
            description=None,
        ),
        "PATCH",
        SEC_,
        SiteSection,
        SECTION,
        body={
            "title": "How-to",
            "path": "how-to",
            "defaultSiteSpace": "ss_1",
            "condition": "visitor.claims.beta",
            "description": None,
        },
    ),
    "moveSiteSection": Case(
        lambda c: c.sections.move(ORG, "site_1", "sec_1", after="sec_2"),
        "POST",
        SEC_ + "/move",
        SiteSection,
        SECTION,
        body={"position": {"after": {"type": "site-section", "siteSection": "sec_2"}}},
    ),
    "deleteSiteSectionById": Case(
        lambda c: c.sections.delete(ORG, "site_1", "sec_1"), "DELETE", SEC_, bool, status=205
    ),
    "listSiteSectionGroups": Case(
        lambda c: c.section_groups.list(ORG, "site_1", page="p3"),
        "GET",
        SITE_ + "/section-groups",
        SiteSectionGroup,
        page_of(GROUP),
        query=(("page", "p3"),),
    ),
    "addSectionGroupToSite": Case(
        lambda c: c.section_groups.add(
            ORG, "site_1", title="Product", icon="book", sections=["sec_1", "sec_2"]
        ),
        "POST",
        SITE_ + "/section-groups",
        SiteSectionGroup,
        GROUP,
        body={"title": "Product", "icon": "book", "sections": ["sec_1", "sec_2"]},
        status=201,
    ),
    "updateSiteSectionGroupById": Case(
        lambda c: c.section_groups.update(ORG, "site_1", "sg_1", title="Platform"),
        "PATCH",
        SG_,
        SiteSectionGroup,
        GROUP,
        body={"title": "Platform"},
    ),
    "moveSiteSectionGroup": Case(
        lambda c: c.section_groups.move(
            ORG, "site_1", "sg_1", before="sec_3", relative_to="site-section"
        ),
        "POST",
        SG_ + "/move",
        SiteSectionGroup,
        GROUP,
        body={"position": {"before": {"type": "site-section", "id": "sec_3"}}},
    ),
    "deleteSiteSectionGroupById": Case(
        lambda c: c.section_groups.delete(ORG, "site_1", "sg_1"), "DELETE", SG_, bool, status=205
    ),
    "addSectionToGroup": Case(
        lambda c: c.section_groups.add_section(ORG, "site_1", "sg_1", section_id="sec_2"),
        "POST",
        SG_ + "/sections",
        SiteSectionGroup,
        GROUP,
        body={"sectionId": "sec_2"},
        status=201,
    ),
    "removeSectionFromGroup": Case(
        lambda c: c.section_groups.remove_section(ORG, "site_1", "sg_1", "sec 2"),
        "DELETE",
        SG_ + "/sections/sec%202",
        bool,
        status=205,
    ),
}


def test_every_operation_of_the_module_has_a_case() -> None:
    assert resource_operations(SiteSections, SiteSectionGroups) == set(CASES)


@pytest.mark.parametrize("operation_id", sorted(CASES))
async def test_request_and_answer(operation_id: str) -> None:
    await run_case(operation_id, CASES[operation_id])


async def test_section_group_nests_sections_and_their_site_spaces() -> None:
    page = await run_case("listSiteSectionGroups", CASES["listSiteSectionGroups"])
    assert page.items[0].sections[0].siteSpaces[0].path == "docs"


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


async def test_moves_accept_a_raw_position() -> None:
    position = {"after": {"type": "site-section-group", "id": "sg_2"}}
    recorder = Recorder.always(200, GROUP)
    async with recorder.client() as client:
        await client.section_groups.move(ORG, "site_1", "sg_1", position=position)
    assert recorder.only.content
    load_contract().check_request("POST", str(recorder.only.url), recorder.only.content)


REFUSED: list[Any] = [
    pytest.param(
        lambda c: c.sections.move(ORG, "s", "sec", before="a", after="b"),
        InvalidRequestError,
        id="move-before-and-after",
    ),
    pytest.param(
        lambda c: c.section_groups.move(ORG, "s", "g", before="a", position={"before": {}}),
        InvalidRequestError,
        id="move-with-both-shapes",
    ),
    pytest.param(
        lambda c: c.sections.update(ORG, "s", "sec", title="x"),
        ValidationError,
        id="section-title-under-2",
    ),
    pytest.param(
        lambda c: c.section_groups.add(ORG, "s", title=""), ValidationError, id="group-title-empty"
    ),
]


@pytest.mark.parametrize(("call", "error"), REFUSED)
async def test_invalid_calls_are_refused_before_sending(call: Any, error: type[Exception]) -> None:
    recorder = Recorder.always(200, SITE)
    async with recorder.client() as client:
        with pytest.raises(error):
            await call(client)
    assert recorder.requests == []
