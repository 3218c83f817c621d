"""Organization invites: inviting by email, invite links (CRUD, variants) and joining by link."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from typing import Any

import httpx2
import pytest

from gitbook_mcp.local import Store
from gitbook_mcp.local.seed.orgs import INVITE_EDIT, INVITE_READ

pytestmark = pytest.mark.anyio

ApiAs = Callable[[str | None], AbstractAsyncContextManager[httpx2.AsyncClient]]
INVITES = "/orgs/org_acme/invites"
LINKS = "/orgs/org_acme/link-invites"


async def _member(api: httpx2.AsyncClient, org: str, user_id: str) -> dict[str, Any]:
    response = await api.get(f"/orgs/{org}/members/{user_id}")
    assert response.status_code == 200
    member: dict[str, Any] = response.json()
    return member


# -- inviting by email --------------------------------------------------------------------


async def test_invite_users_creates_users_and_memberships(
    api: httpx2.AsyncClient, store: Store
) -> None:
    response = await api.post(
        INVITES,
        json={
            "emails": [
                "new.person@acme.test",
                {"email": "guest@elsewhere.test", "role": "edit"},
                "ADA@acme.test",
                "new.person@ACME.test",
            ],
            "role": "comment",
        },
    )
    assert response.status_code == 200
    body = response.json()
    assert body["invited"] == 2
    assert body["failedSSOEmails"] == []
    assert len(body["users"]) == 3
    assert "usr_admin" in body["users"]
    new_id = store.identity.user_by_email("new.person@acme.test")
    other_id = store.identity.user_by_email("guest@elsewhere.test")
    assert new_id in body["users"]
    assert (await _member(api, "org_acme", str(new_id)))["role"] == "comment"
    assert (await _member(api, "org_acme", str(other_id)))["role"] == "edit"
    assert (await _member(api, "org_acme", "usr_admin"))["role"] == "admin"


async def test_invite_users_defaults_to_the_organizations_default_role(
    api: httpx2.AsyncClient, store: Store
) -> None:
    await api.patch("/orgs/org_acme", json={"defaultRole": "review"})
    await api.post(INVITES, json={"emails": ["later@acme.test"]})
    user_id = store.identity.user_by_email("later@acme.test")
    assert (await _member(api, "org_acme", str(user_id)))["role"] == "review"


async def test_invite_users_with_sso_only_within_the_email_domains(
    api: httpx2.AsyncClient, store: Store
) -> None:
    response = await api.post(
        INVITES, json={"emails": ["sso.user@acme.test", "outsider@other.test"], "sso": True}
    )
    body = response.json()
    assert body["failedSSOEmails"] == ["outsider@other.test"]
    assert body["invited"] == 1
    assert store.identity.user_by_email("outsider@other.test") is None
    user_id = store.identity.user_by_email("sso.user@acme.test")
    assert (await _member(api, "org_acme", str(user_id)))["sso"] is True


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"emails": ["fine@acme.test", "not-an-email"]}, "emails[1]"),
        ({}, "emails"),
        ({"emails": "one@acme.test"}, "emails"),
        ({"emails": [{"email": "x@acme.test"}]}, "emails[0].role"),
        ({"emails": [{"email": "x@acme.test", "role": "boss"}]}, "emails[0].role"),
        ({"emails": [42]}, "emails[0]"),
        ({"emails": ["x@acme.test"], "role": "boss"}, "role"),
        ({"emails": ["x@acme.test"], "sso": "yes"}, "sso"),
    ],
)
async def test_invite_users_400_names_the_field(
    api: httpx2.AsyncClient, store: Store, body: dict[str, Any], field: str
) -> None:
    response = await api.post(INVITES, json=body)
    assert response.status_code == 400
    assert field in response.json()["error"]["message"]
    assert store.identity.user_by_email("fine@acme.test") is None


async def test_invite_users_needs_admin(api_as: ApiAs) -> None:
    async with api_as("gb_local_editor") as client:
        response = await client.post(INVITES, json={"emails": ["x@acme.test"]})
    assert response.status_code == 403
    async with api_as("gb_local_reader") as client:
        response = await client.post("/orgs/org_globex/invites", json={"emails": ["x@a.test"]})
    assert response.status_code == 404


# -- joining with a link ------------------------------------------------------------------


async def test_join_with_an_organization_link(api: httpx2.AsyncClient, api_as: ApiAs) -> None:
    await api.patch("/orgs/org_globex", json={"inviteLinks": True})
    link = (await api.post("/orgs/org_globex/link-invites", json={"role": "comment"})).json()
    async with api_as("gb_local_commenter") as client:
        assert (await client.get("/orgs/org_globex")).status_code == 404
        response = await client.post(f"/orgs/org_globex/invites/{link['id']}")
        assert response.status_code == 200
        assert response.json() == {}
        assert (await client.get("/orgs/org_globex")).status_code == 200
    assert (await _member(api, "org_globex", "usr_commenter"))["role"] == "comment"


async def test_join_keeps_an_existing_members_role(api: httpx2.AsyncClient, api_as: ApiAs) -> None:
    async with api_as("gb_local_reader") as client:
        assert (await client.post(f"{INVITES}/{INVITE_EDIT}")).status_code == 200
    assert (await _member(api, "org_acme", "usr_reader"))["role"] == "read"


async def test_join_with_a_space_link_makes_a_guest_with_a_grant(
    api: httpx2.AsyncClient, api_as: ApiAs, store: Store
) -> None:
    await api.patch("/orgs/org_globex", json={"inviteLinks": True})
    created = await api.post(
        "/orgs/org_globex/link-invites", json={"level": "comment", "space": "spc_globex"}
    )
    async with api_as("gb_local_reader") as client:
        response = await client.post(f"/orgs/org_globex/invites/{created.json()['id']}")
    assert response.status_code == 200
    assert (await _member(api, "org_globex", "usr_reader"))["role"] is None
    grant = store.db.one(
        "SELECT role FROM grants WHERE target_kind = 'space' AND target_id = 'spc_globex' "
        "AND principal_kind = 'user' AND principal_id = 'usr_reader'"
    )
    assert grant is not None
    assert grant["role"] == "comment"


async def test_join_errors(api: httpx2.AsyncClient, api_as: ApiAs) -> None:
    link = (await api.post("/orgs/org_globex/link-invites", json={"role": "read"})).json()
    async with api_as("gb_local_commenter") as client:
        disabled = await client.post(f"/orgs/org_globex/invites/{link['id']}")
        assert disabled.status_code == 412
        assert (await client.post("/orgs/org_globex/invites/inv_nope")).status_code == 404
        assert (await client.post(f"/orgs/org_nope/invites/{link['id']}")).status_code == 404
        wrong_org = await client.post(f"/orgs/org_globex/invites/{INVITE_READ}")
        assert wrong_org.status_code == 404


# -- invite links -------------------------------------------------------------------------


async def test_list_links_pages_through_the_seeded_links(api: httpx2.AsyncClient) -> None:
    first = (await api.get(LINKS, params={"limit": 1})).json()
    assert first["count"] == 2
    second = (await api.get(LINKS, params={"limit": 1, "page": first["next"]["page"]})).json()
    assert "next" not in second
    links = first["items"] + second["items"]
    assert [(i["id"], i["role"]) for i in links] == [(INVITE_READ, "read"), (INVITE_EDIT, "edit")]


async def test_create_and_get_an_organization_link(api: httpx2.AsyncClient) -> None:
    response = await api.post(LINKS, json={"role": "comment"})
    assert response.status_code == 201
    link = response.json()
    assert link["object"] == "invite"
    assert (link["role"], link["redundant"]) == ("comment", False)
    fetched = (await api.get(f"{LINKS}/{link['id']}")).json()
    assert fetched == link
    again = (await api.post(LINKS, json={"role": "comment"})).json()
    assert again["redundant"] is True
    assert (await api.get(LINKS)).json()["count"] == 4


async def test_create_space_and_collection_links(api: httpx2.AsyncClient) -> None:
    space = await api.post(LINKS, json={"level": "read", "space": "spc_handbook"})
    assert space.status_code == 201
    assert space.json()["space"]["id"] == "spc_handbook"
    assert space.json()["level"] == "read"
    collection = await api.post(LINKS, json={"level": "edit", "collection": "col_product"})
    assert collection.status_code == 201
    assert collection.json()["collection"]["id"] == "col_product"
    fetched = (await api.get(f"{LINKS}/{space.json()['id']}")).json()
    assert fetched["space"]["id"] == "spc_handbook"
    listed = (await api.get(LINKS)).json()
    assert listed["count"] == 2  # the list holds the organization's own links only


@pytest.mark.parametrize(
    ("body", "status", "field"),
    [
        ({}, 400, "role"),
        ({"role": "boss"}, 400, "role"),
        ({"space": "spc_handbook"}, 400, "level"),
        ({"level": "read", "space": 7}, 400, "space"),
        ({"level": "read", "space": "spc_globex"}, 404, "spc_globex"),
        ({"level": "read", "collection": "col_nope"}, 404, "col_nope"),
    ],
)
async def test_create_link_errors(
    api: httpx2.AsyncClient, body: dict[str, Any], status: int, field: str
) -> None:
    response = await api.post(LINKS, json=body)
    assert response.status_code == status
    assert field in response.json()["error"]["message"]


async def test_update_link_role(api: httpx2.AsyncClient) -> None:
    response = await api.patch(f"{LINKS}/{INVITE_READ}", json={"role": "review"})
    assert response.status_code == 200
    assert (await api.get(f"{LINKS}/{INVITE_READ}")).json()["role"] == "review"
    space = (await api.post(LINKS, json={"level": "read", "space": "spc_api"})).json()
    updated = await api.patch(f"{LINKS}/{space['id']}", json={"level": "edit"})
    assert updated.json()["level"] == "edit"


async def test_update_link_errors(api: httpx2.AsyncClient) -> None:
    missing = await api.patch(f"{LINKS}/{INVITE_READ}", json={})
    assert missing.status_code == 400
    assert "role" in missing.json()["error"]["message"]
    assert (await api.patch(f"{LINKS}/inv_nope", json={"role": "read"})).status_code == 404
    assert (await api.get(f"{LINKS}/inv_nope")).status_code == 404


async def test_delete_link_answers_205_then_204(api: httpx2.AsyncClient) -> None:
    assert (await api.delete(f"{LINKS}/{INVITE_EDIT}")).status_code == 205
    assert (await api.get(f"{LINKS}/{INVITE_EDIT}")).status_code == 404
    assert (await api.delete(f"{LINKS}/{INVITE_EDIT}")).status_code == 204


async def test_link_operations_need_admin(api: httpx2.AsyncClient, api_as: ApiAs) -> None:
    async with api_as("gb_local_editor") as client:
        statuses = [
            (await client.get(LINKS)).status_code,
            (await client.post(LINKS, json={"role": "read"})).status_code,
            (await client.get(f"{LINKS}/{INVITE_READ}")).status_code,
            (await client.patch(f"{LINKS}/{INVITE_READ}", json={"role": "admin"})).status_code,
            (await client.delete(f"{LINKS}/{INVITE_READ}")).status_code,
        ]
    assert statuses == [403] * 5
    assert (await api.get(f"{LINKS}/{INVITE_READ}")).json()["role"] == "read"
    async with api_as("gb_local_reader") as client:
        assert (await client.get("/orgs/org_globex/link-invites")).status_code == 404
