"""Request bodies of the space operations."""

from __future__ import annotations

from typing import ClassVar, Literal, TypedDict

from gitbook_mcp.client.models._base import Pointer, RequestModel
from gitbook_mcp.client.models.common import Role
from gitbook_mcp.client.models.fields import Id
from gitbook_mcp.client.models.links import LinkListing

__all__ = [
    "LinkListing",
    "MoveSpaceRequest",
    "PositionRef",
    "SpacePosition",
    "TransferRequest",
    "UpdateSpaceRequest",
]


class UpdateSpaceRequest(TypedDict, total=False):
    """Only the fields given change; None removes the default level or the emoji."""

    title: str
    edit_mode: Literal["live", "locked"]
    default_level: Role | None
    language: str
    emoji: str | None


class PositionRef(Pointer):
    type: Literal["space"] = "space"
    space: str


class SpacePosition(RequestModel):
    before: PositionRef | None = None
    after: PositionRef | None = None


class MoveSpaceRequest(RequestModel):
    nullable_fields: ClassVar[frozenset[str]] = frozenset({"parent"})

    parent: str | None = None
    position: SpacePosition | None = None


class TransferRequest(TypedDict):
    """Move a space or a collection to another organization."""

    organization: Id
    """The organization's id."""
