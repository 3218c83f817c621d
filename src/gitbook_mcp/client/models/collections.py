"""Collections: nested groups of spaces; create, update, move (with a position) and transfer.

`content_pointer` turns a move's ``before=`` / ``after=`` (a space id, or a pointer naming a
collection) into the API's pointer object.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any, ClassVar, Literal, TypedDict

from pydantic import Field

from gitbook_mcp.client.models._base import APIModel, Paging, Pointer, RequestModel
from gitbook_mcp.client.models.common import Role

__all__ = [
    "Collection",
    "CollectionPermissions",
    "CollectionPointer",
    "CollectionTitle",
    "CollectionUrls",
    "CollectionsQuery",
    "ContentPosition",
    "CreateCollectionRequest",
    "MoveCollectionRequest",
    "SpacePointer",
    "UpdateCollectionRequest",
    "content_pointer",
]

CollectionTitle = Annotated[str, Field(max_length=50)]
CollectionDescription = Annotated[str, Field(max_length=100)]


# -- responses -----------------------------------------------------------------------------


class CollectionPermissions(APIModel):
    view: bool
    admin: bool
    viewInviteLinks: bool
    create: bool


class CollectionUrls(APIModel):
    location: str
    app: str


class Collection(APIModel):
    object: str
    id: str
    title: str
    organization: str
    urls: CollectionUrls
    defaultLevel: str | None
    """A role, ``inherit``, or None (guest)."""
    permissions: CollectionPermissions
    description: str | None = None
    parent: str | None = None
    """The parent collection's id; None at the top level."""


# -- requests ------------------------------------------------------------------------------


class CreateCollectionRequest(TypedDict, total=False):
    title: CollectionTitle
    parent: str
    """The collection to create it in."""


class UpdateCollectionRequest(TypedDict, total=False):
    title: CollectionTitle
    description: CollectionDescription
    default_level: Role | Literal["inherit"] | None


class SpacePointer(Pointer):
    type: Literal["space"] = "space"
    space: str = Field(min_length=1)


class CollectionPointer(Pointer):
    type: Literal["collection"] = "collection"
    collection: str = Field(min_length=1)


class ContentPosition(RequestModel):
    before: SpacePointer | CollectionPointer | None = None
    after: SpacePointer | CollectionPointer | None = None


class MoveCollectionRequest(RequestModel):
    nullable_fields: ClassVar[frozenset[str]] = frozenset({"parent"})

    parent: str | None = None
    position: ContentPosition | None = None


def content_pointer(value: str | Mapping[str, Any]) -> dict[str, Any]:
    """A space id becomes ``{"type": "space", "space": id}``; a mapping is taken as a pointer."""
    if isinstance(value, str):
        return {"type": "space", "space": value}
    return dict(value)


class CollectionsQuery(Paging, total=False):
    nested: bool
