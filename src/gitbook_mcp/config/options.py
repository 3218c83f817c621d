"""Options declared once: a settings field made with `option()` is a whole row of the table.

The field gives the name, type and default; `option()` adds the parser, the help and the flag
(``--`` + the name with dashes, unless given). The environment variable is always
``GITBOOK_`` + the field's name upper-cased (`env_name`) and is written nowhere else. From these
rows come the argparse arguments (`add_arguments`), the precedence flag > environment > default
(`resolve`) and the options tables (`gitbook_mcp.config.options_table`).

Over 400 lines: one concern, a row and every form it takes (parser, help, argparse argument with
its short alias, precedence); split, each half would restate the row.
"""

from __future__ import annotations

import argparse
import dataclasses
import inspect
import math
import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar, Generic, TypeVar, cast, overload

from gitbook_mcp.config.command_parser import CommandParser, LaterCommand

__all__ = [
    "BOOL",
    "ENV_PREFIX",
    "LIST",
    "PATH",
    "TEXT",
    "ConfigError",
    "OptionError",
    "Options",
    "Parser",
    "Row",
    "add_arguments",
    "build_parser",
    "carry",
    "choice",
    "env_name",
    "integer",
    "number",
    "option",
    "optional",
    "read_command_line",
    "resolve",
    "rows",
]

T = TypeVar("T")
Lazy = LaterCommand[type["Options"]]
"""A sub-command whose arguments are added on first use (`build_parser`'s ``later``)."""
S = TypeVar("S", bound="Options")
N = TypeVar("N", int, float)
ENV_PREFIX = "GITBOOK_"
_TRUE = frozenset({"1", "true", "yes", "on"})
_FALSE = frozenset({"0", "false", "no", "off"})


class OptionError(ValueError):
    """A flag or environment variable whose value cannot be used; the message names it."""


class ConfigError(OptionError):
    """A configuration file, or a value in it, that cannot be used; the message names it."""


Configured = Mapping[str, tuple[str, str]]
"""Values from a configuration file by field name: (text as a flag would give it, where)."""


def env_name(field: str) -> str:
    """The one rule for environment variables: ``GITBOOK_`` + the field's name upper-cased."""
    return ENV_PREFIX + field.upper()


@dataclass(frozen=True)
class Parser(Generic[T]):
    """Turns the text of a flag or an environment variable into a field's value."""

    kind: str
    convert: Callable[[str], T]
    choices: tuple[str, ...] = ()
    repeated: bool = False
    """The flag may be given several times (``--exclude a --exclude b``): values joined by a space."""


def _text(value: str) -> str:
    return value


def _bool(value: str) -> bool:
    folded = value.strip().lower()
    if folded in _TRUE | _FALSE:
        return folded in _TRUE
    raise ValueError(f"expected one of 1, true, yes, on, 0, false, no, off; got {value!r}")


def _list(value: str) -> tuple[str, ...]:
    return tuple(v.strip() for v in value.split(",") if v.strip())


TEXT: Parser[str] = Parser("text", _text)
BOOL: Parser[bool] = Parser("bool", _bool)
LIST: Parser[tuple[str, ...]] = Parser("list", _list)
PATH: Parser[Path] = Parser("path", Path)


def _within(parse: Callable[[str], N], low: N | None, high: N | None) -> Callable[[str], N]:
    """``parse``, then refuse a value outside ``[low, high]`` (either end may be open)."""

    def convert(value: str) -> N:
        result = parse(value)
        if low is not None and result < low:
            raise ValueError(f"must be at least {low:g}, got {result:g}")
        if high is not None and result > high:
            raise ValueError(f"must be at most {high:g}, got {result:g}")
        return result

    return convert


def _whole(value: str) -> int:
    try:
        return int(value)
    except ValueError:
        raise ValueError(f"expected a whole number, got {value!r}") from None


def _finite(value: str) -> float:
    try:
        result = float(value)
    except ValueError:
        raise ValueError(f"expected a number, got {value!r}") from None
    if not math.isfinite(result):
        raise ValueError(f"expected a finite number, got {value!r}")
    return result


def integer(low: int | None = None, high: int | None = None) -> Parser[int]:
    """A whole number, optionally within ``[low, high]``."""
    return Parser("int", _within(_whole, low, high))


