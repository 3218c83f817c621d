"""The typed async client of the workspace API."""

from __future__ import annotations

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
    InvalidRequestError,
    NotFoundError,
    PermissionDeniedError,
    PreconditionFailedError,
    RateLimitError,
)
from gitbook_mcp.client.pagination import AsyncPaginator, ListPage

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
    "InvalidRequestError",
    "ListPage",
    "NotFoundError",
    "NotGiven",
    "PermissionDeniedError",
    "PreconditionFailedError",
    "RateLimitError",
]
