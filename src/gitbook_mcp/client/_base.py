"""The request loop: one place that sends, retries, limits, logs and maps errors.

Resources never touch ``httpx2`` directly; they call `BaseClient.request`,
`BaseClient.request_delete`, `BaseClient.request_empty` or `BaseClient.paginate` with a path
*template* and path parameters, so that logs and errors name the template, never ids.
"""

from __future__ import annotations

import json as jsonlib
import random
import time
from collections.abc import Awaitable, Callable, Mapping
from types import TracebackType
from typing import Any, TypeVar
from urllib.parse import quote

import anyio
import httpx2
from pydantic import TypeAdapter

from gitbook_mcp.client import constants
from gitbook_mcp.client._types import NotGiven
from gitbook_mcp.client.errors import (
    APIConnectionError,
    APITimeoutError,
    InvalidPathParameterError,
    InvalidRequestError,
    make_status_error,
)
from gitbook_mcp.client.limits import RateLimiter
from gitbook_mcp.client.pagination import AsyncPaginator, ListPage
from gitbook_mcp.client.retry import parse_retry_after, retry_delay, should_retry
from gitbook_mcp.logs import get_logger

__all__ = ["BaseClient", "RetryEvent", "encode_id", "encode_page_path"]

T = TypeVar("T")

_log = get_logger("gitbook_mcp.client")
_adapters: dict[Any, TypeAdapter[Any]] = {}


def _adapter(tp: Any) -> TypeAdapter[Any]:
    adapter = _adapters.get(tp)
    if adapter is None:
        adapter = _adapters[tp] = TypeAdapter(tp)
    return adapter


class RetryEvent:
    """What a retry hook is told: which attempt failed, why, and how long the client waits."""

    __slots__ = ("attempt", "delay", "method", "path", "reason")

    def __init__(self, *, method: str, path: str, attempt: int, reason: str, delay: float):
        self.method = method
        self.path = path
        self.attempt = attempt
        self.reason = reason
        self.delay = delay


