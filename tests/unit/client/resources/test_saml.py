"""SAML providers and SSO logins: every method's request and answer."""

from __future__ import annotations

from typing import Any

import pytest

from gitbook_mcp.client.models.saml import SAMLProvider, SSOLoginList
from gitbook_mcp.client.resources import Saml
from tests.unit.client.resources.payloads_content_sites import resource_operations
from tests.unit.client.resources.payloads_orgadmin import SAML_PROVIDER, Case, page_of, run_case

pytestmark = pytest.mark.anyio

ORG = "org 1"
"""An organization id that needs percent-encoding."""
O_ = "/orgs/org%201"
SAML_ = O_ + "/saml/saml_1"


CASES: dict[str, Case] = {
    "listSAMLProvidersInOrganizationById": Case(
        lambda c: c.saml.list(ORG),
        "GET",
        O_ + "/saml",
        SAMLProvider,
        page_of(SAML_PROVIDER),
    ),
    "createOrganizationSAMLProvider": Case(
        lambda c: c.saml.create(
            ORG,
            label="Okta",
            entity_id="https://idp.acme.test",
            certificate="MIIC",
            sso_url="https://idp.acme.test/sso",
            default_team="team_1",
            default_role=None,
        ),
        "POST",
        O_ + "/saml",
        SAMLProvider,
        SAML_PROVIDER,
        status=201,
        body={
            "label": "Okta",
            "entityID": "https://idp.acme.test",
            "certificate": "MIIC",
            "ssoURL": "https://idp.acme.test/sso",
            "defaultTeam": "team_1",
            "defaultRole": None,
        },
    ),
    "getOrganizationSAMLProviderById": Case(
        lambda c: c.saml.get(ORG, "saml_1"), "GET", SAML_, SAMLProvider, SAML_PROVIDER
    ),
    "updateOrganizationSAMLProvider": Case(
        lambda c: c.saml.update(ORG, "saml_1", label="Okta EU", default_role="edit"),
        "PATCH",
        SAML_,
        SAMLProvider,
        SAML_PROVIDER,
        body={"label": "Okta EU", "defaultRole": "edit"},
    ),
    "deleteOrganizationSAMLProvider": Case(
        lambda c: c.saml.delete(ORG, "saml_1"), "DELETE", SAML_, bool, status=205
    ),
    "listSSOProviderLoginsInOrganization": Case(
        lambda c: c.saml.list_sso_logins(ORG),
        "GET",
        O_ + "/sso",
        SSOLoginList,
        {"items": [{"id": "saml_1", "label": "Okta", "startURL": "https://app.test/sso/start"}]},
    ),
}


def test_every_operation_of_the_module_has_a_case() -> None:
    assert resource_operations(Saml) == set(CASES)


@pytest.mark.parametrize("operation_id", sorted(CASES))
async def test_request_and_answer(operation_id: str) -> None:
    await run_case(operation_id, CASES[operation_id])


async def test_answers_are_parsed_into_typed_models() -> None:
    provider: Any = await run_case(
        "getOrganizationSAMLProviderById", CASES["getOrganizationSAMLProviderById"]
    )
    assert provider.defaultTeam.title == "Writers"
    assert provider.service.acsURL.endswith("/saml/acs")

    logins: Any = await run_case(
        "listSSOProviderLoginsInOrganization", CASES["listSSOProviderLoginsInOrganization"]
    )
    assert [login.label for login in logins.items] == ["Okta"]
