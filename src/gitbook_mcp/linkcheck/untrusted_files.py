"""Files a pull request may have written (the ignore file, the configuration file, the URL
cache): read without following a symbolic link, written through an exclusive, no-follow
temporary file.

A committed ``.gitbook-linkignore`` that linked to ``/proc/self/environ`` once had
``check-links`` print the CI's token. A link is refused, not followed; so is anything but a
regular file (a FIFO would block the run). Only the last component is checked: the folders
above are the checkout's own.
"""

from __future__ import annotations

import errno
import os
import secrets
import stat
from pathlib import Path

__all__ = ["UnsafeFile", "read_untrusted", "write_exclusive"]


class UnsafeFile(ValueError):
    """The file is a symbolic link, not a regular file, or too large: it is not read."""


def read_untrusted(path: Path, max_bytes: int) -> str:
    """The UTF-8 text of ``path``. `FileNotFoundError` when absent; `UnsafeFile` when it is a
    symbolic link, not a regular file, or over ``max_bytes``; other `OSError`s and
    `UnicodeDecodeError` as they come."""
    flags = os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC | os.O_NONBLOCK
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise UnsafeFile(
                f"{path}: is a symbolic link; refused (a file a pull request may have written "
                "is never followed)"
            ) from None
        raise
    with os.fdopen(fd, "rb") as file:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise UnsafeFile(f"{path}: is not a regular file; refused")
        data = file.read(max_bytes + 1)
    if len(data) > max_bytes:
        raise UnsafeFile(f"{path}: over {max_bytes} bytes; refused")
    return data.decode("utf-8")


def write_exclusive(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` atomically: a fresh temporary file beside it, created
    exclusively and never through a link (``O_EXCL | O_NOFOLLOW``), then renamed over
    ``path`` (a link at ``path`` is replaced, not followed)."""
    temporary = path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(6)}.tmp")
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC
    fd = os.open(temporary, flags, 0o644)
    try:
        with os.fdopen(fd, "wb") as file:
            file.write(text.encode("utf-8"))
        os.replace(temporary, path)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
