"""Organization invites and invite links: every method's request and answer."""

from __future__ import annotations

from typing import Any

import pytest

from gitbook_mcp.client.models.invites import InviteLink, InviteUsersResult, JoinResult
from gitbook_mcp.client.resources import Invites
from tests.unit.client.resources.payloads_content_sites import resource_operations
from tests.unit.client.resources.payloads_orgadmin import (
    INVITE_LINK,
    SPACE_INVITE_LINK,
    Case,
    page_of,
    run_case,
)

pytestmark = pytest.mark.anyio

ORG = "org 1"
"""An organization id that needs percent-encoding."""
O_ = "/orgs/org%201"
LINK_ = O_ + "/link-invites/inv_1"


CASES: dict[str, Case] = {
    "inviteUsersToOrganization": Case(
        lambda c: c.invites.invite_users(
            ORG,
            emails=["ada@acme.test", {"email": "sam@acme.test", "role": None}],
            role="read",
            sso=False,
        ),
        "POST",
        O_ + "/invites",
        InviteUsersResult,
        {"users": ["usr_2", "usr_3"], "invited": 2, "failedSSOEmails": []},
        body={
            "emails": ["ada@acme.test", {"email": "sam@acme.test", "role": None}],
            "role": "read",
            "sso": False,
        },
    ),
    "joinOrganizationWithInvite": Case(
        lambda c: c.invites.join(ORG, "inv:1"),
        "POST",
        O_ + "/invites/inv%3A1",
        JoinResult,
        {},
    ),
    "listOrganizationInviteLinks": Case(
        lambda c: c.invites.list_links(ORG, page="p2"),
        "GET",
        O_ + "/link-invites",
        InviteLink,
        page_of(INVITE_LINK),
        query=(("page", "p2"),),
    ),
    "createOrganizationInvite": Case(
        lambda c: c.invites.create_link(ORG, level="comment", space="spc_1"),
        "POST",
        O_ + "/link-invites",
        InviteLink,
        SPACE_INVITE_LINK,
        status=201,
        body={"level": "comment", "space": "spc_1"},
    ),
    "getOrganizationInviteLink": Case(
        lambda c: c.invites.get_link(ORG, "inv_1"), "GET", LINK_, InviteLink, INVITE_LINK
    ),
    "updateOrganizationInviteById": Case(
        lambda c: c.invites.update_link(ORG, "inv_1", role=None),
        "PATCH",
        LINK_,
        InviteLink,
        {**INVITE_LINK, "role": None},
        body={"role": None},
    ),
    "deleteOrganizationInviteById": Case(
        lambda c: c.invites.delete_link(ORG, "inv_1"), "DELETE", LINK_, bool, status=205
    ),
}


def test_every_operation_of_the_module_has_a_case() -> None:
    assert resource_operations(Invites) == set(CASES)


@pytest.mark.parametrize("operation_id", sorted(CASES))
async def test_request_and_answer(operation_id: str) -> None:
    await run_case(operation_id, CASES[operation_id])


async def test_answers_are_parsed_into_typed_models() -> None:
    link: Any = await run_case("createOrganizationInvite", CASES["createOrganizationInvite"])
    assert (link.target, link.level, link.role, link.space.id) == (
        "space",
        "comment",
        None,
        "spc_1",
    )
