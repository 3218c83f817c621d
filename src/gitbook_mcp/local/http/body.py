"""Reading a request body: capped in size and in time, parsed as strict JSON.

The cap is the MCP transports' own (mcp's ``DEFAULT_MAX_REQUEST_BODY_SIZE``, 4 MiB; a test keeps
them equal without the local API importing the SDK) and is
enforced while reading, so that a huge body is refused without being held in memory. A body
that does not arrive within `BODY_TIMEOUT_S` is answered 408. JSON is parsed strictly: NaN and
Infinity, and nesting deeper than `MAX_DEPTH`, are a 400 like any other malformed body.
"""

from __future__ import annotations

import json
from typing import Any

import anyio
from starlette.requests import Request

from gitbook_mcp.local.errors import Invalid

__all__ = ["BODY_TIMEOUT_S", "MAX_BODY_BYTES", "MAX_DEPTH", "BodyRefused", "read_json"]

MAX_BODY_BYTES = 4 * 1024 * 1024
BODY_TIMEOUT_S = 30.0
MAX_DEPTH = 128


class BodyRefused(Exception):
    """The body cannot be read: ``status`` is 413 (too large) or 408 (too slow)."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


async def read_json(
    request: Request, *, limit: int | None = None, timeout_s: float | None = None
) -> Any:
    """The JSON body, or None when it is empty; `Invalid` or `BodyRefused` otherwise."""
    raw = await _read(
        request,
        MAX_BODY_BYTES if limit is None else limit,
        BODY_TIMEOUT_S if timeout_s is None else timeout_s,
    )
    if not raw.strip():
        return None
    try:
        value = json.loads(raw, parse_constant=_refuse_constant)
    except (ValueError, RecursionError) as exc:
        raise Invalid("body", "is not valid JSON") from exc
    if _depth(value) > MAX_DEPTH:
        raise Invalid("body", f"is nested more than {MAX_DEPTH} levels deep")
    return value


async def _read(request: Request, limit: int, timeout_s: float) -> bytes:
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > limit:
        raise BodyRefused(413, f"The request body is larger than {limit} bytes")
    chunks = bytearray()
    try:
        with anyio.fail_after(timeout_s):
            async for chunk in request.stream():
                chunks.extend(chunk)
                if len(chunks) > limit:
                    raise BodyRefused(413, f"The request body is larger than {limit} bytes")
    except TimeoutError:
        raise BodyRefused(408, "The request body did not arrive in time") from None
    return bytes(chunks)


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def _depth(value: Any) -> int:
    """How deeply arrays and objects nest (iterative: a deep body cannot exhaust the stack)."""
    deepest = 0
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, dict):
            children: Any = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        deepest = max(deepest, level)
        if deepest > MAX_DEPTH:
            return deepest
        stack.extend((child, level + 1) for child in children)
    return deepest
