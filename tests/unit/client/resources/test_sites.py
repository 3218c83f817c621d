"""Sites: every method's request and answer, and the refusals made before sending."""

from __future__ import annotations

import pytest

from gitbook_mcp.client.models.sites import Site
from gitbook_mcp.client.resources import Sites
from tests.unit.client.resources.payloads_content_sites import (
    SITE,
    Case,
    page_of,
    resource_operations,
    run_case,
)

pytestmark = pytest.mark.anyio

ORG, SITE_ = "org 1", "/orgs/org%201/sites/site_1"
"""An organization id that needs percent-encoding, and the site path prefix it must produce."""


CASES: dict[str, Case] = {
    "listSites": Case(
        lambda c: c.sites.list(
            ORG, space="spc_1", title="Acme", published=True, type=["basic", "premium"], limit=5
        ),
        "GET",
        "/orgs/org%201/sites",
        Site,
        page_of(SITE),
        query=(
            ("space", "spc_1"),
            ("title", "Acme"),
            ("published", "true"),
            ("type", "basic"),
            ("type", "premium"),
            ("limit", "5"),
        ),
    ),
    "getSiteById": Case(lambda c: c.sites.get(ORG, "site_1"), "GET", SITE_, Site, SITE),
}


def test_every_operation_of_the_module_has_a_case() -> None:
    assert resource_operations(Sites) == set(CASES)


@pytest.mark.parametrize("operation_id", sorted(CASES))
async def test_request_and_answer(operation_id: str) -> None:
    await run_case(operation_id, CASES[operation_id])
