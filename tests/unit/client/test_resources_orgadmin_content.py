"""Collections, permissions, custom fonts and OpenAPI specs: every method's request and answer.

29 operations, each against a recording transport and the contract.
"""

from __future__ import annotations

from typing import Any

import pytest

from gitbook_mcp.client.models.collections import Collection
from gitbook_mcp.client.models.common import Space
from gitbook_mcp.client.models.fonts import CustomFont
from gitbook_mcp.client.models.openapi_specs import OpenAPISpec
from gitbook_mcp.client.models.permissions import UserPermission
from tests.unit.client.payloads_orgadmin import (
    COLLECTION,
    FONT,
    SPACE,
    SPEC,
    USER,
    Case,
    page_of,
    run_case,
)

pytestmark = pytest.mark.anyio

COL_ = "/collections/col%201"
"""The path of collection ``col 1`` (an id that needs percent-encoding)."""
SPC_ = "/spaces/spc_1"
FONT_ = "/orgs/org_1/fonts/font_1"
SPEC_ = "/orgs/org_1/openapi/petstore"
GRANT = {"permission": "edit", "user": USER}
SPEC_URL = {"url": "https://acme.test/openapi.yaml"}

CASES: dict[str, Case] = {
    # -- collections
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
    # -- permissions
    "inviteToCollection": Case(
        lambda c: c.collection_permissions.invite("col 1", role="edit", teams=["team_1"]),
        "POST",
        COL_ + "/permissions",
        type(None),
        status=204,
        body={"role": "edit", "teams": ["team_1"]},
    ),
    "inviteToSpace": Case(
        lambda c: c.space_permissions.invite("spc_1", role=None, users=["usr_1"], teams=["team_1"]),
        "POST",
        SPC_ + "/permissions",
        type(None),
        status=204,
        body={"role": None, "users": ["usr_1"], "teams": ["team_1"]},
    ),
    "listUserPermissionsInCollection": Case(
        lambda c: c.collection_permissions.list_users("col 1", limit=3),
        "GET",
        COL_ + "/permissions/users",
        UserPermission,
        page_of(GRANT),
        query=(("limit", "3"),),
    ),
    "listUserPermissionsInSpace": Case(
        lambda c: c.space_permissions.list_users("spc_1"),
        "GET",
        SPC_ + "/permissions/users",
        UserPermission,
        page_of(GRANT),
    ),
    "updateUserPermissionInCollection": Case(
        lambda c: c.collection_permissions.update_user("col 1", "usr_1", role="read"),
        "PATCH",
        COL_ + "/permissions/users/usr_1",
        type(None),
        status=204,
        body={"role": "read"},
    ),
    "updateUserPermissionInSpace": Case(
        lambda c: c.space_permissions.update_user("spc_1", "usr_1", role=None),
        "PATCH",
        SPC_ + "/permissions/users/usr_1",
        type(None),
        status=204,
        body={"role": None},
    ),
    "removeUserFromCollection": Case(
        lambda c: c.collection_permissions.remove_user("col 1", "usr_1"),
        "DELETE",
        COL_ + "/permissions/users/usr_1",
        bool,
        status=205,
    ),
    "removeUserFromSpace": Case(
        lambda c: c.space_permissions.remove_user("spc_1", "usr_1"),
        "DELETE",
        SPC_ + "/permissions/users/usr_1",
        bool,
        status=205,
    ),
    "listPermissionsAggregateInCollection": Case(
        lambda c: c.collection_permissions.list_aggregate("col 1", role="admin"),
        "GET",
        COL_ + "/permissions/aggregate",
        UserPermission,
        page_of(GRANT),
        query=(("role", "admin"),),
    ),
    "listPermissionsAggregateInSpace": Case(
        lambda c: c.space_permissions.list_aggregate("spc_1", role="comment", limit=1000),
        "GET",
        SPC_ + "/permissions/aggregate",
        UserPermission,
        page_of(GRANT),
        query=(("role", "comment"), ("limit", "1000")),
    ),
    # -- custom fonts
    "listCustomFonts": Case(
        lambda c: c.fonts.list("org_1"), "GET", "/orgs/org_1/fonts", CustomFont, page_of(FONT)
    ),
    "createCustomFont": Case(
        lambda c: c.fonts.create(
            "org_1",
            font_family="Inter",
            font_faces=[
                {"weight": 400, "storageKey": "fonts/inter-400.woff2"},
                {"weight": 700, "storageKey": "fonts/inter-700.woff2"},
            ],
        ),
        "PUT",
        "/orgs/org_1/fonts",
        CustomFont,
        FONT,
        status=201,
        body={
            "fontFamily": "Inter",
            "fontFaces": [
                {"weight": 400, "storageKey": "fonts/inter-400.woff2"},
                {"weight": 700, "storageKey": "fonts/inter-700.woff2"},
            ],
        },
    ),
    "getCustomFont": Case(lambda c: c.fonts.get("org_1", "font_1"), "GET", FONT_, CustomFont, FONT),
    "updateCustomFont": Case(
        lambda c: c.fonts.update(
            "org_1",
            "font_1",
            font_family="Inter Display",
            font_faces=[{"weight": 700, "storageKey": None}],
        ),
        "POST",
        FONT_,
        CustomFont,
        FONT,
        status=201,
        body={"fontFamily": "Inter Display", "fontFaces": [{"weight": 700, "storageKey": None}]},
    ),
    "deleteCustomFont": Case(
        lambda c: c.fonts.delete("org_1", "font_1"), "DELETE", FONT_, bool, status=205
    ),
    # -- OpenAPI specs
    "listOpenAPISpecs": Case(
        lambda c: c.openapi_specs.list("org_1", limit=20),
        "GET",
        "/orgs/org_1/openapi",
        OpenAPISpec,
        page_of(SPEC),
        query=(("limit", "20"),),
    ),
    "createOpenAPISpec": Case(
        lambda c: c.openapi_specs.create("org_1", slug="petstore", source=SPEC_URL),
        "POST",
        "/orgs/org_1/openapi",
        OpenAPISpec,
        SPEC,
        status=201,
        body={"slug": "petstore", "source": SPEC_URL},
    ),
    "getOpenAPISpecBySlug": Case(
        lambda c: c.openapi_specs.get("org_1", "petstore"), "GET", SPEC_, OpenAPISpec, SPEC
    ),
    "createOrUpdateOpenAPISpecBySlug": Case(
        lambda c: c.openapi_specs.create_or_update(
            "org_1", "petstore", source={"text": "openapi: 3.0.0"}
        ),
        "PUT",
        SPEC_,
        OpenAPISpec,
        SPEC,
        body={"source": {"text": "openapi: 3.0.0"}},
    ),
    "updateOpenAPISpecBySlug": Case(
        lambda c: c.openapi_specs.update("org_1", "petstore", visibility="public"),
        "PATCH",
        SPEC_,
        OpenAPISpec,
        {**SPEC, "visibility": "public"},
        body={"visibility": "public"},
    ),
    "deleteOpenAPISpecBySlug": Case(
        lambda c: c.openapi_specs.delete("org_1", "petstore"), "DELETE", SPEC_, bool, status=205
    ),
}


