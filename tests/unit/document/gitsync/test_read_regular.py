"""`read_regular` reads a file whole up to its budget, sized by the file, and refuses one past it."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

import pytest

from gitbook_mcp.document.gitsync import files
from gitbook_mcp.document.gitsync.files import FolderError, read_regular


def test_a_file_within_its_budget_is_read_whole(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_bytes(b"0123456789")
    assert read_regular(page, budget=10) == b"0123456789"
    assert read_regular(page) == b"0123456789"
    page.write_bytes(b"")
    assert read_regular(page, budget=10) == b""


def test_a_file_past_its_budget_is_refused(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_bytes(b"0123456789A")
    with pytest.raises(FolderError):
        read_regular(page, budget=10)


@dataclass
class _Shrunk:
    st_mode: int
    st_size: int


def test_a_file_that_grew_since_its_size_was_read_is_read_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    page = tmp_path / "page.md"
    page.write_bytes(b"0123456789")
    real = os.fstat
    monkeypatch.setattr(files.os, "fstat", lambda fd: _Shrunk(real(fd).st_mode, 3))
    assert read_regular(page, budget=10) == b"0123456789"
    with pytest.raises(FolderError):
        read_regular(page, budget=9)
