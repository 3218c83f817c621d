"""Helpers shared by the organization handlers: the path's organization, paged listings, and
the read, update, delete and paged parts of one of its items named by a path id."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Concatenate, ParamSpec, Protocol

from starlette.responses import Response

from gitbook_mcp.local.http.call import Call, deleted, ok
from gitbook_mcp.local.store.access import Actor
from gitbook_mcp.local.store.paging import PageWindow

__all__ = [
    "OrgLister",
    "item_page",
    "org_id",
    "org_item",
    "org_page",
    "org_removed",
]

P = ParamSpec("P")


class OrgLister(Protocol):
    """A store method listing one page of an organization's items."""

    def __call__(
        self, actor: Actor, org_id: str, *, paging: PageWindow = ...
    ) -> dict[str, Any]: ...


def org_id(call: Call) -> str:
    """The organization named by the route's path."""
    return call.path("organizationId")


def org_page(call: Call, lister: OrgLister) -> Response:
    """One page of ``lister``'s items for the path's organization, paged by the query."""
    return ok(lister(call.actor, org_id(call), paging=call.query.paging()))


def org_item(
    call: Call,
    operation: Callable[Concatenate[Actor, str, str, P], dict[str, Any]],
    id_name: str,
    *args: P.args,
    **kwargs: P.kwargs,
) -> Response:
    """The organization's item named by the path id ``id_name``, as ``operation`` answers it: a
    read, or a write of the ``args`` read from the body."""
    return ok(operation(call.actor, org_id(call), call.path(id_name), *args, **kwargs))


def item_page(
    call: Call, lister: Callable[..., dict[str, Any]], id_name: str, **filters: Any
) -> Response:
    """One page of what belongs to the organization's item named by the path id ``id_name``
    (a member's spaces or teams, a team's members), ``filters`` applied, paged by the query."""
    page = lister(
        call.actor, org_id(call), call.path(id_name), paging=call.query.paging(), **filters
    )
    return ok(page)


def org_removed(call: Call, remover: Callable[[Actor, str, str], bool], id_name: str) -> Response:
    """The delete of the organization's item named by the path id ``id_name`` (205, or 204
    when it did not exist)."""
    return deleted(remover(call.actor, org_id(call), call.path(id_name)))