@pytest.mark.parametrize("operation_id", sorted(CASES))
async def test_request_and_answer(operation_id: str) -> None:
    await run_case(operation_id, CASES[operation_id])


async def test_answers_are_parsed_into_typed_models() -> None:
    collection: Any = await run_case("getCollectionById", CASES["getCollectionById"])
    assert (collection.parent, collection.defaultLevel) == ("col_0", None)
    assert collection.permissions.admin is True
    assert collection.permissions.create is False

    grants: Any = await run_case("listUserPermissionsInSpace", CASES["listUserPermissionsInSpace"])
    assert [(g.permission, g.user.displayName) for g in grants.items] == [("edit", "Ada")]

    font: Any = await run_case("getCustomFont", CASES["getCustomFont"])
    assert [(f.weight, f.sources[0].format) for f in font.fontFaces] == [(400, "woff2")]
    assert font.permissions.edit is True

    spec: Any = await run_case("updateOpenAPISpecBySlug", CASES["updateOpenAPISpecBySlug"])
    assert (spec.visibility, spec.processingState) == ("public", "pending")
    assert spec.permissions.delete is True


async def test_a_spec_put_answers_201_when_it_created_the_spec() -> None:
    case = CASES["createOrUpdateOpenAPISpecBySlug"]
    created = Case(case.call, case.method, case.path, OpenAPISpec, SPEC, 201, body=case.body)
    spec: Any = await run_case("createOrUpdateOpenAPISpecBySlug", created)
    assert spec.slug == "petstore"
