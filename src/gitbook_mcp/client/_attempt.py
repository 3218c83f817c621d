"""One attempt's outcome: its answer, read under a cap on decoded bytes, or why it failed.

An answer is streamed and counted after decoding (gzip, deflate, br, zstd), so a small compressed
body cannot inflate past the cap, and a body over it is dropped, never kept whole. A final
failure becomes one exception of `gitbook_mcp.client.errors` here.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import httpx2

from gitbook_mcp.client.errors import APIConnectionError, APITimeoutError, make_status_error

__all__ = ["Attempt", "error_body", "final_error", "read_capped"]


@dataclass(frozen=True, slots=True)
class Attempt:
    """What one attempt gave: an answer and its body, or the kind of failure and its exception.

    ``unreadable`` says why an answer's body was not read (over the cap, a broken encoding);
    ``body`` is then empty.
    """

    response: httpx2.Response | None = None
    body: bytes = b""
    unreadable: str | None = None
    failure: str | None = None
    error: Exception | None = None
    deadline: float = 0.0

    @property
    def status(self) -> int | None:
        return self.response.status_code if self.response is not None else None


def _too_large(cap: int, option: str) -> str:
    """Why a body over ``cap`` decoded bytes was not read (names the cap and its option)."""
    return f"the answer is larger than the cap of {cap} bytes ({option}); not read"


async def read_capped(
    response: httpx2.Response, cap: int, option: str = "max_response_bytes"
) -> Attempt:
    """The answer with its decoded body, or marked unreadable as soon as it passes ``cap``."""
    parts: list[bytes] = []
    size = 0
    try:
        async for chunk in response.aiter_bytes():
            size += len(chunk)
            if size > cap:
                return Attempt(response, unreadable=_too_large(cap, option))
            parts.append(chunk)
    except httpx2.DecodingError:
        return Attempt(response, unreadable="the answer's content encoding could not be decoded")
    return Attempt(response, body=b"".join(parts))


def error_body(content: bytes) -> Any:
    """An error answer's body as JSON, else as text: nesting too deep to parse reads as text."""
    try:
        return json.loads(content)
    except (ValueError, RecursionError):
        return content.decode("utf-8", errors="replace")


def final_error(method: str, path: str, outcome: Attempt) -> Exception:
    """The exception a final failed attempt is raised as."""
    response, failure, error = outcome.response, outcome.failure, outcome.error
    if response is not None:
        body = f"({outcome.unreadable})" if outcome.unreadable else error_body(outcome.body)
        return make_status_error(
            response.status_code,
            method=method,
            path=path,
            body=body,
            headers=dict(response.headers),
        )
    if failure == "deadline":
        message = (
            f"No complete answer within the {outcome.deadline:g} s deadline of an attempt "
            "(attempt_deadline)."
        )
        return APITimeoutError(method=method, path=path, message=message)
    if failure == "timeout":
        return APITimeoutError(method=method, path=path)
    if failure == "connect" and isinstance(error, httpx2.ConnectTimeout | httpx2.PoolTimeout):
        return APITimeoutError(method=method, path=path, sent=False)
    detail = type(error).__name__ if error is not None else "unknown"
    return APIConnectionError(
        f"Connection error ({detail}).",
        method=method,
        path=path,
        sent=failure != "connect",
    )
