"""The sites domain in the live profile, through HTTP: live shapes, and a section joins or
leaves a group through ``updateSiteSectionById`` with ``siteSectionGroupId``."""

from __future__ import annotations

import httpx2
import pytest

from gitbook_mcp.api import Profile
from gitbook_mcp.local.seed.ids import ORG_ACME
from gitbook_mcp.local.seed.sites import GROUP_REFERENCE, SECTION_API, SECTION_GUIDES, SITE_DOCS

pytestmark = pytest.mark.anyio

SITE = f"/orgs/{ORG_ACME}/sites/{SITE_DOCS}"


@pytest.fixture
def profile() -> Profile:
    return "live"


async def _group_sections(api: httpx2.AsyncClient) -> list[str]:
    groups = (await api.get(f"{SITE}/section-groups")).json()["items"]
    (group,) = [g for g in groups if g["id"] == GROUP_REFERENCE]
    return [child["id"] for child in group["children"]]


async def test_site_answers_in_the_live_shape(api: httpx2.AsyncClient) -> None:
    site = (await api.get(SITE)).json()  # the hook validates it against openapi-live.json
    assert "agentsContext" not in site
    assert site["appliedType"] == site["type"]
    assert site["urls"]["preview"]


async def test_organization_permissions_follow_the_live_contract(api: httpx2.AsyncClient) -> None:
    org = (await api.get(f"/orgs/{ORG_ACME}")).json()
    assert "ingestConversations" not in org["permissions"]
    assert org["permissions"]["access"] is True


async def test_a_section_joins_and_leaves_a_group_through_its_update(
    api: httpx2.AsyncClient,
) -> None:
    assert await _group_sections(api) == [SECTION_API]
    joined = await api.patch(
        f"{SITE}/sections/{SECTION_GUIDES}", json={"siteSectionGroupId": GROUP_REFERENCE}
    )
    assert joined.status_code == 200
    assert await _group_sections(api) == [SECTION_API, SECTION_GUIDES]
    left = await api.patch(f"{SITE}/sections/{SECTION_API}", json={"siteSectionGroupId": None})
    assert left.status_code == 200
    assert await _group_sections(api) == [SECTION_GUIDES]


async def test_joining_an_unknown_group_is_404_and_changes_nothing(
    api: httpx2.AsyncClient,
) -> None:
    response = await api.patch(
        f"{SITE}/sections/{SECTION_GUIDES}", json={"siteSectionGroupId": "grp_nope", "title": "X2"}
    )
    assert response.status_code == 404
    sections = (await api.get(f"{SITE}/sections")).json()["items"]
    assert all(s["title"] != "X2" for s in sections)
