"""Wire models of site findings (live profile): broken links and other issues a scan found."""

from __future__ import annotations

from typing import Any, Literal, TypedDict

from pydantic import Field, model_validator

from gitbook_mcp.client.models._base import APIModel, Paging, RequestModel

__all__ = [
    "BulkRedirectsRequest",
    "BulkRedirectsResult",
    "RedirectUpsert",
    "SiteFinding",
    "SiteFindingStatus",
    "SiteFindingType",
    "SiteFindingsQuery",
    "UpdateSiteFindingRequest",
]

SiteFindingStatus = Literal["candidate", "open", "done", "canceled"]
SiteFindingType = Literal[
    "content-outdated",
    "content-incorrect",
    "content-gap",
    "broken-link",
    "outbound-link-error",
    "other",
]


class SiteFinding(APIModel):
    """One finding; ``pages`` counts the pages affected, ``brokenLinkAction`` suggests a fix."""

    id: str
    status: str
    type: str
    title: str | None = None
    severity: str | None = None
    description: Any = None
    pages: Any = None
    brokenLinkAction: Any = None
    outboundLink: Any = None
    createdAt: str | None = None
    updatedAt: str | None = None


class UpdateSiteFindingRequest(TypedDict):
    status: SiteFindingStatus
    """``done`` resolves, ``canceled`` dismisses, ``open`` reopens."""


class RedirectUpsert(RequestModel):
    """One redirect to create or update; ``destination`` null deletes it; ``publish`` a draft."""

    nullable_fields = frozenset({"destination"})
    source: str = Field(max_length=512, pattern=r"^/")  # live sources may end in a wildcard
    intent: Literal["live", "draft", "publish"] | None = None
    captureWildcard: bool | None = None
    permanent: bool | None = None
    destination: dict[str, Any] | None = None

    @model_validator(mode="after")
    def _destination_unless_publish(self) -> RedirectUpsert:
        if (self.intent == "publish") == ("destination" in self.model_fields_set):
            raise ValueError("give a destination (null to delete), or intent 'publish' alone")
        return self


class BulkRedirectsRequest(RequestModel):
    """1 to 500 redirect upserts (or ``intent: publish``), applied in one atomic call."""

    redirects: list[RedirectUpsert] = Field(min_length=1, max_length=500)


class BulkRedirectsResult(APIModel):
    """One result per redirect given: ``created``, ``updated`` or ``deleted``, with its source."""

    results: list[dict[str, Any]]


class SiteFindingsQuery(Paging, total=False):
    status: SiteFindingStatus
    type: list[SiteFindingType]
