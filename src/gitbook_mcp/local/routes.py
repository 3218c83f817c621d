"""The route table: every operation of the API, as (method, path, handler), in one list.

Paths are the contract's templates (relative to ``/v1``); each handler module contributes
its group's rows.
"""

from __future__ import annotations

from gitbook_mcp.local.http.route import RouteSpec

__all__ = ["ROUTES", "RouteSpec", "starlette_path"]


def starlette_path(path: str) -> str:
    """Page paths contain slashes, so ``{pagePath}`` matches the rest of the path."""
    return path.replace("{pagePath}", "{pagePath:path}")


def _collect() -> list[RouteSpec]:
    from gitbook_mcp.local.handlers import comments, content, orgs, sites, spaces

    return [*orgs.ROUTES, *spaces.ROUTES, *content.ROUTES, *comments.ROUTES, *sites.ROUTES]


ROUTES: list[RouteSpec] = _collect()
