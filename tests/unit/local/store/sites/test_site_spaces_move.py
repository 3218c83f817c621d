"""Moving site spaces within their section: before, after, to the end, and refused positions."""

from __future__ import annotations

from typing import Any

import httpx2
import pytest

from gitbook_mcp.local.seed.sites import (
    SECTION_GUIDES,
    SITE_SPACE_API,
    SITE_SPACE_CHANGELOG,
    SITE_SPACE_HANDBOOK,
)
from tests.unit.local.store.sites.support import NON_ADMINS, SITE, ApiAs, collect, expect_error

pytestmark = pytest.mark.anyio

SPACES = f"{SITE}/site-spaces"


def _position(side: str, target: str) -> dict[str, Any]:
    return {"position": {side: {"type": "site-space", "siteSpace": target}}}


async def _guides(api: httpx2.AsyncClient) -> list[str]:
    return [s["id"] for s in await collect(api, SPACES) if s.get("section") == SECTION_GUIDES]


async def _add_runbooks(api: httpx2.AsyncClient) -> str:
    added = await api.post(SPACES, json={"spaceId": "spc_runbooks"})
    assert added.status_code == 201
    ident: str = added.json()["id"]
    return ident


async def test_move_before_reorders_the_listing(api: httpx2.AsyncClient) -> None:
    moved = await api.post(
        f"{SPACES}/{SITE_SPACE_CHANGELOG}/move", json=_position("before", SITE_SPACE_HANDBOOK)
    )
    assert moved.status_code == 200
    assert moved.json()["id"] == SITE_SPACE_CHANGELOG
    assert await _guides(api) == [SITE_SPACE_CHANGELOG, SITE_SPACE_HANDBOOK]
    # The default stays the default wherever it sits.
    assert moved.json()["default"] is False


async def test_move_after_lands_between_neighbours(api: httpx2.AsyncClient) -> None:
    runbooks = await _add_runbooks(api)
    assert await _guides(api) == [SITE_SPACE_HANDBOOK, SITE_SPACE_CHANGELOG, runbooks]
    moved = await api.post(
        f"{SPACES}/{runbooks}/move", json=_position("after", SITE_SPACE_HANDBOOK)
    )
    assert moved.status_code == 200
    assert await _guides(api) == [SITE_SPACE_HANDBOOK, runbooks, SITE_SPACE_CHANGELOG]
    again = await api.post(
        f"{SPACES}/{SITE_SPACE_HANDBOOK}/move", json=_position("after", SITE_SPACE_CHANGELOG)
    )
    assert again.status_code == 200
    assert await _guides(api) == [runbooks, SITE_SPACE_CHANGELOG, SITE_SPACE_HANDBOOK]


async def test_move_without_position_goes_to_the_end(api: httpx2.AsyncClient) -> None:
    runbooks = await _add_runbooks(api)
    assert (await api.post(f"{SPACES}/{SITE_SPACE_HANDBOOK}/move")).status_code == 200
    assert await _guides(api) == [SITE_SPACE_CHANGELOG, runbooks, SITE_SPACE_HANDBOOK]
    assert (await api.post(f"{SPACES}/{SITE_SPACE_CHANGELOG}/move", json={})).status_code == 200
    assert await _guides(api) == [runbooks, SITE_SPACE_HANDBOOK, SITE_SPACE_CHANGELOG]


@pytest.mark.parametrize(
    "body",
    [
        _position("before", SITE_SPACE_API),  # another section
        _position("before", SITE_SPACE_CHANGELOG),  # itself
        _position("after", "ss_nowhere"),
        {"position": {"before": {"type": "site-section", "siteSpace": SITE_SPACE_HANDBOOK}}},
        {"position": {"before": {"type": "site-space"}}},
        {"position": {"before": "ss_handbook"}},
        {"position": "first"},
        {
            "position": {
                "before": {"type": "site-space", "siteSpace": SITE_SPACE_HANDBOOK},
                "after": {"type": "site-space", "siteSpace": SITE_SPACE_HANDBOOK},
            }
        },
    ],
)
async def test_invalid_positions_are_400(api: httpx2.AsyncClient, body: dict[str, Any]) -> None:
    expect_error(
        await api.post(f"{SPACES}/{SITE_SPACE_CHANGELOG}/move", json=body), 400, "position"
    )
    assert await _guides(api) == [SITE_SPACE_HANDBOOK, SITE_SPACE_CHANGELOG]


async def test_move_unknown_site_space_is_404(api: httpx2.AsyncClient) -> None:
    response = await api.post(f"{SPACES}/ss_nope/move", json=_position("after", SITE_SPACE_API))
    expect_error(response, 404, "ss_nope")


@pytest.mark.parametrize("token", NON_ADMINS)
async def test_non_admins_cannot_move(api: httpx2.AsyncClient, api_as: ApiAs, token: str) -> None:
    async with api_as(token) as other:
        response = await other.post(
            f"{SPACES}/{SITE_SPACE_CHANGELOG}/move", json=_position("before", SITE_SPACE_HANDBOOK)
        )
        expect_error(response, 403, "admin")
    assert await _guides(api) == [SITE_SPACE_HANDBOOK, SITE_SPACE_CHANGELOG]
