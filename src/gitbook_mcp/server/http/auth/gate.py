"""An ASGI layer in front of the SDK's bearer check: an API outage is 503, not 401.

The SDK's bearer middleware can only accept a token or refuse it (401). When the API cannot be
reached to verify a token, refusing would tell the client its token is bad and send it to the
authorization server; this layer answers 503 with ``Retry-After`` instead. A verdict it obtains
is cached by the verifier, so the SDK's own check that follows costs nothing.
"""

from __future__ import annotations

from starlette.types import ASGIApp, Receive, Scope, Send

from gitbook_mcp.server.http.auth.verifier import UpstreamVerifier

__all__ = ["RETRY_AFTER_SECONDS", "UpstreamGate"]

RETRY_AFTER_SECONDS = 5
"""What ``Retry-After`` says when a token could not be verified."""


class UpstreamGate:
    """Answer 503 when a request's bearer token cannot be verified because the API is away."""

    def __init__(self, app: ASGIApp, verifier: UpstreamVerifier) -> None:
        self.app = app
        self.verifier = verifier

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            header = dict(scope.get("headers") or []).get(b"authorization", b"")
            if header[:7].lower() == b"bearer " and len(header) > 7:
                token = header[7:].decode("latin-1")
                if (await self.verifier.check(token)).status == "unavailable":
                    await _unavailable(send)
                    return
        await self.app(scope, receive, send)


async def _unavailable(send: Send) -> None:
    await send(
        {
            "type": "http.response.start",
            "status": 503,
            "headers": [
                (b"content-type", b"application/json"),
                (b"retry-after", str(RETRY_AFTER_SECONDS).encode()),
            ],
        }
    )
    await send(
        {
            "type": "http.response.body",
            "body": b'{"error":"the API could not be reached to verify the token; retry later"}',
        }
    )
