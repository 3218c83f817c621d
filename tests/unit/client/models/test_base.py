"""The one rule for request bodies: ``NOT_GIVEN`` is omitted, ``None`` is null where allowed."""

from __future__ import annotations

import json
from typing import Annotated, Any, Required, TypedDict, is_typeddict

import pytest
from pydantic import BaseModel, Field, ValidationError

from gitbook_mcp.client import NOT_GIVEN
from gitbook_mcp.client.models import (
    collections,
    fonts,
    invites,
    members,
    openapi_specs,
    organizations,
    permissions,
    saml,
    spaces,
    teams,
)
from gitbook_mcp.client.models._base import APIModel, RequestModel, body_model, required_keys
from gitbook_mcp.client.models.sites import SiteSpacePointer, UpdateSectionRequest
from gitbook_mcp.client.models.spaces import MoveSpaceRequest, UpdateSpaceRequest


def _model(shape: type) -> type[BaseModel]:
    """The model that checks a body: its own, or the one derived from its TypedDict."""
    return body_model(shape) if is_typeddict(shape) else shape


def test_not_given_is_omitted_in_every_request_model() -> None:
    body = _model(UpdateSpaceRequest).model_validate({"title": "Docs", "emoji": NOT_GIVEN})
    assert body.to_body() == {"title": "Docs"}
    assert _model(UpdateSpaceRequest)(title=NOT_GIVEN).to_body() == {}  # type: ignore[arg-type]


def test_none_is_sent_as_null_where_the_contract_allows_it() -> None:
    assert _model(MoveSpaceRequest).model_validate({"parent": None}).to_body() == {"parent": None}
    update = _model(UpdateSectionRequest).model_validate({"icon": None, "title": "Guides"})
    assert update.to_body() == {"icon": None, "title": "Guides"}


@pytest.mark.parametrize(
    ("model", "field"),
    [(UpdateSpaceRequest, "title"), (UpdateSectionRequest, "path"), (MoveSpaceRequest, "position")],
)
def test_none_is_refused_where_the_contract_does_not_allow_null(model: type, field: str) -> None:
    with pytest.raises(ValidationError, match=f"{field} cannot be null"):
        _model(model).model_validate({field: None})


def test_a_constant_discriminator_is_always_sent() -> None:
    assert SiteSpacePointer.model_validate({"siteSpace": "ss_1"}).to_body() == {
        "type": "site-space",
        "siteSpace": "ss_1",
    }


def test_to_json_is_the_compact_body() -> None:
    body = _model(MoveSpaceRequest).model_validate({"parent": None})
    assert body.to_json() == b'{"parent":null}'
    assert json.loads(body.to_json()) == body.to_body()


def test_request_models_refuse_unknown_fields_and_answers_keep_them() -> None:
    with pytest.raises(ValidationError):
        _model(UpdateSpaceRequest).model_validate({"titel": "typo"})
    assert APIModel.model_validate({"new": 1}).model_extra == {"new": 1}


# -- every request model of the organization administration resources ------------------------

VALID_BODIES: list[tuple[type, dict[str, Any]]] = [
    (organizations.UpdateOrganizationRequest, {"title": "Acme"}),
    (organizations.SitePointerInput, {"site": "site_1"}),
    (members.UpdateMemberRequest, {"role": "read"}),
    (invites.InviteUsersRequest, {"emails": ["a@acme.test"]}),
    (invites.EmailInvite, {"email": "a@acme.test", "role": None}),
    (invites.CreateInviteLinkRequest, {"role": "read"}),
    (invites.UpdateInviteLinkRequest, {"level": "edit"}),
    (teams.CreateTeamRequest, {"title": "Writers"}),
    (teams.UpdateTeamRequest, {"title": "Writers"}),
    (teams.UpdateTeamMembersRequest, {"add": ["usr_1"]}),
    (teams.AddTeamMemberRequest, {"role": "member"}),
    (teams.TeamMembershipInput, {"role": "owner"}),
    (saml.CreateSAMLProviderRequest, {"label": "Okta"}),
    (saml.UpdateSAMLProviderRequest, {"label": "Okta"}),
    (collections.CreateCollectionRequest, {"title": "Guides"}),
    (collections.UpdateCollectionRequest, {"defaultLevel": None}),
    (collections.MoveCollectionRequest, {"parent": None}),
    (spaces.TransferRequest, {"organization": "org_2"}),
    (spaces.UpdateSpaceRequest, {"edit_mode": "locked", "emoji": None}),
    (spaces.MoveSpaceRequest, {"parent": None}),
    (spaces.SpacePosition, {"before": {"space": "spc_1"}}),
    (spaces.PositionRef, {"space": "spc_1"}),
    (collections.SpacePointer, {"space": "spc_1"}),
    (collections.CollectionPointer, {"collection": "col_1"}),
    (collections.ContentPosition, {"before": {"space": "spc_1"}}),
    (permissions.InviteUsersAndTeamsRequest, {"role": None, "teams": ["team_1"]}),
    (permissions.UpdateUserPermissionRequest, {"role": "read"}),
    (
        fonts.CreateCustomFontRequest,
        {"fontFamily": "Inter", "fontFaces": [{"weight": 400, "storageKey": "k"}]},
    ),
    (fonts.UpdateCustomFontRequest, {"fontFamily": "Inter"}),
    (fonts.FontFaceInput, {"weight": 400, "storageKey": "k"}),
    (fonts.FontFaceUpdate, {"weight": 400, "storageKey": None}),
    (openapi_specs.CreateOpenAPISpecRequest, {"slug": "pet-store", "source": {"text": "x"}}),
    (openapi_specs.PutOpenAPISpecRequest, {"source": {"url": "https://a.test/o.yaml"}}),
    (openapi_specs.UpdateOpenAPISpecRequest, {"visibility": "private"}),
    (openapi_specs.UrlSource, {"url": "https://a.test/o.yaml"}),
    (openapi_specs.TextSource, {"text": "openapi: 3.0.0"}),
]


