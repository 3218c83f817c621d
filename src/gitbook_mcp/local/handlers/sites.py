"""HTTP translation for docs sites: site spaces, sections, section groups, redirects, MCP servers."""

from __future__ import annotations

from typing import Any

from starlette.responses import Response

from gitbook_mcp.local.errors import Invalid
from gitbook_mcp.local.http.call import Body, Call, created, deleted, ok
from gitbook_mcp.local.http.route import RouteSpec
from gitbook_mcp.local.store.site_links import SOURCE_RE
from gitbook_mcp.local.store.sites import ABSENT

__all__ = ["ROUTES"]

BASE = "/orgs/{organizationId}/sites/{siteId}"


def _ids(call: Call) -> tuple[str, str]:
    return call.path("organizationId"), call.path("siteId")


def _position(
    body: Body, pointer_types: tuple[str, ...], key: str
) -> tuple[str | None, str | None]:
    """(before, after) ids from a move body's ``position``."""
    position = body.object("position", required=True)
    found: list[str | None] = []
    for side in ("before", "after"):
        pointer = position.get(side)
        if pointer is None:
            found.append(None)
            continue
        if not isinstance(pointer, dict) or pointer.get("type") not in pointer_types:
            raise Invalid(f"position.{side}.type", f"must be one of {', '.join(pointer_types)}")
        value = pointer.get(key)
        if not isinstance(value, str) or not value:
            raise Invalid(f"position.{side}.{key}", "must be an id")
        found.append(value)
    if (found[0] is None) == (found[1] is None):
        raise Invalid("position", "give exactly one of before or after")
    return found[0], found[1]


def _changes(fields: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in fields.items() if v is not ABSENT}


# -- sites --------------------------------------------------------------------------------


async def list_sites(call: Call) -> Response:
    q = call.query
    for name in ("space", "title", "type"):
        q.string(name)
    q.boolean("published")
    return ok(
        call.store.sites.list_sites(
            call.actor, call.path("organizationId"), page=q.page(), limit=q.limit()
        )
    )


async def get_site(call: Call) -> Response:
    return ok(call.store.sites.get_site(call.actor, *_ids(call)))


# -- site spaces --------------------------------------------------------------------------


async def list_site_spaces(call: Call) -> Response:
    q = call.query
    q.string("shareKey")
    return ok(
        call.store.sites.list_site_spaces(
            call.actor, *_ids(call), default=q.boolean("default"), page=q.page(), limit=q.limit()
        )
    )


async def add_site_space(call: Call) -> Response:
    b = call.body
    space_id = b.string("spaceId", required=True, min_len=1)
    return created(
        call.store.sites.add_site_space(
            call.actor, *_ids(call), space_id=space_id, section_id=b.string("sectionId")
        )
    )


async def update_site_space(call: Call) -> Response:
    b = call.body
    changes = _changes(
        {
            "path": b.string("path", min_len=1, max_len=100, default=ABSENT),
            "condition": b.string(
                "condition", min_len=1, max_len=1024, nullable=True, default=ABSENT
            ),
            "spaceId": b.string("spaceId", min_len=1, default=ABSENT),
        }
    )
    return ok(
        call.store.sites.update_site_space(
            call.actor, *_ids(call), call.path("siteSpaceId"), changes
        )
    )


async def delete_site_space(call: Call) -> Response:
    return deleted(
        call.store.sites.delete_site_space(call.actor, *_ids(call), call.path("siteSpaceId"))
    )


async def move_site_space(call: Call) -> Response:
    before, after = _position(call.body, ("site-space",), "siteSpace")
    sites = call.store.sites
    return ok(
        sites.move_site_space(
            call.actor, *_ids(call), call.path("siteSpaceId"), before=before, after=after
        )
    )


# -- sections and groups ------------------------------------------------------------------


async def list_sections(call: Call) -> Response:
    q = call.query
    q.string("shareKey")
    return ok(
        call.store.sites.sections.list_sections(
            call.actor, *_ids(call), page=q.page(), limit=q.limit()
        )
    )


async def add_section(call: Call) -> Response:
    b = call.body
    section = call.store.sites.sections.add_section(
        call.actor,
        *_ids(call),
        space_id=b.string("spaceId", required=True, min_len=1),
        title=b.string("title", min_len=2, max_len=128, nullable=True),
        icon=b.string("icon", max_len=50, nullable=True),
    )
    return created(section)


async def update_section(call: Call) -> Response:
    b = call.body
    changes = _changes(
        {
            "title": b.string("title", min_len=2, max_len=128, default=ABSENT),
            "path": b.string("path", min_len=1, max_len=100, default=ABSENT),
            "defaultSiteSpace": b.string("defaultSiteSpace", min_len=1, default=ABSENT),
            "condition": b.string(
                "condition", min_len=1, max_len=1024, nullable=True, default=ABSENT
            ),
            "icon": b.string("icon", max_len=50, nullable=True, default=ABSENT),
            "description": b.string("description", max_len=256, nullable=True, default=ABSENT),
        }
    )
    return ok(
        call.store.sites.sections.update_section(
            call.actor, *_ids(call), call.path("siteSectionId"), changes
        )
    )


