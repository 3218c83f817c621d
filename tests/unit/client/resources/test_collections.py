"""Collections: every method's request and answer, parsed into typed models."""

from __future__ import annotations

from typing import Any

import pytest

from gitbook_mcp.client.models.collections import Collection
from gitbook_mcp.client.models.common import Space
from gitbook_mcp.client.resources import Collections
from tests.unit.client.resources.payloads_content_sites import resource_operations
from tests.unit.client.resources.payloads_orgadmin import COLLECTION, SPACE, Case, page_of, run_case

pytestmark = pytest.mark.anyio

COL_ = "/collections/col%201"
"""The path of collection ``col 1`` (an id that needs percent-encoding)."""


CASES: dict[str, Case] = {
    "listCollectionsInOrganizationById": Case(
        lambda c: c.collections.list("org_1", nested=False, limit=100),
        "GET",
        "/orgs/org_1/collections",
        Collection,
        page_of(COLLECTION),
        query=(("nested", "false"), ("limit", "100")),
    ),
    "createCollection": Case(
        lambda c: c.collections.create("org_1", title="Guides", parent="col_0"),
        "POST",
        "/orgs/org_1/collections",
        Collection,
        COLLECTION,
        status=201,
        body={"title": "Guides", "parent": "col_0"},
    ),
    "getCollectionById": Case(
        lambda c: c.collections.get("col 1"), "GET", COL_, Collection, COLLECTION
    ),
    "updateCollectionById": Case(
        lambda c: c.collections.update(
            "col 1", title="How-to", description="Step by step", default_level="inherit"
        ),
        "PATCH",
        COL_,
        Collection,
        COLLECTION,
        body={"title": "How-to", "description": "Step by step", "defaultLevel": "inherit"},
    ),
    "deleteCollectionById": Case(
        lambda c: c.collections.delete("col 1"), "DELETE", COL_, bool, status=205
    ),
    "listSpacesInCollectionById": Case(
        lambda c: c.collections.list_spaces("col 1", page="p3", limit=1),
        "GET",
        COL_ + "/spaces",
        Space,
        page_of(SPACE),
        query=(("page", "p3"), ("limit", "1")),
    ),
    "moveCollection": Case(
        lambda c: c.collections.move(
            "col 1",
            parent=None,
            before="spc_2",
            after={"type": "collection", "collection": "col_3"},
        ),
        "POST",
        COL_ + "/move",
        Collection,
        COLLECTION,
        body={
            "parent": None,
            "position": {
                "before": {"type": "space", "space": "spc_2"},
                "after": {"type": "collection", "collection": "col_3"},
            },
        },
    ),
    "transferCollection": Case(
        lambda c: c.collections.transfer("col 1", organization="org_2"),
        "POST",
        COL_ + "/transfer",
        Collection,
        {**COLLECTION, "organization": "org_2"},
        body={"organization": "org_2"},
    ),
}


def test_every_operation_of_the_module_has_a_case() -> None:
    assert resource_operations(Collections) == set(CASES)


@pytest.mark.parametrize("operation_id", sorted(CASES))
async def test_request_and_answer(operation_id: str) -> None:
    await run_case(operation_id, CASES[operation_id])


async def test_answers_are_parsed_into_typed_models() -> None:
    collection: Any = await run_case("getCollectionById", CASES["getCollectionById"])
    assert (collection.parent, collection.defaultLevel) == ("col_0", None)
    assert collection.permissions.admin is True
    assert collection.permissions.create is False