class BaseClient:
    """Owns the ``httpx2.AsyncClient`` and the limits every request of this client shares."""

    def __init__(
        self,
        *,
        token: str,
        base_url: str = constants.DEFAULT_BASE_URL,
        timeout: float = constants.DEFAULT_TIMEOUT,
        connect_timeout: float = constants.DEFAULT_CONNECT_TIMEOUT,
        max_retries: int = constants.DEFAULT_MAX_RETRIES,
        max_retry_wait: float = constants.DEFAULT_MAX_RETRY_WAIT,
        max_concurrency: int = constants.DEFAULT_MAX_CONCURRENCY,
        requests_per_second: float | None = None,
        transport: httpx2.AsyncBaseTransport | None = None,
        headers: Mapping[str, str] | None = None,
        sleep: Callable[[float], Awaitable[None]] = anyio.sleep,
    ) -> None:
        if not token:
            raise InvalidRequestError("an API token is required")
        self._token = token
        self.base_url = base_url.rstrip("/")
        self.max_retries = max_retries
        self.max_retry_wait = max_retry_wait
        self._limiter = anyio.CapacityLimiter(max_concurrency)
        self._rate = RateLimiter(requests_per_second) if requests_per_second else None
        self._random = random.Random()
        self._sleep = sleep
        self._http = httpx2.AsyncClient(
            base_url=self.base_url,
            timeout=httpx2.Timeout(timeout, connect=connect_timeout),
            headers={
                "Authorization": f"Bearer {token}",
                "User-Agent": constants.USER_AGENT,
                "Accept": "application/json",
                **(headers or {}),
            },
            transport=transport,
            limits=httpx2.Limits(
                max_connections=max(max_concurrency, 1) * 2,
                max_keepalive_connections=max(max_concurrency, 1),
            ),
            trust_env=transport is None,
            follow_redirects=False,  # a redirect could carry the token to another host
        )
        self.on_retry: list[Callable[[RetryEvent], None]] = []
        """Callables given a `RetryEvent` before each retry sleep (used for progress)."""

    @property
    def max_concurrency(self) -> int:
        return int(self._limiter.total_tokens)

    def __repr__(self) -> str:
        return f"{type(self).__name__}(base_url={self.base_url!r}, token=[redacted])"

    async def __aenter__(self) -> BaseClient:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.aclose()

    async def aclose(self) -> None:
        await self._http.aclose()

    # -- the public primitives used by resources --------------------------------------

    async def request(
        self,
        method: str,
        path: str,
        *,
        cast_to: Any,
        path_params: Mapping[str, str] | None = None,
        params: Mapping[str, Any] | None = None,
        json: Any = None,
    ) -> Any:
        """Send a request and parse its JSON answer as ``cast_to`` (a type or type expression)."""
        response = await self._send(method, path, path_params, params, json)
        if response.status_code in (204, 205) or not response.content:
            return _adapter(cast_to).validate_python({})
        return _adapter(cast_to).validate_json(response.content)

    async def request_delete(
        self,
        path: str,
        *,
        path_params: Mapping[str, str] | None = None,
        params: Mapping[str, Any] | None = None,
    ) -> bool:
        """DELETE: True when the target was deleted (205), False when it did not exist (204)."""
        response = await self._send("DELETE", path, path_params, params, None)
        return response.status_code != 204

    async def request_empty(
        self,
        method: str,
        path: str,
        *,
        path_params: Mapping[str, str] | None = None,
        params: Mapping[str, Any] | None = None,
        json: Any = None,
    ) -> None:
        """A write whose success has no body (204), such as permission and membership writes."""
        await self._send(method, path, path_params, params, json)

    def check_limit(self, limit: int | NotGiven | None) -> None:
        """Refuse a ``limit`` outside 1..1000 before anything is sent."""
        if isinstance(limit, int) and not 1 <= limit <= constants.MAX_PAGE_LIMIT:
            raise InvalidRequestError(
                f"limit must be between 1 and {constants.MAX_PAGE_LIMIT}, got {limit}"
            )

    def paginate(
        self,
        path: str,
        *,
        item: type[T],
        path_params: Mapping[str, str] | None = None,
        params: Mapping[str, Any] | None = None,
        page: str | None = None,
        limit: int | None = None,
        page_type: type[ListPage[Any]] | None = None,
    ) -> AsyncPaginator[T]:
        """A lazy paginated GET: await it for one page, ``async for`` it for every item.

        ``page_type`` names a page model with extra fields (a link listing carries ``stats``).
        """
        self.check_limit(limit)
        self.build_url(path, path_params)  # refuse a bad id now, not when first awaited
        page_model: Any = page_type or ListPage[item]  # type: ignore[valid-type]
        base_params = dict(params or {})
        if limit is not None:
            base_params["limit"] = limit

        async def fetch(cursor: str | None) -> ListPage[T]:
            query = dict(base_params)
            if cursor:
                query["page"] = cursor
            result: ListPage[T] = await self.request(
                "GET", path, cast_to=page_model, path_params=path_params, params=query
            )
            return result

        return AsyncPaginator(fetch, start=page)

    # -- the loop ------------------------------------------------------------------------

    def build_url(self, path: str, path_params: Mapping[str, str] | None) -> str:
        """Fill a path template, each value encoded so that it can never name another endpoint."""
        url = path
        for name, value in (path_params or {}).items():
            encoded = encode_page_path(value) if name == "pagePath" else encode_id(name, value)
            url = url.replace("{" + name + "}", encoded)
        if "{" in url:
            raise InvalidRequestError(f"missing path parameters for {path}")
        return url

    async def _send(
        self,
        method: str,
        path: str,
        path_params: Mapping[str, str] | None,
        params: Mapping[str, Any] | None,
        json: Any,
    ) -> httpx2.Response:
        url = self.build_url(path, path_params)
        query = _encode_query(params)
        content = None if json is None else jsonlib.dumps(json, separators=(",", ":")).encode()
        headers = {"Content-Type": "application/json"} if content is not None else None
        waited = 0.0
        attempt = 0
        while True:
            started = time.perf_counter()
            status: int | None = None
            failure: str | None = None
            error: Exception | None = None
            response: httpx2.Response | None = None
            try:
                response = await self._attempt(method, url, query, content, headers)
                status = response.status_code
            except (httpx2.ConnectError, httpx2.ConnectTimeout, httpx2.PoolTimeout) as exc:
                failure, error = "connect", exc
            except httpx2.TimeoutException as exc:
                failure, error = "timeout", exc
            except (httpx2.NetworkError, httpx2.RemoteProtocolError) as exc:
                failure, error = "network", exc
            elapsed_ms = round((time.perf_counter() - started) * 1000, 2)
            _log.info(
                "api.request",
                method=method,
                path=path,
                status=status,
                failure=failure,
                duration_ms=elapsed_ms,
                retries=attempt,
            )
            if response is not None and status is not None and status < 300:
                return response

            headers_in = dict(response.headers) if response is not None else {}
            hint = parse_retry_after(headers_in) if status == 429 else None
            if attempt < self.max_retries and should_retry(method, status=status, failure=failure):
                delay = retry_delay(attempt, retry_after=hint, random=self._random.random)
                if waited + delay <= self.max_retry_wait:
                    reason = failure or f"HTTP {status}"
                    _log.info(
                        "api.retry",
                        method=method,
                        path=path,
                        reason=reason,
                        attempt=attempt + 1,
                        delay_s=round(delay, 3),
                    )
                    for hook in self.on_retry:
                        hook(
                            RetryEvent(
                                method=method,
                                path=path,
                                attempt=attempt + 1,
                                reason=reason,
                                delay=delay,
                            )
                        )
                    await self._sleep(delay)
                    waited += delay
                    attempt += 1
                    continue
            raise self._final_error(method, path, response, failure, error)

    async def _attempt(
        self,
        method: str,
        url: str,
        query: list[tuple[str, str | int | float | bool | None]],
        content: bytes | None,
        headers: dict[str, str] | None,
    ) -> httpx2.Response:
        if self._rate is not None:
            await self._rate.acquire()
        async with self._limiter:
            return await self._http.request(
                method, url, params=query, content=content, headers=headers
            )

    def _final_error(
        self,
        method: str,
        path: str,
        response: httpx2.Response | None,
        failure: str | None,
        error: Exception | None,
    ) -> Exception:
        if response is not None:
            try:
                body: Any = response.json()
            except ValueError:
                body = response.text
            return make_status_error(
                response.status_code,
                method=method,
                path=path,
                body=body,
                headers=dict(response.headers),
            )
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


