"""`OrgTable`: one organization's rows, found by their key, 404 naming the kind, changed, deleted
once, and listed a page at a time."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from gitbook_mcp.local.errors import NotFound
from gitbook_mcp.local.store.db import Database
from gitbook_mcp.local.store.organizations.table import OrgTable
from gitbook_mcp.local.store.paging import FIRST_PAGE, PageWindow

SPECS = OrgTable("specs", "OpenAPI spec", key="slug")


@pytest.fixture
def db() -> Iterator[Database]:
    database = Database(":memory:")
    database.execute("CREATE TABLE specs(id TEXT, org_id TEXT, slug TEXT)")
    database.execute("INSERT INTO specs VALUES ('s1', 'o1', 'petstore'), ('s2', 'o2', 'petstore')")
    yield database
    database.close()


def test_a_row_is_found_by_its_key_within_its_organization(db: Database) -> None:
    assert SPECS.row(db, "o2", "petstore")["id"] == "s2"
    assert SPECS.find(db, "o1", "other") is None


def test_a_row_of_another_organization_is_not_found_and_named(db: Database) -> None:
    with pytest.raises(NotFound) as raised:
        SPECS.row(db, "o3", "petstore")
    assert "OpenAPI spec" in raised.value.message
    assert "petstore" in raised.value.message


def test_delete_says_whether_the_row_existed_and_touches_no_other_organization(
    db: Database,
) -> None:
    assert SPECS.delete(db, "o1", "petstore") is True
    assert SPECS.delete(db, "o1", "petstore") is False
    assert SPECS.find(db, "o2", "petstore") is not None


def test_update_sets_the_columns_given_on_that_organizations_row_only(db: Database) -> None:
    SPECS.update(db, "o1", "petstore", {"id": "s9"})
    SPECS.update(db, "o1", "petstore", {})
    assert SPECS.row(db, "o1", "petstore")["id"] == "s9"
    assert SPECS.row(db, "o2", "petstore")["id"] == "s2"


def test_a_page_lists_the_organizations_rows_in_the_tables_order(db: Database) -> None:
    db.execute("INSERT INTO specs VALUES ('s3', 'o1', 'alpha'), ('s4', 'o1', 'zeta')")
    by_seq = SPECS.page(db, "o1", FIRST_PAGE, lambda r: {"id": r["id"]})
    assert [item["id"] for item in by_seq["items"]] == ["s1", "s3", "s4"]
    by_slug = OrgTable("specs", "OpenAPI spec", key="slug", order="slug")
    page = by_slug.page(
        db, "o1", PageWindow(limit=2), lambda r: {"slug": r["slug"]}, where="id != 's4'"
    )
    assert page["items"] == [{"slug": "alpha"}, {"slug": "petstore"}]
    assert page["count"] == 2
