"""Confirmation of irreversible steps (a merge, a space deletion, a site-space removal, a bulk
redirect deletion), bound to what was shown: the user is asked through elicitation where the
client has it; elsewhere a first call answers what will happen with a signed, short-lived token.

A `Plan` is what the step depends on (``state``: a revision id, or a digest of the rows it
removes) and what it will do (``summary``). The token is an HMAC over (kind, tool, target,
state, expiry, holder) with a per-process secret: a second call proceeds only for the same tool
and target, from the same caller and session (`fairness.CALL_HOLDER`), while the state is still
the one shown, before it expires, and once (a used token is refused).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import secrets
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from mcp.server.mcpserver import Context
from mcp.shared.exceptions import NoBackChannelError
from mcp.types import (
    CallToolResult,
    ElicitRequest,
    ElicitRequestFormParams,
    ElicitResult,
    InputRequiredResult,
    TextContent,
)
from mcp_types.version import is_version_at_least
from pydantic import Field

from gitbook_mcp.server.calls.fairness import CALL_HOLDER
from gitbook_mcp.server.tooling import Asker, ToolContext, ToolFailure

__all__ = [
    "CONFIRM_TTL",
    "SIGNER",
    "TOKEN_MAX",
    "Answered",
    "Plan",
    "Signer",
    "asker_of",
    "confirm",
    "confirm_field",
    "digest",
]

CONFIRM_TTL = 300.0
"""Seconds a confirmation token stays valid: long enough to ask a person, short enough that
what they were shown is still what happens."""
TOKEN_MAX = 1000
"""Characters a ``confirm`` argument may hold (a token is a few hundred)."""
_KEY = "confirm"
"""The key of our question in an ``InputRequiredResult`` (protocol 2026-07-28)."""
_INPUT_REQUIRED = "2026-07-28"
"""The first protocol revision that asks through ``InputRequiredResult`` instead of a request."""
_NO_FIELDS: dict[str, Any] = {"type": "object", "properties": {}}
Kind = Literal["token", "ask"]


def digest(parts: list[str]) -> str:
    """A short fingerprint of what a step removes (ids, paths), to bind in a token."""
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()[:16]


def confirm_field() -> Any:
    """The ``confirm`` argument of a tool whose step needs confirming."""
    return Field(default=None, max_length=TOKEN_MAX, description="Token from the first call")


@dataclass(frozen=True)
class Plan:
    """What a step will do (``summary``, shown) and depends on (``state``, bound in the token)."""

    tool: str
    target: tuple[str, ...]
    state: str
    summary: str


class Answered(Exception):
    """The call ends before the step, answered with ``result`` (a question or a preview)."""

    def __init__(self, result: CallToolResult | InputRequiredResult) -> None:
        super().__init__("answered before the step")
        self.result = result


def _b64(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


@dataclass
class Signer:
    """Issues and checks tokens; ``clock`` is injectable so that tests need not wait."""

    secret: bytes = field(default_factory=lambda: secrets.token_bytes(32))
    clock: Callable[[], float] = time.time
    ttl: float = CONFIRM_TTL
    spent: dict[str, float] = field(default_factory=dict)
    """The MACs of the tokens used, until they expire: a token confirms one step."""

    def _mac(self, body: str) -> str:
        return _b64(hmac.new(self.secret, body.encode(), hashlib.sha256).digest())

    def issue(self, plan: Plan, kind: Kind) -> str:
        expiry = int(self.clock() + self.ttl)
        claims = [kind, plan.tool, list(plan.target), plan.state, expiry, CALL_HOLDER.get()]
        body = _b64(json.dumps(claims, separators=(",", ":")).encode())
        return f"{body}.{self._mac(body)}"

    def _spend(self, mac: str, expiry: float) -> None:
        """Refuse a token used before; else mark it used (forgotten once it expired)."""
        now = self.clock()
        for old in [m for m, until in self.spent.items() if until < now]:
            del self.spent[old]
        if mac in self.spent:
            raise ToolFailure(
                "This confirm token was used already; each confirms one step. Call again "
                "without confirm to see what would happen now."
            )
        self.spent[mac] = expiry

    def check(self, plan: Plan, token: str, kind: Kind) -> None:
        """Return if ``token`` confirms ``plan`` now, else a tool error saying why not."""
        body, _, mac = token.strip().partition(".")
        if not mac or not hmac.compare_digest(mac, self._mac(body)):
            raise ToolFailure(
                "confirm is not a token this server issued (or it restarted since): "
                "call again without confirm to get one."
            )
        got_kind, tool, target, state, expiry, holder = json.loads(_unb64(body))
        if got_kind != kind or tool != plan.tool or tuple(target) != plan.target:
            raise ToolFailure(
                f"This confirm token was issued for {tool} on {'/'.join(target)}, not for "
                f"{plan.tool} on {'/'.join(plan.target)}: nothing done."
            )
        if not hmac.compare_digest(holder, CALL_HOLDER.get()):
            raise ToolFailure(
                "This confirm token was issued to another caller or session: nothing done. "
                "Call again without confirm to get one."
            )
        if self.clock() > expiry:
            raise ToolFailure("The confirm token expired: call again without confirm.")
        if state != plan.state:
            raise ToolFailure(
                f"Nothing done: the target changed since it was shown (was {state}, now "
                f"{plan.state}). Call again without confirm to see what would happen now."
            )
        self._spend(mac, expiry)


SIGNER = Signer()
"""The process's signer: one secret per process, so a restart invalidates every token."""


