"""The request loop: one place that sends, retries, limits, logs, parses and maps errors.

Resources never touch ``httpx2`` directly; they call `BaseClient.request`,
`BaseClient.request_delete`, `BaseClient.request_empty` or `BaseClient.paginate` with a path
*template* and its ids by placeholder name, so that logs and errors name the template, never ids. A request
body is a `RequestModel`, turned into JSON here and nowhere else.

Over 400 lines: the one request loop and the primitives every resource calls, which share its
limits (caps, deadlines, counters) and read best top to bottom in one place.
"""

from __future__ import annotations

import hashlib
import logging
import random
import time
from collections.abc import Awaitable, Callable, Mapping, Sequence
from types import TracebackType
from typing import Protocol, TypeVar

import anyio
import httpx2
from pydantic import BaseModel, ValidationError

from gitbook_mcp.api import Profile, operations
from gitbook_mcp.client import constants
from gitbook_mcp.client._attempt import Attempt, final_error, read_capped
from gitbook_mcp.client._types import NotGiven
from gitbook_mcp.client.errors import (
    APIResponseValidationError,
    InvalidRequestError,
    OperationNotInProfile,
    UnreadableWriteResult,
    summarize_invalid_fields,
)
from gitbook_mcp.client.limits import Throttle
from gitbook_mcp.client.models._base import RequestModel
from gitbook_mcp.client.pacing import Pacer
from gitbook_mcp.client.pagination import AsyncPaginator, ListPage, list_page_of
from gitbook_mcp.client.paths import fill_path
from gitbook_mcp.client.retry import parse_retry_after, retry_delay, should_retry

__all__ = ["BaseClient", "RequestObserver", "add_observer"]

M = TypeVar("M", bound=BaseModel)

_log = logging.getLogger("gitbook_mcp.client")
"""Stdlib logging, so that a program using the client controls it with its logging config; the
server's `gitbook_mcp.logs` renders these records like its own events (the fields as keys)."""

QueryValue = str | int | float | bool | None


class RequestObserver(Protocol):
    """A hook told about every attempt, retry and rate-cap wait (the server's metrics)."""

    def api_request(
        self, method: str, status: int | None, failure: str | None, seconds: float
    ) -> None:
        """One attempt answered ``status`` or failed with ``failure``."""

    def api_retry(self, reason: str, delay: float) -> None:
        """An attempt is retried after ``delay`` seconds (``reason``: a status or a failure)."""

    def rate_wait(self, seconds: float) -> None:
        """The client's request-rate cap held a request for ``seconds``."""


_observers: list[RequestObserver] = []


def add_observer(observer: RequestObserver) -> None:
    """Tell ``observer`` about every request of every client in this process."""
    _observers.append(observer)


def _slots(cap: int) -> anyio.Semaphore:
    """The requests in flight at once: a free slot is taken without a trip through the event
    loop (the request yields at its first read anyway)."""
    return anyio.Semaphore(cap, max_value=cap, fast_acquire=True)


