"""Teams: every method's request and answer, parsed into typed models."""

from __future__ import annotations

from typing import Any

import pytest

from gitbook_mcp.client.models.common import Team
from gitbook_mcp.client.models.teams import TeamRosterEntry
from gitbook_mcp.client.resources import Teams
from tests.unit.client.resources.payloads_content_sites import resource_operations
from tests.unit.client.resources.payloads_orgadmin import MEMBER, TEAM, Case, page_of, run_case

pytestmark = pytest.mark.anyio

ORG = "org 1"
"""An organization id that needs percent-encoding."""
O_ = "/orgs/org%201"
TEAM_ = O_ + "/teams/team_1"


CASES: dict[str, Case] = {
    "listTeamsInOrganizationById": Case(
        lambda c: c.teams.list(ORG, owner="usr_1", title="writ"),
        "GET",
        O_ + "/teams",
        Team,
        page_of(TEAM),
        query=(("owner", "usr_1"), ("title", "writ")),
    ),
    "createOrganizationTeam": Case(
        lambda c: c.teams.create(ORG, title="Writers", members=["usr_1", "usr_2"]),
        "PUT",
        O_ + "/teams",
        Team,
        TEAM,
        status=201,
        body={"title": "Writers", "members": ["usr_1", "usr_2"]},
    ),
    "getTeamInOrganizationById": Case(
        lambda c: c.teams.get(ORG, "team_1"), "GET", TEAM_, Team, TEAM
    ),
    "updateTeamInOrganizationById": Case(
        lambda c: c.teams.update(ORG, "team_1", title="Editors"),
        "PATCH",
        TEAM_,
        Team,
        {**TEAM, "title": "Editors"},
        body={"title": "Editors"},
    ),
    "removeTeamFromOrganizationById": Case(
        lambda c: c.teams.delete(ORG, "team_1"), "DELETE", TEAM_, bool, status=205
    ),
    "listTeamMembersInOrganizationById": Case(
        lambda c: c.teams.list_members(ORG, "team_1", limit=2),
        "GET",
        TEAM_ + "/members",
        TeamRosterEntry,
        page_of(
            {"organization": MEMBER, "team": {"role": "member"}, "permissions": {"view": True}}
        ),
        query=(("limit", "2"),),
    ),
    "updateMembersInOrganizationTeam": Case(
        lambda c: c.teams.update_members(
            ORG,
            "team_1",
            add=["usr_2", "new@acme.test"],
            remove=["usr_3"],
            memberships={"usr_2": {"role": "owner"}},
        ),
        "PUT",
        TEAM_ + "/members",
        type(None),
        status=204,
        body={
            "add": ["usr_2", "new@acme.test"],
            "remove": ["usr_3"],
            "memberships": {"usr_2": {"role": "owner"}},
        },
    ),
    "addMemberToOrganizationTeamById": Case(
        lambda c: c.teams.add_member(ORG, "team_1", "usr:1", role="owner"),
        "PUT",
        TEAM_ + "/members/usr%3A1",
        type(None),
        status=204,
        body={"role": "owner"},
    ),
    "deleteMemberFromOrganizationTeamById": Case(
        lambda c: c.teams.remove_member(ORG, "team_1", "usr:1"),
        "DELETE",
        TEAM_ + "/members/usr%3A1",
        bool,
        status=205,
    ),
}


def test_every_operation_of_the_module_has_a_case() -> None:
    assert resource_operations(Teams) == set(CASES)


@pytest.mark.parametrize("operation_id", sorted(CASES))
async def test_request_and_answer(operation_id: str) -> None:
    await run_case(operation_id, CASES[operation_id])


async def test_answers_are_parsed_into_typed_models() -> None:
    roster: Any = await run_case(
        "listTeamMembersInOrganizationById", CASES["listTeamMembersInOrganizationById"]
    )
    assert (roster.items[0].organization.user.displayName, roster.items[0].team.role) == (
        "Ada",
        "member",
    )
