"""HTTP translation for the redirects and the MCP servers of a docs site (11 operations).

The formats of the contract are checked here (redirect source pattern, destination shape,
header maps); the store checks that destinations exist and sources are free.
"""

from __future__ import annotations

import re
from typing import Any

from starlette.responses import Response

from gitbook_mcp.api import Profile
from gitbook_mcp.local.absent import ABSENT
from gitbook_mcp.local.errors import Invalid, an_object, one_of
from gitbook_mcp.local.handlers.sites.common import added, item, listing, removed, site_ids, updated
from gitbook_mcp.local.http.call import Body, Call, ok
from gitbook_mcp.local.store.sites.redirect_batch import bulk_upsert
from gitbook_mcp.local.store.sites.redirects import OPTIONS

__all__ = [
    "HEADER_NAME_RE",
    "SOURCE_RE",
    "bulk_upsert_redirects",
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
LIVE_SOURCE_RE = re.compile(
    r"^\/(?!\*)(?!.*\*.+)(?:[A-Za-z0-9\-._~+]|%[0-9A-Fa-f]{2})+"
    r"(?:\/(?:[A-Za-z0-9\-._~+]|%[0-9A-Fa-f]{2})+)*(?:\/\*|\*)?$"
)
"""The live contract's source: the same, plus ``+`` and a trailing wildcard (``/a/*``, ``/a*``)."""
SOURCE_MAX = 512
BATCH_MAX = 500
HEADER_NAME_RE = re.compile(r"^[!#$%&'*+.^_`|~0-9A-Za-z-]+$")
"""An HTTP header name (an RFC 9110 token)."""

_DESTINATION_FIELDS: dict[str, tuple[str, ...]] = {
    "site-section": ("siteSectionId",),
    "site-space": ("siteSpaceId",),
    "site-page": ("siteSpaceId", "pageId"),
}
_LIVE_DESTINATION_FIELDS: dict[str, tuple[str, ...]] = {
    **_DESTINATION_FIELDS,
    "external": ("url",),
    "path": ("spaceId", "path"),
}


# -- redirects --------------------------------------------------------------------------------


def destination(value: Any, profile: Profile = "seed") -> dict[str, str]:
    """The destination as stored: ``kind`` and exactly the ids that kind carries (live adds
    ``external`` URLs and ``path`` destinations)."""
    value = an_object("destination", value)
    kinds = _LIVE_DESTINATION_FIELDS if profile == "live" else _DESTINATION_FIELDS
    kind = one_of("destination.kind", value.get("kind"), kinds)
    if kind == "external" and not str(value.get("url", "")).startswith(("http://", "https://")):
        raise Invalid("destination.url", "must be an absolute http(s) URL")
    clean = {"kind": str(kind)}
    for field in kinds[kind]:
        ident = value.get(field)
        if not isinstance(ident, str) or not ident:
            raise Invalid(f"destination.{field}", f"is required for a {kind} destination")
        clean[field] = ident
    return clean


def _source(fields: Body, profile: Profile, *, required: bool = False) -> Any:
    pattern = LIVE_SOURCE_RE if profile == "live" else SOURCE_RE
    return fields.string(
        "source", required=required, max_len=SOURCE_MAX, pattern=pattern, default=ABSENT
    )


def _options(call: Call, fields: Body) -> dict[str, Any]:
    """The live redirect options given (``captureWildcard``, ``permanent``, ``draft``)."""
    if call.profile != "live":
        return {}
    given = {name: fields.boolean(name, default=ABSENT) for name in OPTIONS}
    return {name: value for name, value in given.items() if value is not ABSENT}


async def list_redirects(call: Call) -> Response:
    return listing(call, call.store.sites.redirects.list_page)


async def create_redirect(call: Call) -> Response:
    b = call.body
    return added(
        call,
        call.store.sites.redirects.create,
        source=_source(b, call.profile, required=True),
        destination=destination(b.raw("destination", required=True), call.profile),
        options=_options(call, b),
    )


async def update_redirect(call: Call) -> Response:
    b = call.body
    fields = {
        "source": _source(b, call.profile),
        "destination": (
            destination(b.raw("destination"), call.profile) if b.has("destination") else ABSENT
        ),
        **_options(call, b),
    }
    return updated(call, call.store.sites.redirects.update, "siteRedirectId", fields)


async def bulk_upsert_redirects(call: Call) -> Response:
    raw = call.body.raw("redirects", required=True)
    if not isinstance(raw, list) or not 1 <= len(raw) <= BATCH_MAX:
        raise Invalid("redirects", f"must be a list of 1 to {BATCH_MAX} redirects")
    items = [_batch_item(index, item) for index, item in enumerate(raw)]
    results = bulk_upsert(call.store.sites.redirects, call.actor, *site_ids(call), items)
    return ok({"results": results})


def _batch_item(index: int, value: Any) -> dict[str, Any]:
    """One item of a bulk upsert, checked; a bad one is a 400 naming ``redirects[index]``."""
    value = an_object(f"redirects[{index}]", value)
    try:
        fields = Body(value)
        item: dict[str, Any] = {
            "source": _source(fields, "live", required=True),
            "intent": fields.string("intent", choices=("publish", "live", "draft"), default="live"),
        }
        if item["intent"] == "publish":
            return item
        raw = fields.raw("destination", required=True)
        item["destination"] = None if raw is None else destination(raw, "live")
        for name in ("captureWildcard", "permanent"):
            flag = fields.boolean(name, default=ABSENT)
            if flag is not ABSENT:
                item[name] = flag
        return item
    except Invalid as exc:
        problem = exc.message.split(": ", 1)[-1]
        raise Invalid(f"redirects[{index}].{exc.field}", problem) from exc


async def delete_redirect(call: Call) -> Response:
    return removed(call, call.store.sites.redirects.delete, "siteRedirectId")


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
        return ABSENT
    for name, text in value.items():
        if not HEADER_NAME_RE.match(name):
            raise Invalid("headers", f"{name!r} is not a valid HTTP header name")
        if not isinstance(text, str) or not 1 <= len(text) <= 512:
            raise Invalid(f"headers.{name}", "must be a string of 1 to 512 characters")
        if "\r" in text or "\n" in text:
            raise Invalid(f"headers.{name}", "must not contain line breaks")
    return dict(value)


async def list_servers(call: Call) -> Response:
    return listing(call, call.store.sites.mcp_servers.list_page)


async def create_server(call: Call) -> Response:
    b = call.body
    headers = _headers(b)
    return added(
        call,
        call.store.sites.mcp_servers.create,
        name=b.string("name", required=True, min_len=1, max_len=100),
        url=b.url("url", required=True),
        headers=None if headers is ABSENT else headers,
    )


async def get_server(call: Call) -> Response:
    return item(call, call.store.sites.mcp_servers.get, "siteMcpServerId")


async def update_server(call: Call) -> Response:
    b = call.body
    fields = {
        "name": b.string("name", min_len=1, max_len=100, default=ABSENT),
        "url": b.url("url") if b.has("url") else ABSENT,
        "headers": _headers(b),
    }
    return updated(call, call.store.sites.mcp_servers.update, "siteMcpServerId", fields)


async def delete_server(call: Call) -> Response:
    return removed(call, call.store.sites.mcp_servers.delete, "siteMcpServerId")
