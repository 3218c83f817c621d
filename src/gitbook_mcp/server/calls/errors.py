"""Turn any failure into a tool error an agent can act on: what happened, what to do next.

No traceback, no token, no internal path: only the API's message, the operation, and advice.
The API's message is upstream text: it is shown as one sanitised line, and redacted first (the
token, any ``Bearer ...`` credential, anything shaped like a ``gb_...`` token), so that an
upstream that echoes the request's headers cannot put the token in front of the agent.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable

from pydantic import ValidationError

from gitbook_mcp.client.errors import (
    APIConnectionError,
    APIResponseValidationError,
    APIStatusError,
    APITimeoutError,
    AuthenticationError,
    BadRequestError,
    ConflictError,
    InvalidRequestError,
    NotFoundError,
    PermissionDeniedError,
    PreconditionFailedError,
    RateLimitError,
    RedirectError,
    UnreadableWriteResult,
)
from gitbook_mcp.server.calls.arguments import describe_validation, in_tool_terms
from gitbook_mcp.server.http.auth.keys import CALLER_KEY
from gitbook_mcp.server.rendering import one_line
from gitbook_mcp.server.tooling import ToolFailure

__all__ = ["describe_failure", "describe_validation", "not_found_hint", "redact", "said"]

REDACTED = "[redacted]"
_CREDENTIAL = re.compile(r"(?i)\b(bearer|basic)\s+[A-Za-z0-9._~+/=\-]+")
_KEY_VALUE = re.compile(
    r"(?i)\b((?:api_?)?token|api_?key|secret|password)(\"?\s*[:=]\s*\"?)[^\s\"',;}&]+"
)
_TOKEN_LIKE = re.compile(r"\bgb_[A-Za-z0-9_\-]+")
_MESSAGE_MAX_CHARS = 300


def redact(text: str, secrets: Iterable[str] = ()) -> str:
    """``text`` without the given secrets, credentials after ``Bearer`` and ``gb_...`` tokens."""
    for secret in secrets:
        if secret:
            text = text.replace(secret, REDACTED)
    text = _CREDENTIAL.sub(lambda m: f"{m.group(1)} {REDACTED}", text)
    text = _KEY_VALUE.sub(lambda m: f"{m.group(1)}{m.group(2)}{REDACTED}", text)
    return _TOKEN_LIKE.sub(REDACTED, text)


# The argument an agent gives and the tool that lists its valid values, by the path parameter
# of the request that was not found: the hint follows the kind of object, never the message.
_LISTERS = {
    "organizationId": ("organization_id", "list_organizations"),
    "spaceId": ("space_id", "list_spaces"),
    "collectionId": ("collection_id", "list_collections"),
    "siteId": ("site_id", "list_sites"),
    "changeRequestId": ("change_request_id", "list_change_requests"),
    "pageId": ("page_id", "get_page_tree"),
    "pagePath": ("path", "get_page_tree"),
    "commentId": ("comment_id", "list_comments"),
    "commentReplyId": ("reply_id", "list_comments"),
    "siteRedirectId": ("redirect_id", "list_redirects"),
    "siteSpaceId": ("site_space_id", "list_site_spaces"),
    "siteSectionId": ("section_id", "list_site_sections"),
    "siteSectionGroupId": ("group_id", "list_site_sections"),
    "fileId": ("file_id", "list_files"),
    "siteMcpServerId": ("server_id", "list_site_mcp_servers"),
    "teamId": ("team_id", "list_teams"),
    "userId": ("user_id", "list_members"),
    "inviteId": ("invite_id", "list_invites"),
    "samlProviderId": ("provider_id", "list_saml_providers"),
    "fontId": ("font_id", "list_fonts"),
    "specSlug": ("slug", "list_openapi_specs"),
    "reviewId": ("review_id", "list_reviews"),
}
_PARAMETER = re.compile(r"\{(\w+)\}")


# What else the agent may have meant by the id not found, said when the tool takes it: a slug
# given as a page id is the likeliest page that is not found.
_INSTEAD = {
    "pageId": (
        "path",
        " A page's path (as get_page_tree shows it, e.g. getting-started/install) goes in "
        "path, not page_id.",
    ),
}


def not_found_hint(path: str, arguments: Collection[str] = ()) -> str:
    """What to check after a 404, from the request's path template: the deepest object first;
    then what goes in another of the tool's ``arguments`` instead, if it takes one."""
    parameters = _PARAMETER.findall(path)
    found = [_LISTERS[p] for p in reversed(parameters) if p in _LISTERS]
    if not found:
        return ""
    checks = ", then ".join(f"{arg} with {lister}" for arg, lister in dict.fromkeys(found))
    instead = [_INSTEAD[p] for p in parameters if p in _INSTEAD]
    return f" Check {checks}." + "".join(say for arg, say in instead if arg in arguments)