async def delete_section(call: Call) -> Response:
    return deleted(
        call.store.sites.sections.delete_section(
            call.actor, *_ids(call), call.path("siteSectionId")
        )
    )


async def move_section(call: Call) -> Response:
    before, after = _position(call.body, ("site-section",), "siteSection")
    sections = call.store.sites.sections
    return ok(
        sections.move_section(
            call.actor, *_ids(call), call.path("siteSectionId"), before=before, after=after
        )
    )


async def list_groups(call: Call) -> Response:
    q = call.query
    return ok(
        call.store.sites.sections.list_groups(
            call.actor, *_ids(call), page=q.page(), limit=q.limit()
        )
    )


async def add_group(call: Call) -> Response:
    b = call.body
    group = call.store.sites.sections.add_group(
        call.actor,
        *_ids(call),
        title=b.string("title", required=True, min_len=1, max_len=100),
        icon=b.string("icon", max_len=50, nullable=True),
        sections=b.strings("sections") or [],
    )
    return created(group)


async def update_group(call: Call) -> Response:
    b = call.body
    changes = _changes(
        {
            "title": b.string("title", min_len=1, max_len=100, default=ABSENT),
            "icon": b.string("icon", max_len=50, nullable=True, default=ABSENT),
        }
    )
    return ok(
        call.store.sites.sections.update_group(
            call.actor, *_ids(call), call.path("siteSectionGroupId"), changes
        )
    )


async def delete_group(call: Call) -> Response:
    return deleted(
        call.store.sites.sections.delete_group(
            call.actor, *_ids(call), call.path("siteSectionGroupId")
        )
    )


async def add_to_group(call: Call) -> Response:
    section_id = call.body.string("sectionId", required=True, min_len=1)
    group = call.store.sites.sections.add_to_group(
        call.actor, *_ids(call), call.path("siteSectionGroupId"), section_id
    )
    return created(group)


async def remove_from_group(call: Call) -> Response:
    sections = call.store.sites.sections
    return deleted(
        sections.remove_from_group(
            call.actor, *_ids(call), call.path("siteSectionGroupId"), call.path("siteSectionId")
        )
    )


async def move_group(call: Call) -> Response:
    before, after = _position(call.body, ("site-section", "site-section-group"), "id")
    sections = call.store.sites.sections
    return ok(
        sections.move_group(
            call.actor, *_ids(call), call.path("siteSectionGroupId"), before=before, after=after
        )
    )


# -- redirects and MCP servers ------------------------------------------------------------


def _source(value: Any, field: str = "source") -> str:
    if not isinstance(value, str) or len(value) > 512 or not SOURCE_RE.match(value):
        raise Invalid(field, "must be an absolute path like /old/page (max 512, no trailing slash)")
    return value


async def list_redirects(call: Call) -> Response:
    q = call.query
    return ok(
        call.store.sites.links.list_redirects(
            call.actor, *_ids(call), page=q.page(), limit=q.limit()
        )
    )


async def create_redirect(call: Call) -> Response:
    b = call.body
    source = _source(b.string("source", required=True))
    destination = b.object("destination", required=True)
    return created(
        call.store.sites.links.create_redirect(
            call.actor, *_ids(call), source=source, destination=destination
        )
    )


async def update_redirect(call: Call) -> Response:
    b = call.body
    changes: dict[str, Any] = {}
    if b.has("source"):
        changes["source"] = _source(b.string("source"))
    if b.has("destination"):
        changes["destination"] = b.object("destination")
    return ok(
        call.store.sites.links.update_redirect(
            call.actor, *_ids(call), call.path("siteRedirectId"), changes
        )
    )


async def delete_redirect(call: Call) -> Response:
    return deleted(
        call.store.sites.links.delete_redirect(call.actor, *_ids(call), call.path("siteRedirectId"))
    )


async def get_redirect_by_source(call: Call) -> Response:
    q = call.query
    q.string("shareKey")
    source = _source(q.string("source", required=True))
    return ok(call.store.sites.links.resolve(call.actor, *_ids(call), source))


def _headers(b: Body) -> Any:
    headers = b.object("headers")
    if headers is None:
        return ABSENT
    for key, value in headers.items():
        if not isinstance(value, str) or not 1 <= len(value) <= 512:
            raise Invalid(f"headers.{key}", "must be a string of 1 to 512 characters")
    return headers


async def list_servers(call: Call) -> Response:
    q = call.query
    return ok(
        call.store.sites.links.list_servers(call.actor, *_ids(call), page=q.page(), limit=q.limit())
    )


async def create_server(call: Call) -> Response:
    b = call.body
    headers = _headers(b)
    server = call.store.sites.links.create_server(
        call.actor,
        *_ids(call),
        name=b.string("name", required=True, min_len=1, max_len=100),
        url=b.url("url", required=True),
        headers={} if headers is ABSENT else headers,
    )
    return created(server)


