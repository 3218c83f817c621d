"""Pieces the toolsets share: argument fields, compact summaries, page-tree walking."""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable, Iterator
from typing import TYPE_CHECKING, Annotated, Any, Literal, TypeVar

from pydantic import BaseModel, Field, model_validator

from gitbook_mcp.client.models.common import MemberRole, Role
from gitbook_mcp.client.models.content import ChangeRequestStatus, RevisionPage
from gitbook_mcp.client.pagination import ListPage
from gitbook_mcp.server.rendering import UntrustedLine, UntrustedRef
from gitbook_mcp.server.tooling import Decorator, Permission, ToolFailure, Toolset, write_tool

if TYPE_CHECKING:
    from gitbook_mcp.client import GitBookClient

__all__ = [
    "ORG_ADMIN",
    "ORG_CREATE_CONTENT",
    "SPACE_ADMIN",
    "SPACE_EDIT",
    "ChangeRequestId",
    "Cursor",
    "Deleted",
    "EditMode",
    "Limit",
    "OrganizationId",
    "PageEntry",
    "ReadOne",
    "RoleOrGuest",
    "SiteId",
    "SpaceId",
    "TeamRole",
    "Visibility",
    "changed",
    "delete_tool",
    "exactly_one",
    "flatten_pages",
    "given",
    "listing",
    "need",
    "one_or_page",
    "outline",
    "page_entries",
    "resolve_change_request",
    "role_name",
    "role_value",
]

OrganizationId = Annotated[str, Field(min_length=1, description="From list_organizations")]
SpaceId = Annotated[str, Field(min_length=1, description="From list_spaces")]
SiteId = Annotated[str, Field(min_length=1, description="From list_sites")]
ChangeRequestId = Annotated[
    str, Field(min_length=1, description="Change request id, or its number (1 or #1)")
]
Cursor = Annotated[str | None, Field(default=None)]
"""The ``next_cursor`` of the previous page (the name says it; no description is spent on it)."""
Limit = Annotated[int, Field(default=25, ge=1, le=100)]
ReadOne = Annotated[str | None, Field(default=None, description="Read this one")]
"""The id of the one object a listing tool reads instead of listing (see `one_or_page`)."""


T = TypeVar("T")
V = TypeVar("V")

ORG_ADMIN = Permission("organization", "admin", "organization_id")
"""The admin flag of the organization named by ``organization_id``."""
ORG_CREATE_CONTENT = Permission("organization", "createContent", "organization_id")
"""May create spaces and collections in the organization named by ``organization_id``."""
SPACE_ADMIN = Permission("space", "admin", "space_id")
"""The admin flag of the space named by ``space_id``."""
SPACE_EDIT = Permission("space", "edit", "space_id")
"""The edit flag of the space named by ``space_id`` (its content and change requests)."""

RoleOrGuest = Literal[Role, "guest"]
"""A role argument; ``guest`` means no explicit role (the API's null)."""
EditMode = Literal["live", "locked"]
"""How a space is edited: directly (live) or not at all (locked)."""
Visibility = Literal["private", "public"]
"""Who may read an OpenAPI spec."""
TeamRole = MemberRole
"""A member's role in a team (the client's ``MemberRole``)."""


def role_value(role: RoleOrGuest) -> Role | None:
    """The role to send: ``guest`` is sent as null."""
    return None if role == "guest" else role


def role_name(role: str | None) -> str:
    """The role to show: the API's null (no explicit role) is shown as ``guest``."""
    return role or "guest"


def listing(rows: list[str], cursor: str | None, *, empty: str = "None.") -> str:
    """Rows, one a line (or ``empty``), with the cursor of the next page if there is one."""
    more = f"\nMore: pass cursor={cursor!r}" if cursor else ""
    return ("\n".join(rows) or empty) + more


async def one_or_page(
    wanted: str | None,
    get: Callable[[str], Awaitable[T]],
    page: Callable[[], Awaitable[ListPage[T]]],
    view: Callable[[T], V],
) -> tuple[list[V], str | None]:
    """The views of the one object ``wanted`` names (read with ``get``), else of one ``page``
    with its next cursor: how the listing tools that can also read one object answer."""
    if wanted:
        return [view(await get(wanted))], None
    found = await page()
    return [view(item) for item in found.items], found.next_cursor


