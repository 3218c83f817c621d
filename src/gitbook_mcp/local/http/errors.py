"""The one mapping from domain errors to HTTP answers in the real API's error shape."""

from __future__ import annotations

from starlette.responses import JSONResponse

from gitbook_mcp.local.errors import (
    Conflict,
    DomainError,
    Forbidden,
    Invalid,
    NotFound,
    PreconditionFailed,
    Unauthenticated,
)

__all__ = ["error_response", "status_for"]

_STATUS: tuple[tuple[type[DomainError], int], ...] = (
    (Invalid, 400),
    (Unauthenticated, 401),
    (Forbidden, 403),
    (NotFound, 404),
    (Conflict, 409),
    (PreconditionFailed, 412),
)


def status_for(error: DomainError) -> int:
    for cls, status in _STATUS:
        if isinstance(error, cls):
            return status
    return 400


def error_response(
    status: int, message: str, headers: dict[str, str] | None = None
) -> JSONResponse:
    """``{"error": {"code": status, "message": message}}``, as the real service answers."""
    return JSONResponse(
        {"error": {"code": status, "message": message}}, status_code=status, headers=headers
    )
