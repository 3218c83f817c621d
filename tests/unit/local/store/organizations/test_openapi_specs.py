"""OpenAPI specs by slug: list, create, create-or-update, visibility, delete, and their rules."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from datetime import timedelta
from typing import Any

import httpx2
import pytest

from gitbook_mcp.local.clock import ManualClock, iso
from gitbook_mcp.local.seed.orgs import SPEC_INTERNAL, SPEC_PETSTORE

pytestmark = pytest.mark.anyio

ApiAs = Callable[[str | None], AbstractAsyncContextManager[httpx2.AsyncClient]]
SPECS = "/orgs/org_acme/openapi"
URL_SOURCE = {"url": "https://api.acme.test/openapi.yaml"}


async def test_list_specs_for_any_member(api_as: ApiAs) -> None:
    async with api_as("gb_local_reader") as client:
        body = (await client.get(SPECS)).json()
        assert (await client.get("/orgs/org_globex/openapi")).status_code == 404
    assert [s["slug"] for s in body["items"]] == [SPEC_INTERNAL, SPEC_PETSTORE]
    public = body["items"][1]
    assert public["visibility"] == "public"
    assert "published" in public["urls"]
    assert public["permissions"] == {"view": True, "edit": False, "delete": False}


async def test_list_specs_pages(api: httpx2.AsyncClient) -> None:
    first = (await api.get(SPECS, params={"limit": 1})).json()
    second = (await api.get(SPECS, params={"limit": 1, "page": first["next"]["page"]})).json()
    assert [first["items"][0]["slug"], second["items"][0]["slug"]] == [SPEC_INTERNAL, SPEC_PETSTORE]


async def test_create_spec_from_a_url_or_text(api: httpx2.AsyncClient) -> None:
    response = await api.post(SPECS, json={"slug": "billing-v2", "source": URL_SOURCE})
    assert response.status_code == 201
    spec = response.json()
    assert (spec["processingState"], spec["visibility"]) == ("pending", "private")
    assert spec["sourceURL"] == URL_SOURCE["url"]
    assert (await api.get(f"{SPECS}/billing-v2")).json() == spec
    text = await api.post(SPECS, json={"slug": "inline", "source": {"text": "openapi: 3.1.0"}})
    assert text.status_code == 201
    assert "sourceURL" not in text.json()


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"source": URL_SOURCE}, "slug"),
        ({"slug": "Bad_Slug", "source": URL_SOURCE}, "slug"),
        ({"slug": "trailing-", "source": URL_SOURCE}, "slug"),
        ({"slug": "a" * 101, "source": URL_SOURCE}, "slug"),
        ({"slug": SPEC_PETSTORE, "source": URL_SOURCE}, "slug"),
        ({"slug": "ok"}, "source"),
        ({"slug": "ok", "source": {}}, "source"),
        ({"slug": "ok", "source": {"url": "nope"}}, "source.url"),
        ({"slug": "ok", "source": {"text": ""}}, "source.text"),
    ],
)
async def test_create_spec_400_names_the_field(
    api: httpx2.AsyncClient, body: dict[str, Any], field: str
) -> None:
    response = await api.post(SPECS, json=body)
    assert response.status_code == 400
    assert field in response.json()["error"]["message"]
    assert (await api.get(SPECS)).json()["count"] == 2


async def test_get_spec_is_404_when_missing(api: httpx2.AsyncClient) -> None:
    assert (await api.get(f"{SPECS}/nope")).status_code == 404


async def test_put_spec_creates_then_updates(api: httpx2.AsyncClient, clock: ManualClock) -> None:
    created = await api.put(f"{SPECS}/events", json={"source": URL_SOURCE})
    assert created.status_code == 201
    first_version = created.json()["lastVersion"]
    clock.advance(timedelta(minutes=3))
    new_source = {"url": "https://api.acme.test/events-v2.yaml"}
    updated = await api.put(f"{SPECS}/events", json={"source": new_source})
    assert updated.status_code == 200
    spec = (await api.get(f"{SPECS}/events")).json()
    assert spec["sourceURL"] == new_source["url"]
    assert spec["updatedAt"] == iso(clock.now())
    assert spec["lastVersion"] != first_version
    assert spec["processingState"] == "pending"


async def test_put_spec_errors(api: httpx2.AsyncClient) -> None:
    bad_slug = await api.put(f"{SPECS}/Not_A_Slug", json={"source": URL_SOURCE})
    assert bad_slug.status_code == 400
    assert "slug" in bad_slug.json()["error"]["message"]
    no_source = await api.put(f"{SPECS}/events", json={})
    assert no_source.status_code == 400
    assert "source" in no_source.json()["error"]["message"]


async def test_patch_spec_visibility(api: httpx2.AsyncClient) -> None:
    response = await api.patch(f"{SPECS}/{SPEC_INTERNAL}", json={"visibility": "public"})
    assert response.status_code == 200
    spec = (await api.get(f"{SPECS}/{SPEC_INTERNAL}")).json()
    assert spec["visibility"] == "public"
    assert spec["urls"]["published"].endswith(SPEC_INTERNAL)


async def test_patch_spec_errors(api: httpx2.AsyncClient) -> None:
    bad = await api.patch(f"{SPECS}/{SPEC_INTERNAL}", json={"visibility": "secret"})
    assert bad.status_code == 400
    assert "visibility" in bad.json()["error"]["message"]
    missing = await api.patch(f"{SPECS}/{SPEC_INTERNAL}", json={})
    assert missing.status_code == 400
    assert (await api.patch(f"{SPECS}/nope", json={"visibility": "public"})).status_code == 404


async def test_delete_spec_answers_205_then_204(api: httpx2.AsyncClient) -> None:
    assert (await api.delete(f"{SPECS}/{SPEC_PETSTORE}")).status_code == 205
    assert (await api.get(f"{SPECS}/{SPEC_PETSTORE}")).status_code == 404
    assert (await api.delete(f"{SPECS}/{SPEC_PETSTORE}")).status_code == 204


async def test_spec_writes_need_create_openapi_spec(api: httpx2.AsyncClient, api_as: ApiAs) -> None:
    async with api_as("gb_local_editor") as client:
        statuses = [
            (await client.post(SPECS, json={"slug": "x", "source": URL_SOURCE})).status_code,
            (await client.put(f"{SPECS}/x", json={"source": URL_SOURCE})).status_code,
            (
                await client.patch(f"{SPECS}/{SPEC_INTERNAL}", json={"visibility": "public"})
            ).status_code,
            (await client.delete(f"{SPECS}/{SPEC_INTERNAL}")).status_code,
        ]
    assert statuses == [403] * 4
    assert (await api.get(f"{SPECS}/{SPEC_INTERNAL}")).json()["visibility"] == "private"
    await api.patch("/orgs/org_acme/members/usr_editor", json={"role": "create"})
    async with api_as("gb_local_editor") as client:
        allowed = await client.post(SPECS, json={"slug": "x", "source": URL_SOURCE})
    assert allowed.status_code == 201
    assert allowed.json()["permissions"]["edit"] is True
