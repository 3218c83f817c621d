"""HTTP translation for change-request authoring (live profile): open, update, the content
batch and the semantic changes."""

from __future__ import annotations

from starlette.responses import Response

from gitbook_mcp.local.http.call import Call, created, no_content, ok

__all__ = [
    "change_request_changes",
    "create_change_request",
    "update_change_request",
    "update_content",
]

EDITABLE_STATUSES = ("draft", "open", "archived")


async def create_change_request(call: Call) -> Response:
    b = call.body
    subject = b.string("subject")
    b.object("template")
    store = call.store.change_requests.authoring
    cr = store.create(call.actor, call.path("spaceId"), subject=subject)
    response = created(cr)
    response.headers["Location"] = cr["urls"]["location"]
    return response


async def update_change_request(call: Call) -> Response:
    b = call.body
    subject = b.string("subject")
    status = b.string("status", choices=EDITABLE_STATUSES)
    b.object("description")
    b.raw("links")
    cr = call.store.change_requests.authoring.update(
        *call.in_change_request(), subject=subject, status=status
    )
    if "return=minimal" in call.request.headers.get("prefer", ""):
        response = no_content()
        response.headers["Preference-Applied"] = "return=minimal"
        return response
    return ok(cr)


async def update_content(call: Call) -> Response:
    """Apply a batch; the change request (``compat=true``) or a ``ChangeRequestContentUpdate``."""
    compat = call.query.boolean("compat", default=True)
    raw = call.body.raw("changes", required=True)
    change_requests, revisions = call.store.change_requests, call.store.content.revisions
    actor, space, cr_id = call.in_change_request()
    result = change_requests.batch.apply(actor, space, cr_id, raw)
    cr = change_requests.rows.render(change_requests.rows.row(result.change_request_id))
    if compat:
        return ok(cr)
    files = [revisions.file_row(result.revision, f) for f in result.files]
    return ok(
        {
            "changeRequest": cr,
            "changes": change_requests.batch.render_changes(result, space),
            "insertedFiles": [revisions.render_file(row) for row in files],
        }
    )


async def change_request_changes(call: Call) -> Response:
    limit = call.query.integer("limit", minimum=1, maximum=1000)
    return ok(call.store.change_requests.semantic.changes(*call.in_change_request(), limit=limit))