class BaseClient:
    """Owns the ``httpx2.AsyncClient`` and the limits every request of this client shares.

    Upstream answers are bounded (defaults in `gitbook_mcp.client.constants`): ``attempt_deadline``
    seconds per attempt in all, ``max_response_bytes`` decoded bytes per body (``max_tree_bytes``
    for a revision's page tree, which grows with the space), ``max_pages`` pages per walk of a
    list.
    """

    # Over 60 lines: one argument and one attribute per limit the client owns.
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
        profile: Profile = constants.DEFAULT_PROFILE,
        attempt_deadline: float = constants.DEFAULT_ATTEMPT_DEADLINE,
        max_response_bytes: int = constants.DEFAULT_MAX_RESPONSE_BYTES,
        max_tree_bytes: int = constants.DEFAULT_MAX_TREE_MB * 1024 * 1024,
        max_pages: int = constants.DEFAULT_MAX_PAGES,
        pacer: Pacer | None = None,
    ) -> None:
        if not token:
            raise InvalidRequestError("an API token is required")
        self._operations = operations(profile)  # refuses an unknown profile
        self.profile: Profile = profile
        """The API profile spoken: ``live`` (the real service) or ``seed`` (0.130.0)."""
        self._token = token
        self.base_url = base_url.rstrip("/")
        self.caller_key = hashlib.sha256(token.encode()).hexdigest()[:32]
        """Who this client reads as, for caches that keep callers apart: a hash of its token
        (the rule of ``server.http.auth.keys.caller_key``), never the token."""
        self.max_retries = max_retries
        self.max_retry_wait = max_retry_wait
        self.attempt_deadline = attempt_deadline
        self.max_response_bytes = max_response_bytes
        self.max_tree_bytes = max(max_tree_bytes, max_response_bytes)
        """The cap of a page tree's answer (`request`'s ``max_bytes`` for the tree routes)."""
        self.max_pages = max_pages
        self.writes = 0
        """Requests other than GET sent so far (for caches of what a write may have changed)."""
        self._limiter = _slots(max_concurrency)
        self._rate = Throttle(requests_per_second) if requests_per_second else None
        self.pacer = pacer or Pacer(reserve=max_concurrency, sleep=sleep)
        """Paces every request on the budget the API's ``X-RateLimit-*`` headers state."""
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
        base = self._http.base_url  # what paths are appended to (None: left to httpx2 to join)
        self._base = None if base.query or base.fragment else str(base).removesuffix("/") + "/"

    @property
    def max_concurrency(self) -> int:
        """The cap on requests in flight, which callers that fan out can size their work by."""
        return self._limiter.max_value or 0  # always set: the cap it was made with

    def has(self, operation_id: str) -> bool:
        """Whether the profile in use has this operation, so callers can offer only what works."""
        return operation_id in self._operations

    def require(self, operation_id: str) -> None:
        """Refuse, before anything is sent, an operation the profile in use lacks."""
        if operation_id not in self._operations:
            raise OperationNotInProfile(operation_id, self.profile)

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
        cast_to: type[M],
        ids: Mapping[str, object] | None = None,
        params: Mapping[str, object] | None = None,
        body: RequestModel | None = None,
        max_bytes: int | None = None,
    ) -> M:
        """Send a request and read its answer as ``cast_to``; an empty answer reads as ``{}``
        (``max_bytes``: the answer's cap, default ``max_response_bytes``)."""
        status, raw = await self.request_bytes(
            method, path, ids=ids, params=params, body=body, max_bytes=max_bytes
        )
        return self.read_answer(cast_to, method, path, status, raw)

    def read_answer(self, cast_to: type[M], method: str, path: str, status: int, body: bytes) -> M:
        """An answer's body read as ``cast_to`` (an empty one as ``{}``), or the error saying
        which fields did not fit (what `request` raises; for a caller of `request_bytes`)."""
        try:
            if status in (204, 205) or not body:
                return cast_to.model_validate({})
            return cast_to.model_validate_json(body)
        except ValidationError as exc:
            summary = summarize_invalid_fields(exc.errors(include_input=False), secret=self._token)
        raise _unreadable(summary, method, path, status)

    async def request_bytes(
        self,
        method: str,
        path: str,
        *,
        ids: Mapping[str, object] | None = None,
        params: Mapping[str, object] | None = None,
        body: RequestModel | None = None,
        max_bytes: int | None = None,
    ) -> tuple[int, bytes]:
        """Send a request; its status and body as sent, for a caller that reads a large answer
        itself rather than through a model (`read_answer` reads it as `request` would)."""
        outcome = await self._send(method, path, ids, params, body, max_bytes)
        status = outcome.status or 200
        if outcome.unreadable is not None:
            raise _unreadable(outcome.unreadable, method, path, status)
        return status, outcome.body

    async def request_delete(self, path: str, *, ids: Mapping[str, object]) -> bool:
        """DELETE: True when the target was deleted (205), False when it did not exist (204)."""
        outcome = await self._send("DELETE", path, ids, None, None)
        return outcome.status != 204

    async def request_empty(
        self, method: str, path: str, *, ids: Mapping[str, object], body: RequestModel
    ) -> None:
        """A write whose success has no body (204), such as permission and membership writes."""
        await self._send(method, path, ids, None, body)

    def paginate(
        self,
        path: str,
        *,
        item: type[M],
        ids: Mapping[str, object] | None = None,
        params: Mapping[str, object] | None = None,
        page: str | None = None,
        limit: int | None = None,
        page_type: type[ListPage[M]] | None = None,
    ) -> AsyncPaginator[M]:
        """A lazy paginated GET: await it for one page, ``async for`` it for every item.

        ``page_type`` names a page model with extra fields (a link listing carries ``stats``).
        Bad ids and limits are refused here, before the paginator is even returned.
        """
        if limit is not None and not 1 <= limit <= constants.MAX_PAGE_LIMIT:
            raise InvalidRequestError(
                f"limit must be between 1 and {constants.MAX_PAGE_LIMIT}, got {limit}"
            )
        fill_path(path, ids or {})
        page_model = page_type or list_page_of(item)
        base_params = {**(params or {}), "limit": limit}

        async def fetch(cursor: str | None) -> ListPage[M]:
            query = {**base_params, "page": cursor or None}
            return await self.request("GET", path, cast_to=page_model, ids=ids, params=query)

        return AsyncPaginator(fetch, start=page, max_pages=self.max_pages, path=path)

    # -- the loop ------------------------------------------------------------------------

    async def _send(
        self,
        method: str,
        path: str,
        ids: Mapping[str, object] | None,
        params: Mapping[str, object] | None,
        body: RequestModel | None,
        max_bytes: int | None = None,
    ) -> Attempt:
        url = fill_path(path, ids or {})
        cap = self.max_response_bytes if max_bytes is None else max_bytes
        if method != "GET":
            self.writes += 1  # counted when sent: a write that fails may still have landed
        query = _encode_query(params)
        content = None if body is None else body.to_json()
        headers = {"Content-Type": "application/json"} if content is not None else None
        waited = 0.0
        attempt = 0
        while True:
            started = time.perf_counter()
            outcome = await self._attempt(method, url, query, content, headers, cap)
            duration_ms = round((time.perf_counter() - started) * 1000, 2)
            fields: dict[str, object] = {"method": method, "path": path, "status": outcome.status}
            fields |= {"failure": outcome.failure, "duration_ms": duration_ms, "retries": attempt}
            _log.info("api.request", extra=fields)
            for observer in _observers:
                observer.api_request(
                    method, outcome.status, outcome.failure, time.perf_counter() - started
                )
            if outcome.response is not None and outcome.response.status_code < 300:
                return outcome
            delay = self._retry_delay(method, path, outcome, attempt, waited)
            if delay is None:
                raise final_error(method, path, outcome)
            await self._sleep(delay)
            waited += delay
            attempt += 1

    def _url(self, path: str, query: list[tuple[str, QueryValue]]) -> httpx2.URL | str:
        """The URL ``build_request(path, params=query)`` gives, parsed once, not three times (a
        cost per request that a scan of a thousand pages feels)."""
        if self._base is None:
            return self._http.build_request("GET", path, params=query).url
        url = self._base + path.lstrip("/")
        if query:
            url += "?" + str(httpx2.QueryParams(query))
        return httpx2.URL(url)

    def _retry_delay(
        self, method: str, path: str, outcome: Attempt, attempt: int, waited: float
    ) -> float | None:
        """Seconds to wait before retrying, or None when this failure is final."""
        if attempt >= self.max_retries:
            return None
        if not should_retry(method, status=outcome.status, failure=outcome.failure):
            return None
        hint = None
        if outcome.status == 429 and outcome.response is not None:
            hint = parse_retry_after(dict(outcome.response.headers))
        delay = retry_delay(attempt, retry_after=hint, random=self._random.random)
        if waited + delay > self.max_retry_wait:
            return None
        reason = outcome.failure or f"HTTP {outcome.status}"
        fields: dict[str, object] = {"method": method, "path": path, "reason": reason}
        _log.info("api.retry", extra=fields | {"attempt": attempt + 1, "delay_s": round(delay, 3)})
        for observer in _observers:
            observer.api_retry(outcome.failure or str(outcome.status), delay)
        return delay

    async def _attempt(
        self,
        method: str,
        url: str,
        query: list[tuple[str, QueryValue]],
        content: bytes | None,
        headers: dict[str, str] | None,
        cap: int,
    ) -> Attempt:
        """One exchange, the answer's body included (at most ``cap`` decoded bytes), within
        ``attempt_deadline`` seconds (the wait for a concurrency slot aside)."""
        if self._rate is not None:
            held = time.perf_counter()
            await self._rate.acquire()
            for observer in _observers:
                observer.rate_wait(time.perf_counter() - held)
        request = self._http.build_request(
            method, self._url(url, query), content=content, headers=headers
        )
        try:
            async with self._limiter:
                await self.pacer.start()  # in the slot: what waits for a reset holds no budget
                answer: httpx2.Headers | None = None
                try:
                    with anyio.fail_after(self.attempt_deadline):
                        response = await self._http.send(request, stream=True)
                        answer = response.headers
                        try:
                            option = "max_response_bytes"
                            if cap != self.max_response_bytes:
                                option = "max_tree_bytes"
                            return await read_capped(response, cap, option)
                        finally:
                            await response.aclose()
                finally:
                    self.pacer.answered(answer)
        except (httpx2.ConnectError, httpx2.ConnectTimeout, httpx2.PoolTimeout) as exc:
            return Attempt(failure="connect", error=exc)
        except httpx2.TimeoutException as exc:
            return Attempt(failure="timeout", error=exc)
        except (httpx2.NetworkError, httpx2.RemoteProtocolError) as exc:
            return Attempt(failure="network", error=exc)
        except TimeoutError as exc:  # the attempt's deadline (anyio.fail_after)
            return Attempt(failure="deadline", error=exc, deadline=self.attempt_deadline)


def _unreadable(summary: str, method: str, path: str, status: int) -> Exception:
    """The error of an answer that could not be read (a GET's, or a write's that took effect)."""
    unreadable = APIResponseValidationError if method == "GET" else UnreadableWriteResult
    return unreadable(summary, method=method, path=path, status_code=status)


def _encode_query(params: Mapping[str, object] | None) -> list[tuple[str, QueryValue]]:
    """Drop absent values; booleans as ``true``/``false``; sequences (not text) as repeated
    keys."""
    out: list[tuple[str, QueryValue]] = []
    for key, value in (params or {}).items():
        if value is None or isinstance(value, NotGiven):
            continue
        text = isinstance(value, str | bytes)
        values: Sequence[object] = value if isinstance(value, Sequence) and not text else [value]
        for v in values:
            if isinstance(v, bool):
                out.append((key, "true" if v else "false"))
            else:
                out.append((key, str(v)))
    return out
