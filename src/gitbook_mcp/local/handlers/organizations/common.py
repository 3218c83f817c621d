"""Helpers shared by the organization handlers: the path's organization and paged listings."""

from __future__ import annotations

from typing import Any, Protocol

from starlette.responses import Response

from gitbook_mcp.local.http.call import Call, ok
from gitbook_mcp.local.store.access import Actor
from gitbook_mcp.local.store.paging import Paging

__all__ = ["OrgLister", "org_id", "org_page"]


class OrgLister(Protocol):
    """A store method listing one page of an organization's items."""

    def __call__(self, actor: Actor, org_id: str, *, paging: Paging = ...) -> dict[str, Any]: ...


def org_id(call: Call) -> str:
    """The organization named by the route's path."""
    return call.path("organizationId")


def org_page(call: Call, lister: OrgLister) -> Response:
    """One page of ``lister``'s items for the path's organization, paged by the query."""
    return ok(lister(call.actor, org_id(call), paging=call.query.paging()))
