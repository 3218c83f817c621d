"""Custom fonts: any member reads them, admins write; regular and bold faces are required."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from typing import Any

import httpx2
import pytest

from gitbook_mcp.local.seed.orgs import FONT_BRAND, FONT_MONO

pytestmark = pytest.mark.anyio

ApiAs = Callable[[str | None], AbstractAsyncContextManager[httpx2.AsyncClient]]
FONTS = "/orgs/org_acme/fonts"
BRAND = f"{FONTS}/{FONT_BRAND}"
FACES = [
    {"weight": 700, "storageKey": "fonts/new-bold.woff2"},
    {"weight": 400, "storageKey": "fonts/new-regular.woff"},
]


def _weights(font: dict[str, Any]) -> list[int]:
    return [face["weight"] for face in font["fontFaces"]]


async def test_list_fonts_for_any_member(api_as: ApiAs) -> None:
    async with api_as("gb_local_reader") as client:
        body = (await client.get(FONTS)).json()
        assert (await client.get("/orgs/org_globex/fonts")).status_code == 404
    assert body["count"] == 2
    by_id = {f["id"]: f for f in body["items"]}
    assert _weights(by_id[FONT_MONO]) == [400, 500, 700]
    assert by_id[FONT_BRAND]["permissions"] == {"edit": False}
    assert by_id[FONT_MONO]["fontFaces"][0]["sources"][0]["format"] == "woff"


async def test_list_fonts_pages(api: httpx2.AsyncClient) -> None:
    first = (await api.get(FONTS, params={"limit": 1})).json()
    second = (await api.get(FONTS, params={"limit": 1, "page": first["next"]["page"]})).json()
    assert [first["items"][0]["id"], second["items"][0]["id"]] == [FONT_BRAND, FONT_MONO]


async def test_create_font(api: httpx2.AsyncClient) -> None:
    response = await api.put(FONTS, json={"fontFamily": "New Serif", "fontFaces": FACES})
    assert response.status_code == 201
    font = response.json()
    assert font["custom"] is True
    assert _weights(font) == [400, 700]
    assert font["permissions"] == {"edit": True}
    assert font["fontFaces"][0]["sources"][0]["url"].endswith("fonts/new-regular.woff")
    assert (await api.get(f"{FONTS}/{font['id']}")).json() == font


async def test_create_font_without_bold_is_412(api: httpx2.AsyncClient) -> None:
    response = await api.put(
        FONTS, json={"fontFamily": "Thin", "fontFaces": [{"weight": 400, "storageKey": "a"}]}
    )
    assert response.status_code == 412
    assert "missing required weights" in response.json()["error"]["message"]
    assert "700" in response.json()["error"]["message"]
    assert (await api.get(FONTS)).json()["count"] == 2


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"fontFaces": FACES}, "fontFamily"),
        ({"fontFamily": "", "fontFaces": FACES}, "fontFamily"),
        ({"fontFamily": "x" * 51, "fontFaces": FACES}, "fontFamily"),
        ({"fontFamily": "F"}, "fontFaces"),
        ({"fontFamily": "F", "fontFaces": []}, "fontFaces"),
        (
            {"fontFamily": "F", "fontFaces": [{"weight": 0, "storageKey": "a"}]},
            "fontFaces[0].weight",
        ),
        ({"fontFamily": "F", "fontFaces": [{"weight": 400}]}, "fontFaces[0].storageKey"),
        ({"fontFamily": "F", "fontFaces": ["bold"]}, "fontFaces[0]"),
        ({"fontFamily": "F", "fontFaces": [*FACES, FACES[0]]}, "fontFaces"),
    ],
)
async def test_create_font_400_names_the_field(
    api: httpx2.AsyncClient, body: dict[str, Any], field: str
) -> None:
    response = await api.put(FONTS, json=body)
    assert response.status_code == 400
    assert field in response.json()["error"]["message"]


async def test_update_font(api: httpx2.AsyncClient) -> None:
    response = await api.post(
        BRAND,
        json={
            "fontFamily": "Acme Sans 2",
            "fontFaces": [
                {"weight": 300, "storageKey": "fonts/light.woff2"},
                {"weight": 700, "storageKey": "fonts/bold-v2.woff2"},
            ],
        },
    )
    assert response.status_code == 201
    font = (await api.get(BRAND)).json()
    assert font["fontFamily"] == "Acme Sans 2"
    assert _weights(font) == [300, 400, 700]
    assert font["fontFaces"][2]["sources"][0]["url"].endswith("bold-v2.woff2")


async def test_update_font_removing_a_required_weight_is_412(api: httpx2.AsyncClient) -> None:
    response = await api.post(BRAND, json={"fontFaces": [{"weight": 400, "storageKey": None}]})
    assert response.status_code == 412
    assert _weights((await api.get(BRAND)).json()) == [400, 700]
    removed = await api.post(
        f"{FONTS}/{FONT_MONO}", json={"fontFaces": [{"weight": 500, "storageKey": None}]}
    )
    assert removed.status_code == 201
    assert _weights(removed.json()) == [400, 700]


async def test_update_font_errors(api: httpx2.AsyncClient) -> None:
    bad = await api.post(BRAND, json={"fontFamily": ""})
    assert bad.status_code == 400
    assert "fontFamily" in bad.json()["error"]["message"]
    assert (await api.post(f"{FONTS}/font_nope", json={"fontFamily": "X"})).status_code == 404
    assert (await api.get(f"{FONTS}/font_nope")).status_code == 404


async def test_delete_font_answers_205_then_204(api: httpx2.AsyncClient, api_as: ApiAs) -> None:
    assert (await api.delete(BRAND)).status_code == 205
    assert (await api.get(BRAND)).status_code == 404
    assert (await api.delete(BRAND)).status_code == 204
    async with api_as("gb_local_reader") as client:
        # As documented: an organization that is not found (for the caller) answers 204.
        assert (await client.delete("/orgs/org_globex/fonts/font_x")).status_code == 204


async def test_font_writes_need_admin(api: httpx2.AsyncClient, api_as: ApiAs) -> None:
    async with api_as("gb_local_editor") as client:
        statuses = [
            (await client.put(FONTS, json={"fontFamily": "F", "fontFaces": FACES})).status_code,
            (await client.post(BRAND, json={"fontFamily": "Mine"})).status_code,
            (await client.delete(BRAND)).status_code,
        ]
    assert statuses == [403, 403, 403]
    assert (await api.get(BRAND)).json()["fontFamily"] == "Acme Sans"