async def get_server(call: Call) -> Response:
    return ok(
        call.store.sites.links.get_server(call.actor, *_ids(call), call.path("siteMcpServerId"))
    )


async def update_server(call: Call) -> Response:
    b = call.body
    changes = _changes(
        {
            "name": b.string("name", min_len=1, max_len=100, default=ABSENT),
            "url": b.url("url") if b.has("url") else ABSENT,
            "headers": _headers(b),
        }
    )
    return ok(
        call.store.sites.links.update_server(
            call.actor, *_ids(call), call.path("siteMcpServerId"), changes
        )
    )


async def delete_server(call: Call) -> Response:
    return deleted(
        call.store.sites.links.delete_server(call.actor, *_ids(call), call.path("siteMcpServerId"))
    )


ROUTES: list[RouteSpec] = [
    RouteSpec("GET", "/orgs/{organizationId}/sites", list_sites, "listSites"),
    RouteSpec("GET", BASE, get_site, "getSiteById"),
    RouteSpec("GET", f"{BASE}/site-spaces", list_site_spaces, "listSiteSpaces"),
    RouteSpec("POST", f"{BASE}/site-spaces", add_site_space, "addSpaceToSite"),
    RouteSpec(
        "PATCH", f"{BASE}/site-spaces/{{siteSpaceId}}", update_site_space, "updateSiteSpaceById"
    ),
    RouteSpec(
        "DELETE", f"{BASE}/site-spaces/{{siteSpaceId}}", delete_site_space, "deleteSiteSpaceById"
    ),
    RouteSpec("POST", f"{BASE}/site-spaces/{{siteSpaceId}}/move", move_site_space, "moveSiteSpace"),
    RouteSpec("GET", f"{BASE}/sections", list_sections, "listSiteSections"),
    RouteSpec("POST", f"{BASE}/sections", add_section, "addSectionToSite"),
    RouteSpec(
        "PATCH", f"{BASE}/sections/{{siteSectionId}}", update_section, "updateSiteSectionById"
    ),
    RouteSpec(
        "DELETE", f"{BASE}/sections/{{siteSectionId}}", delete_section, "deleteSiteSectionById"
    ),
    RouteSpec("POST", f"{BASE}/sections/{{siteSectionId}}/move", move_section, "moveSiteSection"),
    RouteSpec("GET", f"{BASE}/section-groups", list_groups, "listSiteSectionGroups"),
    RouteSpec("POST", f"{BASE}/section-groups", add_group, "addSectionGroupToSite"),
    RouteSpec(
        "PATCH",
        f"{BASE}/section-groups/{{siteSectionGroupId}}",
        update_group,
        "updateSiteSectionGroupById",
    ),
    RouteSpec(
        "DELETE",
        f"{BASE}/section-groups/{{siteSectionGroupId}}",
        delete_group,
        "deleteSiteSectionGroupById",
    ),
    RouteSpec(
        "POST",
        f"{BASE}/section-groups/{{siteSectionGroupId}}/sections",
        add_to_group,
        "addSectionToGroup",
    ),
    RouteSpec(
        "DELETE",
        f"{BASE}/section-groups/{{siteSectionGroupId}}/sections/{{siteSectionId}}",
        remove_from_group,
        "removeSectionFromGroup",
    ),
    RouteSpec(
        "POST",
        f"{BASE}/section-groups/{{siteSectionGroupId}}/move",
        move_group,
        "moveSiteSectionGroup",
    ),
    RouteSpec("GET", f"{BASE}/redirects", list_redirects, "listSiteRedirects"),
    RouteSpec("POST", f"{BASE}/redirects", create_redirect, "createSiteRedirect"),
    RouteSpec(
        "PATCH", f"{BASE}/redirects/{{siteRedirectId}}", update_redirect, "updateSiteRedirectById"
    ),
    RouteSpec(
        "DELETE", f"{BASE}/redirects/{{siteRedirectId}}", delete_redirect, "deleteSiteRedirectById"
    ),
    RouteSpec("GET", f"{BASE}/redirect", get_redirect_by_source, "getSiteRedirectBySource"),
    RouteSpec("GET", f"{BASE}/mcp-servers", list_servers, "listSiteMcpServers"),
    RouteSpec("POST", f"{BASE}/mcp-servers", create_server, "createSiteMcpServer"),
    RouteSpec("GET", f"{BASE}/mcp-servers/{{siteMcpServerId}}", get_server, "getSiteMcpServerById"),
    RouteSpec(
        "PATCH", f"{BASE}/mcp-servers/{{siteMcpServerId}}", update_server, "updateSiteMcpServerById"
    ),
    RouteSpec(
        "DELETE",
        f"{BASE}/mcp-servers/{{siteMcpServerId}}",
        delete_server,
        "deleteSiteMcpServerById",
    ),
]
