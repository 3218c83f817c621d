"""Irreversible steps are confirmed against what was shown: by elicitation where the client
declares it (both protocol generations), else by a signed token from a first call."""

from __future__ import annotations

from typing import Any, cast

import pytest
from mcp import types
from mcp.shared.exceptions import NoBackChannelError

from gitbook_mcp.api import Profile
from gitbook_mcp.local import Store
from gitbook_mcp.local.seed.content import CR_INSTALL
from gitbook_mcp.server.calls.confirm import SIGNER, Answered, Plan, Signer, confirm
from gitbook_mcp.server.tooling import Asker, ToolContext, ToolFailure
from tests.unit.server.conftest import McpFactory, confirmed

pytestmark = pytest.mark.anyio

CR = {"space_id": "spc_handbook", "change_request_id": CR_INSTALL}
TOOLSETS = ("review", "change_requests")
INSERT = {"op": "insert", "title": "Late addition", "markdown": "# Late addition\n\nText.\n"}


@pytest.fixture
def profile() -> Profile:
    return "live"


def _status(store: Store, cr_id: str = CR_INSTALL) -> str:
    rows = store.db.all("SELECT status FROM change_requests WHERE id = ?", (cr_id,))
    return str(rows[0]["status"])


def _text(result: Any) -> str:
    return str(result.content[0].text)


class Answers:
    """An elicitation callback that answers ``action`` and records the questions."""

    def __init__(self, action: str) -> None:
        self.action = action
        self.messages: list[str] = []

    async def __call__(self, context: Any, params: types.ElicitRequestParams) -> types.ElicitResult:
        self.messages.append(params.message)
        content = {} if self.action == "accept" else None
        return types.ElicitResult(action=self.action, content=content)  # type: ignore[arg-type]


# -- the token flow (clients without elicitation, e.g. Claude Desktop) ------------------------


async def test_a_first_call_shows_the_pages_and_revision_and_merges_nothing(
    mcp: McpFactory, store: Store
) -> None:
    async with mcp("gb_local_admin", toolsets=TOOLSETS, profile="live") as client:
        preview = await client.call_tool("merge_change_request", CR)
        assert _status(store) == "open"
        shown_main = store.db.all("SELECT revision_id FROM spaces WHERE id = 'spc_handbook'")[0][0]
        token = preview.structured_content["confirm"]
        merged = await client.call_tool("merge_change_request", {**CR, "confirm": token})
    assert not preview.is_error  # asking is a normal result
    # The state is the change request's revision and main's: a merge is bound to both.
    revision, main = preview.structured_content["state"].split("/main:")
    assert f"(revision {revision})" in _text(preview)
    assert main == shown_main
    assert "Install (getting-started/install) [pg_install]" in _text(preview)
    assert f"confirm={token}" in _text(preview)
    assert not merged.is_error, _text(merged)
    assert merged.structured_content["result"] == "merge"
    assert _status(store) == "merged"


async def test_the_structured_preview_alone_says_to_ask_the_user_and_how_to_confirm(
    mcp: McpFactory, store: Store
) -> None:
    # Claude Code and VS Code hand the model the structured result and drop the text (README,
    # "What the model sees"): the preview's structured result must say what to do on its own.
    async with mcp("gb_local_admin", toolsets=TOOLSETS, profile="live") as client:
        preview = await client.call_tool("merge_change_request", CR)
    data = preview.structured_content
    assert data["will"] in _text(preview)
    assert data["next_step"].startswith("Show this to the user;")
    assert "call again with the same arguments and confirm=<confirm>" in data["next_step"]
    assert f"({data['state']})" in data["next_step"]
    assert data["confirm"] not in data["next_step"]  # the token is written once
    assert data["next_step"].replace("<confirm>", data["confirm"]) in _text(preview)
    assert _status(store) == "open"


async def test_a_token_is_refused_when_the_change_request_moved_since_it_was_shown(
    mcp: McpFactory, store: Store
) -> None:
    async with mcp("gb_local_admin", toolsets=TOOLSETS, profile="live") as client:
        preview = await client.call_tool("merge_change_request", CR)
        edited = await client.call_tool("edit_pages", {**CR, "edits": [INSERT]})
        assert not edited.is_error, _text(edited)
        token = preview.structured_content["confirm"]
        stale = await client.call_tool("merge_change_request", {**CR, "confirm": token})
    assert stale.is_error
    assert "changed since it was shown" in _text(stale)
    assert preview.structured_content["state"] in _text(stale)
    assert _status(store) == "open"


