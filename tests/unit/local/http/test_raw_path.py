"""Routes match the path as sent: an encoded ``/`` (``%2F``) inside an id stays in its segment,
so the id is unknown (404) rather than decoded into a deeper route; other escapes still decode."""

from __future__ import annotations

import httpx2
import pytest

from gitbook_mcp.local.seed.content import CR_INSTALL

pytestmark = pytest.mark.anyio
SPACE = "/spaces/spc_handbook"


@pytest.mark.parametrize("slash", ["%2F", "%2f"])
async def test_an_encoded_slash_in_an_id_does_not_reach_a_deeper_route(
    api: httpx2.AsyncClient, slash: str
) -> None:
    nested = f"spc_handbook{slash}change-requests{slash}{CR_INSTALL}"
    answer = await api.get(f"/spaces/{nested}/comments")
    assert answer.status_code == 404, answer.text
    assert "spc_handbook/change-requests/" in answer.json()["error"]["message"]
    assert (await api.get(f"{SPACE}/change-requests/{CR_INSTALL}/comments")).status_code == 200


async def test_an_encoded_slash_in_the_last_id_is_an_unknown_id(api: httpx2.AsyncClient) -> None:
    answer = await api.get("/spaces/spc_handbook%2Fcontent")
    assert answer.status_code == 404, answer.text
    assert answer.json()["error"]["message"] != "No such endpoint"


async def test_other_escapes_in_ids_still_decode(api: httpx2.AsyncClient) -> None:
    answer = await api.get("/spaces/spc%5Fhandbook")
    assert answer.status_code == 200, answer.text
    assert answer.json()["id"] == "spc_handbook"
    by_path = await api.get(f"{SPACE}/content/path/getting%2Dstarted")
    assert by_path.status_code == 200, by_path.text
