"""HTTP translation for the sections and section groups of a docs site (12 operations)."""

from __future__ import annotations

from starlette.responses import Response

from gitbook_mcp.local.absent import ABSENT
from gitbook_mcp.local.handlers.sites.common import (
    added,
    listing,
    moved,
    position_anchors,
    position_ids,
    removed,
    site_ids,
    updated,
)
from gitbook_mcp.local.http.call import Call, created, deleted, ok
from gitbook_mcp.local.store.sites.groups import GROUP, SECTION

__all__ = [
    "add_group",
    "add_section",
    "add_section_to_group",
    "delete_group",
    "delete_section",
    "list_groups",
    "list_sections",
    "move_group",
    "move_section",
    "remove_section_from_group",
    "update_group",
    "update_section",
]


# -- sections ---------------------------------------------------------------------------------


async def list_sections(call: Call) -> Response:
    q = call.query
    q.string("shareKey")  # accepted; share links do not restrict the local workspace
    return ok(call.store.sites.sections.list_page(call.actor, *site_ids(call), paging=q.paging()))


async def add_section(call: Call) -> Response:
    b = call.body
    return added(
        call,
        call.store.sites.sections.add,
        space_id=b.string("spaceId", required=True, min_len=1),
        title=b.string("title", min_len=2, max_len=128, nullable=True),
        icon=b.string("icon", min_len=1, max_len=50, nullable=True),
    )


async def update_section(call: Call) -> Response:
    b = call.body
    fields = {
        "title": b.string("title", min_len=2, max_len=128, default=ABSENT),
        "path": b.string("path", min_len=1, max_len=100, default=ABSENT),
        "defaultSiteSpace": b.string("defaultSiteSpace", min_len=1, default=ABSENT),
        "condition": b.string("condition", min_len=1, max_len=1024, nullable=True, default=ABSENT),
        "icon": b.string("icon", min_len=1, max_len=50, nullable=True, default=ABSENT),
        "description": b.string("description", max_len=256, nullable=True, default=ABSENT),
    }
    if call.profile == "live":
        _join_or_leave_group(
            call, b.string("siteSectionGroupId", min_len=1, nullable=True, default=ABSENT)
        )
    return updated(call, call.store.sites.sections.update, "siteSectionId", fields)


def _join_or_leave_group(call: Call, group_id: object) -> None:
    """Live: ``siteSectionGroupId`` puts the section last in that group, ``null`` takes it out
    (the live service's way; it has no group-membership routes)."""
    if group_id is ABSENT:
        return
    groups, section_id = call.store.sites.groups, call.path("siteSectionId")
    if isinstance(group_id, str):
        groups.add_section(call.actor, *site_ids(call), group_id, section_id)
        return
    current = groups.group_of(site_ids(call)[1], section_id)
    if current is not None:
        groups.remove_section(call.actor, *site_ids(call), current, section_id)


async def delete_section(call: Call) -> Response:
    return removed(call, call.store.sites.sections.delete, "siteSectionId")


async def move_section(call: Call) -> Response:
    before, after = position_ids(call.body, (SECTION,), "siteSection")
    return moved(call, call.store.sites.sections.move, "siteSectionId", before, after)


# -- section groups ---------------------------------------------------------------------------


async def list_groups(call: Call) -> Response:
    return listing(call, call.store.sites.groups.list_page)


async def add_group(call: Call) -> Response:
    b = call.body
    return added(
        call,
        call.store.sites.groups.add,
        title=b.string("title", required=True, min_len=1, max_len=100),
        icon=b.string("icon", min_len=1, max_len=50, nullable=True),
        sections=b.strings("sections"),
    )


async def update_group(call: Call) -> Response:
    b = call.body
    fields = {
        "title": b.string("title", min_len=1, max_len=100, default=ABSENT),
        "icon": b.string("icon", min_len=1, max_len=50, nullable=True, default=ABSENT),
    }
    return updated(call, call.store.sites.groups.update, "siteSectionGroupId", fields)


async def delete_group(call: Call) -> Response:
    return removed(call, call.store.sites.groups.delete, "siteSectionGroupId")


async def add_section_to_group(call: Call) -> Response:
    section_id = call.body.string("sectionId", required=True, min_len=1)
    return created(
        call.store.sites.groups.add_section(
            call.actor, *site_ids(call), call.path("siteSectionGroupId"), section_id
        )
    )


async def remove_section_from_group(call: Call) -> Response:
    return deleted(
        call.store.sites.groups.remove_section(
            call.actor, *site_ids(call), call.path("siteSectionGroupId"), call.path("siteSectionId")
        )
    )


async def move_group(call: Call) -> Response:
    before, after = position_anchors(call.body, (SECTION, GROUP), "id")
    return moved(call, call.store.sites.groups.move, "siteSectionGroupId", before, after)
