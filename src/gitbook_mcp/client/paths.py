"""Path templates filled safely: every value is one encoded segment, so none can name another endpoint.

An id is refused when it is empty, ``.`` or ``..`` (a client would normalise the URL, a server
would resolve it); a page path is checked and encoded segment by segment.
"""

from __future__ import annotations

from collections.abc import Mapping
from urllib.parse import quote

from gitbook_mcp.client.errors import InvalidPathParameterError, InvalidRequestError

__all__ = ["PAGE_PATH", "encode_id", "encode_page_path", "fill_path"]

PAGE_PATH = "pagePath"
"""The one path parameter that spans several segments (``guides/install``)."""

_DOT_OR_EMPTY = frozenset({"", ".", ".."})


def encode_id(name: str, value: object) -> str:
    """One path segment: refuse empty and dot segments, percent-encode everything else."""
    if not isinstance(value, str) or value in _DOT_OR_EMPTY:
        raise InvalidPathParameterError(
            f"path parameter {name} must be a non-empty string other than '.' or '..', "
            f"got {value!r}"
        )
    return quote(value, safe="")


def encode_page_path(value: object) -> str:
    """A page path (``guides/install``): each segment checked and encoded, slashes kept."""
    if not isinstance(value, str) or not value:
        raise InvalidPathParameterError("the page path must be a non-empty string")
    segments = value.split("/")
    if any(segment in _DOT_OR_EMPTY for segment in segments):
        raise InvalidPathParameterError(
            f"invalid page path {value[:200]!r}: no empty, '.' or '..' segments "
            "(no leading, trailing or double slash)"
        )
    return "/".join(quote(segment, safe="") for segment in segments)


def fill_path(template: str, path_params: Mapping[str, object] | None) -> str:
    """The template with each ``{name}`` replaced by its encoded value; all must be given."""
    url = template
    for name, value in (path_params or {}).items():
        encoded = encode_page_path(value) if name == PAGE_PATH else encode_id(name, value)
        url = url.replace("{" + name + "}", encoded)
    if "{" in url:
        raise InvalidRequestError(f"missing path parameters for {template}")
    return url
