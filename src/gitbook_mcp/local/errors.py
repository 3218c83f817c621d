"""Domain errors raised by the store. They know nothing of HTTP; `http.errors` maps them."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

__all__ = [
    "Conflict",
    "DomainError",
    "Forbidden",
    "Invalid",
    "NotFound",
    "PreconditionFailed",
    "Unauthenticated",
    "Unprocessable",
    "WorkspaceFileError",
    "an_object",
    "one_of",
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


def one_of(field: str, value: object, choices: Collection[str]) -> str:
    """``value``, one of ``choices``; else Invalid naming them all (the 400 of an enum), whatever
    the JSON type of ``value`` (a dict or a list is unhashable: never looked up in a set)."""
    if not isinstance(value, str) or value not in choices:
        raise Invalid(field, f"must be one of {', '.join(choices)}")
    return str(value)


def an_object(field: str, value: object) -> dict[str, Any]:
    """``value``, a JSON object; else Invalid (the 400 of a field that must be an object)."""
    if not isinstance(value, dict):
        raise Invalid(field, "must be an object")
    return value


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


class Unprocessable(DomainError):
    """The request is well formed but the service refuses its content (422)."""


class Unauthenticated(DomainError):
    """No valid token."""


class WorkspaceFileError(Exception):
    """The database file cannot be used as it is (half seeded, or from an older schema)."""
