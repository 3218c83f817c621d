"""`ToolDef` permissions of grouped tools: per-method flags, offering, the permission table."""

from __future__ import annotations

from typing import Literal

import pytest
from pydantic import BaseModel

from gitbook_mcp.server.calls.gating import PermissionState, permission_table
from gitbook_mcp.server.tooling import (
    ANY_TOKEN,
    Args,
    Permission,
    ToolContext,
    ToolDef,
    Toolset,
    read_tool,
    write_tool,
)

ADMIN = Permission("organization", "admin", "organization_id")
OWN_TEAM = Permission("organization", "ownTeam", "organization_id")
TEAM_ADMIN = Permission("team", "admin", "team_id")


class TeamArgs(Args):
    organization_id: str
    method: Literal["create", "rename", "join"]
    team_id: str | None = None


class Out(BaseModel):
    ok: bool


async def _handler(ctx: ToolContext, args: TeamArgs) -> Out:
    return Out(ok=True)


def _tool(**overrides: object) -> ToolDef:
    options: dict[str, object] = {
        "name": "write_team",
        "toolset": "t",
        "description": "Write a team.",
        "input": TeamArgs,
        "output": Out,
        "handler": _handler,
        "render": str,
        "read_only": False,
        "permission": TEAM_ADMIN,
        "method_permissions": (("create", OWN_TEAM), ("join", ANY_TOKEN)),
    }
    options.update(overrides)
    return ToolDef(**options)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("method", "expected"), [("create", OWN_TEAM), ("rename", TEAM_ADMIN), ("join", ANY_TOKEN)]
)
def test_each_method_needs_its_own_flag(method: str, expected: Permission) -> None:
    args = TeamArgs(organization_id="o", method=method, team_id="t")  # type: ignore[arg-type]
    assert _tool().permission_for(args) == expected


def test_the_methods_and_flags_of_a_grouped_tool() -> None:
    tool = _tool()
    assert tool.methods == ["create", "rename", "join"]
    assert tool.permissions == (TEAM_ADMIN, OWN_TEAM, ANY_TOKEN)
    assert permission_table([tool]) == [
        ("write_team", "create", "organization.ownTeam", "organization_id"),
        ("write_team", "join", "any token", "-"),
        ("write_team", "rename", "team.admin", "team_id"),
    ]


def test_method_flags_need_a_method_field() -> None:
    with pytest.raises(ValueError, match="needs a 'kind' field"):
        _tool(method_arg="kind")


def test_read_only_tools_name_no_method_flags() -> None:
    with pytest.raises(ValueError, match="read-only"):
        _tool(read_only=True, permission=None)


def _state(org_flags: dict[str, bool]) -> PermissionState:
    return PermissionState(flags={"organization": {"o": org_flags}, "space": {}, "collection": {}})


def test_a_grouped_tool_is_offered_when_any_of_its_flags_is_held() -> None:
    tool = _tool(method_permissions=(("create", OWN_TEAM),))
    assert _state({"ownTeam": True}).offered([tool]) == [tool]
    assert _state({"ownTeam": False, "admin": False}).offered([tool]) == []


def test_any_token_is_always_held() -> None:
    only_join = _tool(permission=ANY_TOKEN, method_permissions=())
    assert _state({}).offered([only_join]) == [only_join]


EXAMPLE = Toolset("example", "A toolset for this test.", default=False)


class EchoArgs(Args):
    text: str


class Echoed(BaseModel):
    text: str


def test_a_tool_is_one_declaration() -> None:
    @read_tool(EXAMPLE, render=lambda r: r.text)
    async def echo(ctx: ToolContext, args: EchoArgs) -> Echoed:
        """Echo the text.

        More about it, not in the description.
        """
        return Echoed(text=args.text)

    assert (echo.name, echo.toolset, echo.description) == ("echo", "example", "Echo the text.")
    assert (echo.input, echo.output) == (EchoArgs, Echoed)
    assert (echo.read_only, echo.idempotent, echo.destructive) == (True, True, False)


def test_a_writing_tool_names_its_flag_and_a_tool_needs_a_description() -> None:
    @write_tool(EXAMPLE, permission=ADMIN, render=str, description="Write it.")
    async def write_it(ctx: ToolContext, args: EchoArgs) -> Echoed:
        return Echoed(text=args.text)

    assert (write_it.read_only, write_it.permission, write_it.description) == (
        False,
        ADMIN,
        "Write it.",
    )
    with pytest.raises(ValueError, match="needs a docstring or a description"):

        @read_tool(EXAMPLE, render=str)
        async def undocumented(ctx: ToolContext, args: EchoArgs) -> Echoed:
            return Echoed(text=args.text)


def test_every_tool_has_a_title() -> None:
    from gitbook_mcp.server.toolsets import all_tools

    untitled = [t.name for t in all_tools() if not t.title]
    assert not untitled
    titles = {t.name: t.title for t in all_tools()}
    assert titles["list_site_mcp_servers"] == "List site MCP servers"
