"""Permissions on a space or a collection: every method's request and answer."""

from __future__ import annotations

from typing import Any

import pytest

from gitbook_mcp.client.models.permissions import UserPermission
from gitbook_mcp.client.resources import CollectionAccess, SpaceAccess
from tests.unit.client.resources.payloads_content_sites import resource_operations
from tests.unit.client.resources.payloads_orgadmin import USER, Case, page_of, run_case

pytestmark = pytest.mark.anyio

COL_ = "/collections/col%201"
"""The path of collection ``col 1`` (an id that needs percent-encoding)."""
SPC_ = "/spaces/spc_1"
GRANT = {"permission": "edit", "user": USER}


CASES: dict[str, Case] = {
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
}


def test_every_operation_of_the_module_has_a_case() -> None:
    assert resource_operations(SpaceAccess, CollectionAccess) == set(CASES)


@pytest.mark.parametrize("operation_id", sorted(CASES))
async def test_request_and_answer(operation_id: str) -> None:
    await run_case(operation_id, CASES[operation_id])


async def test_answers_are_parsed_into_typed_models() -> None:
    grants: Any = await run_case("listUserPermissionsInSpace", CASES["listUserPermissionsInSpace"])
    assert [(g.permission, g.user.displayName) for g in grants.items] == [("edit", "Ada")]
