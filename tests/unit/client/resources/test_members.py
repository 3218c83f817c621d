"""Organization members: every method's request and answer, parsed into typed models."""

from __future__ import annotations

from typing import Any

import pytest

from gitbook_mcp.client.models.common import Member
from gitbook_mcp.client.models.members import MemberSpace, MemberTeam, PingResult
from gitbook_mcp.client.resources import Members
from tests.unit.client.resources.payloads_content_sites import resource_operations
from tests.unit.client.resources.payloads_orgadmin import (
    MEMBER,
    SPACE,
    TEAM,
    Case,
    page_of,
    run_case,
)

pytestmark = pytest.mark.anyio

ORG = "org 1"
"""An organization id that needs percent-encoding."""
O_ = "/orgs/org%201"
MEMBER_ = O_ + "/members/usr%3A1"


CASES: dict[str, Case] = {
    "listMembersInOrganizationById": Case(
        lambda c: c.members.list(
            ORG, order="asc", role="guest", search="ada", sort="lastSeenAt", limit=50
        ),
        "GET",
        O_ + "/members",
        Member,
        page_of(MEMBER),
        query=(
            ("order", "asc"),
            ("role", "guest"),
            ("search", "ada"),
            ("sort", "lastSeenAt"),
            ("limit", "50"),
        ),
    ),
    "getMemberInOrganizationById": Case(
        lambda c: c.members.get(ORG, "usr:1"), "GET", MEMBER_, Member, MEMBER
    ),
    "updateMemberInOrganizationById": Case(
        lambda c: c.members.update(ORG, "usr:1", role="edit"),
        "PATCH",
        MEMBER_,
        Member,
        MEMBER,
        body={"role": "edit"},
    ),
    "removeMemberFromOrganizationById": Case(
        lambda c: c.members.remove(ORG, "usr:1"), "DELETE", MEMBER_, bool, status=205
    ),
    "updateOrganizationMemberLastSeenAt": Case(
        lambda c: c.members.ping(ORG),
        "POST",
        O_ + "/ping",
        PingResult,
        {"gitbookVisitorClaims": "claims-token"},
    ),
    "setUserAsSSOMemberForOrganization": Case(
        lambda c: c.members.set_sso(ORG, "usr:1"), "POST", MEMBER_ + "/sso", Member, MEMBER
    ),
    "listSpacesForOrganizationMember": Case(
        lambda c: c.members.list_spaces(ORG, "usr:1", order="desc"),
        "GET",
        MEMBER_ + "/spaces",
        MemberSpace,
        page_of({"permission": "edit", "space": SPACE}),
        query=(("order", "desc"),),
    ),
    "listTeamsForOrganizationMember": Case(
        lambda c: c.members.list_teams(ORG, "usr:1", title="writ"),
        "GET",
        MEMBER_ + "/teams",
        MemberTeam,
        page_of({"team": TEAM, "member": {"role": "owner"}}),
        query=(("title", "writ"),),
    ),
}


def test_every_operation_of_the_module_has_a_case() -> None:
    assert resource_operations(Members) == set(CASES)


@pytest.mark.parametrize("operation_id", sorted(CASES))
async def test_request_and_answer(operation_id: str) -> None:
    await run_case(operation_id, CASES[operation_id])


async def test_answers_are_parsed_into_typed_models() -> None:
    ping: Any = await run_case(
        "updateOrganizationMemberLastSeenAt", CASES["updateOrganizationMemberLastSeenAt"]
    )
    assert ping.gitbookVisitorClaims == "claims-token"
