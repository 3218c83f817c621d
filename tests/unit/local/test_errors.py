"""The domain errors' validators: a value of any JSON type is refused with `Invalid` naming the
field, never with a Python error (a dict or list is unhashable, a number is not a choice)."""

from __future__ import annotations

import pytest

from gitbook_mcp.local.errors import Invalid, one_of

CHOICES = {"site-space": ("siteSpaceId",), "site-section": ("siteSectionId",)}


@pytest.mark.parametrize("choices", [CHOICES, frozenset(CHOICES), tuple(CHOICES)])
@pytest.mark.parametrize("value", [{}, [], ["site-space"], {"site-space": 1}, 1, 1.5, True, None])
def test_a_value_of_another_type_is_invalid_naming_the_field(
    value: object, choices: dict[str, object] | frozenset[str] | tuple[str, ...]
) -> None:
    with pytest.raises(Invalid) as refused:
        one_of("destination.kind", value, choices)
    assert refused.value.field == "destination.kind"
    assert refused.value.message.startswith("destination.kind: must be one of site-")


def test_a_choice_is_returned() -> None:
    assert one_of("kind", "site-space", CHOICES) == "site-space"
