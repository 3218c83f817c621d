"""HTTP translation for the findings of a docs site (live profile, 3 operations)."""

from __future__ import annotations

from starlette.responses import Response

from gitbook_mcp.local.errors import Invalid
from gitbook_mcp.local.handlers.sites.common import item, site_ids
from gitbook_mcp.local.http.call import Call, ok
from gitbook_mcp.local.store.sites.findings import STATUSES

__all__ = ["get_finding", "list_findings", "update_finding"]

TYPES = ("content-outdated", "content-incorrect", "content-gap", "broken-link")
TYPES_ALL = (*TYPES, "outbound-link-error", "other")
SEVERITIES = ("low", "medium", "high")


async def list_findings(call: Call) -> Response:
    q = call.query
    filters = {
        "status": q.string("status", choices=STATUSES),
        "type": _types(q.strings("type")),
        "severity": q.string("severity", choices=SEVERITIES),
        "hasChangeRequests": q.boolean("hasChangeRequests"),
        "updatedAfter": q.string("updatedAfter"),
        "updatedBefore": q.string("updatedBefore"),
    }
    for accepted in ("topic", "question", "orderBy"):
        q.string(accepted)  # accepted; every local finding is a broken link of no topic
    return ok(
        call.store.sites.findings.list_findings(
            call.actor, *site_ids(call), filters, paging=q.paging()
        )
    )


def _types(given: list[str] | None) -> list[str] | None:
    for value in given or []:
        if value not in TYPES_ALL:
            raise Invalid("type", f"must be among {', '.join(TYPES_ALL)}")
    return given


async def get_finding(call: Call) -> Response:
    return item(call, call.store.sites.findings.get, "siteFindingId")


async def update_finding(call: Call) -> Response:
    status = call.body.string("status", required=True, choices=STATUSES)
    return ok(
        call.store.sites.findings.update(
            call.actor, *site_ids(call), call.path("siteFindingId"), status
        )
    )
