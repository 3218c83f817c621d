"""Request bodies of the space operations."""

from __future__ import annotations

from typing import ClassVar, Literal

from pydantic import Field

from gitbook_mcp.client.models._base import Pointer, RequestModel
from gitbook_mcp.client.models.common import Role
from gitbook_mcp.client.models.links import LinkListing

__all__ = [
    "LinkListing",
    "MoveSpaceRequest",
    "PositionRef",
    "SpacePosition",
    "TransferSpaceRequest",
    "UpdateSpaceRequest",
]


class UpdateSpaceRequest(RequestModel):
    nullable_fields: ClassVar[frozenset[str]] = frozenset({"defaultLevel", "emoji"})

    title: str | None = None
    editMode: Literal["live", "locked"] | None = None
    defaultLevel: Role | None = None
    language: str | None = None
    emoji: str | None = None


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


class TransferSpaceRequest(RequestModel):
    organization: str = Field(min_length=1)
