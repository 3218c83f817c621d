"""Docs sites, the spaces they publish, sections and section groups, and move positions.

`move_position` turns the resources' ``before=`` / ``after=`` ids into the API's position object.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Annotated, Any, Generic, Literal, Required, Self, TypedDict, TypeVar

from pydantic import Field

from gitbook_mcp.client._types import NOT_GIVEN, NotGiven
from gitbook_mcp.client.errors import InvalidRequestError
from gitbook_mcp.client.models._base import APIModel, Paging, Pointer, RequestModel
from gitbook_mcp.client.models.common import Space
from gitbook_mcp.client.models.fields import Condition, Icon, Id

__all__ = [
    "AddSectionGroupRequest",
    "AddSectionRequest",
    "AddSectionToGroupRequest",
    "AddSiteSpaceRequest",
    "GroupPlacement",
    "MoveRequest",
    "Placement",
    "Position",
    "SectionGroupPointer",
    "ShareKeyQuery",
    "Site",
    "SiteAdaptiveContent",
    "SiteFeature",
    "SiteProxy",
    "SiteSection",
    "SiteSectionGroup",
    "SiteSectionPointer",
    "SiteSectionsQuery",
    "SiteSpace",
    "SiteSpacePointer",
    "SiteSpacesQuery",
    "SiteType",
    "SiteUrls",
    "SitesQuery",
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


class AddSiteSpaceRequest(TypedDict, total=False):
    space_id: Required[Id]
    section_id: str
    """The section to publish in (else the default section, or the root)."""


class UpdateSiteSpaceRequest(TypedDict, total=False):
    """``condition`` None removes the condition; an absent key is left unchanged."""

    path: SiteSpacePath
    condition: Condition | None
    space_id: str


class SiteSpacePointer(Pointer):
    type: Literal["site-space"] = "site-space"
    siteSpace: str = Field(min_length=1)


class AddSectionRequest(TypedDict, total=False):
    space_id: Required[Id]
    """The space published as the section's first site space."""
    title: SiteSectionTitle | None
    icon: Icon | None


class UpdateSectionRequest(TypedDict, total=False):
    """``condition``, ``icon`` and ``description`` None remove them; absent leaves unchanged."""

    title: SiteSectionTitle
    path: SiteSectionPath
    default_site_space: str
    condition: Condition | None
    icon: Icon | None
    description: SiteSectionDescription | None
    site_section_group_id: str | None
    """Live profile only: the group the section joins (None: it leaves its group)."""


class SiteSectionPointer(Pointer):
    type: Literal["site-section"] = "site-section"
    siteSection: str = Field(min_length=1)


class UpdateSectionGroupRequest(TypedDict, total=False):
    """Rename the group or change its icon (None removes it)."""

    title: SectionGroupTitle
    icon: Icon | None


class AddSectionGroupRequest(TypedDict, total=False):
    title: Required[SectionGroupTitle]
    icon: Icon | None
    sections: list[str]
    """The ids of the sections the group gathers."""


class AddSectionToGroupRequest(TypedDict):
    section_id: Id


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
    def of(cls, where: Placement, *, pointer: Callable[[str], dict[str, str]]) -> Self:
        """The move ``before`` or ``after`` a neighbour id (as ``pointer`` names it), or to a
        raw ``position``."""
        return cls.model_validate({"position": move_position(where, pointer=pointer)})


class Placement(TypedDict, total=False):
    """Where a moved site space, section or group goes: ``before`` or ``after`` a neighbour
    (an id), or a raw ``position``."""

    before: str
    after: str
    position: Mapping[str, Any]


class GroupPlacement(Placement, total=False):
    relative_to: Literal["site-section-group", "site-section"]
    """What the neighbour is: another group (the default) or a section."""


def move_position(
    where: Placement, *, pointer: Callable[[str], dict[str, str]]
) -> Mapping[str, Any]:
    """The ``position`` of a move: ``{"before": pointer(id)}`` or ``{"after": pointer(id)}``.

    Exactly one of ``before`` and ``after`` is needed, unless a raw ``position`` is given.
    """
    sides: dict[str, str] = {
        side: value
        for side in ("before", "after")
        if isinstance(value := where.get(side, NOT_GIVEN), str)
    }
    position = where.get("position", NOT_GIVEN)
    if not isinstance(position, NotGiven):
        if sides:
            raise InvalidRequestError("give before/after or position, not both")
        return position
    if len(sides) != 1:
        raise InvalidRequestError("a move needs exactly one of before or after")
    ((side, value),) = sides.items()
    return {side: pointer(value)}


class SitesQuery(Paging, total=False):
    space: str
    title: str
    published: bool
    type: list[SiteType]


class ShareKeyQuery(TypedDict, total=False):
    share_key: str
    """Read as a visitor holding this share key of the site."""


class SiteSectionsQuery(ShareKeyQuery, Paging, total=False):
    """The site's sections, a page at a time."""


class SiteSpacesQuery(ShareKeyQuery, Paging, total=False):
    default: bool
    """True: only the default site space; False: only the others."""