def encode_id(name: str, value: object) -> str:
    """One path segment: refuse empty and dot segments, percent-encode everything else."""
    if not isinstance(value, str) or value in _DOT_OR_EMPTY:
        raise InvalidPathParameterError(
            f"path parameter {name} must be a non-empty string other than '.' or '..', "
            f"got {value!r}"
        )
    return quote(value, safe="")


def encode_page_path(value: object) -> str:
    """A page path (``guides/install``): each segment checked and encoded, slashes kept."""
    if not isinstance(value, str) or not value:
        raise InvalidPathParameterError("the page path must be a non-empty string")
    segments = value.split("/")
    if any(segment in _DOT_OR_EMPTY for segment in segments):
        raise InvalidPathParameterError(
            f"invalid page path {value[:200]!r}: no empty, '.' or '..' segments "
            "(no leading, trailing or double slash)"
        )
    return "/".join(quote(segment, safe="") for segment in segments)


_DOT_OR_EMPTY = frozenset({"", ".", ".."})


def _encode_query(
    params: Mapping[str, Any] | None,
) -> list[tuple[str, str | int | float | bool | None]]:
    """Drop absent values; booleans as ``true``/``false``; lists as repeated keys."""
    out: list[tuple[str, str | int | float | bool | None]] = []
    for key, value in (params or {}).items():
        if value is None or isinstance(value, NotGiven):
            continue
        values = value if isinstance(value, list | tuple) else [value]
        for v in values:
            if isinstance(v, bool):
                out.append((key, "true" if v else "false"))
            else:
                out.append((key, str(v)))
    return out
