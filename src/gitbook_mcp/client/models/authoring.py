"""Wire models of change-request authoring and review (live profile): batches, changes, reviews.

The body of a content update is a discriminated union on ``operation``, so that a batch that
names an unknown change kind, or leaves out what a kind needs, is refused before sending.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Any, Literal, Required, TypedDict

from pydantic import Field, model_validator

from gitbook_mcp.client.models._base import APIModel, Paging, RequestModel, Wire
from gitbook_mcp.client.models.comments import Comment
from gitbook_mcp.client.models.common import User
from gitbook_mcp.client.models.content import ChangeRequest, ContentFormat, RevisionFile

__all__ = [
    "ChangeRequestContentChange",
    "ChangeRequestContentUpdate",
    "ChangeRequestContributor",
    "ChangeRequestReview",
    "ChangeRequestReviewStatus",
    "ContentUpdateRequest",
    "CreateChangeRequestRequest",
    "DeletePage",
    "EditableStatus",
    "FileInput",
    "InsertFiles",
    "InsertPage",
    "MergeResult",
    "RequestReviewersRequest",
    "RequestedReviewer",
    "RequestedReviewers",
    "RevertPage",
    "ReviewsQuery",
    "RevisionOutcome",
    "RevisionSemanticChanges",
    "SubmitReviewRequest",
    "UpdateChangeRequestRequest",
    "UpdatePage",
    "UpdateResult",
]

ChangeRequestReviewStatus = Literal["approved", "changes-requested"]
EditableStatus = Literal["draft", "open", "archived"]
Document = dict[str, Any]
"""``{"markdown": "..."}`` or ``{"document": {...}}`` (a JSON document)."""


class _PageFields(RequestModel):
    """What an update or insert may set on a page besides its content."""

    title: str | None = Field(default=None, min_length=1)
    slug: str | None = None
    emoji: str | None = None
    icon: str | None = None
    description: str | None = None
    hidden: bool | None = None
    noIndex: bool | None = None
    noRobotsIndex: bool | None = None
    condition: str | None = None


class UpdatePage(_PageFields):
    """Change a page: its content (``document``), its metadata, or move it (``into``/``at``)."""

    nullable_fields = frozenset({"into"})
    always_sent = frozenset({"operation"})
    operation: Literal["update_page"] = "update_page"
    page: str = Field(min_length=1)
    document: Document | None = None
    into: str | None = None
    at: int | None = Field(default=None, ge=0)


class InsertPage(_PageFields):
    """Insert a page; ``ref`` names it so that other changes of the batch can point to it."""

    always_sent = frozenset({"operation"})
    operation: Literal["insert_page"] = "insert_page"
    document: Document
    into: str | None = None
    at: int | None = Field(default=None, ge=0)
    ref: str | None = None


class DeletePage(RequestModel):
    """Delete a page and its subpages."""

    always_sent = frozenset({"operation"})
    operation: Literal["delete_page"] = "delete_page"
    page: str = Field(min_length=1)


class RevertPage(RequestModel):
    """Revert a page to the base revision, or to ``revision``."""

    always_sent = frozenset({"operation"})
    operation: Literal["revert_page"] = "revert_page"
    page: str = Field(min_length=1)
    revision: str | None = None
    block: list[str] | None = None


class FileInput(RequestModel):
    """A file to insert: exactly one of ``url`` and ``base64``."""

    name: str = Field(min_length=1, max_length=256)
    ref: str | None = None
    contentType: str | None = None
    url: str | None = Field(default=None, max_length=2048)
    base64: str | None = None

    @model_validator(mode="after")
    def _one_source(self) -> FileInput:
        if (self.url is None) == (self.base64 is None):
            raise ValueError("give exactly one of url and base64")
        return self


class InsertFiles(RequestModel):
    """Insert 1 to 20 files."""

    always_sent = frozenset({"operation"})
    operation: Literal["insert_files"] = "insert_files"
    files: list[FileInput] = Field(min_length=1, max_length=20)


ChangeRequestContentChange = Annotated[
    UpdatePage | InsertPage | DeletePage | RevertPage | InsertFiles,
    Field(discriminator="operation"),
]


class ContentUpdateRequest(RequestModel):
    """A batch of 1 to 50 changes, applied as one revision or not at all."""

    changes: list[ChangeRequestContentChange] = Field(min_length=1, max_length=50)


class CreateChangeRequestRequest(TypedDict, total=False):
    subject: str


class UpdateChangeRequestRequest(TypedDict, total=False):
    """The subject, or the status (``draft``, ``open``, ``archived``)."""

    subject: str
    status: EditableStatus


class SubmitReviewRequest(TypedDict, total=False):
    status: Required[ChangeRequestReviewStatus]
    comment: Document
    """An optional comment, ``{"markdown": ...}``."""


class RequestReviewersRequest(TypedDict, total=False):
    users: Required[Annotated[Sequence[str], Wire(Annotated[list[str], Field(min_length=1)])]]
    """User ids."""
    subject: str


# -- answers -----------------------------------------------------------------------------------


class ChangeRequestContentUpdate(APIModel):
    """The answer of a content update with ``compat=false``: what each change did."""

    changeRequest: ChangeRequest
    changes: list[dict[str, Any]]
    insertedFiles: list[RevisionFile] | None = None


class RevisionSemanticChanges(APIModel):
    """The changes of a change request against its base; ``more`` counts those left out."""

    changes: list[dict[str, Any]]
    more: float | None = None
    mergedFrom: ChangeRequest | None = None


class RevisionOutcome(APIModel):
    """What a merge or an update did (``result``), and the revision it left."""

    revision: str
    result: str


class MergeResult(RevisionOutcome):
    """``merge`` when published, ``conflicts`` when a page changed on both sides."""


class UpdateResult(RevisionOutcome):
    """``update`` when the main content's changes were brought in, ``conflicts`` otherwise."""


class ChangeRequestReview(APIModel):
    id: str
    status: str
    reviewer: User | None = None
    revision: str | None = None
    outdated: bool | None = None
    comment: Comment | None = None
    createdAt: str | None = None
    updatedAt: str | None = None


class RequestedReviewer(APIModel):
    """A user (``kind: user``) or a team asked to review."""

    kind: str | None = None
    user: User | None = None
    requestedBy: User | None = None


class RequestedReviewers(APIModel):
    users: list[RequestedReviewer] | None = None


class ChangeRequestContributor(APIModel):
    """A user who edited or commented on the change request, and how often."""

    user: User
    count: int | None = None
    actionType: str | None = None
    updatedAt: str | None = None


class ReviewsQuery(Paging, total=False):
    outdated: bool
    format: ContentFormat
