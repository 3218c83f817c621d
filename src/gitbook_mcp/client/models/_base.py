"""Base classes for wire models: responses accept unknown fields, requests reject typos.

The one rule for request bodies: an argument left at ``NOT_GIVEN`` is omitted; ``None`` is sent
as JSON ``null``, and only for the fields the contract declares nullable (``nullable_fields``);
anywhere else ``None`` is refused before sending.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, ClassVar, Self

from pydantic import BaseModel, ConfigDict, model_validator

from gitbook_mcp.client._types import NotGiven

__all__ = ["APIModel", "Pointer", "RequestModel"]


class APIModel(BaseModel):
    """A response object. Unknown fields are kept, so a new server field never breaks parsing.

    Field names are the API's own (``createdAt``, ``photoURL``): agents, docs and the contract
    all speak them, and a translation layer would be one more thing to get wrong.
    """

    model_config = ConfigDict(extra="allow", populate_by_name=True, frozen=False)


class RequestModel(BaseModel):
    """A request body. Unknown fields are refused, so a misspelt option fails before sending.

    Fields in ``always_sent`` (constant discriminators such as ``type``) are sent even when
    the caller left them to their default.
    """

    model_config = ConfigDict(extra="forbid", populate_by_name=True)

    nullable_fields: ClassVar[frozenset[str]] = frozenset()
    always_sent: ClassVar[frozenset[str]] = frozenset()

    @model_validator(mode="before")
    @classmethod
    def _omit_not_given(cls, data: Any) -> Any:
        if isinstance(data, Mapping):
            return {k: v for k, v in data.items() if not isinstance(v, NotGiven)}
        return data

    @model_validator(mode="after")
    def _null_only_where_allowed(self) -> Self:
        for name in sorted(self.model_fields_set):
            if getattr(self, name) is None and name not in self.nullable_fields:
                raise ValueError(f"{name} cannot be null; leave it out instead")
        self.model_fields_set.update(self.always_sent)
        return self

    def to_body(self) -> dict[str, Any]:
        """The JSON body: only the fields that were set, with explicit ``None`` kept as null."""
        return self.model_dump(mode="json", exclude_unset=True, by_alias=True)

    def to_json(self) -> bytes:
        """`to_body` as compact JSON bytes, as the request loop sends it."""
        return json.dumps(self.to_body(), separators=(",", ":")).encode()


class Pointer(RequestModel):
    """A reference to another object in a body, ``{"type": <kind>, <kind>: <id>}``; its
    constant ``type`` is always sent."""

    always_sent: ClassVar[frozenset[str]] = frozenset({"type"})
