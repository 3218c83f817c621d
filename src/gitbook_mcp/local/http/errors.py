"""The one mapping from domain errors to HTTP answers in the real API's error shape."""

from __future__ import annotations

import sqlite3

from starlette.responses import JSONResponse

from gitbook_mcp.local.errors import (
    Conflict,
    DomainError,
    Forbidden,
    Invalid,
    NotFound,
    PreconditionFailed,
    Unauthenticated,
    Unprocessable,
)

__all__ = ["busy_response", "error_response", "status_for"]

_BUSY_CODES = (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)
BUSY_RETRY_AFTER_S = 1

_STATUS: tuple[tuple[type[DomainError], int], ...] = (
    (Invalid, 400),
    (Unauthenticated, 401),
    (Forbidden, 403),
    (NotFound, 404),
    (Conflict, 409),
    (PreconditionFailed, 412),
    (Unprocessable, 422),
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


def busy_response(error: sqlite3.OperationalError) -> JSONResponse | None:
    """503 with ``Retry-After`` when another writer holds the database; None for other faults."""
    code = getattr(error, "sqlite_errorcode", None)
    busy = (code & 0xFF) in _BUSY_CODES if isinstance(code, int) else "locked" in str(error)
    if not busy:
        return None
    return error_response(
        503,
        "The workspace database is busy with another write, retry shortly",
        {"Retry-After": str(BUSY_RETRY_AFTER_S)},
    )
