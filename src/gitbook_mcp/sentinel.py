"""`Sentinel`: a marker type with one instance, for values that must not be mistaken for data.

The client's ``NOT_GIVEN`` (an argument left out, as opposed to ``None``) and the local
workspace's ``ABSENT`` (a body field not sent, as opposed to null) are both sentinels.
"""

from __future__ import annotations

from typing import Any, ClassVar, Self

__all__ = ["Sentinel"]


class Sentinel:
    """Each subclass has one instance (a copy is that instance too), shown as its ``name``."""

    name: ClassVar[str]
    _instances: ClassVar[dict[type[Any], Any]] = {}

    def __new__(cls) -> Self:
        instance = Sentinel._instances.get(cls)
        if instance is None:
            instance = Sentinel._instances[cls] = super().__new__(cls)
        return instance

    def __repr__(self) -> str:
        return self.name
