"""Request readers and answers shared by the docs-site handlers: path ids, PATCH changes, move
positions, and the add, read, update, move and delete of one row of a site part."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from starlette.responses import Response

from gitbook_mcp.local.absent import ABSENT
from gitbook_mcp.local.errors import Invalid, an_object
from gitbook_mcp.local.http.call import Body, Call, created, deleted, ok
from gitbook_mcp.local.store.access import Actor

__all__ = [
    "BASE",
    "added",
    "changes",
    "item",
    "listing",
    "moved",
    "pointer",
    "position_anchors",
    "position_ids",
    "removed",
    "site_ids",
    "updated",
]

A = TypeVar("A")

BASE = "/orgs/{organizationId}/sites/{siteId}"
"""Path template of a site, under which every site operation sits."""


def site_ids(call: Call) -> tuple[str, str]:
    """(organizationId, siteId) of the request's path."""
    return call.path("organizationId"), call.path("siteId")


def listing(call: Call, lister: Callable[..., dict[str, Any]]) -> Response:
    """A page of one part of the site (redirects, MCP servers, section groups), as ``lister``
    (the part's ``list_page``) gives it."""
    return ok(lister(call.actor, *site_ids(call), paging=call.query.paging()))


def added(call: Call, adder: Callable[..., dict[str, Any]], **fields: Any) -> Response:
    """The row ``adder`` creates in the path's site from the ``fields`` of the body (201)."""
    return created(adder(call.actor, *site_ids(call), **fields))


def item(
    call: Call, reader: Callable[[Actor, str, str, str], dict[str, Any]], id_name: str
) -> Response:
    """The row of the path's site named by the path id ``id_name``, as ``reader`` renders it."""
    return ok(reader(call.actor, *site_ids(call), call.path(id_name)))


def changes(fields: dict[str, Any]) -> dict[str, Any]:
    """The fields that were sent (absent ones read as `ABSENT`)."""
    return {name: value for name, value in fields.items() if value is not ABSENT}


def updated(
    call: Call, updater: Callable[..., dict[str, Any]], id_name: str, fields: dict[str, Any]
) -> Response:
    """The row named by the path id ``id_name``, after the ``fields`` sent changed it with
    ``updater`` (the part's ``update``)."""
    return ok(updater(call.actor, *site_ids(call), call.path(id_name), changes(fields)))


def moved(
    call: Call,
    mover: Callable[..., dict[str, Any]],
    id_name: str,
    before: A | None,
    after: A | None,
) -> Response:
    """The row named by the path id ``id_name``, moved ``before`` or ``after`` a neighbour by
    ``mover`` (the part's ``move``)."""
    return ok(mover(call.actor, *site_ids(call), call.path(id_name), (before, after)))


def removed(call: Call, deleter: Callable[[Actor, str, str, str], bool], id_name: str) -> Response:
    """The delete of the row named by the path id ``id_name`` with ``deleter`` (the part's
    ``delete``): 205, or 204 if it was gone."""
    return deleted(deleter(call.actor, *site_ids(call), call.path(id_name)))


def pointer(
    position: dict[str, Any], side: str, kinds: tuple[str, ...], key: str
) -> tuple[str, str] | None:
    """(type, id) of ``position[side]``; None when it is absent or null; 400 when malformed."""
    value = position.get(side)
    if value is None:
        return None
    value = an_object(f"position.{side}", value)
    kind = value.get("type")
    if kind not in kinds:
        raise Invalid(f"position.{side}.type", f"must be {' or '.join(kinds)}")
    ident = value.get(key)
    if not isinstance(ident, str) or not ident:
        raise Invalid(f"position.{side}.{key}", "must be a non-empty string")
    return str(kind), ident


def position_anchors(
    body: Body, kinds: tuple[str, ...], key: str
) -> tuple[tuple[str, str] | None, tuple[str, str] | None]:
    """The (before, after) pointers of a move's ``position``: at most one of them is given.

    No ``position`` (or neither side) means "move to the end".
    """
    position = body.object("position")
    if position is None:
        return None, None
    before = pointer(position, "before", kinds, key)
    after = pointer(position, "after", kinds, key)
    if before is not None and after is not None:
        raise Invalid("position", "give either before or after, not both")
    return before, after


def position_ids(body: Body, kinds: tuple[str, ...], key: str) -> tuple[str | None, str | None]:
    """The ids of `position_anchors`, for parts whose neighbours are all of one kind."""
    before, after = position_anchors(body, kinds, key)
    return (None if before is None else before[1]), (None if after is None else after[1])
