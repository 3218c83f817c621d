"""One exception hierarchy for everything the client can raise, keyed by HTTP status.

`make_status_error` is the single place where a status code becomes an exception class.
Messages never contain the token: the client never puts it anywhere but the header.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any
from urllib.parse import urlsplit, urlunsplit

__all__ = [
    "APIConnectionError",
    "APIError",
    "APIResponseValidationError",
    "APIStatusError",
    "APITimeoutError",
    "AuthenticationError",
    "BadRequestError",
    "ConflictError",
    "GitBookError",
    "InternalServerError",
    "InvalidPathParameterError",
    "InvalidRequestError",
    "ListingTooLongError",
    "NotFoundError",
    "OperationNotInProfile",
    "PermissionDeniedError",
    "PreconditionFailedError",
    "RateLimitError",
    "RedirectError",
    "UnreadableWriteResult",
    "make_status_error",
    "redact_location",
    "summarize_invalid_fields",
]


class GitBookError(Exception):
    """Root of every error raised by this client."""


class InvalidRequestError(GitBookError, ValueError):
    """The call was refused before anything was sent (for example ``limit`` above 1000)."""


class InvalidPathParameterError(InvalidRequestError):
    """A path parameter that would change which endpoint is called (empty, ``.``, ``..``)."""


class OperationNotInProfile(InvalidRequestError):
    """The API profile in use has no such operation (the live service dropped it, or it is new).

    Raised before anything is sent; ``operation`` and ``profile`` say which and where.
    """

    def __init__(self, operation: str, profile: str) -> None:
        super().__init__(f"operation {operation} is not in the {profile!r} API profile")
        self.operation = operation
        self.profile = profile


class APIError(GitBookError):
    """A request was attempted; carries the HTTP method and the path template."""

    def __init__(self, message: str, *, method: str, path: str) -> None:
        super().__init__(message)
        self.message = message
        self.method = method
        self.path = path

    def __str__(self) -> str:
        return f"{self.method} {self.path}: {self.message}"


class APIResponseValidationError(APIError):
    """The API answered with success, but the answer could not be read as its model.

    A fault of the API or a version mismatch, never of the arguments; for a write, the write
    was applied. ``summary`` names the fields at fault (never their values, never the token).
    """

    def __init__(self, summary: str, *, method: str, path: str, status_code: int) -> None:
        super().__init__(f"the answer could not be read ({summary})", method=method, path=path)
        self.summary = summary
        self.status_code = status_code

    @property
    def operation(self) -> str:
        """The method and path template of the request whose answer was unreadable."""
        return f"{self.method} {self.path}"

    def __str__(self) -> str:
        return f"{self.method} {self.path} -> {self.status_code}: {self.message}"


class UnreadableWriteResult(APIResponseValidationError):
    """A write succeeded (2xx) but its answer could not be read: it was applied; do not retry."""


class ListingTooLongError(APIResponseValidationError):
    """A paginated list still offered a next page after ``max_pages`` pages: the walk stopped.

    The pages already read were given; a list that long is taken as a fault of the API (a cursor
    that never ends), not read to its end.
    """

    def __init__(self, *, path: str, max_pages: int) -> None:
        summary = f"the list went on past the cap of {max_pages} pages (max_pages); stopped there"
        super().__init__(summary, method="GET", path=path, status_code=200)
        self.max_pages = max_pages


def summarize_invalid_fields(
    errors: Sequence[Mapping[str, Any]], *, secret: str, most: int = 3
) -> str:
    """``field: reason`` for the first few errors of a pydantic validation, values left out."""
    parts = []
    for item in errors[:most]:
        field = ".".join(str(part) for part in item.get("loc", ())) or "body"
        parts.append(f"{field}: {str(item.get('msg', 'invalid'))[:100]}")
    if len(errors) > most:
        parts.append(f"+{len(errors) - most} more")
    text = "".join(ch if ch.isprintable() else " " for ch in "; ".join(parts) or "invalid body")
    return text.replace(secret, "[redacted]") if secret else text


class APIConnectionError(APIError):
    """The server could not be reached, or the connection broke before an answer."""

    def __init__(
        self,
        message: str = "Connection error.",
        *,
        method: str,
        path: str,
        sent: bool = True,
    ) -> None:
        super().__init__(message, method=method, path=path)
        self.sent = sent
        """False only when the request provably never reached the server (connect failure)."""


class APITimeoutError(APIConnectionError):
    """The request timed out; it may or may not have been processed."""

    def __init__(
        self, *, method: str, path: str, sent: bool = True, message: str = "Request timed out."
    ) -> None:
        super().__init__(message, method=method, path=path, sent=sent)


class APIStatusError(APIError):
    """The server answered with a 3xx, 4xx or 5xx status."""

    status_code: int = 0

    def __init__(
        self,
        message: str,
        *,
        method: str,
        path: str,
        status_code: int,
        body: Any = None,
        headers: dict[str, str] | None = None,
    ) -> None:
        super().__init__(message, method=method, path=path)
        self.status_code = status_code
        self.body = body
        self.headers = headers or {}

    def __str__(self) -> str:
        return f"{self.method} {self.path} -> {self.status_code}: {self.message}"


class RedirectError(APIStatusError):
    """A 3xx answer. Never followed: a redirect could carry the token to another host."""

    @property
    def location(self) -> str | None:
        """Where the API pointed, without query or fragment (they may carry secrets)."""
        return redact_location(self.headers)


class BadRequestError(APIStatusError):
    status_code = 400


class AuthenticationError(APIStatusError):
    status_code = 401


class PermissionDeniedError(APIStatusError):
    status_code = 403


class NotFoundError(APIStatusError):
    status_code = 404


class ConflictError(APIStatusError):
    status_code = 409


class PreconditionFailedError(APIStatusError):
    status_code = 412


class RateLimitError(APIStatusError):
    status_code = 429

    @property
    def retry_after(self) -> float | None:
        """Seconds the server asked to wait, from ``Retry-After`` or ``X-RateLimit-Reset``."""
        from gitbook_mcp.client.retry import parse_retry_after

        return parse_retry_after(self.headers)


class InternalServerError(APIStatusError):
    """Any 5xx answer."""


_BY_STATUS: dict[int, type[APIStatusError]] = {
    cls.status_code: cls
    for cls in (
        BadRequestError,
        AuthenticationError,
        PermissionDeniedError,
        NotFoundError,
        ConflictError,
        PreconditionFailedError,
        RateLimitError,
    )
}


def make_status_error(
    status_code: int,
    *,
    method: str,
    path: str,
    body: Any,
    headers: dict[str, str],
) -> APIStatusError:
    """Map an error answer to its exception class, taking the message from ``error.message``."""
    cls = _BY_STATUS.get(status_code)
    if 300 <= status_code < 400:
        cls = RedirectError
        target = redact_location(headers) or "no location"
        message = f"unexpected redirect (HTTP {status_code}) to {target}; not followed"
    else:
        message = _error_message(body) or f"HTTP {status_code}"
    if cls is None:
        cls = InternalServerError if status_code >= 500 else APIStatusError
    return cls(
        message,
        method=method,
        path=path,
        status_code=status_code,
        body=body,
        headers=headers,
    )


def redact_location(headers: Mapping[str, str]) -> str | None:
    """The ``Location`` header without userinfo, query or fragment, or None when absent."""
    raw = next((v for k, v in headers.items() if k.lower() == "location"), None)
    if not raw:
        return None
    try:
        parts = urlsplit(raw.strip())
        port = parts.port
    except ValueError:
        return "[unreadable location]"
    host = parts.hostname or ""
    if ":" in host:
        host = f"[{host}]"
    netloc = f"{host}:{port}" if port else host
    return urlunsplit((parts.scheme, netloc, parts.path, "", ""))


def _error_message(body: Any) -> str | None:
    if isinstance(body, dict):
        error = body.get("error")
        if isinstance(error, dict) and isinstance(error.get("message"), str):
            return str(error["message"])
        if isinstance(body.get("message"), str):
            return str(body["message"])
    if isinstance(body, str) and body:
        return body[:500]
    return None
