"""Request bodies are checked against the profile's contract before any handler runs: a value
the contract does not allow is a 400 in the API's error shape naming the field's path, and
nothing is stored."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx2
import pytest

from gitbook_mcp.api import Profile
from gitbook_mcp.local.errors import Invalid
from gitbook_mcp.local.http.contract_bodies import CONTRACT_DEFECTS, check_body, field_path
from gitbook_mcp.local.seed.content import CR_INSTALL, PAGE_INSTALL
from tests.support.contract import load_profile_contract

pytestmark = pytest.mark.anyio

CR = f"/spaces/spc_handbook/change-requests/{CR_INSTALL}"
HINT_STYLES = ("info", "warning", "danger", "success")


@pytest.fixture
def profile() -> Profile:
    return "live"


def _text(text: str) -> dict[str, Any]:
    return {"object": "text", "leaves": [{"object": "leaf", "text": text, "marks": []}]}


def _paragraph(text: str) -> dict[str, Any]:
    return {"object": "block", "type": "paragraph", "nodes": [_text(text)]}


def _hint(style: str) -> dict[str, Any]:
    return {
        "object": "block",
        "type": "hint",
        "data": {"style": style},
        "nodes": [_paragraph("Mind the gap.")],
    }


def _update(*nodes: dict[str, Any]) -> dict[str, Any]:
    document = {"object": "document", "data": {}, "nodes": list(nodes)}
    change = {"operation": "update_page", "page": PAGE_INSTALL, "document": {"document": document}}
    return {"changes": [change]}


def _refusal(body: Any, profile: Profile = "live", op: str = "updateChangeRequestContent") -> str:
    with pytest.raises(Invalid) as caught:
        check_body(profile, op, body)
    return caught.value.message


def test_a_hint_style_outside_the_contract_is_named_with_the_allowed_styles() -> None:
    for style in ("tip", "bogus"):
        message = _refusal(_update(_paragraph("x"), _hint(style)))
        assert message == (
            "changes[0].document.document.nodes[1].data.style: must be one of "
            + ", ".join(HINT_STYLES)
        )
    for style in HINT_STYLES:
        check_body("live", "updateChangeRequestContent", _update(_hint(style)))


def test_an_unknown_block_type_a_wrong_type_and_a_missing_field_are_named() -> None:
    bogus = {**_paragraph("x"), "type": "marquee"}
    assert _refusal(_update(bogus)).startswith("changes[0].document.document.nodes[0].type: ")
    assert "paragraph" in _refusal(_update(bogus))
    code = {
        "object": "block",
        "type": "code",
        "data": {"syntax": 5},
        "nodes": [{"object": "block", "type": "code-line", "data": {}, "nodes": [_text("x")]}],
    }
    assert (
        _refusal(_update(code))
        == "changes[0].document.document.nodes[0].data.syntax: must be a string"
    )
    no_style = {**_hint("info"), "data": {}}
    assert (
        _refusal(_update(no_style))
        == "changes[0].document.document.nodes[0].data.style: is required"
    )
    assert _refusal({"changes": []}) == "changes: must have at least 1 item(s)"
    assert _refusal([]) == "body: must be an object"


def test_a_translation_language_outside_the_contract_is_refused() -> None:
    contract = load_profile_contract("live")
    schemas = contract.document["components"]["schemas"]
    languages = contract.resolve(schemas["TranslationLanguage"])["enum"]
    message = _refusal({"language": "AAA"}, "live", "updateSpaceById")
    assert message.startswith("language: must be one of ")
    assert all(code in message for code in languages[:10])
    check_body("live", "updateSpaceById", {"language": languages[1]})


def test_field_paths_read_as_code_would_write_them() -> None:
    assert (
        field_path(["changes", 0, "document", "nodes", 3, "data"])
        == "changes[0].document.nodes[3].data"
    )
    assert field_path([]) == "body"


def test_an_operation_without_a_json_body_is_not_checked() -> None:
    check_body("live", "getSpaceById", {"anything": True})


async def test_patch_space_with_an_unknown_language_is_a_400_and_changes_nothing(
    api: httpx2.AsyncClient,
) -> None:
    before = (await api.get("/spaces/spc_api")).json()
    response = await api.patch("/spaces/spc_api", json={"language": "AAA", "title": "Renamed"})
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == 400
    assert error["message"].startswith("language: must be one of en, fr")
    assert (await api.get("/spaces/spc_api")).json() == before


async def test_a_document_with_a_tip_hint_is_a_400_and_the_page_is_unchanged(
    api: httpx2.AsyncClient,
) -> None:
    url = f"{CR}/content/page/{PAGE_INSTALL}"
    before = (await api.get(url, params={"format": "document"})).json()["document"]
    response = await api.post(f"{CR}/content", json=_update(_hint("tip")))
    assert response.status_code == 400
    message = response.json()["error"]["message"]
    assert message.startswith("changes[0].document.document.nodes[0].data.style: ")
    assert all(style in message for style in HINT_STYLES)
    assert (await api.get(url, params={"format": "document"})).json()["document"] == before


async def test_a_large_document_is_checked_too(api: httpx2.AsyncClient) -> None:
    nodes = [_paragraph("word " * 40) for _ in range(600)] + [_hint("tip")]
    body = _update(*nodes)
    assert len(json.dumps(body)) > 64 * 1024  # checked off the event loop
    response = await api.post(f"{CR}/content", json=body)
    assert response.status_code == 400
    assert "nodes[600].data.style" in response.json()["error"]["message"]


def test_each_listed_contract_defect_is_one_indeed() -> None:
    """A button as GitBook writes it (label, kind and a ref) fails the vendored contract, and
    passes once the listed defect is relaxed; the doc names every defect."""
    assert [d.schema for d in CONTRACT_DEFECTS] == ["DocumentInlineButton"]
    contract = load_profile_contract("live")
    button = {
        "object": "inline",
        "type": "button",
        "isVoid": True,
        "data": {
            "label": "Start",
            "kind": "primary",
            "ref": {"kind": "url", "url": "https://x.test"},
        },
    }
    schema = {"$ref": "#/components/schemas/DocumentInlineButton"}
    with pytest.raises(AssertionError):
        contract.validate(schema, button, "button")
    for data in ({"ref": button["data"]["ref"]}, {"label": "Start", "kind": "primary"}):
        with pytest.raises(AssertionError):
            contract.validate(schema, {**button, "data": data}, "button")
    paragraph = {**_paragraph("Go: "), "nodes": [_text("Go: "), button, _text("")]}
    check_body("live", "updateChangeRequestContent", _update(paragraph))
    doc = Path(__file__).parents[4] / "docs" / "contract-defects.md"
    text = doc.read_text()
    assert all(d.schema in text and d.pointer in text for d in CONTRACT_DEFECTS)
