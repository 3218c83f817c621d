"""Organization resources: every method's request (method, path, query, body) and answer.

Organizations, members, invites, teams and SAML (35 operations), each against a recording
transport and the contract. Collections, permissions, fonts and OpenAPI specs are in
``test_resources_orgadmin_content.py``; pagination, limits and refusals in
``test_orgadmin_behaviour.py``.
"""

from __future__ import annotations

from typing import Any

import pytest

from gitbook_mcp.client.models.common import Member, Team
from gitbook_mcp.client.models.invites import InviteLink, InviteUsersResult, JoinResult
from gitbook_mcp.client.models.members import MemberSpace, MemberTeam, PingResult
from gitbook_mcp.client.models.organizations import (
    EmailDomainOrganizations,
    Organization,
    SearchSpaceResult,
)
from gitbook_mcp.client.models.saml import SAMLProvider, SSOLoginList
from gitbook_mcp.client.models.teams import TeamRosterEntry
from tests.unit.client.payloads_orgadmin import (
    INVITE_LINK,
    MEMBER,
    ORGANIZATION,
    SAML_PROVIDER,
    SEARCH_RESULT,
    SPACE,
    SPACE_INVITE_LINK,
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
LINK_ = O_ + "/link-invites/inv_1"
TEAM_ = O_ + "/teams/team_1"
SAML_ = O_ + "/saml/saml_1"

CASES: dict[str, Case] = {
    # -- organizations
    "listOrganizationsForAuthenticatedUser": Case(
        lambda c: c.orgs.list(limit=10, page="p2"),
        "GET",
        "/orgs",
        Organization,
        page_of(ORGANIZATION),
        query=(("limit", "10"), ("page", "p2")),
    ),
    "getOrganizationById": Case(lambda c: c.orgs.get(ORG), "GET", O_, Organization, ORGANIZATION),
    "updateOrganizationById": Case(
        lambda c: c.orgs.update(
            ORG,
            title="Acme Inc",
            email_domains=["acme.test"],
            hostname="acme",
            default_role=None,
            default_content={"site": "site_1"},
            logo="https://acme.test/logo.png",
            sso=True,
            ai=False,
            invite_links=True,
        ),
        "PATCH",
        O_,
        Organization,
        ORGANIZATION,
        body={
            "title": "Acme Inc",
            "emailDomains": ["acme.test"],
            "hostname": "acme",
            "defaultRole": None,
            "defaultContent": {"type": "site", "site": "site_1"},
            "logo": "https://acme.test/logo.png",
            "sso": True,
            "ai": False,
            "inviteLinks": True,
        },
    ),
    "searchOrganizationContent": Case(
        lambda c: c.orgs.search(ORG, query="install guide", limit=5),
        "GET",
        O_ + "/search",
        SearchSpaceResult,
        page_of(SEARCH_RESULT),
        query=(("query", "install guide"), ("limit", "5")),
    ),
    "getOrganizationsForEmailDomain": Case(
        lambda c: c.orgs.list_for_email_domain("acme.test"),
        "GET",
        "/email-domains/acme.test/orgs",
        EmailDomainOrganizations,
        {"organizaitons": [ORGANIZATION]},
    ),
    # -- members
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
    # -- invites
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
    # -- teams
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
    # -- SAML and SSO
    "listSAMLProvidersInOrganizationById": Case(
        lambda c: c.saml.list(ORG),
        "GET",
        O_ + "/saml",
        SAMLProvider,
        page_of(SAML_PROVIDER),
    ),
    "createOrganizationSAMLProvider": Case(
        lambda c: c.saml.create(
            ORG,
            label="Okta",
            entity_id="https://idp.acme.test",
            certificate="MIIC",
            sso_url="https://idp.acme.test/sso",
            default_team="team_1",
            default_role=None,
        ),
        "POST",
        O_ + "/saml",
        SAMLProvider,
        SAML_PROVIDER,
        status=201,
        body={
            "label": "Okta",
            "entityID": "https://idp.acme.test",
            "certificate": "MIIC",
            "ssoURL": "https://idp.acme.test/sso",
            "defaultTeam": "team_1",
            "defaultRole": None,
        },
    ),
    "getOrganizationSAMLProviderById": Case(
        lambda c: c.saml.get(ORG, "saml_1"), "GET", SAML_, SAMLProvider, SAML_PROVIDER
    ),
    "updateOrganizationSAMLProvider": Case(
        lambda c: c.saml.update(ORG, "saml_1", label="Okta EU", default_role="edit"),
        "PATCH",
        SAML_,
        SAMLProvider,
        SAML_PROVIDER,
        body={"label": "Okta EU", "defaultRole": "edit"},
    ),
    "deleteOrganizationSAMLProvider": Case(
        lambda c: c.saml.delete(ORG, "saml_1"), "DELETE", SAML_, bool, status=205
    ),
    "listSSOProviderLoginsInOrganization": Case(
        lambda c: c.saml.list_sso_logins(ORG),
        "GET",
        O_ + "/sso",
        SSOLoginList,
        {"items": [{"id": "saml_1", "label": "Okta", "startURL": "https://app.test/sso/start"}]},
    ),
}


@pytest.mark.parametrize("operation_id", sorted(CASES))
async def test_request_and_answer(operation_id: str) -> None:
    await run_case(operation_id, CASES[operation_id])


async def test_answers_are_parsed_into_typed_models() -> None:
    org: Any = await run_case("getOrganizationById", CASES["getOrganizationById"])
    assert org.permissions.admin is True
    assert org.permissions.viewBilling is False
    assert org.urls.app.endswith("/o/org_1/")
    assert org.defaultRole is None
    assert org.defaultContent.site == "site_1"

    found: Any = await run_case(
        "getOrganizationsForEmailDomain", CASES["getOrganizationsForEmailDomain"]
    )
    assert [o.id for o in found.organizations] == ["org_1"]

    page: Any = await run_case("searchOrganizationContent", CASES["searchOrganizationContent"])
    section = page.items[0].pages[0].sections[0]
    assert (section.title, section.urls.app) == (
        "Requirements",
        "https://app.gitbook.test/s/spc_1/install#requirements",
    )

    link: Any = await run_case("createOrganizationInvite", CASES["createOrganizationInvite"])
    assert (link.target, link.level, link.role, link.space.id) == (
        "space",
        "comment",
        None,
        "spc_1",
    )

    provider: Any = await run_case(
        "getOrganizationSAMLProviderById", CASES["getOrganizationSAMLProviderById"]
    )
    assert provider.defaultTeam.title == "Writers"
    assert provider.service.acsURL.endswith("/saml/acs")

    roster: Any = await run_case(
        "listTeamMembersInOrganizationById", CASES["listTeamMembersInOrganizationById"]
    )
    assert (roster.items[0].organization.user.displayName, roster.items[0].team.role) == (
        "Ada",
        "member",
    )

    ping: Any = await run_case(
        "updateOrganizationMemberLastSeenAt", CASES["updateOrganizationMemberLastSeenAt"]
    )
    assert ping.gitbookVisitorClaims == "claims-token"

    logins: Any = await run_case(
        "listSSOProviderLoginsInOrganization", CASES["listSSOProviderLoginsInOrganization"]
    )
    assert [login.label for login in logins.items] == ["Okta"]


def test_email_domain_answer_reads_either_spelling_of_the_key() -> None:
    both = EmailDomainOrganizations.model_validate({"organizations": [ORGANIZATION]})
    assert [o.id for o in both.organizations] == ["org_1"]
    assert EmailDomainOrganizations.model_validate({}).organizations == []
