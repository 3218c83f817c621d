"""The typed async client of the workspace API.

Names are imported on first use (PEP 562), so that importing one light submodule, such as
``gitbook_mcp.client.errors``, does not build the 130 wire models: the MCP server answers
``initialize`` before it needs the client at all.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from gitbook_mcp.client._types import NOT_GIVEN, NotGiven
    from gitbook_mcp.client.client import GitBookClient
    from gitbook_mcp.client.errors import (
        APIConnectionError,
        APIError,
        APIStatusError,
        APITimeoutError,
        AuthenticationError,
        BadRequestError,
        ConflictError,
        GitBookError,
        InternalServerError,
        InvalidPathParameterError,
        InvalidRequestError,
        ListingTooLongError,
        NotFoundError,
        OperationNotInProfile,
        PermissionDeniedError,
        PreconditionFailedError,
        RateLimitError,
        RedirectError,
        UnreadableWriteResult,
    )
    from gitbook_mcp.client.pagination import AsyncPaginator, ListPage


_HOMES = {
    "NOT_GIVEN": "gitbook_mcp.client._types",
    "NotGiven": "gitbook_mcp.client._types",
    "GitBookClient": "gitbook_mcp.client.client",
    "AsyncPaginator": "gitbook_mcp.client.pagination",
    "ListPage": "gitbook_mcp.client.pagination",
}


def __getattr__(name: str) -> Any:
    module = _HOMES.get(name, "gitbook_mcp.client.errors")
    if name not in __all__:
        raise AttributeError(name)
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


__all__ = [
    "NOT_GIVEN",
    "APIConnectionError",
    "APIError",
    "APIStatusError",
    "APITimeoutError",
    "AsyncPaginator",
    "AuthenticationError",
    "BadRequestError",
    "ConflictError",
    "GitBookClient",
    "GitBookError",
    "InternalServerError",
    "InvalidPathParameterError",
    "InvalidRequestError",
    "ListPage",
    "ListingTooLongError",
    "NotFoundError",
    "NotGiven",
    "OperationNotInProfile",
    "PermissionDeniedError",
    "PreconditionFailedError",
    "RateLimitError",
    "RedirectError",
    "UnreadableWriteResult",
]
