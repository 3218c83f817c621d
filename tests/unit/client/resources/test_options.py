"""A method's keyword options declared once as ``**options: Unpack[TypedDict]``."""

from __future__ import annotations

import inspect
from typing import Required, TypedDict, Unpack

import pytest

from gitbook_mcp.client import NOT_GIVEN
from gitbook_mcp.client.resources._options import OperationOptions


class _Changes(TypedDict, total=False):
    title: Required[str]
    default_role: str | None


def _update(self: object, organization_id: str, **body: Unpack[_Changes]) -> None:
    """A write whose body is ``_Changes``."""


def test_the_signature_spells_out_each_key_as_a_keyword_option() -> None:
    signature = OperationOptions(_update).signature
    params = signature.parameters
    assert list(params) == ["self", "organization_id", "title", "default_role"]
    assert params["title"].kind is inspect.Parameter.KEYWORD_ONLY
    assert params["title"].default is inspect.Parameter.empty
    assert params["default_role"].default is NOT_GIVEN


def test_a_write_fills_its_body_from_the_options_given() -> None:
    options = OperationOptions(_update, path="/orgs/{organizationId}", sends_body=True)
    ids, given = options.bind(None, "org_1", title="Docs")
    assert ids == {"organizationId": "org_1"}
    body = options.body_of(given)
    assert body is not None
    assert body.to_body() == {"title": "Docs"}


def test_a_misspelt_or_missing_option_fails_before_sending() -> None:
    options = OperationOptions(_update, sends_body=True)
    with pytest.raises(TypeError):
        options.bind(None, "org_1", title="Docs", titel="typo")
    with pytest.raises(TypeError):
        options.bind(None, "org_1")


def test_a_read_sends_no_body() -> None:
    options = OperationOptions(_update)
    _, given = options.bind(None, "org_1", title="Docs")
    assert options.body_of(given) is None
    assert given == {"title": "Docs", "default_role": NOT_GIVEN}
