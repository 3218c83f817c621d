"""Organizations: every method's request and answer, parsed into typed models."""

from __future__ import annotations

from typing import Any

import pytest

from gitbook_mcp.client.models.organizations import (
    EmailDomainOrganizations,
    Organization,
    SearchSpaceResult,
)
from gitbook_mcp.client.resources import Organizations
from tests.unit.client.resources.payloads_content_sites import resource_operations
from tests.unit.client.resources.payloads_orgadmin import (
    ORGANIZATION,
    SEARCH_RESULT,
    Case,
    page_of,
    run_case,
)

pytestmark = pytest.mark.anyio

ORG = "org 1"
"""An organization id that needs percent-encoding."""
O_ = "/orgs/org%201"


CASES: dict[str, Case] = {
    "listOrganizationsForAuthenticatedUser": Case(
        lambda c: c.orgs.list(limit=10, page="p2"),
        "GET",
        "/orgs",
        Organization,
        page_of(ORGANIZATION),
        query=(("limit", "10"), ("page", "p2")),
    ),
    "getOrganizationById": Case(lambda c: c.orgs.get(ORG), "GET", O_, Organization, ORGANIZATION),
    "updateOrganizationById": Case(
        lambda c: c.orgs.update(
            ORG,
            title="Acme Inc",
            email_domains=["acme.test"],
            hostname="acme",
            default_role=None,
            default_content={"site": "site_1"},
            logo="https://acme.test/logo.png",
            sso=True,
            ai=False,
            invite_links=True,
        ),
        "PATCH",
        O_,
        Organization,
        ORGANIZATION,
        body={
            "title": "Acme Inc",
            "emailDomains": ["acme.test"],
            "hostname": "acme",
            "defaultRole": None,
            "defaultContent": {"type": "site", "site": "site_1"},
            "logo": "https://acme.test/logo.png",
            "sso": True,
            "ai": False,
            "inviteLinks": True,
        },
    ),
    "searchOrganizationContent": Case(
        lambda c: c.orgs.search(ORG, query="install guide", limit=5),
        "GET",
        O_ + "/search",
        SearchSpaceResult,
        page_of(SEARCH_RESULT),
        query=(("query", "install guide"), ("limit", "5")),
    ),
    "getOrganizationsForEmailDomain": Case(
        lambda c: c.orgs.list_for_email_domain("acme.test"),
        "GET",
        "/email-domains/acme.test/orgs",
        EmailDomainOrganizations,
        {"organizaitons": [ORGANIZATION]},
    ),
}


def test_every_operation_of_the_module_has_a_case() -> None:
    assert resource_operations(Organizations) == set(CASES)


@pytest.mark.parametrize("operation_id", sorted(CASES))
async def test_request_and_answer(operation_id: str) -> None:
    await run_case(operation_id, CASES[operation_id])


def test_email_domain_answer_reads_either_spelling_of_the_key() -> None:
    both = EmailDomainOrganizations.model_validate({"organizations": [ORGANIZATION]})
    assert [o.id for o in both.organizations] == ["org_1"]
    assert EmailDomainOrganizations.model_validate({}).organizations == []


async def test_answers_are_parsed_into_typed_models() -> None:
    org: Any = await run_case("getOrganizationById", CASES["getOrganizationById"])
    assert org.permissions.admin is True
    assert org.permissions.viewBilling is False
    assert org.urls.app.endswith("/o/org_1/")
    assert org.defaultRole is None
    assert org.defaultContent.site == "site_1"

    found: Any = await run_case(
        "getOrganizationsForEmailDomain", CASES["getOrganizationsForEmailDomain"]
    )
    assert [o.id for o in found.organizations] == ["org_1"]

    page: Any = await run_case("searchOrganizationContent", CASES["searchOrganizationContent"])
    section = page.items[0].pages[0].sections[0]
    assert (section.title, section.urls.app) == (
        "Requirements",
        "https://app.gitbook.test/s/spc_1/install#requirements",
    )
