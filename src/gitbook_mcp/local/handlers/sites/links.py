"""HTTP translation for the redirects and the MCP servers of a docs site (10 operations).

The formats of the contract are checked here (redirect source pattern, destination shape,
header maps); the store checks that destinations exist and sources are free.
"""

from __future__ import annotations

import re
from typing import Any

from starlette.responses import Response

from gitbook_mcp.local.errors import Invalid
from gitbook_mcp.local.handlers.sites.common import BASE, changes, listing, site_ids
from gitbook_mcp.local.http.call import Body, Call, created, deleted, ok
from gitbook_mcp.local.store.sites.redirects import DESTINATION_KINDS

__all__ = [
    "HEADER_NAME_RE",
    "SOURCE_RE",
    "create_redirect",
    "create_server",
    "delete_redirect",
    "delete_server",
    "get_redirect_by_source",
    "get_server",
    "list_redirects",
    "list_servers",
    "update_redirect",
    "update_server",
]

SOURCE_RE = re.compile(
    r"^\/(?:[A-Za-z0-9\-._~]|%[0-9A-Fa-f]{2})+(?:\/(?:[A-Za-z0-9\-._~]|%[0-9A-Fa-f]{2})+)*$"
)
"""The contract's ``SiteRedirectSourcePath``: an absolute path of non-empty segments of
unreserved characters or percent-encoded bytes, without a trailing slash."""
SOURCE_MAX = 512
HEADER_NAME_RE = re.compile(r"^[!#$%&'*+.^_`|~0-9A-Za-z-]+$")
"""An HTTP header name (an RFC 9110 token)."""

_DESTINATION_FIELDS: dict[str, tuple[str, ...]] = {
    "site-section": ("siteSectionId",),
    "site-space": ("siteSpaceId",),
    "site-page": ("siteSpaceId", "pageId"),
}
REDIRECT = f"{BASE}/redirects/{{siteRedirectId}}"
SERVERS = f"{BASE}/mcp-servers"
SERVER = f"{SERVERS}/{{siteMcpServerId}}"


# -- redirects --------------------------------------------------------------------------------


def destination(value: Any) -> dict[str, str]:
    """The destination as stored: ``kind`` and exactly the ids that kind carries."""
    if not isinstance(value, dict):
        raise Invalid("destination", "must be an object")
    kind = value.get("kind")
    if kind not in _DESTINATION_FIELDS:
        raise Invalid("destination.kind", f"must be one of {', '.join(DESTINATION_KINDS)}")
    clean = {"kind": str(kind)}
    for field in _DESTINATION_FIELDS[kind]:
        ident = value.get(field)
        if not isinstance(ident, str) or not ident:
            raise Invalid(f"destination.{field}", f"is required for a {kind} destination")
        clean[field] = ident
    return clean


def _source(fields: Body, *, required: bool = False) -> Any:
    return fields.string(
        "source", required=required, max_len=SOURCE_MAX, pattern=SOURCE_RE, default=Body.ABSENT
    )


async def list_redirects(call: Call) -> Response:
    return listing(call, call.store.sites.redirects)


async def create_redirect(call: Call) -> Response:
    b = call.body
    return created(
        call.store.sites.redirects.create(
            call.actor,
            *site_ids(call),
            source=_source(b, required=True),
            destination=destination(b.raw("destination", required=True)),
        )
    )


async def update_redirect(call: Call) -> Response:
    b = call.body
    fields = {
        "source": _source(b),
        "destination": destination(b.raw("destination")) if b.has("destination") else Body.ABSENT,
    }
    return ok(
        call.store.sites.redirects.update(
            call.actor, *site_ids(call), call.path("siteRedirectId"), changes(fields)
        )
    )


async def delete_redirect(call: Call) -> Response:
    return deleted(
        call.store.sites.redirects.delete(call.actor, *site_ids(call), call.path("siteRedirectId"))
    )


async def get_redirect_by_source(call: Call) -> Response:
    q = call.query
    q.string("shareKey")  # accepted; share links do not restrict the local workspace
    source = q.string("source", required=True, max_len=SOURCE_MAX, pattern=SOURCE_RE)
    return ok(call.store.sites.redirects.resolve(call.actor, *site_ids(call), source))


# -- MCP servers ------------------------------------------------------------------------------


def _headers(fields: Body) -> Any:
    """The ``headers`` map (names are header tokens, values 1 to 512 characters)."""
    value = fields.object("headers")
    if value is None:
        return Body.ABSENT
    for name, text in value.items():
        if not HEADER_NAME_RE.match(name):
            raise Invalid("headers", f"{name!r} is not a valid HTTP header name")
        if not isinstance(text, str) or not 1 <= len(text) <= 512:
            raise Invalid(f"headers.{name}", "must be a string of 1 to 512 characters")
        if "\r" in text or "\n" in text:
            raise Invalid(f"headers.{name}", "must not contain line breaks")
    return dict(value)


async def list_servers(call: Call) -> Response:
    return listing(call, call.store.sites.mcp_servers)


async def create_server(call: Call) -> Response:
    b = call.body
    headers = _headers(b)
    return created(
        call.store.sites.mcp_servers.create(
            call.actor,
            *site_ids(call),
            name=b.string("name", required=True, min_len=1, max_len=100),
            url=b.url("url", required=True),
            headers=None if headers is Body.ABSENT else headers,
        )
    )


async def get_server(call: Call) -> Response:
    return ok(
        call.store.sites.mcp_servers.get(call.actor, *site_ids(call), call.path("siteMcpServerId"))
    )


async def update_server(call: Call) -> Response:
    b = call.body
    fields = {
        "name": b.string("name", min_len=1, max_len=100, default=Body.ABSENT),
        "url": b.url("url") if b.has("url") else Body.ABSENT,
        "headers": _headers(b),
    }
    return ok(
        call.store.sites.mcp_servers.update(
            call.actor, *site_ids(call), call.path("siteMcpServerId"), changes(fields)
        )
    )


async def delete_server(call: Call) -> Response:
    return deleted(
        call.store.sites.mcp_servers.delete(
            call.actor, *site_ids(call), call.path("siteMcpServerId")
        )
    )
