"""Per-profile shapes of answers: the store renders the seed (0.130.0) shapes, and in the live
profile (0.202.0) each object is reshaped, by its ``object`` kind, at the HTTP edge (an answer
without kinds, the search's, by its route's `RouteSpec.live_shape`).

Where the two releases disagree, each profile follows its own contract: fields the live service
removed are absent (``Site.agentsContext``, ``OrganizationPermissions.ingestConversations``), a
comment's page target is only ``{id}``, and fields it added get the value the local workspace
stands for (no merge rules, nothing in draft, SSE transport).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from gitbook_mcp.api import Profile

__all__ = ["LIVE_SHAPES", "reshape", "search_results"]

Shape = Callable[[dict[str, Any]], None]


def _organization(obj: dict[str, Any]) -> None:
    obj.pop("internal_isOnNewTrial", None)
    obj.setdefault("mergeRules", {"type": "none"})
    permissions = obj.get("permissions")
    if isinstance(permissions, dict):
        permissions.pop("ingestConversations", None)
        permissions.setdefault("access", bool(permissions.get("view")))
        permissions.setdefault("installIntegration", bool(permissions.get("admin")))
        permissions.setdefault("listInstallations", bool(permissions.get("admin")))
    trial = obj.get("trial")
    if isinstance(trial, dict):
        trial.setdefault("count", 0)


def _space(obj: dict[str, Any]) -> None:
    if obj.get("type") == "document":
        del obj["type"]  # live types only style guides; a document space has no ``type``
    obj.setdefault("mergeRules", {"type": "inherit"})
    permissions = obj.get("permissions")
    if isinstance(permissions, dict):
        permissions.setdefault("installIntegration", bool(permissions.get("admin")))


def _site(obj: dict[str, Any]) -> None:
    obj.pop("agentsContext", None)
    obj.setdefault("appliedType", obj.get("type", "premium"))
    obj.setdefault("defaultLevel", "inherit")
    obj.setdefault(
        "permissions",
        {
            "view": True,
            "access": True,
            "edit": False,
            "create": False,
            "admin": False,
            "installIntegration": False,
            "viewAdaptiveSchema": False,
            "editAdaptiveSchema": False,
        },
    )
    urls = obj.get("urls")
    if isinstance(urls, dict):
        urls.setdefault("preview", urls.get("published") or urls.get("location"))


def _comment(obj: dict[str, Any]) -> None:
    if obj.get("object") == "comment":
        obj.setdefault("repliers", [])
    target = obj.get("target")
    if isinstance(target, dict) and isinstance(target.get("page"), dict):
        target["page"] = {"id": target["page"]["id"]}


def _page(obj: dict[str, Any]) -> None:
    """A revision's page of type ``document``: live requires its tags and more layout flags."""
    if obj.get("type") != "document" or obj.get("kind") != "sheet":
        return
    obj.setdefault("tags", [])
    layout = obj.get("layout")
    if isinstance(layout, dict):
        for flag in ("tags", "actions", "anchors"):
            layout.setdefault(flag, True)
        layout.setdefault("coverMask", "none")


def _change_request(obj: dict[str, Any]) -> None:
    location = str(obj.get("urls", {}).get("location", ""))
    if "space" not in obj and "/s/" in location:
        obj["space"] = location.split("/s/", 1)[1].split("/", 1)[0]


def search_results(body: Any) -> None:
    """Search results carry no ``object``: live adds ``type``, ``score``, ``rank`` and more (the
    search route's own reshape, see `RouteSpec.live_shape`)."""
    for space in body.get("items", []) if isinstance(body, dict) else []:
        if not isinstance(space, dict) or "pages" not in space:
            continue
        space.setdefault("type", "space")
        space.setdefault("score", 0)
        for rank, page in enumerate(space["pages"], start=1):
            page.setdefault("score", 0)
            page.setdefault("rank", rank)
            page.setdefault("ancestors", [])
            page.setdefault("description", "")
            for section in page.get("sections", []):
                section.setdefault("score", 0)


def _draft(obj: dict[str, Any]) -> None:
    obj.setdefault("draft", False)


def _group(obj: dict[str, Any]) -> None:
    obj.setdefault("draft", False)
    obj.setdefault("children", list(obj.get("sections", [])))


def _redirect(obj: dict[str, Any]) -> None:
    for flag in ("captureWildcard", "draft", "permanent"):
        obj.setdefault(flag, False)


LIVE_SHAPES: Final[dict[str, Shape]] = {
    "organization": _organization,
    "space": _space,
    "member": lambda obj: obj.setdefault("sites", 0),
    "comment": _comment,
    "comment-reply": _comment,
    "openapi-spec": lambda obj: obj.setdefault("lastProcessedErrorCount", 0),
    "revision": lambda obj: obj.setdefault("tags", []),
    "change-request": _change_request,
    "site": _site,
    "site-section": _draft,
    "site-space": _draft,
    "site-section-group": _group,
    "site-redirect": _redirect,
    "site-mcp-server": lambda obj: obj.setdefault("transport", "sse"),
}
"""``object`` kind -> what the live profile changes in place (nested objects are walked first)."""


def _walk(node: Any, shapes: dict[str, Shape]) -> None:
    if isinstance(node, list):
        for item in node:
            _walk(item, shapes)
    elif isinstance(node, dict):
        if node.get("object") == "document":
            # A page's JSON document: blocks, inlines, texts and marks, none of them a kind the
            # live profile reshapes; walking it was most of a page read's reshape (a page holds
            # every page below it with its document).
            return
        for value in node.values():
            _walk(value, shapes)
        _page(node)
        kind = node.get("object")
        shape = shapes.get(kind) if isinstance(kind, str) else None
        if shape is not None:
            shape(node)


def reshape(profile: Profile, body: Any, route_shape: Callable[[Any], None] | None = None) -> Any:
    """``body`` (the store's seed shape) in ``profile``'s shape, ``route_shape`` (the route's
    `RouteSpec.live_shape`) applied last; seed answers are unchanged."""
    if profile == "live":
        _walk(body, LIVE_SHAPES)
        if route_shape is not None:
            route_shape(body)
    return body
