"""`ABSENT`: the one marker of a body field that was not sent, as opposed to an explicit null.

Handlers read optional fields with ``default=ABSENT`` and the store leaves a field alone when
it receives ``ABSENT``; ``Body.ABSENT`` is the same object.
"""

from __future__ import annotations

from typing import Any, Final

__all__ = ["ABSENT"]


class _Absent:
    """The type of `ABSENT`: one instance, shown as ``ABSENT``."""

    _instance: _Absent | None = None

    def __new__(cls) -> _Absent:
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "ABSENT"


ABSENT: Final[Any] = _Absent()
