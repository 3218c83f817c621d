"""HTTP translation for the review side of change requests (live profile): merge and update,
reviews, requested reviewers, contributors, the organization-wide listing and the caller."""

from __future__ import annotations

from starlette.responses import Response

from gitbook_mcp.local.errors import Invalid
from gitbook_mcp.local.http.call import Call, created, deleted, ok
from gitbook_mcp.local.store.change_requests.org_listing import OrgFilters
from gitbook_mcp.local.store.change_requests.reviews import REVIEW_STATUSES, Format
from gitbook_mcp.local.store.change_requests.rows import STATUSES
from gitbook_mcp.local.store.comments.bodies import body_markdown

__all__ = [
    "authenticated_user",
    "contributors",
    "get_review",
    "list_org_change_requests",
    "list_requested_reviewers",
    "list_reviews",
    "merge",
    "remove_requested_reviewer",
    "request_reviewers",
    "submit_review",
    "update",
]

ORDER_BY = ("updatedAt", "createdAt")
FINDINGS = ("none", "all")


def _format(call: Call) -> Format:
    value = call.query.string("format", choices=("document", "markdown"), default="markdown")
    return "document" if value == "document" else "markdown"


async def authenticated_user(call: Call) -> Response:
    return ok(call.store.identity.render_user(call.actor.user_id))


async def merge(call: Call) -> Response:
    return ok(call.store.change_requests.merging.merge(*call.in_change_request()))


async def update(call: Call) -> Response:
    return ok(call.store.change_requests.merging.update(*call.in_change_request()))


async def contributors(call: Call) -> Response:
    return ok(call.store.change_requests.reviewers.contributors(*call.in_change_request()))


async def list_reviews(call: Call) -> Response:
    q = call.query
    return ok(
        call.store.change_requests.reviews.list_reviews(
            *call.in_change_request(),
            outdated=q.boolean("outdated"),
            fmt=_format(call),
            paging=q.paging(),
        )
    )


async def get_review(call: Call) -> Response:
    reviews = call.store.change_requests.reviews
    return ok(reviews.get_review(*call.in_change_request(), call.path("reviewId"), _format(call)))


async def submit_review(call: Call) -> Response:
    b = call.body
    status = b.string("status", required=True, choices=REVIEW_STATUSES)
    comment = b.object("comment")
    text = None if comment is None else body_markdown(comment, allow_empty=True)
    return created(
        call.store.change_requests.reviews.submit(
            *call.in_change_request(), status=status, comment=text
        )
    )


async def list_requested_reviewers(call: Call) -> Response:
    q = call.query
    return ok(
        call.store.change_requests.reviewers.listing(*call.in_change_request(), paging=q.paging())
    )


async def request_reviewers(call: Call) -> Response:
    b = call.body
    users = b.strings("users", required=True)
    subject = b.string("subject")
    if b.has("description") and not isinstance(b.raw("description"), dict):
        raise Invalid("description", "must be a document object")
    return ok(
        call.store.change_requests.reviewers.request(
            *call.in_change_request(), users, subject=subject
        )
    )


async def remove_requested_reviewer(call: Call) -> Response:
    reviewers = call.store.change_requests.reviewers
    return deleted(reviewers.remove(*call.in_change_request(), call.path("userId")))


async def list_org_change_requests(call: Call) -> Response:
    q = call.query
    statuses = q.strings("status") or ["open"]
    for status in statuses:
        if status not in STATUSES:
            raise Invalid("status", f"must be among {', '.join(STATUSES)}")
    q.string("finding", choices=FINDINGS)
    filters = OrgFilters(
        statuses=tuple(statuses),
        creator=q.string("creator"),
        contributor=q.string("contributor"),
        requested_reviewer=q.string("requestedReviewer"),
        space=q.string("space"),
        linked=any(q.string(name) for name in ("site", "topic", "styleguideRun")),
        order_by=q.string("orderBy", choices=ORDER_BY, default="updatedAt"),
    )
    return ok(
        call.store.change_requests.org_listing.listing(
            call.actor, call.path("organizationId"), filters, paging=q.paging()
        )
    )