def number(low: float | None = None, high: float | None = None) -> Parser[float]:
    """A finite number, optionally within ``[low, high]``."""
    return Parser("float", _within(_finite, low, high))


def choice(*values: str, fold: Callable[[str], str] = _text) -> Parser[Any]:
    """One of ``values`` (after ``fold``, e.g. ``str.upper``); typed ``Any`` to fit a Literal."""

    def convert(value: str) -> str:
        folded = fold(value.strip())
        if folded not in values:
            raise ValueError(f"expected one of {', '.join(values)}; got {value!r}")
        return folded

    return Parser("choice", convert, values)


def optional(parser: Parser[T]) -> Parser[T | None]:
    """The same parser for a field whose default is ``None`` (unset)."""
    return Parser(parser.kind, parser.convert, parser.choices)


@dataclass(frozen=True)
class _Spec:
    """What `option()` stores in a field's metadata."""

    parser: Parser[Any]
    help: str
    flag: str | None
    env: bool
    secret: bool
    shown: str | None
    factory: Callable[[Mapping[str, str]], Any] | None
    short: str | None = None


@overload
def option(
    default: T,
    parser: Parser[T],
    help: str,
    *,
    flag: str | None = None,
    env: bool = True,
    secret: bool = False,
    shown: str | None = None,
    short: str | None = None,
) -> T: ...


@overload
def option(
    *,
    factory: Callable[[Mapping[str, str]], T],
    parser: Parser[T],
    help: str,
    shown: str,
    flag: str | None = None,
    env: bool = True,
    secret: bool = False,
) -> T: ...


def option(
    default: Any = None,
    parser: Parser[Any] | None = None,
    help: str = "",
    *,
    flag: str | None = None,
    env: bool = True,
    secret: bool = False,
    shown: str | None = None,
    factory: Callable[[Mapping[str, str]], Any] | None = None,
    short: str | None = None,
) -> Any:
    """Declare a settings field as an option (``factory`` computes a default from the environment;
    ``short`` is a one-letter alias of the flag, as ``-v``)."""
    assert parser is not None, "every option has a parser"
    spec = _Spec(parser, help, flag, env, secret, shown, factory, short)
    metadata = {"option": spec}
    if factory is not None:
        return dataclasses.field(
            default_factory=lambda: factory(os.environ), metadata=metadata, repr=not secret
        )
    return dataclasses.field(default=default, metadata=metadata, repr=not secret)


class Options:
    """Base of a settings class; ``COMMAND`` is the sub-command whose options it holds."""

    COMMAND: ClassVar[str]
    SUMMARY: ClassVar[str]

    def problems(self) -> list[str]:
        """What is missing or contradictory, in words a user can act on (nothing by default)."""
        return []


@dataclass(frozen=True)
class Row:
    """One option of one settings class, as the table shows it."""

    field: str
    flag: str
    env: str | None
    parser: Parser[Any]
    help: str
    secret: bool
    shown: str | None
    default: Any
    factory: Callable[[Mapping[str, str]], Any] | None
    short: str | None = None

    def default_value(self, environ: Mapping[str, str]) -> Any:
        """The default, computed from ``environ`` when it depends on it."""
        return self.factory(environ) if self.factory is not None else self.default

    def default_text(self) -> str:
        """The default as the help and the README show it."""
        if self.shown is not None:
            return self.shown
        value = self.default
        if value is None or value is False or value == ():
            return "off" if self.parser.kind == "bool" else ""
        if isinstance(value, tuple):
            return ",".join(value)
        return f"{value:g}" if isinstance(value, float) else str(value)

    def meaning(self) -> str:
        """The help, with a warning for a secret: a flag shows in ``ps`` to every local user."""
        if not self.secret:
            return self.help
        return (
            f"{self.help}. A flag is visible to other users of the machine in `ps`: "
            f"prefer `{self.env}`"
        )

    def full_help(self) -> str:
        """The help of ``--help``: the meaning, its environment variable and its default."""
        notes = [f"env {self.env}" if self.env else "no environment variable"]
        if self.default_text():
            notes.append(f"default {self.default_text()}")
        return f"{self.meaning()} ({'; '.join(notes)})".replace("%", "%%")


