"""Scenario of ``org_admin``: the organization, members, invites, teams, SAML, fonts, specs."""

from __future__ import annotations

from gitbook_mcp.local.seed.ids import ORG_ACME, SPACES
from gitbook_mcp.local.seed.orgs import (
    FONT_BRAND,
    INVITE_READ,
    SAML_OKTA,
    SPEC_PETSTORE,
    TEAM_SUPPORT,
    TEAM_WRITERS,
)
from tests.unit.server.reach import Caller

ORG = {"organization_id": ORG_ACME}


async def scenario(call: Caller) -> None:
    org = await call("get_organization", **ORG)
    assert org["organizations"][0]["title"] == "Acme Docs"
    by_domain = await call("get_organization", email_domain="acme.test")
    assert [o["id"] for o in by_domain["organizations"]] == [ORG_ACME]
    updated = await call("update_organization", **ORG, title="Acme", default_role="comment")
    assert updated["default_role"] == "comment"

    await scenario_people(call)
    await scenario_config(call)


async def scenario_people(call: Caller) -> None:
    members = await call("list_members", **ORG, search="dana")
    assert [m["id"] for m in members["members"]] == ["usr_dana"]
    await call("list_members", **ORG, method="get", user_id="usr_sam")
    spaces = await call("list_members", **ORG, method="spaces", user_id="usr_reader")
    assert spaces["spaces"]
    teams = await call("list_members", **ORG, method="teams", user_id="usr_dana")
    assert [t["id"] for t in teams["teams"]] == [TEAM_WRITERS]
    sam = await call("write_member", **ORG, method="update", user_id="usr_sam", role="edit")
    assert sam["member"]["role"] == "edit"
    sso = await call("write_member", **ORG, method="set_sso", user_id="usr_sam")
    assert sso["member"]["sso"] is True
    assert (await call("write_member", **ORG, method="ping"))["seen"] is True

    links = await call("list_invites", **ORG)
    assert INVITE_READ in {link["id"] for link in links["links"]}
    await call("list_invites", **ORG, invite_id=INVITE_READ)
    invited = await call(
        "write_invite", **ORG, method="invite_users", emails=["new@acme.test"], role="read"
    )
    assert invited["invited"] == 1
    link = await call("write_invite", **ORG, method="create_link", role="comment")
    new_link = link["link"]["id"]
    space_link = await call(
        "write_invite", **ORG, method="create_link", role="edit", space_id=SPACES["api"]
    )
    assert space_link["link"]["target"] == "space"
    moved = await call(
        "write_invite", **ORG, method="update_link", invite_id=space_link["link"]["id"], role="read"
    )
    assert moved["link"]["role"] == "read"
    await call("write_invite", **ORG, method="update_link", invite_id=new_link, role="edit")
    assert (await call("write_invite", **ORG, method="join", invite_id=INVITE_READ))["joined"]

    await call("list_teams", **ORG)
    await call("list_teams", **ORG, method="get", team_id=TEAM_SUPPORT)
    roster = await call("list_teams", **ORG, method="members", team_id=TEAM_WRITERS)
    assert roster["members"][0] == {"id": "usr_editor", "name": "Eddie Editor", "role": "owner"}
    team = await call("write_team", **ORG, method="create", title="Ops", add=["usr_sam"])
    tid = team["id"]
    await call("write_team", **ORG, method="update", team_id=tid, title="Operations")
    grown = await call(
        "write_team", **ORG, method="set_members", team_id=tid, add=["usr_dana", "usr_reader"]
    )
    assert grown["members"] == 3
    await call(
        "write_team", **ORG, method="add_member", team_id=tid, user_id="usr_dana", role="owner"
    )

    for kind, ident, extra in (
        ("team_member", "usr_reader", {"team_id": tid}),
        ("team", tid, {}),
        ("invite_link", new_link, {}),
        ("member", "usr_commenter", {}),
    ):
        done = await call("delete_org_item", **ORG, kind=kind, id=ident, **extra)
        assert done["deleted"] is True, kind


async def scenario_config(call: Caller) -> None:
    providers = await call("list_saml_providers", **ORG)
    assert "certificate" not in providers["providers"][0]
    await call("list_saml_providers", **ORG, method="get", provider_id=SAML_OKTA)
    logins = await call("list_saml_providers", **ORG, method="sso_logins")
    assert logins["logins"][0]["id"] == SAML_OKTA
    saml = await call(
        "write_saml_provider",
        **ORG,
        method="create",
        label="Azure",
        entity_id="https://sts.example.test/acme",
        sso_url="https://login.example.test/acme/saml",
        certificate="MIIsecretcert",
        default_role="read",
    )
    assert "certificate" not in saml
    await call("write_saml_provider", **ORG, method="update", provider_id=saml["id"], label="Entra")

    fonts = await call("list_fonts", **ORG)
    assert FONT_BRAND in {f["id"] for f in fonts["fonts"]}
    await call("list_fonts", **ORG, font_id=FONT_BRAND)
    font = await call(
        "write_font",
        **ORG,
        method="create",
        family="Serif",
        faces={"400": "fonts/serif-400.woff2", "700": "fonts/serif-700.woff2"},
    )
    grown = await call(
        "write_font", **ORG, method="update", font_id=font["id"], faces={"300": "fonts/s.woff2"}
    )
    assert grown["weights"] == [300, 400, 700]

    specs = await call("list_openapi_specs", **ORG)
    assert SPEC_PETSTORE in {s["slug"] for s in specs["specs"]}
    await call("list_openapi_specs", **ORG, slug=SPEC_PETSTORE)
    await call(
        "write_openapi_spec", **ORG, method="create", slug="billing", text="openapi: 3.0.0\n"
    )
    await call(
        "write_openapi_spec", **ORG, method="put", slug="billing", url="https://x.test/b.json"
    )
    public = await call(
        "write_openapi_spec", **ORG, method="update", slug="billing", visibility="public"
    )
    assert public["visibility"] == "public"

    for kind, ident in (
        ("saml_provider", saml["id"]),
        ("font", font["id"]),
        ("openapi_spec", "billing"),
    ):
        done = await call("delete_org_item", **ORG, kind=kind, id=ident)
        assert done["deleted"] is True, kind
