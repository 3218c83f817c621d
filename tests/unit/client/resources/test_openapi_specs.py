"""OpenAPI specs: every method's request and answer, including a PUT that creates."""

from __future__ import annotations

from typing import Any

import pytest

from gitbook_mcp.client.models.openapi_specs import OpenAPISpec
from gitbook_mcp.client.resources import OpenAPISpecs
from tests.unit.client.resources.payloads_content_sites import resource_operations
from tests.unit.client.resources.payloads_orgadmin import SPEC, Case, page_of, run_case

pytestmark = pytest.mark.anyio

SPEC_ = "/orgs/org_1/openapi/petstore"
SPEC_URL = {"url": "https://acme.test/openapi.yaml"}


CASES: dict[str, Case] = {
    "listOpenAPISpecs": Case(
        lambda c: c.openapi_specs.list("org_1", limit=20),
        "GET",
        "/orgs/org_1/openapi",
        OpenAPISpec,
        page_of(SPEC),
        query=(("limit", "20"),),
    ),
    "createOpenAPISpec": Case(
        lambda c: c.openapi_specs.create("org_1", slug="petstore", source=SPEC_URL),
        "POST",
        "/orgs/org_1/openapi",
        OpenAPISpec,
        SPEC,
        status=201,
        body={"slug": "petstore", "source": SPEC_URL},
    ),
    "getOpenAPISpecBySlug": Case(
        lambda c: c.openapi_specs.get("org_1", "petstore"), "GET", SPEC_, OpenAPISpec, SPEC
    ),
    "createOrUpdateOpenAPISpecBySlug": Case(
        lambda c: c.openapi_specs.create_or_update(
            "org_1", "petstore", source={"text": "openapi: 3.0.0"}
        ),
        "PUT",
        SPEC_,
        OpenAPISpec,
        SPEC,
        body={"source": {"text": "openapi: 3.0.0"}},
    ),
    "updateOpenAPISpecBySlug": Case(
        lambda c: c.openapi_specs.update("org_1", "petstore", visibility="public"),
        "PATCH",
        SPEC_,
        OpenAPISpec,
        {**SPEC, "visibility": "public"},
        body={"visibility": "public"},
    ),
    "deleteOpenAPISpecBySlug": Case(
        lambda c: c.openapi_specs.delete("org_1", "petstore"), "DELETE", SPEC_, bool, status=205
    ),
}


def test_every_operation_of_the_module_has_a_case() -> None:
    assert resource_operations(OpenAPISpecs) == set(CASES)


@pytest.mark.parametrize("operation_id", sorted(CASES))
async def test_request_and_answer(operation_id: str) -> None:
    await run_case(operation_id, CASES[operation_id])


async def test_a_spec_put_answers_201_when_it_created_the_spec() -> None:
    case = CASES["createOrUpdateOpenAPISpecBySlug"]
    created = Case(case.call, case.method, case.path, OpenAPISpec, SPEC, 201, body=case.body)
    spec: Any = await run_case("createOrUpdateOpenAPISpecBySlug", created)
    assert spec.slug == "petstore"


async def test_answers_are_parsed_into_typed_models() -> None:
    spec: Any = await run_case("updateOpenAPISpecBySlug", CASES["updateOpenAPISpecBySlug"])
    assert (spec.visibility, spec.processingState) == ("public", "pending")
    assert spec.permissions.delete is True
