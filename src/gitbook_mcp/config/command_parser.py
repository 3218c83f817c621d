"""A sub-command whose options are added to the command line only when it is used.

``check-links``'s settings class mixes in the link checker's options, whose module imports the
whole link checker: the server's start-up (``serve``) should not pay for it. `LaterCommand` names
such a sub-command and how to load its settings class; `CommandParser` is the sub-command's
parser, which adds the class's arguments on first use (parsing, usage or help).
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

__all__ = ["CommandParser", "LaterCommand"]


T = TypeVar("T")


@dataclass(frozen=True)
class LaterCommand(Generic[T]):
    """A sub-command, its one-line summary and the loader of its settings class."""

    COMMAND: str
    SUMMARY: str
    load: Callable[[], T]


class CommandParser(argparse.ArgumentParser):
    """A sub-command's parser; with ``populate``, its arguments are added on first use."""

    def __init__(
        self,
        *args: Any,
        populate: Callable[[argparse.ArgumentParser], None] | None = None,
        **kw: Any,
    ) -> None:
        super().__init__(*args, **kw)
        self._populate = populate

    def _ready(self) -> None:
        populate, self._populate = self._populate, None
        if populate is not None:
            populate(self)

    def parse_known_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: Any = None
    ) -> tuple[Any, list[str]]:
        self._ready()
        return super().parse_known_args(args, namespace)

    def format_usage(self) -> str:
        self._ready()
        return super().format_usage()

    def format_help(self) -> str:
        self._ready()
        return super().format_help()
