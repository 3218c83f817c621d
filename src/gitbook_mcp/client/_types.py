"""Small shared types: the ``NOT_GIVEN`` sentinel that tells "absent" from an explicit null."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final, Literal, TypeAlias, TypeVar

__all__ = ["NOT_GIVEN", "NotGiven", "NotGivenOr", "strip_not_given"]

_T = TypeVar("_T")


class NotGiven:
    """An argument the caller did not pass; ``None`` is reserved for JSON ``null``."""

    _instance: NotGiven | None = None

    def __new__(cls) -> NotGiven:
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __bool__(self) -> Literal[False]:
        return False

    def __repr__(self) -> str:
        return "NOT_GIVEN"


NOT_GIVEN: Final = NotGiven()

NotGivenOr: TypeAlias = "_T | NotGiven"


def strip_not_given(values: Mapping[str, Any]) -> dict[str, Any]:
    """Drop the entries that were not given, keeping explicit ``None`` (sent as ``null``)."""
    return {k: v for k, v in values.items() if not isinstance(v, NotGiven)}