@pytest.mark.parametrize(("model", "body"), VALID_BODIES, ids=[m.__name__ for m, _ in VALID_BODIES])
def test_request_models_accept_a_valid_body_and_refuse_an_unknown_field(
    model: type, body: dict[str, Any]
) -> None:
    _model(model).model_validate(body)
    with pytest.raises(ValidationError, match="colour"):
        _model(model).model_validate({**body, "colour": "red"})


def test_every_request_model_of_these_resources_is_checked() -> None:
    modules = (
        collections,
        fonts,
        invites,
        members,
        openapi_specs,
        organizations,
        permissions,
        saml,
        spaces,
        teams,
    )
    defined = {
        cls
        for module in modules
        for cls in vars(module).values()
        if isinstance(cls, type)
        and (
            issubclass(cls, RequestModel)
            or (is_typeddict(cls) and cls.__name__.endswith("Request"))
        )
        and cls.__module__ == module.__name__
        and not cls.__name__.startswith("_")
    }
    assert defined == {model for model, _ in VALID_BODIES}


def test_constant_discriminators_are_sent_even_when_left_to_their_default() -> None:
    move = collections.MoveCollectionRequest.model_validate(
        {"position": {"after": {"collection": "col_3"}}}
    )
    assert move.to_body() == {"position": {"after": {"type": "collection", "collection": "col_3"}}}
    update = _model(organizations.UpdateOrganizationRequest).model_validate(
        {"defaultContent": {"site": "site_1"}}
    )
    assert update.to_body() == {"defaultContent": {"type": "site", "site": "site_1"}}


# -- bodies declared as TypedDicts -----------------------------------------------------------


class _Shape(TypedDict, total=False):
    title: Required[Annotated[str, Field(min_length=1)]]
    sso_url: Annotated[str, Field(alias="ssoURL")]
    default_role: str | None
    default_site_space: str


def test_a_typed_dict_body_is_sent_under_wire_names_with_only_what_was_given() -> None:
    model = body_model(_Shape)
    body = model.model_validate(
        {"title": "Docs", "sso_url": "https://idp.test", "default_site_space": NOT_GIVEN}
    )
    assert body.to_body() == {"title": "Docs", "ssoURL": "https://idp.test"}
    assert model.model_validate({"title": "Docs", "default_role": None}).to_body() == {
        "title": "Docs",
        "defaultRole": None,
    }


@pytest.mark.parametrize(
    ("given", "error"),
    [
        ({}, "title"),
        ({"title": ""}, "at least 1 character"),
        ({"title": "Docs", "default_site_space": None}, "default_site_space cannot be null"),
        ({"title": "Docs", "colour": "red"}, "colour"),
    ],
)
def test_a_typed_dict_body_keeps_its_rules(given: dict[str, Any], error: str) -> None:
    with pytest.raises(ValidationError, match=error):
        body_model(_Shape).model_validate(given)


def test_required_keys_are_read_through_postponed_annotations() -> None:
    assert required_keys(_Shape) == {"title"}
    assert body_model(_Shape) is body_model(_Shape)
