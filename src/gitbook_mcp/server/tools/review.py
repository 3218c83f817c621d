"""Toolset ``review``: request reviewers, review, update from main and merge a change request."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, Literal

from pydantic import BaseModel, Field

from gitbook_mcp.client.models.authoring import RevisionOutcome
from gitbook_mcp.client.resources import ChangeRequestReviews, ChangeRequests, Spaces
from gitbook_mcp.server.calls.confirm import confirm, confirm_field
from gitbook_mcp.server.rendering import UntrustedBody, UntrustedLine, quoted
from gitbook_mcp.server.tooling import Args, Needs, Permission, ToolContext, read_tool, write_tool
from gitbook_mcp.server.tools._conflicts import CONFLICT_READS, conflicting_pages
from gitbook_mcp.server.tools._merge_plan import merge_plan
from gitbook_mcp.server.tools._permissions import SPACE_EDIT
from gitbook_mcp.server.tools._review_state import (
    LIST_CAP,
    PersonView,
    ReviewView,
    latest_reviews,
    requested_reviewers,
)
from gitbook_mcp.server.tools._reviewer_ids import reviewer_ids
from gitbook_mcp.server.toolsets import REVIEW

__all__: list[str] = []

SPACE_REVIEW = Permission("space", "review", "space_id")
SPACE_MERGE = Permission("space", "merge", "space_id")


class ReviewTargetArgs(Args):
    space_id: str = Field(description="Space id")
    change_request_id: str = Field(description="Change request id")


class ReviewersArgs(ReviewTargetArgs):
    user_ids: list[str] = Field(min_length=1, max_length=20, description="Ids, names or emails")
    remove: bool = Field(default=False, description="Withdraw the requests instead")


class Reviewers(BaseModel):
    requested: list[PersonView]


def _people(lines: list[PersonView], empty: str) -> str:
    out = [f"- {p.name} [{p.id}]" + (f" {p.detail}" if p.detail else "") for p in lines]
    return "\n".join(out) or empty


@write_tool(
    REVIEW,
    permission=SPACE_EDIT,
    idempotent=True,
    needs=Needs(
        (ChangeRequestReviews.request_reviewers, ChangeRequestReviews.remove_requested),
    ),
    render=lambda r: "Requested reviewers:\n" + _people(r.requested, "none"),
)
async def request_reviewers(ctx: ToolContext, args: ReviewersArgs) -> Reviewers:
    """Ask users to review a change request, or withdraw the requests (remove=true)."""
    cr = (args.space_id, args.change_request_id)
    users = await reviewer_ids(ctx, args.space_id, args.user_ids)
    if args.remove:
        for user_id in users:
            await ctx.client.reviews.remove_requested(*cr, user_id)
    else:
        await ctx.client.reviews.request_reviewers(*cr, users=users)
    return Reviewers(requested=await requested_reviewers(ctx, *cr))


class ReviewState(BaseModel):
    reviews: list[ReviewView]
    requested: list[PersonView]
    contributors: list[PersonView]


def _render_reviews(reviews: list[ReviewView]) -> str:
    lines: list[str] = []
    for r in reviews:
        lines.append(_people([r], "none"))
        if r.comment:
            lines.append(quoted(r.comment, label=f"comment of {r.name}"))
    return "\n".join(lines) or "none"


def _render_state(r: ReviewState) -> str:
    return (
        "Reviews (latest per reviewer):\n"
        + _render_reviews(r.reviews)
        + "\nRequested reviewers:\n"
        + _people(r.requested, "none")
        + "\nContributors:\n"
        + _people(r.contributors, "none")
    )


@read_tool(
    REVIEW,
    needs=Needs(
        (
            ChangeRequestReviews.list,
            ChangeRequestReviews.list_requested,
            ChangeRequests.list_contributors,
        )
    ),
    render=_render_state,
)
async def list_reviews(ctx: ToolContext, args: ReviewTargetArgs) -> ReviewState:
    """Each reviewer's latest verdict and comment, requested reviewers and contributors."""
    cr = (args.space_id, args.change_request_id)
    contributors: dict[str, PersonView] = {}  # the API lists a person once per kind of work
    async for c in ctx.client.change_requests.list_contributors(*cr, limit=LIST_CAP):
        contributors.setdefault(c.user.id, PersonView(id=c.user.id, name=c.user.displayName))
        if len(contributors) >= LIST_CAP:
            break
    return ReviewState(
        reviews=await latest_reviews(ctx, *cr),
        requested=await requested_reviewers(ctx, *cr),
        contributors=list(contributors.values()),
    )


