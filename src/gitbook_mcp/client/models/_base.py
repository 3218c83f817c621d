"""Base classes for wire models: responses accept unknown fields, requests reject typos."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict

__all__ = ["APIModel", "RequestModel"]


class APIModel(BaseModel):
    """A response object. Unknown fields are kept, so a new server field never breaks parsing.

    Field names are the API's own (``createdAt``, ``photoURL``): agents, docs and the contract
    all speak them, and a translation layer would be one more thing to get wrong.
    """

    model_config = ConfigDict(extra="allow", populate_by_name=True, frozen=False)


class RequestModel(BaseModel):
    """A request body. Unknown fields are refused, so a misspelt option fails before sending."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True)

    def to_body(self) -> dict[str, Any]:
        """The JSON body: only the fields that were set, with explicit ``None`` kept as null."""
        return self.model_dump(mode="json", exclude_unset=True, by_alias=True)
