"""Verify a caller's bearer token through the API, for the SDK's bearer middleware.

The token is tried on one cheap request made with it: ``GET /user`` where the profile has it
(live), else ``GET /orgs`` (seed). A 401 or 403 makes it invalid; any other failure (the API
down, slow, 5xx) makes the verdict *unavailable*, which is never cached and which the HTTP layer
answers with 503 rather than 401 (the token may be fine). Verdicts are kept for ``ttl`` seconds,
keyed by `caller_key` (the token itself is kept nowhere): valid ones in a cache of ``max_size``,
refusals in a separate one of at most `MAX_REFUSALS`, so that a flood of junk tokens can never
push a good caller's verdict out. At most `VERIFY_CONCURRENCY` verifying requests run at once.
A token found valid stays *vouched for* `VOUCH_SECONDS` (unless refused since): the rate limit
keeps naming its caller by token while its verdict is re-checked, rather than charging the
re-check to a (perhaps shared) address.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

import anyio
from mcp.server.auth.provider import AccessToken

from gitbook_mcp.client.errors import AuthenticationError, PermissionDeniedError
from gitbook_mcp.logs import get_logger
from gitbook_mcp.server.http.auth.cache import ExpiringLRU
from gitbook_mcp.server.http.auth.keys import caller_key

if TYPE_CHECKING:
    from gitbook_mcp.client import GitBookClient

__all__ = [
    "MAX_REFUSALS",
    "VERIFY_CONCURRENCY",
    "VERIFY_TIMEOUT",
    "VOUCH_SECONDS",
    "TokenClients",
    "TokenVerdict",
    "UpstreamVerifier",
]

_log = get_logger("gitbook_mcp.server.http.auth")

TokenClients = Callable[[str], "AbstractAsyncContextManager[GitBookClient]"]
"""An API client acting with the given token (the embedded local workspace or the real API)."""
VERIFY_TIMEOUT = 10.0
"""Seconds the verifying request may take before the verdict is *unavailable*."""
VERIFY_CONCURRENCY = 4
"""Verifying requests sent to the API at once; more wait their turn."""
MAX_REFUSALS = 256
"""Invalid verdicts kept at once (their own cache: they never evict a valid verdict)."""
VOUCH_SECONDS = 900.0
"""How long a token once found valid still names its caller for the rate limit."""


@dataclass(frozen=True)
class TokenVerdict:
    """What the API said of a token: valid (with the user when known), invalid or unavailable."""

    status: Literal["valid", "invalid", "unavailable"]
    subject: str | None = None


class UpstreamVerifier:
    """A `TokenVerifier` that asks the API whether the caller's token opens it."""

    def __init__(
        self,
        clients: TokenClients,
        *,
        has_user_endpoint: bool,
        ttl: float,
        max_size: int,
        timeout: float = VERIFY_TIMEOUT,
    ) -> None:
        self.clients = clients
        self.has_user_endpoint = has_user_endpoint
        self.timeout = timeout
        self.verdicts: ExpiringLRU[TokenVerdict] = ExpiringLRU(max_size, ttl)
        """Valid verdicts."""
        self.refusals: ExpiringLRU[TokenVerdict] = ExpiringLRU(min(max_size, MAX_REFUSALS), ttl)
        """Invalid verdicts, apart so that they cannot evict valid ones."""
        self._vouched: ExpiringLRU[bool] = ExpiringLRU(max_size, VOUCH_SECONDS)
        self.asked = 0
        """Verifying requests sent so far (for tests and logs)."""
        self._asking: dict[str, anyio.Lock] = {}
        self._limiter = anyio.CapacityLimiter(VERIFY_CONCURRENCY)

    def known_valid(self, token: str) -> bool:
        """Whether ``token`` has a valid verdict in the cache now (no request is made)."""
        return self.verdicts.get(caller_key(token)) is not None

    def vouched(self, token: str) -> bool:
        """Whether ``token`` was found valid lately and not refused since (no request made)."""
        key = caller_key(token)
        return self.verdicts.get(key) is not None or self._vouched.get(key) is not None

    def _cached(self, key: str) -> TokenVerdict | None:
        return self.verdicts.get(key) or self.refusals.get(key)

    async def check(self, token: str) -> TokenVerdict:
        """The token's verdict, from the cache or from one API request."""
        key = caller_key(token)
        cached = self._cached(key)
        if cached is not None:
            return cached
        # Callers opening many sessions at once share one request per token.
        lock = self._asking.setdefault(key, anyio.Lock())
        try:
            async with lock:
                cached = self._cached(key)
                if cached is not None:
                    return cached
                async with self._limiter:
                    self.asked += 1
                    verdict = await self._ask(token)
                if verdict.status != "unavailable":
                    self._keep(key, verdict)
        finally:
            if not lock.locked() and lock.statistics().tasks_waiting == 0:
                self._asking.pop(key, None)
        _log.info("auth.verified", caller=key[:12], verdict=verdict.status)
        return verdict

    def forget(self, token: str) -> None:
        """Drop ``token``'s valid verdict (the API refused it since): its next request is
        verified again."""
        key = caller_key(token)
        self.verdicts.pop(key)
        self._vouched.pop(key)

    def _keep(self, key: str, verdict: TokenVerdict) -> None:
        if verdict.status == "valid":
            self.verdicts.put(key, verdict)
            self._vouched.put(key, True)
        else:
            self.refusals.put(key, verdict)
            self._vouched.pop(key)

    async def verify_token(self, token: str) -> AccessToken | None:
        """The SDK's hook: an `AccessToken` naming the caller by key, or None (401)."""
        verdict = await self.check(token)
        if verdict.status != "valid":
            return None
        return AccessToken(
            token=token, client_id=caller_key(token), scopes=[], subject=verdict.subject
        )

    async def _ask(self, token: str) -> TokenVerdict:
        try:
            with anyio.fail_after(self.timeout):
                async with self.clients(token) as client:
                    if self.has_user_endpoint:
                        user = await client.users.me()
                        return TokenVerdict("valid", subject=user.id)
                    await client.orgs.list(limit=1).to_list(max_items=1)
                    return TokenVerdict("valid")
        except (AuthenticationError, PermissionDeniedError):
            return TokenVerdict("invalid")
        except Exception as exc:  # noqa: BLE001 - any other failure says nothing of the token
            _log.warning("auth.unavailable", error=type(exc).__name__)
            return TokenVerdict("unavailable")
