"""HTTP translation for organizations and their members; ROUTES gathers the whole org domain.

Invites, teams and the settings groups (SAML, fonts, OpenAPI specs) live in sibling modules
whose routes are appended here, so `local/routes.py` needs one import for the domain.
"""

from __future__ import annotations

import re

from starlette.responses import Response

from gitbook_mcp.local.absent import ABSENT
from gitbook_mcp.local.errors import Invalid
from gitbook_mcp.local.handlers.organizations.common import item_page, org_id, org_item, org_removed
from gitbook_mcp.local.http.call import Call, ok
from gitbook_mcp.local.http.patterns import ORGANIZATION_TITLE
from gitbook_mcp.local.store.access import ROLES
from gitbook_mcp.local.store.organizations.members import MEMBER_SORTS

__all__ = [
    "ORDERS",
    "get_member",
    "get_organization",
    "list_members",
    "list_organizations",
    "member_spaces",
    "member_teams",
    "organizations_for_email_domain",
    "ping",
    "remove_member",
    "set_sso_member",
    "update_member",
    "update_organization",
]

ORDERS = ("asc", "desc")
_DOMAIN_RE = re.compile(r"^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$")


# -- organizations ------------------------------------------------------------------------


async def list_organizations(call: Call) -> Response:
    page = call.store.orgs.list_organizations(call.actor, paging=call.query.paging())
    return ok(page)


async def get_organization(call: Call) -> Response:
    return ok(call.store.orgs.render_organization(call.actor, org_id(call)))


async def update_organization(call: Call) -> Response:
    body = call.body
    changes: dict[str, object] = {}
    if body.has("title"):
        changes["title"] = body.string("title", min_len=2, max_len=255, pattern=ORGANIZATION_TITLE)
    if body.has("emailDomains"):
        domains = [d.strip().lower() for d in body.strings("emailDomains")]
        for index, domain in enumerate(domains):
            if not _DOMAIN_RE.fullmatch(domain):
                raise Invalid(f"emailDomains[{index}]", f"{domain!r} is not a domain name")
        changes["emailDomains"] = list(dict.fromkeys(domains))
    if body.has("hostname"):
        changes["hostname"] = body.string("hostname", min_len=3, max_len=32)
    if body.has("defaultRole"):
        changes["defaultRole"] = body.role("defaultRole")
    if body.has("defaultContent"):
        changes["defaultContent"] = body.object("defaultContent", nullable=True)
    if body.has("logo"):
        changes["logo"] = body.url("logo", nullable=True)
    for flag in ("sso", "ai", "inviteLinks"):
        if body.has(flag):
            changes[flag] = body.boolean(flag)
    return ok(call.store.orgs.update_organization(call.actor, org_id(call), changes))


async def organizations_for_email_domain(call: Call) -> Response:
    """``organizations``; the contract's schema requires the misspelt key ``organizaitons``,
    so the same list is sent under both names."""
    found = call.store.orgs.organizations_for_email_domain(call.actor, call.path("emailDomain"))
    return ok({"organizations": found, "organizaitons": found})


# -- members ------------------------------------------------------------------------------


async def list_members(call: Call) -> Response:
    q = call.query
    page = call.store.orgs.members.list_members(
        call.actor,
        org_id(call),
        role=q.string("role", choices=(*ROLES, "guest")),
        search=q.string("search"),
        sort=q.string("sort", choices=MEMBER_SORTS, default="joinedAt"),
        order=q.string("order", choices=ORDERS, default="desc"),
        paging=q.paging(),
    )
    return ok(page)


async def get_member(call: Call) -> Response:
    return org_item(call, call.store.orgs.members.get, "userId")


async def update_member(call: Call) -> Response:
    role = call.body.role("role")
    changes = {} if role is ABSENT else {"role": role}
    return org_item(call, call.store.orgs.members.update_member, "userId", changes)


async def remove_member(call: Call) -> Response:
    return org_removed(call, call.store.orgs.members.remove, "userId")


async def ping(call: Call) -> Response:
    """The claims go under ``serviceVisitorClaims`` (the API description's name) and under
    ``gitbookVisitorClaims`` (the contract schema's name)."""
    claims = call.store.orgs.members.ping(call.actor, org_id(call))
    return ok({"serviceVisitorClaims": claims, "gitbookVisitorClaims": claims})


async def set_sso_member(call: Call) -> Response:
    return org_item(call, call.store.orgs.members.set_sso, "userId")


async def member_spaces(call: Call) -> Response:
    order = call.query.string("order", choices=ORDERS, default="desc")
    return item_page(call, call.store.orgs.members.spaces, "userId", order=order)


async def member_teams(call: Call) -> Response:
    title = call.query.string("title")
    return item_page(call, call.store.orgs.members.teams, "userId", title=title)
