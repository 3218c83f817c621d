"""What every resource shares: its client, and the ``@operation`` marker naming the API op."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from gitbook_mcp.client._base import BaseClient

__all__ = ["APIResource", "operation", "operation_id_of"]

F = TypeVar("F", bound=Callable[..., Any])


def operation(operation_id: str) -> Callable[[F], F]:
    """Mark a method as the client's implementation of one operationId of the contract."""

    def mark(fn: F) -> F:
        fn.__operation_id__ = operation_id  # type: ignore[attr-defined]
        return fn

    return mark


def operation_id_of(fn: Any) -> str | None:
    """The operationId a method implements, or None for helpers that are not operations."""
    value = getattr(fn, "__operation_id__", None)
    return value if isinstance(value, str) else None


class APIResource:
    """A group of operations, as the API groups them; holds the shared client."""

    def __init__(self, client: BaseClient) -> None:
        self._client = client