def describe_failure(
    error: Exception,
    *,
    tool: str,
    writes: bool,
    check_with: str | None,
    secrets: Iterable[str] = (),
    arguments: Collection[str] = (),
) -> str:
    """The message for a failed call, with the next step for the agent (redacted); a parameter
    the API names is told by the tool's name for it (``arguments``: the tool's)."""
    if isinstance(error, BadRequestError):
        told = in_tool_terms(said(error.message), arguments)
        return redact(f"The API refused the request: {told}. Fix the argument it names.", secrets)
    if isinstance(error, InvalidRequestError):
        return redact(f"Invalid arguments: {in_tool_terms(str(error), arguments)}", secrets)
    return redact(_describe(error, tool, writes, check_with, arguments), secrets)


def said(message: str, secrets: Iterable[str] = ()) -> str:
    """Upstream text as the agent may see it: redacted, one line, capped."""
    return one_line(redact(message, secrets), max_chars=_MESSAGE_MAX_CHARS)


_SAYING: tuple[tuple[type[APIStatusError], str], ...] = (
    (PermissionDeniedError, "Permission denied by the API: {}."),
    (ConflictError, "Nothing to do: {}."),
    (PreconditionFailedError, "Cannot be done now: {}."),
)
"""Refusals told by what the API said, one template each (``{}``: its message, redacted)."""


def _describe(
    error: Exception, tool: str, writes: bool, check_with: str | None, arguments: Collection[str]
) -> str:
    if isinstance(error, ToolFailure):
        return str(error)
    if isinstance(error, ValidationError):
        return describe_validation(error)
    if isinstance(error, APIResponseValidationError):
        return _unreadable(error, writes, check_with)
    if isinstance(error, APITimeoutError | APIConnectionError):
        if writes and error.sent:
            hint = f" Call {check_with} to see whether it was applied" if check_with else ""
            return (
                f"Outcome unknown: the API did not answer ({said(error.message)}) after the request was "
                f"sent, so the change may or may not have been applied.{hint} before retrying."
            )
        return f"The API could not be reached ({said(error.message)}); nothing was changed. Retry shortly."
    if isinstance(error, RateLimitError):
        wait = error.retry_after
        when = f"after {wait:.0f} s" if wait else "in a little while"
        return f"Rate limited by the API; nothing was changed. Retry {when}."
    if isinstance(error, NotFoundError):
        return f"Not found: {said(error.message)}.{not_found_hint(error.path, arguments)}"
    if isinstance(error, AuthenticationError):
        if CALLER_KEY.get() is not None:  # --auth upstream: the caller's own bearer
            return (
                "The API refused your own token, the one in your Authorization header (401): "
                "it may have been revoked or have expired. Sign in again or send a valid one."
            )
        return "The API token was refused (401). Check GITBOOK_API_TOKEN."
    for kind, template in _SAYING:
        if isinstance(error, kind):
            return template.format(said(error.message))
    if isinstance(error, RedirectError):
        verb = "the change was not applied" if writes else "nothing was read"
        return (
            f"The API answered with a redirect ({said(error.message)}); {verb}. Redirects are never "
            "followed, since they could carry the token to another host: check GITBOOK_API_URL "
            "(the API's base URL, such as https://api.gitbook.com/v1). Retrying will not help."
        )
    if isinstance(error, APIStatusError):
        verb = "The change was not applied" if writes else "Nothing was read"
        # Only a timeout, a conflict, a rate limit or a fault of the service may pass on retry.
        passing = error.status_code >= 500 or error.status_code in (408, 409, 429)
        then = "retry shortly" if passing else "retrying will not help: change the request"
        return f"The API failed ({error.status_code}): {said(error.message)}. {verb}; {then}."
    return (
        f"{tool} failed unexpectedly ({type(error).__name__}): a fault of this server, not of "
        "the arguments. Report this."
    )


def _unreadable(error: APIResponseValidationError, writes: bool, check_with: str | None) -> str:
    """An answer that could not be read: done (an accepted write), or the API's fault."""
    if isinstance(error, UnreadableWriteResult):
        check = f"call {check_with}" if check_with else "read it back"
        return (
            f"Done: the API accepted the change, but its answer could not be read "
            f"({error.summary}; a fault of the API or a version mismatch). Do not retry it: "
            f"{check} to see the result."
        )
    cause = (
        f"The API's answer could not be read ({error.summary}): a fault of the API or a "
        "version mismatch, not of the arguments."
    )
    if writes:
        check = f"call {check_with}" if check_with else "check"
        return f"{cause} The change may have been applied: {check} before retrying."
    return f"{cause} Nothing was changed; retrying will not help until the API is fixed."