def rows(cls: type[Options]) -> list[Row]:
    """The options of a settings class: its own in declaration order, then the inherited ones."""
    own = inspect.get_annotations(cls)
    found: list[Row] = []
    for field in dataclasses.fields(cast(Any, cls)):
        spec = field.metadata.get("option")
        if not isinstance(spec, _Spec):
            continue
        found.append(
            Row(
                field=field.name,
                flag=spec.flag or "--" + field.name.replace("_", "-"),
                env=env_name(field.name) if spec.env else None,
                parser=spec.parser,
                help=spec.help,
                secret=spec.secret,
                shown=spec.shown,
                default=None if spec.factory else field.default,
                factory=spec.factory,
                short=spec.short,
            )
        )
    return sorted(found, key=lambda row: row.field not in own)


def add_arguments(parser: argparse.ArgumentParser, cls: type[Options]) -> None:
    """One argument per option; absent flags stay absent so the environment can fill them."""
    for row in rows(cls):
        dest, d = row.field, argparse.SUPPRESS
        if not row.flag.startswith("-"):  # a positional argument (``flag="SPACE"``), optional here
            parser.add_argument(dest, nargs="?", default=d, metavar=row.flag, help=row.full_help())
            continue
        names = [row.short, row.flag] if row.short else [row.flag]
        if row.parser.kind == "bool":
            parser.add_argument(
                *names, dest=dest, action="store_true", default=d, help=row.full_help()
            )
            continue
        metavar = (
            "{" + ",".join(row.parser.choices) + "}"
            if row.parser.choices
            else row.parser.kind.upper()
        )
        action = "append" if row.parser.repeated else "store"
        parser.add_argument(
            *names, dest=dest, default=d, metavar=metavar, action=action, help=row.full_help()
        )


def _value(
    row: Row, given: Mapping[str, object], environ: Mapping[str, str], configured: Configured
) -> Any:
    """Flag, else environment, else configuration file, else default; an empty value counts as
    not given."""
    raw = given.get(row.field)
    source = row.flag
    if isinstance(raw, list):  # a repeated flag, given several times
        raw = " ".join(str(value) for value in raw)
    if raw is True:  # a boolean flag that was given
        return True
    if raw in (None, "") and row.env:
        raw, source = environ.get(row.env), row.env
    if raw in (None, "") and row.field in configured:
        text, where = configured[row.field]
        try:
            return row.parser.convert(text)
        except ValueError as exc:
            raise ConfigError(f"{where}: {exc}") from None
    if raw in (None, ""):
        return row.default_value(environ)
    try:
        return row.parser.convert(str(raw))
    except ValueError as exc:
        raise OptionError(f"{source}: {exc}") from None


def resolve(
    cls: type[S],
    given: Mapping[str, object],
    environ: Mapping[str, str],
    configured: Configured | None = None,
) -> S:
    """The settings from the flags ``given`` (by field name), ``environ`` and a configuration
    file's values, in that order."""
    values = {row.field: _value(row, given, environ, configured or {}) for row in rows(cls)}
    return cast(S, cast(Any, cls)(**values))


def carry(source: Options, cls: type[S]) -> S:
    """``source``'s values as settings of ``cls``: every option both declare is copied, the
    others keep their defaults (``check-links`` reaches the API as ``serve`` would)."""
    names = {row.field for row in rows(cls)} & {row.field for row in rows(type(source))}
    return cast(S, cast(Any, cls)(**{name: getattr(source, name) for name in names}))


def build_parser(
    prog: str, description: str, classes: Sequence[type[Options]], later: Sequence[Lazy] = ()
) -> argparse.ArgumentParser:
    """One sub-command per class (the first is the default), then ``later`` ones (lazy)."""
    parser = argparse.ArgumentParser(prog=prog, description=description)
    add_arguments(parser, classes[0])
    sub = parser.add_subparsers(dest="command", parser_class=CommandParser)
    for cls in classes:
        add_arguments(sub.add_parser(cls.COMMAND, help=cls.SUMMARY), cls)
    for c in later:
        sub.add_parser(
            c.COMMAND, help=c.SUMMARY, populate=lambda p, c=c: add_arguments(p, c.load())
        )
    return parser


def read_command_line(
    parser: argparse.ArgumentParser, argv: Sequence[str] | None, default: str
) -> tuple[str, dict[str, object]]:
    """The sub-command named in ``argv`` (or ``default``) and the flags given, by field name."""
    given = dict(vars(parser.parse_args(argv)))
    command = given.pop("command", None) or default
    return str(command), given
