"""The one rule for request bodies: ``NOT_GIVEN`` is omitted, ``None`` is null where allowed."""

from __future__ import annotations

import json

import pytest
from pydantic import ValidationError

from gitbook_mcp.client import NOT_GIVEN
from gitbook_mcp.client.models._base import APIModel, RequestModel
from gitbook_mcp.client.models.sites import SiteSpacePointer, UpdateSectionRequest
from gitbook_mcp.client.models.spaces import MoveSpaceRequest, UpdateSpaceRequest


def test_not_given_is_omitted_in_every_request_model() -> None:
    body = UpdateSpaceRequest.model_validate({"title": "Docs", "emoji": NOT_GIVEN})
    assert body.to_body() == {"title": "Docs"}
    assert UpdateSpaceRequest(title=NOT_GIVEN).to_body() == {}  # type: ignore[arg-type]


def test_none_is_sent_as_null_where_the_contract_allows_it() -> None:
    assert MoveSpaceRequest.model_validate({"parent": None}).to_body() == {"parent": None}
    update = UpdateSectionRequest.model_validate({"icon": None, "title": "Guides"})
    assert update.to_body() == {"icon": None, "title": "Guides"}


@pytest.mark.parametrize(
    ("model", "field"),
    [(UpdateSpaceRequest, "title"), (UpdateSectionRequest, "path"), (MoveSpaceRequest, "position")],
)
def test_none_is_refused_where_the_contract_does_not_allow_null(
    model: type[RequestModel], field: str
) -> None:
    with pytest.raises(ValidationError, match=f"{field} cannot be null"):
        model.model_validate({field: None})


def test_a_constant_discriminator_is_always_sent() -> None:
    assert SiteSpacePointer.model_validate({"siteSpace": "ss_1"}).to_body() == {
        "type": "site-space",
        "siteSpace": "ss_1",
    }


def test_to_json_is_the_compact_body() -> None:
    body = MoveSpaceRequest.model_validate({"parent": None})
    assert body.to_json() == b'{"parent":null}'
    assert json.loads(body.to_json()) == body.to_body()


def test_request_models_refuse_unknown_fields_and_answers_keep_them() -> None:
    with pytest.raises(ValidationError):
        UpdateSpaceRequest.model_validate({"titel": "typo"})
    assert APIModel.model_validate({"new": 1}).model_extra == {"new": 1}
