"""Path templates filled safely: every value is one encoded segment, so none can name another endpoint.

An id is refused when it is empty, ``.`` or ``..`` (a client would normalise the URL, a server
would resolve it); a page path is checked and encoded segment by segment.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from urllib.parse import quote

from gitbook_mcp.client.errors import InvalidPathParameterError, InvalidRequestError

__all__ = [
    "PAGE_PATH",
    "argument_name",
    "encode_id",
    "encode_page_path",
    "fill_path",
    "placeholders",
]

PAGE_PATH = "pagePath"
"""The one path parameter that spans several segments (``guides/install``)."""

_DOT_OR_EMPTY = frozenset({"", ".", ".."})
_PLACEHOLDER = re.compile(r"\{(\w+)\}")


def placeholders(template: str) -> list[str]:
    """The ``{name}`` placeholders of a path template, in order (``["organizationId", ...]``)."""
    return _PLACEHOLDER.findall(template)


def argument_name(placeholder: str) -> str:
    """The method argument that fills a placeholder: ``changeRequestId`` -> ``change_request_id``."""
    return re.sub(r"(?<!^)([A-Z])", r"_\1", placeholder).lower()


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


def fill_path(template: str, ids: Mapping[str, object]) -> str:
    """The template with each ``{name}`` placeholder replaced by the encoded ``ids[name]``: ids
    are bound by name, never by position, and one missing or unknown is refused."""
    names = placeholders(template)
    if len(ids) != len(names):
        raise InvalidRequestError(f"{template} takes {len(names)} ids, got {len(ids)}")
    if sorted(ids) != sorted(names):
        raise InvalidRequestError(f"{template} takes the ids {names}, got {sorted(ids)}")
    segments = _PLACEHOLDER.split(template)
    out = [segments[0]]
    for name, literal in zip(names, segments[2::2], strict=True):
        value = ids[name]
        out.append(encode_page_path(value) if name == PAGE_PATH else encode_id(name, value))
        out.append(literal)
    return "".join(out)
