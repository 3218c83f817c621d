"""Compact views of a space, a revision and a change request, and their one-line renderings."""

from __future__ import annotations

from pydantic import BaseModel

from gitbook_mcp.client.models.common import Space
from gitbook_mcp.client.models.content import Revision
from gitbook_mcp.server.rendering import UntrustedLine, UntrustedRef

__all__ = [
    "ChangeRequestView",
    "RevisionView",
    "SpaceView",
    "render_change_request",
    "render_revision",
    "render_space",
    "revision_view",
    "space_view",
]


class SpaceView(BaseModel):
    id: str
    title: UntrustedLine
    emoji: UntrustedLine | None = None
    visibility: str | None = None
    organization: str | None = None
    parent: str | None = None
    edit_mode: str | None = None
    default_level: str | None = None
    language: UntrustedLine | None = None
    open_change_requests: int | None = None
    deleted_at: str | None = None
    url: UntrustedRef | None = None


def space_view(s: Space) -> SpaceView:
    return SpaceView(
        id=s.id,
        title=s.title,
        emoji=s.emoji or None,
        visibility=s.visibility,
        organization=s.organization,
        parent=s.parent,
        edit_mode=s.editMode,
        default_level=s.defaultLevel,
        language=s.language,
        open_change_requests=s.changeRequestsOpen,
        deleted_at=s.deletedAt,
        url=(s.urls or {}).get("app"),
    )


def render_space(s: SpaceView) -> str:
    where = f"collection {s.parent}" if s.parent else "top level"
    deleted = f", deleted {s.deleted_at}" if s.deleted_at else ""
    url = f", {s.url}" if s.url else ""
    return (
        f"{s.emoji + ' ' if s.emoji else ''}{s.title} [{s.id}]: {s.visibility}, "
        f"{s.organization} {where}, {s.edit_mode}{deleted}{url}"
    )


class RevisionView(BaseModel):
    id: str
    type: str
    created_at: str
    pages: int
    files: int
    git_commit: str | None = None
    git_ref: str | None = None
    merged_from: str | None = None


def revision_view(r: Revision) -> RevisionView:
    return RevisionView(
        id=r.id,
        type=r.type,
        created_at=r.createdAt,
        pages=sum(1 for _ in r.walk_pages()),
        files=len(r.files),
        git_commit=r.git.oid if r.git else None,
        git_ref=r.git.ref if r.git else None,
        merged_from=r.mergedFrom.id if r.mergedFrom else None,
    )


def render_revision(r: RevisionView) -> str:
    git = f", git {r.git_ref or ''}@{r.git_commit}" if r.git_commit else ""
    merged = f", merged from {r.merged_from}" if r.merged_from else ""
    return (
        f"Revision {r.id} ({r.type}, {r.created_at}): {r.pages} pages, {r.files} files{git}{merged}"
    )


class ChangeRequestView(BaseModel):
    id: str
    number: int
    status: str
    subject: UntrustedLine
    author: UntrustedLine
    created_at: str
    updated_at: str
    revision: str
    revision_initial: str
    revision_merged: str | None = None
    comments: int
    outdated: bool


def render_change_request(c: ChangeRequestView) -> str:
    merged = f", merged as {c.revision_merged}" if c.revision_merged else ""
    outdated = ", outdated" if c.outdated else ""
    return (
        f"#{c.number} {c.subject} [{c.id}]: {c.status} by {c.author}, updated {c.updated_at}, "
        f"revision {c.revision} (from {c.revision_initial}){merged}, {c.comments} comments"
        f"{outdated}"
    )
