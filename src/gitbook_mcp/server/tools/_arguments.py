"""The argument types the toolsets share (ids, paging, roles, modes) and the checks on given
arguments (`given`, `changed`, `need`, `exactly_one`)."""

from __future__ import annotations

from typing import Annotated, Any, Literal, TypeVar

from pydantic import BaseModel, Field, model_validator

from gitbook_mcp.client.models.common import MemberRole, Role
from gitbook_mcp.server.tooling import ToolFailure

__all__ = [
    "ChangeRequestId",
    "Cursor",
    "EditMode",
    "Limit",
    "OrganizationId",
    "ReadOne",
    "RoleOrGuest",
    "SiteId",
    "SpaceId",
    "TeamRole",
    "Visibility",
    "changed",
    "exactly_one",
    "given",
    "need",
    "role_name",
    "role_value",
]

OrganizationId = Annotated[str, Field(min_length=1, description="From list_organizations")]
SpaceId = Annotated[str, Field(min_length=1, description="From list_spaces")]
SiteId = Annotated[str, Field(min_length=1, description="From list_sites")]
ChangeRequestId = Annotated[
    str, Field(min_length=1, description="Change request id, or its number (1 or #1)")
]
Cursor = Annotated[str | None, Field(default=None)]
"""The ``next_cursor`` of the previous page (the name says it; no description is spent on it)."""
Limit = Annotated[int, Field(default=25, ge=1, le=100)]
ReadOne = Annotated[str | None, Field(default=None, description="Read this one")]
"""The id of the one object a listing tool reads instead of listing (see `one_or_page`)."""


RoleOrGuest = Literal[Role, "guest"]
"""A role argument; ``guest`` means no explicit role (the API's null)."""
EditMode = Literal["live", "locked"]
"""How a space is edited: directly (live) or not at all (locked)."""
Visibility = Literal["private", "public"]
"""Who may read an OpenAPI spec."""
TeamRole = MemberRole
"""A member's role in a team (the client's ``MemberRole``)."""


def role_value(role: RoleOrGuest) -> Role | None:
    """The role to send: ``guest`` is sent as null."""
    return None if role == "guest" else role


def role_name(role: str | None) -> str:
    """The role to show: the API's null (no explicit role) is shown as ``guest``."""
    return role or "guest"


T = TypeVar("T")


def given(**values: Any) -> dict[str, Any]:
    """The values that are not None: the fields a write changes."""
    return {k: v for k, v in values.items() if v is not None}


def changed(hint: str, **values: Any) -> dict[str, Any]:
    """The values given, or a tool error saying what could be given (``hint``)."""
    changes = given(**values)
    if not changes:
        raise ToolFailure(f"Nothing to change: give {hint}.")
    return changes


def need(value: T | None, name: str, method: str) -> T:
    """``value``, or a tool error saying that ``method`` needs the argument ``name``."""
    if value is None or value == "":
        raise ToolFailure(f"{method} needs {name}.")
    return value


M = TypeVar("M", bound=BaseModel)


def exactly_one(first: str, second: str) -> Any:
    """A model validator (assigned in a class body): exactly one of ``first`` and ``second``."""

    def check(model: M) -> M:
        if bool(getattr(model, first)) == bool(getattr(model, second)):
            raise ValueError(f"give exactly one of {first} or {second}")
        return model

    return model_validator(mode="after")(check)