def _message(plan: Plan) -> str:
    return f"Confirm, this cannot be undone: {plan.summary}"


def _preview(plan: Plan, token: str) -> CallToolResult:
    """The text and the structured result each say what to do: Claude Desktop hands the model
    the text alone, Claude Code and VS Code the structured result alone (README, "What the
    model sees"); the token is written once in each. Asking is a normal result, not an error:
    clients show an error as a failure."""
    minutes = int(SIGNER.ttl // 60)

    def step(shown: str) -> str:
        return (
            f"Show this to the user; if they agree, call again with the same arguments and "
            f"confirm={shown} (valid {minutes} minutes, only while this state ({plan.state}) "
            "holds)."
        )

    text = f"Not done yet, confirmation needed. {plan.summary}\n{step(token)}"
    structured = {
        "confirm": token,
        "state": plan.state,
        "will": plan.summary,
        "next_step": step("<confirm>"),
    }
    return CallToolResult(
        content=[TextContent(type="text", text=text)],
        structured_content=structured,
    )


def _refused(plan: Plan, action: str) -> CallToolResult:
    verb = "declined" if action == "decline" else "cancelled"
    text = f"Nothing done: the user {verb}. Not done: {plan.summary}"
    return CallToolResult(content=[TextContent(type="text", text=text)], is_error=True)


def _question(plan: Plan) -> InputRequiredResult:
    request = ElicitRequest(
        params=ElicitRequestFormParams(message=_message(plan), requested_schema=_NO_FIELDS)
    )
    return InputRequiredResult(
        input_requests={_KEY: request}, request_state=SIGNER.issue(plan, "ask")
    )


async def confirm(
    ctx: ToolContext, token: str | None, plan_of: Callable[[], Awaitable[Plan]]
) -> None:
    """Return when the step may go ahead; else raise `Answered` (a question, a preview, a
    refusal) or `ToolFailure` (a token that does not confirm this step as it stands now)."""
    plan = await plan_of()
    asker = ctx.asker
    if asker is not None and asker.deferred:
        if asker.answered is None or asker.state is None:
            raise Answered(_question(plan))
        SIGNER.check(plan, asker.state, "ask")
        action = asker.answered
    elif asker is not None and asker.ask is not None:
        try:
            action = await asker.ask(_message(plan))
        except NoBackChannelError:
            return await confirm(replace(ctx, asker=None), token, plan_of)
        if action == "accept" and (await plan_of()).state != plan.state:
            raise ToolFailure("Nothing done: the target changed while the user was asked.")
    elif token is None:
        raise Answered(_preview(plan, SIGNER.issue(plan, "token")))
    else:
        SIGNER.check(plan, token, "token")
        return
    if action != "accept":
        raise Answered(_refused(plan, action))


def asker_of(ctx: Context[Any, Any]) -> Asker | None:
    """How this call can ask the user, or None when the client declared no form elicitation."""
    capabilities = ctx.client_capabilities
    elicitation = capabilities.elicitation if capabilities is not None else None
    if elicitation is None or (elicitation.form is None and elicitation.url is not None):
        return None
    version = ctx.protocol_version
    if version is not None and is_version_at_least(version, _INPUT_REQUIRED):
        answer = (ctx.input_responses or {}).get(_KEY)
        action = answer.action if isinstance(answer, ElicitResult) else None
        return Asker(deferred=True, answered=action, state=ctx.request_state)

    async def ask(message: str) -> str:
        result = await ctx.session.elicit_form(
            message=message, requested_schema=_NO_FIELDS, related_request_id=ctx.request_id
        )
        return str(result.action)

    return Asker(deferred=False, ask=ask)
