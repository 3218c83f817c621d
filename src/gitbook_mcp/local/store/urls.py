"""The service's two addresses that rendered objects point at: the app and the API."""

from __future__ import annotations

__all__ = ["API_URL", "APP_URL", "app_urls"]

APP_URL = "https://app.gitbook.com"
API_URL = "https://api.gitbook.com/v1"


def app_urls(path: str) -> dict[str, str]:
    """The ``urls`` of an object the app shows at ``/o/{path}``: its location, and ``app``
    (the same with a trailing slash)."""
    location = f"{APP_URL}/o/{path}"
    return {"location": location, "app": f"{location}/"}
