"""User and team permissions on collections and spaces: invitations, role changes, listings."""

from __future__ import annotations

from typing import Annotated, ClassVar, Self

from pydantic import Field, model_validator

from gitbook_mcp.client.models._base import APIModel, Paging, RequestModel
from gitbook_mcp.client.models.common import Role, User

__all__ = [
    "AggregateQuery",
    "InviteUsersAndTeamsRequest",
    "UpdateUserPermissionRequest",
    "UserPermission",
]

NonEmptyIds = Annotated[list[str], Field(min_length=1)]


class UserPermission(APIModel):
    """A user and their ``permission`` (a role) on the collection or space."""

    permission: str
    user: User


class InviteUsersAndTeamsRequest(RequestModel):
    """``role`` (None: guest) for the ``users`` and/or ``teams`` named (ids); one list at least."""

    nullable_fields: ClassVar[frozenset[str]] = frozenset({"role"})

    role: Role | None
    users: NonEmptyIds | None = None
    teams: NonEmptyIds | None = None

    @model_validator(mode="after")
    def _someone(self) -> Self:
        if self.users is None and self.teams is None:
            raise ValueError("give users or teams to invite")
        return self


class UpdateUserPermissionRequest(RequestModel):
    nullable_fields: ClassVar[frozenset[str]] = frozenset({"role"})

    role: Role | None = None


class AggregateQuery(Paging, total=False):
    role: Role
    """Only the users with this role."""