class SubmitArgs(ReviewTargetArgs):
    status: Literal["approved", "changes-requested"]
    comment: str | None = Field(default=None, max_length=20_000, description="Markdown")


class ReviewDone(BaseModel):
    id: str
    status: str
    comment: UntrustedBody | None = None


@write_tool(
    REVIEW,
    permission=SPACE_REVIEW,
    needs=Needs((ChangeRequestReviews.submit,)),
    render=lambda r: (
        f"Review {r.id}: {r.status}."
        + (("\n" + quoted(r.comment, label="comment")) if r.comment else "")
    ),
)
async def submit_review(ctx: ToolContext, args: SubmitArgs) -> ReviewDone:
    """Approve a change request or request changes, with an optional markdown comment."""
    comment: dict[str, Any] | None = {"markdown": args.comment} if args.comment else None
    if comment is None:
        review = await ctx.client.reviews.submit(
            args.space_id, args.change_request_id, status=args.status
        )
    else:
        review = await ctx.client.reviews.submit(
            args.space_id, args.change_request_id, status=args.status, comment=comment
        )
    return ReviewDone(id=review.id, status=review.status, comment=args.comment)


class Outcome(BaseModel):
    result: str
    revision: str
    conflicting_pages: list[UntrustedLine] = Field(default_factory=list)
    next_step: str


def _render_outcome(r: Outcome) -> str:
    lines = [f"Result: {r.result} (revision {r.revision})."]
    lines += [f"- {p}" for p in r.conflicting_pages]
    lines.append(r.next_step)
    return "\n".join(lines)


async def _outcome(
    ctx: ToolContext,
    args: ReviewTargetArgs,
    call: Callable[[str, str], Awaitable[RevisionOutcome]],
    *,
    ok: str,
    conflicts: str,
) -> Outcome:
    """What a merge or an update did: on conflicts, the pages changed on both sides differently
    (read before the call: afterwards the change request or the main content has moved on)."""
    cr = (args.space_id, args.change_request_id)
    both = await conflicting_pages(ctx, *cr)
    done = await call(*cr)
    if done.result != "conflicts":
        return Outcome(result=done.result, revision=done.revision, next_step=ok)
    return Outcome(
        result="conflicts", revision=done.revision, conflicting_pages=both, next_step=conflicts
    )


class UpdateFromMainArgs(ReviewTargetArgs):
    status: Literal["open", "draft", "archived"] | None = Field(
        default=None, description="Set instead (open: for review)"
    )


@write_tool(
    REVIEW,
    permission=SPACE_EDIT,
    needs=Needs((ChangeRequests.update_from_main, *CONFLICT_READS, ChangeRequests.update)),
    render=_render_outcome,
)
async def update_change_request(ctx: ToolContext, args: UpdateFromMainArgs) -> Outcome:
    """Bring the main content's changes into a change request (conflicts by page), or set its
    status."""
    if args.status is not None:
        cr = await ctx.client.change_requests.update(
            args.space_id, args.change_request_id, status=args.status
        )
        return Outcome(result=cr.status, revision=cr.revision, next_step=f"Status: {cr.status}.")
    advice = "Edit the pages listed so they agree with the main content, then update again."
    call = ctx.client.change_requests.update_from_main
    return await _outcome(ctx, args, call, ok="Up to date.", conflicts=advice)


class MergeArgs(ReviewTargetArgs):
    confirm: str | None = confirm_field()


@write_tool(
    REVIEW,
    permission=SPACE_MERGE,
    destructive=True,
    # Spaces.get: the confirmation is bound to main's revision (`merge_plan`).
    needs=Needs((ChangeRequests.merge, *CONFLICT_READS, ChangeRequests.get, Spaces.get)),
    render=_render_outcome,
)
async def merge_change_request(ctx: ToolContext, args: MergeArgs) -> Outcome:
    """Merge a change request into main; on conflicts, lists the pages involved."""
    cr = (args.space_id, args.change_request_id)
    await confirm(ctx, args.confirm, lambda: merge_plan(ctx, *cr))
    advice = "Nothing merged. Run update_change_request, fix the pages listed, merge again."
    call = ctx.client.change_requests.merge
    return await _outcome(ctx, args, call, ok="Merged.", conflicts=advice)
