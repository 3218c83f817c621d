"""Integrity of docs sites across domains and in the schema: purged spaces, transfers, the
invariants the tables enforce, re-applying the migration, access from other organizations."""

from __future__ import annotations

import sqlite3
from datetime import timedelta

import httpx2
import pytest

from gitbook_mcp.local import Store
from gitbook_mcp.local.clock import ManualClock
from gitbook_mcp.local.seed.sites import (
    SECTION_API,
    SECTION_GUIDES,
    SITE_SPACE_CHANGELOG,
    SITE_SPACE_HANDBOOK,
)
from gitbook_mcp.local.store import MIGRATIONS
from tests.unit.local.store.sites.support import GLOBEX, SITE, ApiAs, collect, expect_error

pytestmark = pytest.mark.anyio


async def test_a_deleted_space_stays_published_until_it_is_purged(
    api: httpx2.AsyncClient, clock: ManualClock
) -> None:
    assert (await api.delete("/spaces/spc_changelog")).status_code == 205
    listed = {s["id"]: s for s in await collect(api, f"{SITE}/site-spaces")}
    assert "deletedAt" in listed[SITE_SPACE_CHANGELOG]["space"]
    clock.advance(timedelta(days=8))
    after = {s["id"] for s in await collect(api, f"{SITE}/site-spaces")}
    assert after == {SITE_SPACE_HANDBOOK, "ss_api"}
    sources = {r["source"] for r in await collect(api, f"{SITE}/redirects")}
    assert "/release-notes" not in sources
    assert (await api.get(SITE)).json()["siteSpaces"] == 2


async def test_purging_the_default_space_hands_the_default_on(
    api: httpx2.AsyncClient, clock: ManualClock
) -> None:
    assert (await api.delete("/spaces/spc_handbook")).status_code == 205
    clock.advance(timedelta(days=8))
    guides = (await api.get(f"{SITE}/sections")).json()["items"][0]
    assert [(s["id"], s["default"]) for s in guides["siteSpaces"]] == [(SITE_SPACE_CHANGELOG, True)]
    assert (await api.get(SITE)).json()["defaultSpace"] == SITE_SPACE_CHANGELOG


async def test_a_published_space_cannot_be_transferred(api: httpx2.AsyncClient) -> None:
    response = await api.post("/spaces/spc_changelog/transfer", json={"organization": "org_globex"})
    expect_error(response, 412, "site_docs")
    assert (await api.delete(f"{SITE}/site-spaces/{SITE_SPACE_CHANGELOG}")).status_code == 205
    moved = await api.post("/spaces/spc_changelog/transfer", json={"organization": "org_globex"})
    assert moved.status_code == 200


async def test_writes_on_another_organization_site_are_404(api_as: ApiAs) -> None:
    async with api_as("gb_local_reader") as reader:
        expect_error(await reader.post(f"{GLOBEX}/site-spaces", json={"spaceId": "x"}), 404)
        expect_error(await reader.delete(f"{GLOBEX}/site-spaces/ss_globex"), 404)
        expect_error(await reader.post(f"{GLOBEX}/section-groups", json={"title": "x"}), 404)
        expect_error(await reader.get(f"{GLOBEX}/mcp-servers"), 404)


def test_the_tables_refuse_broken_structures(store: Store) -> None:
    db = store.db
    with pytest.raises(sqlite3.IntegrityError):
        db.execute("UPDATE site_sections SET is_default = 1 WHERE id = ?", (SECTION_API,))
    with pytest.raises(sqlite3.IntegrityError):
        db.execute("UPDATE site_spaces SET is_default = 1 WHERE id = ?", (SITE_SPACE_CHANGELOG,))
    with pytest.raises(sqlite3.IntegrityError):
        db.execute("UPDATE site_spaces SET path = 'user-handbook' WHERE id = 'ss_changelog'")
    with pytest.raises(sqlite3.IntegrityError):
        db.execute("UPDATE site_redirects SET source = '/setup' WHERE id = 'rd_v1_api'")
    with pytest.raises(sqlite3.IntegrityError):
        db.execute("UPDATE site_spaces SET space_id = 'spc_nope' WHERE id = 'ss_api'")
    with pytest.raises(sqlite3.IntegrityError):
        db.execute("UPDATE site_sections SET group_id = 'grp_nope' WHERE id = ?", (SECTION_GUIDES,))


def test_removing_a_site_removes_everything_in_it(store: Store) -> None:
    with store.db.transaction():
        store.db.execute("DELETE FROM sites WHERE id = 'site_docs'")
    for table in (
        "site_sections",
        "site_section_groups",
        "site_spaces",
        "site_redirects",
        "site_mcp_servers",
    ):
        left = store.db.scalar(f"SELECT COUNT(*) FROM {table} WHERE site_id = 'site_docs'")
        assert left == 0, table


def test_reapplying_the_schema_changes_nothing(store: Store) -> None:
    sites = store.db.scalar("SELECT COUNT(*) FROM sites")
    assert sites > 0
    assert store.db.migrate(MIGRATIONS) == []
    assert store.db.scalar("SELECT COUNT(*) FROM sites") == sites
    assert store.db.integrity_check() == "ok"