# The answer of a delete. The service answers 204 both for an id that never existed (a typo)
# and for one an earlier call deleted (a retry): it cannot tell them apart, and neither can we.
# So a delete that found nothing is not an error (a retried delete stays a success) but says
# "Nothing deleted" naming the target, with deleted=false, never as if something went.
# A comment, not a docstring: a docstring would go into every delete tool's output schema.
class Deleted(BaseModel):
    deleted: bool
    target: str | None = None


def _render_deleted(r: Deleted) -> str:
    if r.deleted:
        return f"Deleted {r.target}." if r.target else "Deleted."
    missing = f"no {r.target} here" if r.target else "nothing by that id here"
    return (
        f"Nothing deleted: {missing} (a wrong id, or one already deleted: the service answers "
        "both alike)."
    )


def delete_tool(
    toolset: Toolset,
    *,
    permission: Permission,
    method_permissions: tuple[tuple[str, Permission], ...] = (),
    method_arg: str = "kind",
) -> Decorator:
    """Declare a tool that deletes: destructive, idempotent, answering `Deleted`."""
    return write_tool(
        toolset,
        permission=permission,
        method_permissions=method_permissions,
        method_arg=method_arg,
        destructive=True,
        idempotent=True,
        render=_render_deleted,
    )


def given(**values: Any) -> dict[str, Any]:
    """The values that are not None: the fields a write changes."""
    return {k: v for k, v in values.items() if v is not None}


def changed(hint: str, **values: Any) -> dict[str, Any]:
    """The values given, or a tool error saying what could be given (``hint``)."""
    changes = given(**values)
    if not changes:
        raise ToolFailure(f"Nothing to change: give {hint}.")
    return changes


def need(value: T | None, name: str, method: str) -> T:
    """``value``, or a tool error saying that ``method`` needs the argument ``name``."""
    if value is None or value == "":
        raise ToolFailure(f"{method} needs {name}.")
    return value


M = TypeVar("M", bound=BaseModel)


def exactly_one(first: str, second: str) -> Any:
    """A model validator (assigned in a class body): exactly one of ``first`` and ``second``."""

    def check(model: M) -> M:
        if bool(getattr(model, first)) == bool(getattr(model, second)):
            raise ValueError(f"give exactly one of {first} or {second}")
        return model

    return model_validator(mode="after")(check)


class PageEntry(BaseModel):
    id: str
    title: UntrustedLine
    path: UntrustedRef
    depth: int = 0


def flatten_pages(pages: list[RevisionPage], depth: int = 0) -> Iterator[tuple[RevisionPage, int]]:
    """Every page of a page tree, depth first, with its depth."""
    for page in pages:
        yield page, depth
        yield from flatten_pages(page.pages, depth + 1)


def page_entries(pages: list[RevisionPage]) -> list[PageEntry]:
    """The pages of a tree as compact entries, depth first."""
    return [
        PageEntry(id=page.id, title=page.title, path=page.path or "", depth=depth)
        for page, depth in flatten_pages(pages)
    ]


def outline(entries: list[PageEntry]) -> str:
    """An indented outline: ``- Title (path) [id]``."""
    return (
        "\n".join(f"{'  ' * e.depth}- {e.title} ({e.path}) [{e.id}]" for e in entries)
        or "(no pages)"
    )


_NUMBER = re.compile(r"^#?(\d+)$")
_IN_URL = re.compile(r"/changes/(\d+)(?:[/?#]|$)")
_STATUSES: tuple[ChangeRequestStatus, ...] = ("open", "draft", "merged", "archived")


async def resolve_change_request(client: GitBookClient, space_id: str, value: str) -> str:
    """The id of a change request given by id, by number (``1``, ``#1``) or by its app URL
    (``.../changes/1/``): numbers are looked up among the space's change requests."""
    text = value.strip()
    match = _NUMBER.match(text) or _IN_URL.search(text)
    if match is None:
        if "/" in text:
            raise ToolFailure(
                f"change_request_id={value!r} is not a change request: give its id or number "
                "(list_change_requests)."
            )
        return text
    number = int(match.group(1))
    for status in _STATUSES:
        async for change in client.change_requests.list(space_id, status=status, limit=100):
            if change.number == number:
                return change.id
    raise ToolFailure(
        f"No change request #{number} in space {space_id}: list_change_requests lists them."
    )
