"""Where ``--local`` keeps its database: the OS's data folder (platformdirs), and a database left
at the path every OS used before (``~/.local/share``) moved there once, or read in place when it
cannot move; never overwritten, never lost."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import pytest
from platformdirs.macos import MacOS
from platformdirs.unix import Unix

from gitbook_mcp.cli.parser import parse_args
from gitbook_mcp.config import data_paths
from gitbook_mcp.config.data_paths import default_local_db, legacy_local_db
from gitbook_mcp.config.settings import Settings


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh home, with no XDG variable of the real one leaking in."""
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    return tmp_path


def _macos() -> Path:
    return MacOS("gitbook-mcp", appauthor=False).user_data_path


def _linux() -> Path:
    return Unix("gitbook-mcp", appauthor=False).user_data_path


def _legacy_database(home: Path) -> Path:
    """A database with one row (and its WAL file) at the path used before platformdirs."""
    legacy = home / ".local" / "share" / "gitbook-mcp" / "local.db"
    legacy.parent.mkdir(parents=True)
    connection = sqlite3.connect(legacy)
    connection.execute("PRAGMA journal_mode=WAL")
    connection.execute("CREATE TABLE kept (note TEXT)")
    connection.execute("INSERT INTO kept VALUES ('an agent wrote this')")
    connection.commit()
    connection.close()
    Path(f"{legacy}-wal").write_bytes(b"")  # an empty journal, as an unclean exit leaves one
    return legacy


def _rows(path: Path) -> list[tuple[str]]:
    with sqlite3.connect(path) as connection:
        return list(connection.execute("SELECT note FROM kept"))


def test_on_macos_the_database_lives_in_application_support(home: Path) -> None:
    path = default_local_db({}, _macos)
    assert path == home / "Library" / "Application Support" / "gitbook-mcp" / "local.db"


def test_on_linux_the_database_stays_where_it_was(home: Path) -> None:
    legacy = _legacy_database(home)
    assert default_local_db({}, _linux) == legacy == legacy_local_db({})
    assert _rows(legacy) == [("an agent wrote this",)]


def test_xdg_data_home_wins_on_every_os(home: Path) -> None:
    environ = {"XDG_DATA_HOME": str(home / "xdg")}
    assert default_local_db(environ, _macos) == home / "xdg" / "gitbook-mcp" / "local.db"


def test_an_old_database_moves_once_to_the_os_folder_with_its_journal(home: Path) -> None:
    legacy = _legacy_database(home)
    moved = default_local_db({}, _macos)
    assert moved.parent == home / "Library" / "Application Support" / "gitbook-mcp"
    assert not legacy.exists()
    assert not Path(f"{legacy}-wal").exists()
    assert Path(f"{moved}-wal").exists()
    assert _rows(moved) == [("an agent wrote this",)]
    assert default_local_db({}, _macos) == moved  # the second start finds it there


def test_an_old_database_that_cannot_move_is_read_where_it_is(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    legacy = _legacy_database(home)
    real_replace = os.replace
    calls: list[str] = []

    def replace_then_fail(source: Path, destination: Path) -> None:
        calls.append(str(source))
        if str(source) == str(legacy):  # the journal went, the database cannot follow
            raise OSError(18, "Invalid cross-device link")
        real_replace(source, destination)

    monkeypatch.setattr(data_paths.os, "replace", replace_then_fail)
    assert default_local_db({}, _macos) == legacy
    assert str(legacy) in calls  # it was tried, after its journal
    monkeypatch.setattr(data_paths.os, "replace", real_replace)
    assert Path(f"{legacy}-wal").exists()  # put back beside its database
    assert not (home / "Library" / "Application Support" / "gitbook-mcp" / "local.db").exists()
    assert _rows(legacy) == [("an agent wrote this",)]


def test_a_database_already_in_the_os_folder_is_never_overwritten(home: Path) -> None:
    legacy = _legacy_database(home)
    current = home / "Library" / "Application Support" / "gitbook-mcp" / "local.db"
    current.parent.mkdir(parents=True)
    current.write_bytes(b"the newer database")
    assert default_local_db({}, _macos) == current
    assert current.read_bytes() == b"the newer database"
    assert _rows(legacy) == [("an agent wrote this",)]  # left alone


def test_the_command_line_default_is_the_moved_database(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    legacy = _legacy_database(home)
    monkeypatch.setattr(data_paths, "_platform_data_dir", _macos)
    settings = parse_args(["--local"], {})
    assert isinstance(settings, Settings)
    assert settings.local_db.parent == home / "Library" / "Application Support" / "gitbook-mcp"
    assert _rows(settings.local_db) == [("an agent wrote this",)]
    assert not legacy.exists()


def test_a_given_local_db_is_taken_as_given_and_nothing_moves(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    legacy = _legacy_database(home)
    monkeypatch.setattr(data_paths, "_platform_data_dir", _macos)
    chosen = home / "mine.db"
    assert parse_args(["--local", "--local-db", str(chosen)], {}).local_db == chosen
    assert parse_args(["--local"], {"GITBOOK_LOCAL_DB": str(chosen)}).local_db == chosen
    assert legacy.exists()
