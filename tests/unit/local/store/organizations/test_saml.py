"""SAML providers (admin only, reads included) and the SSO logins any member can list."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from typing import Any

import httpx2
import pytest

from gitbook_mcp.local.seed.orgs import SAML_OKTA, TEAM_SUPPORT, TEAM_WRITERS

pytestmark = pytest.mark.anyio

ApiAs = Callable[[str | None], AbstractAsyncContextManager[httpx2.AsyncClient]]
SAML = "/orgs/org_acme/saml"
OKTA = f"{SAML}/{SAML_OKTA}"
FULL = {
    "label": "Azure AD",
    "entityID": "https://sts.windows.test/acme",
    "certificate": "MIIC8DCCAdigAwIBAgIQAzureDemo",
    "ssoURL": "https://login.microsoftonline.test/acme/saml2",
    "defaultTeam": TEAM_WRITERS,
    "defaultRole": "comment",
}


async def test_list_providers_shows_the_seeded_active_provider(api: httpx2.AsyncClient) -> None:
    body = (await api.get(SAML)).json()
    assert body["count"] == 1
    okta = body["items"][0]
    assert (okta["id"], okta["status"], okta["defaultRole"]) == (SAML_OKTA, "active", "read")
    assert okta["defaultTeam"]["id"] == TEAM_SUPPORT
    assert okta["service"]["startURL"].endswith("/start")


async def test_list_providers_pages(api: httpx2.AsyncClient) -> None:
    await api.post(SAML, json={"label": "Second"})
    first = (await api.get(SAML, params={"limit": 1})).json()
    second = (await api.get(SAML, params={"limit": 1, "page": first["next"]["page"]})).json()
    assert [first["items"][0]["label"], second["items"][0]["label"]] == ["Okta", "Second"]
    assert "next" not in second


async def test_create_provider(api: httpx2.AsyncClient) -> None:
    response = await api.post(SAML, json=FULL)
    assert response.status_code == 201
    provider = response.json()
    assert response.headers["Location"] == provider["urls"]["location"]
    assert provider["status"] == "active"
    assert provider["defaultTeam"]["title"] == "Writers"
    assert (await api.get(f"{SAML}/{provider['id']}")).json() == provider


async def test_create_minimal_provider_is_pending(api: httpx2.AsyncClient) -> None:
    provider = (await api.post(SAML, json={"label": "Later"})).json()
    assert provider["status"] == "pending"
    assert (provider["ssoURL"], provider["defaultRole"]) == ("about:blank", "read")
    assert "defaultTeam" not in provider


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({}, "label"),
        ({"label": ""}, "label"),
        ({"label": "x" * 31}, "label"),
        ({"label": "A", "entityID": "e" * 1025}, "entityID"),
        ({"label": "A", "certificate": "c" * 10001}, "certificate"),
        ({"label": "A", "ssoURL": "not a url"}, "ssoURL"),
        ({"label": "A", "defaultTeam": "team_nope"}, "defaultTeam"),
        ({"label": "A", "defaultRole": "boss"}, "defaultRole"),
    ],
)
async def test_create_provider_400_names_the_field(
    api: httpx2.AsyncClient, body: dict[str, Any], field: str
) -> None:
    response = await api.post(SAML, json=body)
    assert response.status_code == 400
    assert field in response.json()["error"]["message"]
    assert (await api.get(SAML)).json()["count"] == 1


async def test_update_provider(api: httpx2.AsyncClient) -> None:
    refused = await api.patch(OKTA, json={"label": "Okta SSO", "defaultTeam": None})
    assert refused.status_code == 400  # the contract's defaultTeam is a string, never null
    assert refused.json()["error"]["message"] == "defaultTeam: must be a string"
    response = await api.patch(OKTA, json={"label": "Okta SSO"})
    assert response.status_code == 200
    provider = (await api.get(OKTA)).json()
    assert provider["label"] == "Okta SSO"
    pending = (await api.patch(OKTA, json={"certificate": "", "defaultRole": None})).json()
    assert pending["status"] == "pending"
    assert pending["defaultRole"] is None


async def test_update_provider_errors(api: httpx2.AsyncClient) -> None:
    bad = await api.patch(OKTA, json={"label": ""})
    assert bad.status_code == 400
    assert "label" in bad.json()["error"]["message"]
    team = await api.patch(OKTA, json={"defaultTeam": "team_nope"})
    assert team.status_code == 400
    assert "defaultTeam" in team.json()["error"]["message"]
    assert (await api.patch(f"{SAML}/saml_nope", json={"label": "X"})).status_code == 404
    assert (await api.get(OKTA)).json()["label"] == "Okta"


async def test_get_provider_is_404_when_missing(api: httpx2.AsyncClient) -> None:
    assert (await api.get(f"{SAML}/saml_nope")).status_code == 404


async def test_delete_provider_answers_205_then_204(api: httpx2.AsyncClient) -> None:
    assert (await api.delete(OKTA)).status_code == 205
    assert (await api.get(OKTA)).status_code == 404
    assert (await api.delete(OKTA)).status_code == 204


async def test_every_provider_operation_needs_admin(api: httpx2.AsyncClient, api_as: ApiAs) -> None:
    async with api_as("gb_local_editor") as client:
        statuses = [
            (await client.get(SAML)).status_code,
            (await client.post(SAML, json={"label": "Mine"})).status_code,
            (await client.get(OKTA)).status_code,
            (await client.patch(OKTA, json={"label": "Mine"})).status_code,
            (await client.delete(OKTA)).status_code,
        ]
    assert statuses == [403] * 5
    assert (await api.get(OKTA)).json()["label"] == "Okta"
    async with api_as("gb_local_reader") as client:
        assert (await client.get("/orgs/org_globex/saml")).status_code == 404


async def test_sso_logins_list_active_providers_for_any_member(
    api: httpx2.AsyncClient, api_as: ApiAs
) -> None:
    await api.post(SAML, json={"label": "Not ready"})
    async with api_as("gb_local_reader") as client:
        body = (await client.get("/orgs/org_acme/sso")).json()
        assert (await client.get("/orgs/org_globex/sso")).status_code == 404
    assert [(i["id"], i["label"]) for i in body["items"]] == [(SAML_OKTA, "Okta")]
    assert body["items"][0]["startURL"].startswith("https://")
    await api.delete(OKTA)
    assert (await api.get("/orgs/org_acme/sso")).json() == {"items": []}
