"""The ``NOT_GIVEN`` sentinel, which tells an argument left out from an explicit ``None`` (null)."""

from __future__ import annotations

from typing import Final, Literal

from gitbook_mcp.sentinel import Sentinel

__all__ = ["NOT_GIVEN", "NotGiven"]


class NotGiven(Sentinel):
    """An argument the caller did not pass; ``None`` is reserved for JSON ``null``."""

    name = "NOT_GIVEN"

    def __bool__(self) -> Literal[False]:
        return False


NOT_GIVEN: Final = NotGiven()