async def test_a_token_for_another_change_request_is_refused(mcp: McpFactory, store: Store) -> None:
    async with mcp("gb_local_admin", toolsets=TOOLSETS, profile="live") as client:
        other = await client.call_tool(
            "create_change_request", {"space_id": "spc_handbook", "subject": "Other"}
        )
        other_cr = {**CR, "change_request_id": other.structured_content["id"]}
        token = (await client.call_tool("merge_change_request", other_cr)).structured_content[
            "confirm"
        ]
        refused = await client.call_tool("merge_change_request", {**CR, "confirm": token})
    assert refused.is_error
    assert f"issued for merge_change_request on spc_handbook/{other_cr['change_request_id']}" in (
        _text(refused)
    )
    assert _status(store) == "open"


async def test_an_expired_or_forged_token_is_refused(
    mcp: McpFactory, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    now = [1_000_000.0]
    monkeypatch.setattr(SIGNER, "clock", lambda: now[0])
    async with mcp("gb_local_admin", toolsets=TOOLSETS, profile="live") as client:
        token = (await client.call_tool("merge_change_request", CR)).structured_content["confirm"]
        now[0] += SIGNER.ttl + 1
        expired = await client.call_tool("merge_change_request", {**CR, "confirm": token})
        body, _, mac = token.partition(".")
        forged = await client.call_tool(
            "merge_change_request", {**CR, "confirm": f"{body}.{mac[::-1]}"}
        )
    assert expired.is_error
    assert "expired" in _text(expired)
    assert forged.is_error
    assert "not a token this server issued" in _text(forged)
    assert _status(store) == "open"


# -- elicitation ------------------------------------------------------------------------------


@pytest.mark.parametrize("mode", ["auto", "legacy"])
async def test_an_accepted_elicitation_merges_after_showing_the_pages(
    mcp: McpFactory, store: Store, mode: str
) -> None:
    # auto: protocol 2026-07-28 (the question rides an InputRequiredResult and the call is
    # retried); legacy: the handshake protocol (an elicitation/create request mid-call).
    answers = Answers("accept")
    options = {"elicitation_callback": answers, "mode": mode}
    async with mcp("gb_local_admin", client=options, toolsets=TOOLSETS, profile="live") as client:
        merged = await client.call_tool("merge_change_request", CR)
    assert not merged.is_error, _text(merged)
    assert merged.structured_content["result"] == "merge"
    assert len(answers.messages) == 1
    assert "Install (getting-started/install) [pg_install]" in answers.messages[0]
    assert _status(store) == "merged"


@pytest.mark.parametrize(("mode", "action"), [("auto", "decline"), ("legacy", "cancel")])
async def test_a_declined_elicitation_merges_nothing_and_says_so(
    mcp: McpFactory, store: Store, mode: str, action: str
) -> None:
    options = {"elicitation_callback": Answers(action), "mode": mode}
    async with mcp("gb_local_admin", client=options, toolsets=TOOLSETS, profile="live") as client:
        refused = await client.call_tool("merge_change_request", CR)
    assert refused.is_error
    assert "Nothing done: the user" in _text(refused)
    assert "confirm" not in (refused.structured_content or {})
    assert _status(store) == "open"


@pytest.mark.parametrize("mode", ["auto", "legacy"])
async def test_an_accepted_elicitation_is_refused_when_the_change_request_moved_meanwhile(
    mcp: McpFactory, store: Store, mode: str
) -> None:
    class MovesThenAccepts(Answers):
        async def __call__(
            self, context: Any, params: types.ElicitRequestParams
        ) -> types.ElicitResult:
            # Someone else changes the change request while the user reads the question.
            store.db.execute(
                "UPDATE change_requests SET revision_id = initial_revision_id WHERE id = ?",
                (CR_INSTALL,),
            )
            return await super().__call__(context, params)

    options = {"elicitation_callback": MovesThenAccepts("accept"), "mode": mode}
    async with mcp("gb_local_admin", client=options, toolsets=TOOLSETS, profile="live") as client:
        refused = await client.call_tool("merge_change_request", CR)
    assert refused.is_error
    assert "changed" in _text(refused)
    assert _status(store) == "open"


async def test_elicitation_also_guards_a_space_deletion(mcp: McpFactory, store: Store) -> None:
    answers = Answers("decline")
    options = {"elicitation_callback": answers}
    async with mcp("gb_local_admin", client=options, toolsets=("spaces",)) as client:
        kept = await client.call_tool(
            "delete_space_item", {"space_id": "spc_changelog", "kind": "space"}
        )
    assert kept.is_error
    assert 'Delete space "Changelog" [spc_changelog]' in answers.messages[0]
    rows = store.db.all("SELECT deleted_at FROM spaces WHERE id = 'spc_changelog'")
    assert rows[0]["deleted_at"] is None


# -- the signer alone -------------------------------------------------------------------------


def test_a_token_binds_tool_target_state_and_kind() -> None:
    signer = Signer(clock=lambda: 0.0)
    plan = Plan("merge_change_request", ("spc", "cr1"), "rev1", "Merge")
    token = signer.issue(plan, "token")
    signer.check(plan, token, "token")
    for other, kind in [
        (Plan("delete_space_item", ("spc", "cr1"), "rev1", "x"), "token"),
        (Plan("merge_change_request", ("spc", "cr2"), "rev1", "x"), "token"),
        (plan, "ask"),
    ]:
        with pytest.raises(ToolFailure, match="issued for"):
            signer.check(other, token, kind)  # type: ignore[arg-type]
    with pytest.raises(ToolFailure, match="changed since"):
        signer.check(Plan("merge_change_request", ("spc", "cr1"), "rev2", "x"), token, "token")
    with pytest.raises(ToolFailure, match="not a token this server issued"):
        Signer(clock=lambda: 0.0).check(plan, token, "token")


async def test_a_client_without_a_back_channel_gets_the_token_flow_instead() -> None:
    async def no_channel(message: str) -> str:
        raise NoBackChannelError("elicitation/create")

    asker = Asker(deferred=False, ask=no_channel)
    ctx = ToolContext(client=cast(Any, None), progress=cast(Any, None), asker=asker)
    plan = Plan("delete_space_item", ("spc",), "r1", "Delete space spc.")

    async def plan_of() -> Plan:
        return plan

    with pytest.raises(Answered) as answered:
        await confirm(ctx, None, plan_of)
    result = answered.value.result
    assert isinstance(result, types.CallToolResult)
    SIGNER.check(plan, result.structured_content["confirm"], "token")  # type: ignore[index]


# -- binding to the caller, single use, main's revision (red team, issue 36) -------------------


def test_a_token_is_bound_to_its_caller_and_session_and_used_once() -> None:
    from gitbook_mcp.server.calls.fairness import CALL_HOLDER

    signer = Signer(clock=lambda: 0.0)
    plan = Plan("merge_change_request", ("spc", "cr1"), "rev1", "Merge")
    reset = CALL_HOLDER.set("token:tenant-a session-1")
    try:
        token = signer.issue(plan, "token")
        for other in ("token:tenant-b session-1", "token:tenant-a session-2"):
            CALL_HOLDER.set(other)
            with pytest.raises(ToolFailure, match="issued to another caller or session"):
                signer.check(plan, token, "token")
        CALL_HOLDER.set("token:tenant-a session-1")
        signer.check(plan, token, "token")
        with pytest.raises(ToolFailure, match="used already"):
            signer.check(plan, token, "token")
    finally:
        CALL_HOLDER.reset(reset)


async def test_a_token_from_another_session_merges_nothing(mcp: McpFactory, store: Store) -> None:
    async with (
        mcp("gb_local_admin", toolsets=TOOLSETS, profile="live") as first,
        mcp("gb_local_admin", toolsets=TOOLSETS, profile="live") as second,
    ):
        token = (await first.call_tool("merge_change_request", CR)).structured_content["confirm"]
        refused = await second.call_tool("merge_change_request", {**CR, "confirm": token})
        assert refused.is_error
        assert "issued to another caller or session" in _text(refused)
        assert _status(store) == "open"
        done = await first.call_tool("merge_change_request", {**CR, "confirm": token})
        assert not done.is_error, _text(done)
        again = await first.call_tool("merge_change_request", {**CR, "confirm": token})
    assert again.is_error
    assert _status(store) == "merged"


async def test_a_merge_token_is_refused_once_main_moved(mcp: McpFactory, store: Store) -> None:
    async with mcp("gb_local_admin", toolsets=TOOLSETS, profile="live") as client:
        preview = await client.call_tool("merge_change_request", CR)
        other = await client.call_tool(
            "create_change_request", {"space_id": "spc_handbook", "subject": "Other"}
        )
        other_cr = {**CR, "change_request_id": other.structured_content["id"]}
        edited = await client.call_tool("edit_pages", {**other_cr, "edits": [INSERT]})
        assert not edited.is_error, _text(edited)
        merged = await confirmed(client, "merge_change_request", other_cr)
        assert not merged.is_error, _text(merged)
        token = preview.structured_content["confirm"]
        stale = await client.call_tool("merge_change_request", {**CR, "confirm": token})
    assert stale.is_error
    assert "changed since it was shown" in _text(stale)
    assert _status(store) == "open"
