"""`ABSENT`: the one marker of a body field that was not sent, as opposed to an explicit null.

Handlers read optional fields with ``default=ABSENT`` and the store leaves a field alone when
it receives ``ABSENT``.
"""

from __future__ import annotations

from typing import Any, Final

from gitbook_mcp.sentinel import Sentinel

__all__ = ["ABSENT"]


class _Absent(Sentinel):
    """The type of `ABSENT`: one instance, shown as ``ABSENT``."""

    name = "ABSENT"


ABSENT: Final[Any] = _Absent()
