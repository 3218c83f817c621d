"""Domain errors raised by the store. They know nothing of HTTP; `http.errors` maps them."""

from __future__ import annotations

__all__ = [
    "Conflict",
    "DomainError",
    "Forbidden",
    "Invalid",
    "NotFound",
    "PreconditionFailed",
    "Unauthenticated",
    "WorkspaceFileError",
]


class DomainError(Exception):
    """A rule of the workspace refused the operation."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class Invalid(DomainError):
    """The request is malformed; ``field`` names the offending parameter or body field."""

    def __init__(self, field: str, problem: str) -> None:
        super().__init__(f"{field}: {problem}")
        self.field = field


class NotFound(DomainError):
    """No such object, or the caller may not know it exists."""

    def __init__(self, kind: str, ident: str) -> None:
        super().__init__(f"No {kind} found with id {ident!r}")
        self.kind = kind
        self.ident = ident


class Conflict(DomainError):
    """The move or transfer would change nothing."""


class PreconditionFailed(DomainError):
    """The operation cannot be performed in the current state."""


class Forbidden(DomainError):
    """The caller's role does not allow the operation; ``permission`` names the missing flag."""

    def __init__(self, permission: str, target: str) -> None:
        super().__init__(f"You need the '{permission}' permission on {target} to do this")
        self.permission = permission


class Unauthenticated(DomainError):
    """No valid token."""


class WorkspaceFileError(Exception):
    """The database file cannot be used as it is (half seeded, or from an older schema)."""
