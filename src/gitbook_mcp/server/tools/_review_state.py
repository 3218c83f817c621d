"""Who reviews a change request: its requested reviewers and each reviewer's latest verdict.

Shared by ``list_reviews`` and ``list_change_requests`` (so that finding the change request to
review takes one call). The API lists every review submitted: a reviewer appears once here.
"""

from __future__ import annotations

from pydantic import BaseModel

from gitbook_mcp.client.models.authoring import ChangeRequestReview
from gitbook_mcp.client.resources import ChangeRequestReviews
from gitbook_mcp.server.rendering import UntrustedBody, UntrustedLine
from gitbook_mcp.server.tooling import ToolContext

__all__ = [
    "LIST_CAP",
    "REVIEW_READS",
    "PersonView",
    "ReviewView",
    "latest_reviews",
    "requested_reviewers",
]

LIST_CAP = 50
"""Reviews, reviewers and contributors listed per kind: a change request has few."""
REVIEWS_READ = 200
"""Reviews read to find each reviewer's latest (one reviewer may have submitted several)."""
REVIEW_READS = (ChangeRequestReviews.list, ChangeRequestReviews.list_requested)
"""The operations this module calls."""


class PersonView(BaseModel):
    id: str
    name: UntrustedLine
    detail: str | None = None


class ReviewView(PersonView):
    comment: UntrustedBody | None = None


def _review_view(rv: ChangeRequestReview) -> ReviewView:
    who = rv.reviewer
    body = rv.comment.body.markdown if rv.comment else None
    return ReviewView(
        id=who.id if who else rv.id,
        name=who.displayName if who else "unknown",
        detail=rv.status + (" (outdated)" if rv.outdated else ""),
        comment=body or None,
    )


async def latest_reviews(ctx: ToolContext, space_id: str, cr_id: str) -> list[ReviewView]:
    """Each reviewer once, with their latest review (verdict and comment)."""
    every: list[ChangeRequestReview] = []
    async for rv in ctx.client.reviews.list(space_id, cr_id, limit=LIST_CAP, format="markdown"):
        every.append(rv)
        if len(every) >= REVIEWS_READ:
            break
    # Newest first; a stable sort keeps the API's own order (newest first) between equal times.
    every.sort(key=lambda rv: rv.updatedAt or rv.createdAt or "", reverse=True)
    latest: dict[str, ReviewView] = {}
    for rv in every:
        view = _review_view(rv)
        latest.setdefault(view.id, view)
    return list(latest.values())[:LIST_CAP]


async def requested_reviewers(ctx: ToolContext, space_id: str, cr_id: str) -> list[PersonView]:
    """The users asked to review the change request."""
    out: list[PersonView] = []
    async for r in ctx.client.reviews.list_requested(space_id, cr_id, limit=LIST_CAP):
        if r.user is not None:
            out.append(PersonView(id=r.user.id, name=r.user.displayName))
        if len(out) >= LIST_CAP:
            break
    return out
