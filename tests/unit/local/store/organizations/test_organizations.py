"""Organizations: the caller's list, reading one, updating settings, lookup by email domain."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from typing import Any

import httpx2
import pytest

from gitbook_mcp.local import Store
from gitbook_mcp.local.seed.ids import SITE_DOCS

pytestmark = pytest.mark.anyio

ApiAs = Callable[[str | None], AbstractAsyncContextManager[httpx2.AsyncClient]]


async def _all_pages(client: httpx2.AsyncClient, url: str, **params: Any) -> list[Any]:
    items: list[Any] = []
    pages = 0
    while True:
        response = await client.get(url, params=params)
        assert response.status_code == 200
        body = response.json()
        items.extend(body["items"])
        pages += 1
        assert pages < 50
        if "next" not in body:
            return items
        params["page"] = body["next"]["page"]


async def test_list_organizations_pages_through_the_callers_orgs(api: httpx2.AsyncClient) -> None:
    first = (await api.get("/orgs", params={"limit": 1})).json()
    assert first["count"] == 2
    assert len(first["items"]) == 1
    orgs = await _all_pages(api, "/orgs", limit=1)
    assert sorted(o["id"] for o in orgs) == ["org_acme", "org_globex"]


async def test_list_organizations_shows_only_memberships(api_as: ApiAs) -> None:
    async with api_as("gb_local_reader") as client:
        body = (await client.get("/orgs")).json()
    assert [o["id"] for o in body["items"]] == ["org_acme"]
    assert body["items"][0]["permissions"]["admin"] is False


async def test_list_organizations_rejects_a_bad_limit(api: httpx2.AsyncClient) -> None:
    response = await api.get("/orgs", params={"limit": 0})
    assert response.status_code == 400
    assert "limit" in response.json()["error"]["message"]


async def test_get_organization_carries_the_callers_permissions(
    api: httpx2.AsyncClient, api_as: ApiAs
) -> None:
    admin_view = (await api.get("/orgs/org_acme")).json()
    assert admin_view["title"] == "Acme Docs"
    assert admin_view["permissions"]["admin"] is True
    async with api_as("gb_local_editor") as client:
        editor_view = (await client.get("/orgs/org_acme")).json()
    assert editor_view["permissions"]["admin"] is False
    assert editor_view["permissions"]["listMembers"] is True


async def test_get_organization_is_404_for_non_members_and_unknown_ids(
    api: httpx2.AsyncClient, api_as: ApiAs
) -> None:
    async with api_as("gb_local_reader") as client:
        response = await client.get("/orgs/org_globex")
    assert response.status_code == 404
    assert (await api.get("/orgs/org_nope")).status_code == 404


async def test_update_organization_changes_settings(api: httpx2.AsyncClient) -> None:
    response = await api.patch(
        "/orgs/org_acme",
        json={
            "title": "Acme Documentation",
            "emailDomains": ["Acme.test", "acme-corp.test"],
            "hostname": "acme-docs",
            "defaultRole": None,
            "logo": "https://cdn.acme.test/logo.png",
            "sso": True,
            "ai": False,
            "inviteLinks": False,
        },
    )
    assert response.status_code == 200
    org = (await api.get("/orgs/org_acme")).json()
    assert org["title"] == "Acme Documentation"
    assert org["emailDomains"] == ["acme.test", "acme-corp.test"]
    assert org["hostname"] == "acme-docs"
    assert org["defaultRole"] is None
    assert org["urls"]["logo"] == "https://cdn.acme.test/logo.png"
    assert (org["sso"], org["ai"], org["inviteLinks"]) == (True, False, False)


async def test_update_organization_clears_the_logo_with_null(api: httpx2.AsyncClient) -> None:
    await api.patch("/orgs/org_acme", json={"logo": "https://cdn.acme.test/logo.png"})
    await api.patch("/orgs/org_acme", json={"logo": None})
    org = (await api.get("/orgs/org_acme")).json()
    assert "logo" not in org["urls"]


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"title": "A"}, "title"),
        ({"title": "x" * 256}, "title"),
        ({"title": "m\t"}, "title"),  # the contract's OrganizationTitle pattern \S.*\S
        ({"title": " \u00a0 "}, "title"),
        ({"title": "a\nb"}, "title"),
        ({"title": "a\u2028b"}, "title"),
        ({"title": ["Acme"]}, "title"),
        ({"hostname": "ab"}, "hostname"),
        ({"hostname": "h" * 33}, "hostname"),
        ({"logo": "not a url"}, "logo"),
        ({"defaultRole": "owner"}, "defaultRole"),
        ({"emailDomains": ["not a domain"]}, "emailDomains[0]"),
        ({"sso": "yes"}, "sso"),
    ],
)
async def test_update_organization_400_names_the_field(
    api: httpx2.AsyncClient, body: dict[str, Any], field: str
) -> None:
    response = await api.patch("/orgs/org_acme", json=body)
    assert response.status_code == 400
    assert field in response.json()["error"]["message"]


@pytest.mark.parametrize("profile", ["seed", "live"])
async def test_a_refused_title_is_not_stored_and_a_padded_one_is(api: httpx2.AsyncClient) -> None:
    assert (await api.patch("/orgs/org_acme", json={"title": "m\t"})).status_code == 400
    titles = [o["title"] for o in (await api.get("/orgs")).json()["items"]]
    assert "m\t" not in titles
    assert "Acme Docs" in titles
    padded = await api.patch("/orgs/org_acme", json={"title": " Acme\tDocs "})
    assert padded.status_code == 200, padded.text
    assert (await api.get("/orgs/org_acme")).json()["title"] == " Acme\tDocs "


async def test_update_organization_rejects_default_content_naming_no_site(
    api: httpx2.AsyncClient,
) -> None:
    response = await api.patch(
        "/orgs/org_acme", json={"defaultContent": {"type": "site", "site": "site_nope"}}
    )
    assert response.status_code == 400
    assert "invalid default content" in response.json()["error"]["message"]


async def test_update_organization_accepts_default_content_naming_an_org_site(
    api: httpx2.AsyncClient, store: Store
) -> None:
    assert store.db.scalar("SELECT 1 FROM sites WHERE id = ?", (SITE_DOCS,))
    pointer = {"type": "site", "site": SITE_DOCS}
    response = await api.patch("/orgs/org_acme", json={"defaultContent": pointer})
    assert response.status_code == 200
    assert response.json()["defaultContent"] == pointer
    cleared = await api.patch("/orgs/org_acme", json={"defaultContent": None})
    assert "defaultContent" not in cleared.json()


async def test_update_organization_needs_admin(api_as: ApiAs, api: httpx2.AsyncClient) -> None:
    async with api_as("gb_local_editor") as client:
        response = await client.patch("/orgs/org_acme", json={"title": "Taken over"})
    assert response.status_code == 403
    assert (await api.get("/orgs/org_acme")).json()["title"] == "Acme Docs"


async def test_update_organization_is_404_for_non_members(api_as: ApiAs) -> None:
    async with api_as("gb_local_reader") as client:
        response = await client.patch("/orgs/org_globex", json={"title": "Mine"})
    assert response.status_code == 404


async def test_organizations_for_email_domain(api: httpx2.AsyncClient, api_as: ApiAs) -> None:
    body = (await api.get("/email-domains/ACME.test/orgs")).json()
    assert [o["id"] for o in body["organizations"]] == ["org_acme"]
    assert (await api.get("/email-domains/nowhere.test/orgs")).json()["organizations"] == []
    async with api_as("gb_local_reader") as client:
        hidden = (await client.get("/email-domains/globex.test/orgs")).json()
    assert hidden["organizations"] == []
