"""In the live profile, the reads of the seed operations answer in the live contract's shapes
(the ``api`` hook validates each against ``openapi-live.json``); seed answers are unchanged."""

from __future__ import annotations

import json

import httpx2
import pytest

from gitbook_mcp.api import Profile
from gitbook_mcp.local.http.shapes import reshape
from gitbook_mcp.local.seed.content import CR_INSTALL
from gitbook_mcp.local.seed.ids import ORG_ACME, SPACES

pytestmark = pytest.mark.anyio

HANDBOOK = SPACES["handbook"]
READS = [
    "/orgs",
    f"/orgs/{ORG_ACME}",
    f"/orgs/{ORG_ACME}/members",
    f"/orgs/{ORG_ACME}/spaces",
    f"/orgs/{ORG_ACME}/openapi",
    f"/orgs/{ORG_ACME}/sites",
    f"/orgs/{ORG_ACME}/search?query=install",
    f"/spaces/{HANDBOOK}",
    f"/spaces/{HANDBOOK}/content",
    f"/spaces/{HANDBOOK}/content/pages",
    f"/spaces/{HANDBOOK}/content/path/getting-started/install",
    f"/spaces/{HANDBOOK}/change-requests",
    f"/spaces/{HANDBOOK}/change-requests/{CR_INSTALL}",
    f"/spaces/{HANDBOOK}/comments",
    f"/spaces/{HANDBOOK}/change-requests/{CR_INSTALL}/comments",
]


@pytest.mark.parametrize("profile", ["live", "seed"])
@pytest.mark.parametrize("path", READS)
async def test_reads_follow_the_profiles_contract(
    api: httpx2.AsyncClient, profile: Profile, path: str
) -> None:
    response = await api.get(path)  # the hook raises on any contract break
    assert response.status_code == 200


@pytest.mark.parametrize("profile", ["live"])
async def test_live_change_request_names_its_space_and_drops_the_seed_only_fields(
    api: httpx2.AsyncClient, profile: Profile
) -> None:
    change_request = (await api.get(f"/spaces/{HANDBOOK}/change-requests/{CR_INSTALL}")).json()
    assert change_request["space"] == HANDBOOK
    space = (await api.get(f"/spaces/{HANDBOOK}")).json()
    assert "type" not in space  # live types only style guides


def test_live_reshapes_the_pages_below_a_page_but_never_its_documents() -> None:
    """A page read holds its children with their documents: the children get the live page's
    fields, while a document (even one whose node data looks like a page) is left as it is."""
    look_alike = {"type": "document", "kind": "sheet", "layout": {}}
    document = {
        "object": "document",
        "data": {},
        "nodes": [{"object": "block", "type": "paragraph", "data": dict(look_alike)}],
    }
    child = {"id": "p2", "type": "document", "kind": "sheet", "layout": {}, "pages": []}
    child["document"] = json.loads(json.dumps(document))
    page = {"id": "p1", "type": "document", "kind": "sheet", "layout": {}, "pages": [child]}
    reshape("live", page)
    assert child["tags"] == []
    assert child["layout"]["anchors"] is True
    assert child["document"] == document
