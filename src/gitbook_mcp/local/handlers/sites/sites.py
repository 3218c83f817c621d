"""HTTP translation for docs sites and their site spaces; ROUTES also gathers the sections and
groups (handlers/site_sections.py) and the redirects and MCP servers (handlers/site_links.py):
29 operations in all."""

from __future__ import annotations

from starlette.responses import Response

from gitbook_mcp.local.absent import ABSENT
from gitbook_mcp.local.errors import one_of
from gitbook_mcp.local.handlers.sites.common import (
    added,
    moved,
    position_ids,
    removed,
    site_ids,
    updated,
)
from gitbook_mcp.local.http.call import Call, ok
from gitbook_mcp.local.store.sites.common import SITE_TYPES

__all__ = [
    "add_site_space",
    "delete_site_space",
    "get_site",
    "list_site_spaces",
    "list_sites",
    "move_site_space",
    "update_site_space",
]


# -- sites ------------------------------------------------------------------------------------


async def list_sites(call: Call) -> Response:
    q = call.query
    types = q.strings("type")
    for value in types or ():
        one_of("type", value, SITE_TYPES)
    return ok(
        call.store.sites.list_sites(
            call.actor,
            call.path("organizationId"),
            space=q.string("space", min_len=1),
            title=q.string("title"),
            published=q.boolean("published"),
            types=types,
            paging=q.paging(),
        )
    )


async def get_site(call: Call) -> Response:
    return ok(call.store.sites.get_site(call.actor, *site_ids(call)))


# -- site spaces ------------------------------------------------------------------------------


async def list_site_spaces(call: Call) -> Response:
    q = call.query
    q.string("shareKey")  # accepted; share links do not restrict the local workspace
    return ok(
        call.store.sites.site_spaces.list_site_spaces(
            call.actor,
            *site_ids(call),
            default=q.boolean("default"),
            paging=q.paging(),
        )
    )


async def add_site_space(call: Call) -> Response:
    b = call.body
    return added(
        call,
        call.store.sites.site_spaces.add,
        space_id=b.string("spaceId", required=True, min_len=1),
        section_id=b.string("sectionId", min_len=1),
    )


async def update_site_space(call: Call) -> Response:
    b = call.body
    fields = {
        "path": b.string("path", min_len=1, max_len=100, default=ABSENT),
        "condition": b.string("condition", min_len=1, max_len=1024, nullable=True, default=ABSENT),
        "spaceId": b.string("spaceId", min_len=1, default=ABSENT),
    }
    return updated(call, call.store.sites.site_spaces.update, "siteSpaceId", fields)


async def delete_site_space(call: Call) -> Response:
    return removed(call, call.store.sites.site_spaces.delete, "siteSpaceId")


async def move_site_space(call: Call) -> Response:
    before, after = position_ids(call.body, ("site-space",), "siteSpace")
    return moved(call, call.store.sites.site_spaces.move, "siteSpaceId", before, after)
