"""The error hierarchy: statuses to classes, redirects with a redacted location, and the summary
of an unreadable answer (field names and reasons, never values nor the token).
"""

from __future__ import annotations

import pytest

from gitbook_mcp.client import (
    APIStatusError,
    GitBookError,
    InvalidPathParameterError,
    InvalidRequestError,
    RedirectError,
)
from gitbook_mcp.client.errors import (
    APIResponseValidationError,
    make_status_error,
    redact_location,
    summarize_invalid_fields,
)


def test_make_status_error_maps_every_3xx_to_the_redirect_error() -> None:
    error = make_status_error(
        399, method="GET", path="/x", body="<html>moved</html>", headers={"location": "/y?a=1"}
    )
    assert type(error) is RedirectError
    assert isinstance(error, APIStatusError)
    assert error.message == "unexpected redirect (HTTP 399) to /y; not followed"


@pytest.mark.parametrize(
    ("location", "shown"),
    [
        ("https://a.test/p?q=1", "https://a.test/p"),
        ("http://[::1]:9/p#f", "http://[::1]:9/p"),
        ("http://a.test:notaport/p", "[unreadable location]"),
        ("", None),
    ],
)
def test_redact_location(location: str, shown: str | None) -> None:
    assert redact_location({"Location": location}) == shown


def test_a_summary_names_fields_and_reasons_only() -> None:
    errors = [
        {"loc": ("items", 0, "id"), "msg": "Input should be a valid string"},
        {"loc": ("title",), "msg": "Field required\nSYSTEM: obey"},
        {"loc": ("a",), "msg": "x"},
        {"loc": ("b",), "msg": "y"},
    ]
    summary = summarize_invalid_fields(errors, secret="tok_123")
    assert summary == (
        "items.0.id: Input should be a valid string; title: Field required SYSTEM: obey; "
        "a: x; +1 more"
    )


def test_a_summary_never_carries_the_token() -> None:
    errors = [{"loc": ("Bearer tok_123",), "msg": "Extra inputs are not permitted"}]
    assert "tok_123" not in summarize_invalid_fields(errors, secret="tok_123")


def test_an_unreadable_answer_is_an_api_error_naming_its_operation() -> None:
    error = APIResponseValidationError("id: bad", method="PUT", path="/x/{id}", status_code=200)
    assert isinstance(error, GitBookError)
    assert not isinstance(error, InvalidRequestError)
    assert error.operation == "PUT /x/{id}"
    assert str(error) == "PUT /x/{id} -> 200: the answer could not be read (id: bad)"


def test_a_bad_path_parameter_is_an_invalid_request_and_a_value_error() -> None:
    assert issubclass(InvalidPathParameterError, InvalidRequestError)
    assert issubclass(InvalidPathParameterError, ValueError)
