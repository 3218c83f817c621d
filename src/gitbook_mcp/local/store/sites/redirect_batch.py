"""`bulk_upsert`: create, update, delete and publish a site's redirects in one atomic call.

Each item names a source. ``intent: publish`` makes the source's draft redirect its live one;
otherwise ``intent`` (``live`` or ``draft``) names which redirect of the source the item writes:
a destination creates or updates it, ``null`` deletes it. The first item that breaks a rule
fails the whole batch with a 400 naming its index, and nothing is written.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gitbook_mcp.local.errors import DomainError, Invalid

if TYPE_CHECKING:
    from gitbook_mcp.local.store.access import Actor
    from gitbook_mcp.local.store.sites.redirects import RedirectStore

__all__ = ["bulk_upsert"]


def bulk_upsert(
    store: RedirectStore, actor: Actor, org_id: str, site_id: str, items: list[dict[str, Any]]
) -> list[dict[str, Any]]:
    """The result of each item, in order (``created``, ``updated``, ``deleted``, ``published``)."""
    with store.transaction():
        store.check_admin(actor, org_id, site_id)
        results = []
        for index, item in enumerate(items):
            try:
                results.append(_apply(store, actor, org_id, site_id, item))
            except DomainError as exc:
                field = f".{exc.field}" if isinstance(exc, Invalid) else ""
                problem = str(exc.message).split(": ", 1)[-1] if field else exc.message
                raise Invalid(f"redirects[{index}]{field}", problem) from exc
        return results


def _apply(
    store: RedirectStore, actor: Actor, org_id: str, site_id: str, item: dict[str, Any]
) -> dict[str, Any]:
    source, intent = item["source"], item["intent"]
    if intent == "publish":
        return _publish(store, actor, org_id, site_id, source)
    draft = intent == "draft"
    row = store.by_source(site_id, source, draft)
    result: dict[str, Any] = {"source": source, "draft": draft}
    if item["destination"] is None:
        if row is None:
            raise Invalid("source", f"there is no {intent} redirect from {source} to delete")
        store.delete(actor, org_id, site_id, row["id"])
        return {"status": "deleted", **result}
    options: dict[str, bool] = {
        k: bool(item[k]) for k in ("captureWildcard", "permanent") if k in item
    }
    if row is None:
        created = store.create(
            actor,
            org_id,
            site_id,
            source=source,
            destination=item["destination"],
            options={**options, "draft": draft},
        )
        return {"status": "created", **result, "id": created["id"]}
    changes: dict[str, Any] = {"destination": item["destination"], **options}
    store.update(actor, org_id, site_id, row["id"], changes)
    return {"status": "updated", **result, "id": row["id"]}


def _publish(
    store: RedirectStore, actor: Actor, org_id: str, site_id: str, source: str
) -> dict[str, Any]:
    draft = store.by_source(site_id, source, draft=True)
    if draft is None:
        raise Invalid("source", f"there is no draft redirect from {source} to publish")
    live = store.by_source(site_id, source, draft=False)
    if live is not None:
        store.delete(actor, org_id, site_id, live["id"])
    store.update(actor, org_id, site_id, draft["id"], {"draft": False})
    return {"status": "published", "source": source, "draft": False, "id": draft["id"]}
