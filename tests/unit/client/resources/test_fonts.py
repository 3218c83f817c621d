"""Custom fonts: every method's request and answer, parsed into typed models."""

from __future__ import annotations

from typing import Any

import pytest

from gitbook_mcp.client.models.fonts import CustomFont
from gitbook_mcp.client.resources import Fonts
from tests.unit.client.resources.payloads_content_sites import resource_operations
from tests.unit.client.resources.payloads_orgadmin import FONT, Case, page_of, run_case

pytestmark = pytest.mark.anyio

FONT_ = "/orgs/org_1/fonts/font_1"


CASES: dict[str, Case] = {
    "listCustomFonts": Case(
        lambda c: c.fonts.list("org_1"), "GET", "/orgs/org_1/fonts", CustomFont, page_of(FONT)
    ),
    "createCustomFont": Case(
        lambda c: c.fonts.create(
            "org_1",
            font_family="Inter",
            font_faces=[
                {"weight": 400, "storageKey": "fonts/inter-400.woff2"},
                {"weight": 700, "storageKey": "fonts/inter-700.woff2"},
            ],
        ),
        "PUT",
        "/orgs/org_1/fonts",
        CustomFont,
        FONT,
        status=201,
        body={
            "fontFamily": "Inter",
            "fontFaces": [
                {"weight": 400, "storageKey": "fonts/inter-400.woff2"},
                {"weight": 700, "storageKey": "fonts/inter-700.woff2"},
            ],
        },
    ),
    "getCustomFont": Case(lambda c: c.fonts.get("org_1", "font_1"), "GET", FONT_, CustomFont, FONT),
    "updateCustomFont": Case(
        lambda c: c.fonts.update(
            "org_1",
            "font_1",
            font_family="Inter Display",
            font_faces=[{"weight": 700, "storageKey": None}],
        ),
        "POST",
        FONT_,
        CustomFont,
        FONT,
        status=201,
        body={"fontFamily": "Inter Display", "fontFaces": [{"weight": 700, "storageKey": None}]},
    ),
    "deleteCustomFont": Case(
        lambda c: c.fonts.delete("org_1", "font_1"), "DELETE", FONT_, bool, status=205
    ),
}


def test_every_operation_of_the_module_has_a_case() -> None:
    assert resource_operations(Fonts) == set(CASES)


@pytest.mark.parametrize("operation_id", sorted(CASES))
async def test_request_and_answer(operation_id: str) -> None:
    await run_case(operation_id, CASES[operation_id])


async def test_answers_are_parsed_into_typed_models() -> None:
    font: Any = await run_case("getCustomFont", CASES["getCustomFont"])
    assert [(f.weight, f.sources[0].format) for f in font.fontFaces] == [(400, "woff2")]
    assert font.permissions.edit is True
