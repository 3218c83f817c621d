"""Permission gating works on the live service's shapes (issue 10: every tool failed there).

The server loads the caller's organizations, spaces and collections before ``tools/list`` and
checks the target's flags (an organization, a space, a comment) before a write. Here the API
answers with the live contract's minimal instances (only what 0.202.0 guarantees, flags false)
and full ones (every property, flags true), through the client, into `PermissionState`.
"""

from __future__ import annotations

import pytest

from gitbook_mcp.client import GitBookClient
from gitbook_mcp.server.calls.gating import PermissionState
from gitbook_mcp.server.tooling import ToolDef, ToolFailure
from gitbook_mcp.server.toolsets import all_tools
from tests.contract.profiles_support import load_profile_contract, serving_transport
from tests.contract.schema_instances import Variant

pytestmark = pytest.mark.anyio

MINIMAL = Variant(full=False, items=1)
FULL = Variant(full=True, items=1)


def _client(variant: Variant) -> GitBookClient:
    transport = serving_transport(load_profile_contract("live"), {}, variant)
    return GitBookClient(token="t", base_url="http://api.test/v1", transport=transport)


def _required_flags(schema_name: str) -> set[str]:
    """The flags the live contract requires in the ``permissions`` of a component."""
    contract = load_profile_contract("live")
    schema = contract.resolve(contract.document["components"]["schemas"][schema_name])
    return set(contract.resolve(schema["properties"]["permissions"])["required"])


def _tool(name: str) -> ToolDef:
    return next(t for t in all_tools() if t.name == name)


async def test_permissions_load_from_minimal_live_answers() -> None:
    async with _client(MINIMAL) as client:
        state = await PermissionState.load(client)
    (org_flags,) = state.flags["organization"].values()
    assert set(org_flags) == _required_flags("Organization")
    assert "ingestConversations" not in org_flags
    assert not any(org_flags.values())
    assert len(state.flags["space"]) == 1
    assert len(state.flags["collection"]) == 1


async def test_full_live_answers_offer_the_writing_tools() -> None:
    async with _client(FULL) as client:
        state = await PermissionState.load(client)
    offered = {t.name for t in state.offered(all_tools())}
    assert {"post_comment", "delete_comment", "update_organization", "write_space"} <= offered


async def test_minimal_live_answers_offer_only_the_flagless_write() -> None:
    async with _client(MINIMAL) as client:
        state = await PermissionState.load(client)
    writes = {t.name for t in state.offered(all_tools()) if not t.read_only}
    # Joining with an invite link needs no flag; even a ping needs the organization's view.
    assert writes == {"write_invite"}


@pytest.mark.parametrize(
    ("tool", "args"),
    [
        ("post_comment", {"space_id": "spc_1", "markdown": "Looks good"}),
        ("delete_comment", {"space_id": "spc_1", "comment_id": "cm_1"}),
        ("delete_comment", {"space_id": "spc_1", "comment_id": "cm_1", "change_request_id": "1"}),
        ("update_organization", {"organization_id": "org_1", "title": "Acme"}),
    ],
)
async def test_call_time_check_reads_the_live_target(tool: str, args: dict[str, str]) -> None:
    definition = _tool(tool)
    parsed = definition.input.model_validate(args)
    async with _client(FULL) as client:
        await PermissionState().check(definition, parsed, client)
    async with _client(MINIMAL) as client:
        with pytest.raises(ToolFailure, match="Nothing was sent"):
            await PermissionState().check(definition, parsed, client)
