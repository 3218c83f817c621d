"""Docs sites, the spaces they publish, sections and section groups, and move positions.

`move_position` turns the resources' ``before=`` / ``after=`` ids into the API's position object.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Annotated, Any, ClassVar, Generic, Literal, Self, TypeVar

from pydantic import Field

from gitbook_mcp.client._types import NotGiven
from gitbook_mcp.client.errors import InvalidRequestError
from gitbook_mcp.client.models._base import APIModel, Pointer, RequestModel
from gitbook_mcp.client.models.common import Space
from gitbook_mcp.client.models.fields import Condition, Icon

__all__ = [
    "AddSectionGroupRequest",
    "AddSectionRequest",
    "AddSectionToGroupRequest",
    "AddSiteSpaceRequest",
    "MoveRequest",
    "Position",
    "SectionGroupPointer",
    "Site",
    "SiteAdaptiveContent",
    "SiteFeature",
    "SiteProxy",
    "SiteSection",
    "SiteSectionGroup",
    "SiteSectionPointer",
    "SiteSpace",
    "SiteSpacePointer",
    "SiteType",
    "SiteUrls",
    "UpdateSectionGroupRequest",
    "UpdateSectionRequest",
    "UpdateSiteSpaceRequest",
    "move_position",
]

SiteType = Literal["basic", "premium", "ultimate", "sponsored", "legacy-basic", "legacy-premium"]

SiteSpacePath = Annotated[str, Field(min_length=1, max_length=100)]
SiteSectionTitle = Annotated[str, Field(min_length=2, max_length=128)]
SiteSectionPath = Annotated[str, Field(min_length=1, max_length=100)]
SiteSectionDescription = Annotated[str, Field(max_length=256)]
SectionGroupTitle = Annotated[str, Field(min_length=1, max_length=100)]


# -- responses -----------------------------------------------------------------------------


class SiteProxy(APIModel):
    origin: str
    target: str


class SiteAdaptiveContent(APIModel):
    enabled: bool


class SiteFeature(APIModel):
    id: str
    plan: str
    frozen: bool
    customizations: list[str] | None = None


class SiteUrls(APIModel):
    location: str | None = None
    app: str | None = None
    published: str | None = None


class Site(APIModel):
    """A docs site. ``type`` is its plan; ``visibility`` public, unlisted, share-link, ..."""

    object: str
    id: str
    type: str
    title: str
    visibility: str
    published: bool
    siteSpaces: int
    createdAt: str
    features: list[SiteFeature]
    agentsContext: str | None = None
    urls: SiteUrls
    defaultSpace: str | None = None
    icon: dict[str, Any] | None = None
    hostname: str | None = None
    basename: str | None = None
    proxy: SiteProxy | None = None
    adaptiveContent: SiteAdaptiveContent | None = None
    ads: dict[str, Any] | None = None


class SiteSpace(APIModel):
    """A space published on a site, at ``path``, in section ``section`` (an id), if any."""

    object: str
    id: str
    path: str
    space: Space
    title: str
    urls: SiteUrls
    section: str | None = None
    default: bool | None = None
    condition: str | None = None
    hasAdvancedCustomizationFeature: bool | None = None


class SiteSection(APIModel):
    object: str
    id: str
    title: str
    path: str
    siteSpaces: list[SiteSpace]
    urls: SiteUrls
    description: str | None = None
    default: bool | None = None
    condition: str | None = None
    sectionGroup: str | None = None
    icon: str | None = None


class SiteSectionGroup(APIModel):
    object: str
    id: str
    title: str
    sections: list[SiteSection]
    icon: str | None = None


# -- request bodies ----------------------------------------------------------------------------


class AddSiteSpaceRequest(RequestModel):
    spaceId: str = Field(min_length=1)
    sectionId: str | None = None


class UpdateSiteSpaceRequest(RequestModel):
    """``condition`` None removes the condition; an absent field is left unchanged."""

    nullable_fields: ClassVar[frozenset[str]] = frozenset({"condition"})

    path: SiteSpacePath | None = None
    condition: Condition | None = None
    spaceId: str | None = None


class SiteSpacePointer(Pointer):
    type: Literal["site-space"] = "site-space"
    siteSpace: str = Field(min_length=1)


class AddSectionRequest(RequestModel):
    nullable_fields: ClassVar[frozenset[str]] = frozenset({"icon", "title"})

    spaceId: str = Field(min_length=1)
    title: SiteSectionTitle | None = None
    icon: Icon | None = None


class UpdateSectionRequest(RequestModel):
    """``condition``, ``icon`` and ``description`` None remove them; absent leaves unchanged."""

    nullable_fields: ClassVar[frozenset[str]] = frozenset(
        {"condition", "description", "icon", "siteSectionGroupId"}
    )

    title: SiteSectionTitle | None = None
    path: SiteSectionPath | None = None
    defaultSiteSpace: str | None = None
    condition: Condition | None = None
    icon: Icon | None = None
    description: SiteSectionDescription | None = None
    siteSectionGroupId: str | None = None
    """Live profile only: the group the section joins (None: it leaves its group)."""


class SiteSectionPointer(Pointer):
    type: Literal["site-section"] = "site-section"
    siteSection: str = Field(min_length=1)


class AddSectionGroupRequest(RequestModel):
    nullable_fields: ClassVar[frozenset[str]] = frozenset({"icon"})

    title: SectionGroupTitle
    icon: Icon | None = None
    sections: list[str] | None = None


class UpdateSectionGroupRequest(RequestModel):
    nullable_fields: ClassVar[frozenset[str]] = frozenset({"icon"})

    title: SectionGroupTitle | None = None
    icon: Icon | None = None


class AddSectionToGroupRequest(RequestModel):
    sectionId: str = Field(min_length=1)


class SectionGroupPointer(RequestModel):
    """A neighbour of a section group at the top of the site: a section or another group."""

    type: Literal["site-section", "site-section-group"]
    id: str = Field(min_length=1)


P = TypeVar("P", bound=RequestModel)


class Position(RequestModel, Generic[P]):
    """Where a moved item goes: before or after one neighbour, named by a pointer ``P``."""

    before: P | None = None
    after: P | None = None


class MoveRequest(RequestModel, Generic[P]):
    """The body of a move of a site space, a section or a section group."""

    position: Position[P]

    @classmethod
    def of(
        cls,
        *,
        before: str | NotGiven,
        after: str | NotGiven,
        position: Mapping[str, Any] | NotGiven,
        pointer: Callable[[str], dict[str, str]],
    ) -> Self:
        """The move ``before`` or ``after`` a neighbour id (as ``pointer`` names it), or to a
        raw ``position``."""
        where = move_position(before=before, after=after, position=position, pointer=pointer)
        return cls.model_validate({"position": where})


def move_position(
    *,
    before: str | NotGiven,
    after: str | NotGiven,
    position: Mapping[str, Any] | NotGiven,
    pointer: Callable[[str], dict[str, str]],
) -> Mapping[str, Any]:
    """The ``position`` of a move: ``{"before": pointer(id)}`` or ``{"after": pointer(id)}``.

    Exactly one of ``before`` and ``after`` is needed, unless a raw ``position`` is given.
    """
    sides = {
        side: value
        for side, value in (("before", before), ("after", after))
        if not isinstance(value, NotGiven)
    }
    if not isinstance(position, NotGiven):
        if sides:
            raise InvalidRequestError("give before/after or position, not both")
        return position
    if len(sides) != 1:
        raise InvalidRequestError("a move needs exactly one of before or after")
    ((side, value),) = sides.items()
    return {side: pointer(value)}
