"""Organization invites: invitations by email, and invite links to the organization, a space
or a collection.

A link to the organization carries a ``role``; a link to a space or a collection carries a
``level`` and that space or collection.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any, ClassVar, Required, Self, TypedDict

from pydantic import Field, model_validator

from gitbook_mcp.client.models._base import APIModel, RequestModel, Wire
from gitbook_mcp.client.models.collections import Collection
from gitbook_mcp.client.models.common import Role, Space

__all__ = [
    "CreateInviteLinkRequest",
    "EmailInvite",
    "InviteLink",
    "InviteUsersRequest",
    "InviteUsersResult",
    "JoinResult",
    "UpdateInviteLinkRequest",
]


# -- responses -----------------------------------------------------------------------------


class InviteUsersResult(APIModel):
    """The ids of the invited users, how many were invited, and emails refused for SSO."""

    users: list[str]
    invited: int
    failedSSOEmails: list[str] | None = None


class JoinResult(APIModel):
    """The (empty) answer to joining an organization with an invite."""


class InviteLink(APIModel):
    """An invite link. ``role`` for a link to the organization (None: guest); ``level`` and
    ``space`` or ``collection`` for a link to a space or a collection (``target`` names which).
    """

    object: str
    id: str
    redundant: bool
    """True when an older link grants the same access."""
    role: str | None = None
    level: str | None = None
    target: str | None = None
    space: Space | None = None
    collection: Collection | None = None


# -- requests ------------------------------------------------------------------------------


class EmailInvite(RequestModel):
    """One invitee with their own role (None: guest)."""

    nullable_fields: ClassVar[frozenset[str]] = frozenset({"role"})

    email: str = Field(min_length=1)
    role: Role | None


class InviteUsersRequest(TypedDict, total=False):
    """People by email, or ``{"email", "role"}`` each; as SSO users if ``sso``."""

    emails: Required[Annotated[list[str | Mapping[str, Any]], Wire(list[str | EmailInvite])]]
    role: Role | None
    sso: bool


class CreateInviteLinkRequest(RequestModel):
    """Exactly one shape: ``role`` (the organization), ``level`` + ``space``, or ``level`` +
    ``collection``."""

    nullable_fields: ClassVar[frozenset[str]] = frozenset({"role", "level"})

    role: Role | None = None
    level: Role | None = None
    space: str | None = Field(default=None, min_length=1)
    collection: str | None = Field(default=None, min_length=1)

    @model_validator(mode="after")
    def _one_shape(self) -> Self:
        shape = self.model_fields_set
        if shape not in ({"role"}, {"level", "space"}, {"level", "collection"}):
            raise ValueError(
                "give role (a link to the organization), or level with space or collection"
            )
        return self


class UpdateInviteLinkRequest(RequestModel):
    """``role`` for a link to the organization, ``level`` for a link to a space or collection."""

    nullable_fields: ClassVar[frozenset[str]] = frozenset({"role", "level"})

    role: Role | None = None
    level: Role | None = None

    @model_validator(mode="after")
    def _one_of(self) -> Self:
        if len(self.model_fields_set) != 1:
            raise ValueError("give exactly one of role or level")
        return self
