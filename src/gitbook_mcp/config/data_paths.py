"""Where `--local` keeps its database on each OS (`platformdirs`: the user's data folder), and
the one move of a database left where every OS used to keep it (``~/.local/share``)."""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from pathlib import Path

__all__ = [
    "APP",
    "DB_NAME",
    "SHOWN_DEFAULT",
    "data_dir",
    "default_local_db",
    "legacy_local_db",
    "move_legacy_db",
]

APP = "gitbook-mcp"
DB_NAME = "local.db"
SHOWN_DEFAULT = (
    "~/.local/share/gitbook-mcp/local.db (Linux), "
    "~/Library/Application Support/gitbook-mcp/local.db (macOS), "
    "%LOCALAPPDATA%/gitbook-mcp/local.db (Windows); $XDG_DATA_HOME/gitbook-mcp if set"
)
"""The default as the options table and ``--help`` show it."""

_FILES = ("-journal", "-shm", "-wal", "")
"""SQLite's files of one database; the database itself last, so that a process that finds it
at the new place finds its journal there too."""


def _platform_data_dir() -> Path:
    import platformdirs

    return platformdirs.user_data_path(APP, appauthor=False, roaming=False)


def data_dir(environ: Mapping[str, str], platform_dir: Callable[[], Path] | None = None) -> Path:
    """The user's data folder for this program: ``$XDG_DATA_HOME/gitbook-mcp`` when set (on every
    OS, as before), else the OS's own (`platformdirs`)."""
    if xdg := environ.get("XDG_DATA_HOME"):
        return Path(xdg) / APP
    return (platform_dir or _platform_data_dir)()


def legacy_local_db(environ: Mapping[str, str]) -> Path:
    """Where every OS kept the database up to 0.2.0: ``~/.local/share`` (or ``$XDG_DATA_HOME``)."""
    base = environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / APP / DB_NAME


def move_legacy_db(legacy: Path, target: Path) -> Path:
    """The database to open: ``target``, after moving a database found at ``legacy`` there when
    ``target`` has none; ``legacy`` itself, read in place, when the move fails (another
    filesystem, a file in use, no right to write). Nothing is copied, so nothing is lost: a move
    is a rename of each of SQLite's files, and a database already at ``target`` is never
    overwritten (the one at ``legacy`` is then left alone)."""
    if legacy == target or target.exists() or not legacy.exists():
        return target
    moved: list[tuple[Path, Path]] = []
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        for suffix in _FILES:
            source = Path(f"{legacy}{suffix}")
            if source.exists():
                destination = Path(f"{target}{suffix}")
                os.replace(source, destination)  # a rename: atomic, or OSError across devices
                moved.append((source, destination))
    except OSError:
        for source, destination in reversed(moved):  # put back what went, then read in place
            os.replace(destination, source)
        return legacy
    return target


def default_local_db(
    environ: Mapping[str, str] = os.environ,
    platform_dir: Callable[[], Path] | None = None,
) -> Path:
    """Where ``--local`` keeps its data: the user's data folder, so changes persist; a database
    at the path every OS used up to 0.2.0 moves there once (`move_legacy_db`)."""
    target = data_dir(environ, platform_dir) / DB_NAME
    return move_legacy_db(legacy_local_db(environ), target)
