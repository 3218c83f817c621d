"""Site resources: every method's request (method, path, query, body) and answer.

Sites, site spaces, sections, section groups, redirects and MCP servers (29 operations), each
against a recording transport and the contract; plus the refusals made before sending.
"""

from __future__ import annotations

from typing import Any

import httpx2
import pytest
from pydantic import ValidationError

from gitbook_mcp.client import GitBookClient, InvalidRequestError
from gitbook_mcp.client.models.mcp_servers import SiteMcpServer
from gitbook_mcp.client.models.redirects import (
    OtherDestination,
    PageDestination,
    SectionDestination,
    SiteRedirect,
    SiteRedirectLookup,
)
from gitbook_mcp.client.models.sites import Site, SiteSection, SiteSectionGroup, SiteSpace
from gitbook_mcp.client.resources._resource import operation_id_of
from tests.support.contract import load_contract
from tests.unit.client.payloads_content_sites import (
    GROUP,
    MCP_SERVER,
    REDIRECT,
    SECTION,
    SITE,
    SITE_SPACE,
    Case,
    Recorder,
    page_of,
    run_case,
)

pytestmark = pytest.mark.anyio

ORG, SITE_ = "org 1", "/orgs/org%201/sites/site_1"
"""An organization id that needs percent-encoding, and the site path prefix it must produce."""
SS_ = SITE_ + "/site-spaces/ss%3A1"
SEC_ = SITE_ + "/sections/sec_1"
SG_ = SITE_ + "/section-groups/sg_1"
RED_ = SITE_ + "/redirects/red_1"
MCP_ = SITE_ + "/mcp-servers/mcp_1"
ATTRS = ("sites", "site_spaces", "sections", "section_groups", "redirects", "mcp_servers")
TO_SECTION = {"kind": "site-section", "siteSectionId": "sec_2"}
TO_PAGE = {"kind": "site-page", "siteSpaceId": "ss_1", "pageId": "pg_1"}

CASES: dict[str, Case] = {
    # -- sites
    "listSites": Case(
        lambda c: c.sites.list(
            ORG, space="spc_1", title="Acme", published=True, type=["basic", "premium"], limit=5
        ),
        "GET",
        "/orgs/org%201/sites",
        Site,
        page_of(SITE),
        query=(
            ("space", "spc_1"),
            ("title", "Acme"),
            ("published", "true"),
            ("type", "basic"),
            ("type", "premium"),
            ("limit", "5"),
        ),
    ),
    "getSiteById": Case(lambda c: c.sites.get(ORG, "site_1"), "GET", SITE_, Site, SITE),
    # -- site spaces
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
    # -- sections
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
    # -- section groups
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
    # -- redirects
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
    # -- MCP servers
    "listSiteMcpServers": Case(
        lambda c: c.mcp_servers.list(ORG, "site_1"),
        "GET",
        SITE_ + "/mcp-servers",
        SiteMcpServer,
        page_of(MCP_SERVER),
    ),
    "createSiteMcpServer": Case(
        lambda c: c.mcp_servers.create(ORG, "site_1", name="Acme tools", url=MCP_SERVER["url"]),
        "POST",
        SITE_ + "/mcp-servers",
        SiteMcpServer,
        MCP_SERVER,
        body={"name": "Acme tools", "url": MCP_SERVER["url"], "headers": {}},
        status=201,
    ),
    "getSiteMcpServerById": Case(
        lambda c: c.mcp_servers.get(ORG, "site_1", "mcp_1"), "GET", MCP_, SiteMcpServer, MCP_SERVER
    ),
    "updateSiteMcpServerById": Case(
        lambda c: c.mcp_servers.update(
            ORG, "site_1", "mcp_1", headers={"Authorization": "Bearer x"}
        ),
        "PATCH",
        MCP_,
        SiteMcpServer,
        MCP_SERVER,
        body={"headers": {"Authorization": "Bearer x"}},
    ),
    "deleteSiteMcpServerById": Case(
        lambda c: c.mcp_servers.delete(ORG, "site_1", "mcp_1"), "DELETE", MCP_, bool, status=205
    ),
}


async def test_every_operation_of_these_resources_has_a_case() -> None:
    async with GitBookClient(token="t", base_url="http://api.test/v1") as client:
        implemented = {
            operation_id_of(getattr(resource, attr))
            for name, resource in client.resources()
            if name in ATTRS
            for attr in dir(resource)
        } - {None}
    assert implemented == set(CASES)
    assert len(CASES) == 29


@pytest.mark.parametrize("operation_id", sorted(CASES))
async def test_request_and_answer(operation_id: str) -> None:
    await run_case(operation_id, CASES[operation_id])


# -- answers parsed into models ------------------------------------------------------------------


async def test_site_space_embeds_its_space() -> None:
    site_space: SiteSpace = await run_case("addSpaceToSite", CASES["addSpaceToSite"])
    assert site_space.space.id == "spc_1"
    assert site_space.space.permissions is not None
    assert site_space.space.permissions.edit is True
    assert site_space.section == "sec_1"


async def test_section_group_nests_sections_and_their_site_spaces() -> None:
    page = await run_case("listSiteSectionGroups", CASES["listSiteSectionGroups"])
    assert page.items[0].sections[0].siteSpaces[0].path == "docs"


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


# -- pagination, deletes, refusals ---------------------------------------------------------------


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


async def test_moves_accept_a_raw_position() -> None:
    position = {"after": {"type": "site-section-group", "id": "sg_2"}}
    recorder = Recorder.always(200, GROUP)
    async with recorder.client() as client:
        await client.section_groups.move(ORG, "site_1", "sg_1", position=position)
    assert recorder.only.content
    load_contract().check_request("POST", str(recorder.only.url), recorder.only.content)


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
    pytest.param(
        lambda c: c.mcp_servers.create(ORG, "s", name="x" * 101, url="https://a.test"),
        ValidationError,
        id="mcp-name-over-100",
    ),
    pytest.param(
        lambda c: c.mcp_servers.create(ORG, "s", name="a", url="https://a.test/" + "x" * 2040),
        ValidationError,
        id="mcp-url-over-2048",
    ),
    pytest.param(
        lambda c: c.mcp_servers.update(ORG, "s", "m", url="not a url"),
        ValidationError,
        id="mcp-url-not-a-uri",
    ),
    pytest.param(
        lambda c: c.mcp_servers.update(ORG, "s", "m", headers={"X": ""}),
        ValidationError,
        id="mcp-header-empty",
    ),
]


@pytest.mark.parametrize(("call", "error"), REFUSED)
async def test_invalid_calls_are_refused_before_sending(call: Any, error: type[Exception]) -> None:
    recorder = Recorder.always(200, SITE)
    async with recorder.client() as client:
        with pytest.raises(error):
            await call(client)
    assert recorder.requests == []
