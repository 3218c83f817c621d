"""Redirects proposed for moved pages: a page keeps its id when it moves (links to it still
resolve), but its published URL changes, so readers' bookmarks need a redirect from the old path."""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel

from gitbook_mcp.client.client import GitBookClient
from gitbook_mcp.client.errors import NotFoundError, PermissionDeniedError
from gitbook_mcp.linkcheck.checks import path_under
from gitbook_mcp.linkcheck.client_source import ClientSiteReader
from gitbook_mcp.server.rendering import UntrustedRef
from gitbook_mcp.server.tools._pages import RevisionTree
from gitbook_mcp.server.tools.change_requests._edits import ROOT, PageEdit

__all__ = ["MoveRedirect", "describe_moves", "move_redirects", "redirect_line"]


class MoveRedirect(BaseModel):
    """A redirect to create (not created): from the page's old published path to the page."""

    site_id: str
    site_space_id: str
    source: UntrustedRef
    page_id: str


def redirect_line(r: MoveRedirect) -> str:
    return (
        f"Proposed redirect on site {r.site_id}: {r.source} -> page {r.page_id} (create it with "
        f"create_redirect, destination site-page {r.site_space_id}/{r.page_id}, once merged)."
    )


def describe_moves(edits: Sequence[PageEdit], tree: RevisionTree) -> list[str]:
    """What each move of ``edits`` does, read from the tree before it: the page, where it goes,
    and the path it will have (a move changes no text, so its diff says nothing)."""
    out: list[str] = []
    for edit in edits:
        if edit.op != "move" or not edit.page_id:
            continue
        old = tree.paths.get(edit.page_id, "?")
        parent, _, slug = old.rpartition("/")
        if edit.parent_id is None:
            where, new = "within its parent", old
        elif edit.parent_id == ROOT:
            where, new = "to the top level", slug
        else:
            parent = tree.paths.get(edit.parent_id, edit.parent_id)
            where, new = f"under {parent} [{edit.parent_id}]", f"{parent}/{slug}"
        at = f" at position {edit.position}" if edit.position is not None else ""
        out.append(f"Move {old} [{edit.page_id}] {where}{at}; its path becomes {new}.")
    return out


async def move_redirects(
    client: GitBookClient, space_id: str, moved: Sequence[str], before: RevisionTree
) -> list[MoveRedirect]:
    """A redirect per site publishing the space and per moved page, from its path before the
    move; none when the space is not published or the sites cannot be read."""
    try:
        org = (await client.spaces.get(space_id)).organization
        sites = await ClientSiteReader(client, org).sites() if org else []
    except (NotFoundError, PermissionDeniedError):
        return []
    out: list[MoveRedirect] = []
    for site in sites:
        for published in (p for p in site.spaces if p.space_id == space_id):
            prefix = path_under(published.url, site.url)
            for page_id in moved:
                old = before.paths.get(page_id)
                if old is None:
                    continue
                source = "/" + "/".join(p for p in (prefix, old) if p)
                out.append(
                    MoveRedirect(
                        site_id=site.id,
                        site_space_id=published.site_space_id,
                        source=source,
                        page_id=page_id,
                    )
                )
    return out
