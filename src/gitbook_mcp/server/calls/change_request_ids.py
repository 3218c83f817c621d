"""A change request named by id, by number or by its app URL, resolved to its id."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from gitbook_mcp.server.tooling import ToolFailure

if TYPE_CHECKING:
    from gitbook_mcp.client import GitBookClient
    from gitbook_mcp.client.models.content import ChangeRequestStatus

__all__ = ["resolve_change_request"]

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
