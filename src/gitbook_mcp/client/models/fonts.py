"""Custom fonts of an organization: a family and its faces, one per weight, uploaded files."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Annotated, Any, ClassVar, TypedDict

from pydantic import Field

from gitbook_mcp.client.models._base import APIModel, RequestModel, Wire

__all__ = [
    "CreateCustomFontRequest",
    "CustomFont",
    "CustomFontPermissions",
    "FontFace",
    "FontFaceInput",
    "FontFaceUpdate",
    "FontSource",
    "UpdateCustomFontRequest",
]

FontFamily = Annotated[str, Field(min_length=1, max_length=50)]
FontWeight = Annotated[int, Field(ge=1, le=1000)]
StorageFileKey = Annotated[str, Field(min_length=1, max_length=512)]


# -- responses -----------------------------------------------------------------------------


class FontSource(APIModel):
    url: str
    format: str | None = None
    """``woff2`` or ``woff``."""


class FontFace(APIModel):
    weight: int
    sources: list[FontSource]


class CustomFontPermissions(APIModel):
    edit: bool


class CustomFont(APIModel):
    """A font definition (``CustomizationFontDefinition`` in the contract)."""

    id: str
    custom: bool
    fontFamily: str
    fontFaces: list[FontFace]
    permissions: CustomFontPermissions


# -- requests ------------------------------------------------------------------------------


class FontFaceInput(RequestModel):
    """One weight of the family and the storage key of its uploaded file."""

    weight: FontWeight
    storageKey: StorageFileKey


class FontFaceUpdate(RequestModel):
    """As `FontFaceInput`, but ``storageKey`` may be None (the local workspace then removes
    that weight; the service's meaning is not documented)."""

    nullable_fields: ClassVar[frozenset[str]] = frozenset({"storageKey"})

    weight: FontWeight
    storageKey: StorageFileKey | None


class CreateCustomFontRequest(TypedDict):
    font_family: FontFamily
    font_faces: Annotated[
        Sequence[Mapping[str, Any]],
        Wire(Annotated[list[FontFaceInput], Field(min_length=1)]),
    ]
    """``[{"weight": 400, "storageKey": key}, ...]``."""


class UpdateCustomFontRequest(TypedDict, total=False):
    font_family: FontFamily
    font_faces: Annotated[Sequence[Mapping[str, Any]], Wire(list[FontFaceUpdate])]
    """As for a new font; ``storageKey`` None: no file for that weight."""
