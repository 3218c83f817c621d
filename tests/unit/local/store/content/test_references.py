"""Link listings of a space and of a change request's pages (status, stats, paging) and
backlinks."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from typing import Any

import httpx2
import pytest

from gitbook_mcp.local import Store
from gitbook_mcp.local.seed.content import (
    CR_INSTALL,
    FILE_DIAGRAM,
    FILE_PRICING,
    PAGE_CONFIGURE,
    PAGE_GETTING_STARTED,
    PAGE_INSTALL,
    PAGE_UPGRADE,
    PAGE_WRITING,
)

pytestmark = pytest.mark.anyio


ApiAs = Callable[[str | None], AbstractAsyncContextManager[httpx2.AsyncClient]]


SPACE = "/spaces/spc_handbook"


CR = f"{SPACE}/change-requests/{CR_INSTALL}"


async def _all(api: httpx2.AsyncClient, url: str, **params: Any) -> list[dict[str, Any]]:
    items: list[dict[str, Any]] = []
    cursor = None
    while True:
        query = {**params, **({"page": cursor} if cursor else {})}
        body = (await api.get(url, params=query)).json()
        items += body["items"]
        cursor = (body.get("next") or {}).get("page")
        if not cursor:
            return items


def _target(item: dict[str, Any]) -> str:
    ref = item["targetReference"]
    if ref["kind"] == "page":
        return "page:" + ref["page"]["path"]
    if ref["kind"] == "file":
        return "file:" + ref["file"]["name"]
    return str(ref["url"])


async def test_space_links_have_one_item_per_target_with_every_location(
    api: httpx2.AsyncClient,
) -> None:
    items = await _all(api, f"{SPACE}/links", limit=3)
    by_target = {_target(i): i for i in items}
    assert len(by_target) == len(items) == 10
    configure = by_target["page:getting-started/configure"]
    assert configure["status"] == "ok"
    assert {loc["page"]["path"] for loc in configure["locationReferences"]} == {
        "faq",
        "getting-started",
        "getting-started/install",
    }
    assert by_target["file:diagram.png"]["targetReference"]["file"]["id"] == FILE_DIAGRAM
    assert by_target["https://example.com/docs"]["status"] == "ok"
    in_app = by_target["https://app.gitbook.com/s/spc_handbook"]
    assert in_app["status"] == "in-app"
    broken = {
        (i["locationReferences"][0]["page"]["path"], _target(i))
        for i in items
        if i["status"] == "broken"
    }
    assert broken == {
        ("getting-started/install", "../guides/old-page.md"),
        ("getting-started/configure", "../.gitbook/assets/spec-sheet.pdf"),
    }


async def test_space_link_locations_embed_organization_and_space(
    api: httpx2.AsyncClient,
) -> None:
    item = (await api.get(f"{SPACE}/links", params={"limit": 1})).json()["items"][0]
    location = item["locationReferences"][0]
    assert location["kind"] == "page"
    assert location["organization"]["id"] == "org_acme"
    assert location["space"]["id"] == "spc_handbook"
    assert location["space"]["permissions"]["admin"] is True
    assert "versionContext" not in location


async def test_space_link_stats_count_occurrences_and_status_filters(
    api: httpx2.AsyncClient,
) -> None:
    listing = (await api.get(f"{SPACE}/links")).json()
    assert listing["stats"] == {"total": 15, "broken": {"total": 2}}
    assert listing["count"] == 10
    broken = (await api.get(f"{SPACE}/links", params={"status": "broken"})).json()
    assert {i["status"] for i in broken["items"]} == {"broken"}
    assert broken["count"] == 2
    assert broken["stats"] == listing["stats"]
    in_app = (await api.get(f"{SPACE}/links", params={"status": "in-app"})).json()
    assert [i["status"] for i in in_app["items"]] == ["in-app"]
    bad = await api.get(f"{SPACE}/links", params={"status": "fine"})
    assert bad.status_code == 400
    assert "status" in bad.json()["error"]["message"]
    assert (await api.get("/spaces/spc_nope/links")).status_code == 404


async def test_a_new_link_shows_in_the_space_listing(api: httpx2.AsyncClient, store: Store) -> None:
    revision = str(store.db.scalar("SELECT revision_id FROM spaces WHERE id = 'spc_handbook'"))
    store.content.revisions.set_markdown(
        revision, "pg_faq", "See [writing](guides/writing.md) and [nothing](nowhere.md)."
    )
    listing = (await api.get(f"{SPACE}/links")).json()
    faq_targets = {
        _target(i)
        for i in listing["items"]
        if any(loc["page"]["id"] == "pg_faq" for loc in i["locationReferences"])
    }
    assert faq_targets == {"page:guides/writing", "nowhere.md"}
    assert listing["stats"]["broken"]["total"] == 3


async def test_page_links_in_a_change_request_count_the_broken_ones_it_added(
    api: httpx2.AsyncClient,
) -> None:
    install = (await api.get(f"{CR}/content/page/{PAGE_INSTALL}/links")).json()
    assert sorted(i["status"] for i in install["items"]) == ["broken", "ok", "ok"]
    assert install["stats"] == {"total": 3, "broken": {"total": 1, "changeRequest": 1}}
    broken = next(i for i in install["items"] if i["status"] == "broken")
    assert broken["targetReference"] == {"kind": "url", "url": "verify.md"}
    context = broken["locationReferences"][0]["versionContext"]
    assert context["type"] == "changeRequest"
    assert context["changeRequest"]["id"] == CR_INSTALL
    upgrade = (await api.get(f"{CR}/content/page/{PAGE_UPGRADE}/links")).json()
    assert upgrade["stats"] == {"total": 3, "broken": {"total": 2, "changeRequest": 2}}
    configure = (await api.get(f"{CR}/content/page/{PAGE_CONFIGURE}/links")).json()
    assert configure["stats"] == {"total": 2, "broken": {"total": 1, "changeRequest": 0}}
    writing = (await api.get(f"{CR}/content/page/{PAGE_WRITING}/links")).json()
    assert [i["status"] for i in writing["items"]] == ["ok", "in-app"]


async def test_page_links_are_paged(api: httpx2.AsyncClient, store: Store) -> None:
    revision = str(
        store.db.scalar(f"SELECT revision_id FROM change_requests WHERE id = '{CR_INSTALL}'")
    )
    markdown = "\n".join(f"[link {n}](https://example.com/{n})" for n in range(11))
    store.content.revisions.set_markdown(revision, "pg_faq", markdown + "\n[x](gone.md)")
    items = await _all(api, f"{CR}/content/page/pg_faq/links", limit=4)
    assert [_target(i) for i in items] == [
        *(f"https://example.com/{n}" for n in range(11)),
        "gone.md",
    ]
    first = (await api.get(f"{CR}/content/page/pg_faq/links", params={"limit": 4})).json()
    assert first["count"] == 12
    assert first["stats"]["broken"] == {"total": 1, "changeRequest": 1}


async def test_page_links_errors(api: httpx2.AsyncClient, api_as: ApiAs) -> None:
    assert (await api.get(f"{CR}/content/page/pg_nope/links")).status_code == 404
    assert (
        await api.get(f"{SPACE}/change-requests/42/content/page/{PAGE_INSTALL}/links")
    ).status_code == 404
    assert (
        await api.get(f"{CR}/content/page/{PAGE_INSTALL}/links", params={"limit": -1})
    ).status_code == 400
    async with api_as("gb_local_reader") as reader:
        answer = await reader.get(f"{CR}/content/page/{PAGE_INSTALL}/links")
        assert answer.status_code == 200
        location = answer.json()["items"][0]["locationReferences"][0]
        assert location["space"]["permissions"]["edit"] is False


async def test_backlinks_are_the_reverse_of_links(api: httpx2.AsyncClient) -> None:
    to_install = (await api.get(f"{CR}/content/page/{PAGE_INSTALL}/backlinks")).json()["items"]
    assert [b["page"]["path"] for b in to_install] == [
        "getting-started",
        "getting-started/upgrade",
        "guides/publishing",
    ]
    assert {b["kind"] for b in to_install} == {"page"}
    assert to_install[0]["versionContext"]["changeRequest"]["number"] == 1
    to_intro = (await api.get(f"{CR}/content/page/{PAGE_GETTING_STARTED}/backlinks")).json()
    assert to_intro["items"] == []
    to_diagram = (await api.get(f"{CR}/content/files/{FILE_DIAGRAM}/backlinks")).json()["items"]
    assert [b["page"]["id"] for b in to_diagram] == [PAGE_INSTALL]
    to_pricing = (await api.get(f"{CR}/content/files/{FILE_PRICING}/backlinks")).json()
    assert to_pricing["items"] == []
    assert to_pricing["count"] == 0


async def test_backlinks_follow_every_link_listing(api: httpx2.AsyncClient) -> None:
    """Each ok page link of the change request appears as a backlink of its target."""
    tree = (await api.get(f"{CR}/content/pages")).json()["pages"]
    pages: list[dict[str, Any]] = []
    stack = list(tree)
    while stack:
        page = stack.pop()
        pages.append(page)
        stack += page["pages"]
    expected: set[tuple[str, str]] = set()
    for page in pages:
        for item in await _all(api, f"{CR}/content/page/{page['id']}/links"):
            ref = item["targetReference"]
            if item["status"] == "ok" and ref["kind"] == "page":
                expected.add((page["id"], ref["page"]["id"]))
    found: set[tuple[str, str]] = set()
    for page in pages:
        for location in await _all(api, f"{CR}/content/page/{page['id']}/backlinks"):
            found.add((location["page"]["id"], page["id"]))
    assert found == expected
    assert len(found) >= 8


async def test_backlinks_are_paged_and_check_their_target(
    api: httpx2.AsyncClient, store: Store
) -> None:
    revision = str(
        store.db.scalar(f"SELECT revision_id FROM change_requests WHERE id = '{CR_INSTALL}'")
    )
    for index in range(5):
        store.content.revisions.add_page(
            revision,
            title=f"Linker {index}",
            slug=f"linker-{index}",
            markdown="Read [the FAQ](faq.md).",
        )
    locations = await _all(api, f"{CR}/content/page/pg_faq/backlinks", limit=2)
    paths = [loc["page"]["path"] for loc in locations]
    assert paths == sorted(paths)
    assert {f"linker-{i}" for i in range(5)} <= set(paths)
    assert len(paths) == len(set(paths)) == 6
    assert "getting-started" in paths
    assert (await api.get(f"{CR}/content/page/pg_nope/backlinks")).status_code == 404
    assert (await api.get(f"{CR}/content/files/fl_nope/backlinks")).status_code == 404
