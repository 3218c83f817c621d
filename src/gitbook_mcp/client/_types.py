"""The ``NOT_GIVEN`` sentinel, which tells an argument left out from an explicit ``None`` (null)."""

from __future__ import annotations

from typing import Final, Literal

__all__ = ["NOT_GIVEN", "NotGiven"]


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
