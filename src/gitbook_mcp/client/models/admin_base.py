"""The request-body base of the organization administration models.

Optional fields are left out by default; an explicit ``None`` is sent as JSON ``null`` only
for the fields the contract declares nullable (a role meaning "guest", a logo, a parent).
"""

from __future__ import annotations

from typing import ClassVar, Self

from pydantic import model_validator

from gitbook_mcp.client.models._base import RequestModel

__all__ = ["AdminRequest"]


class AdminRequest(RequestModel):
    """A request body that refuses ``null`` for any field not listed in ``nullable_fields``.

    Fields in ``always_sent`` (constant discriminators such as ``type``) are sent even when
    the caller left them to their default.
    """

    nullable_fields: ClassVar[frozenset[str]] = frozenset()
    always_sent: ClassVar[frozenset[str]] = frozenset()

    @model_validator(mode="after")
    def _null_only_where_allowed(self) -> Self:
        for name in sorted(self.model_fields_set):
            if getattr(self, name) is None and name not in self.nullable_fields:
                raise ValueError(f"{name} cannot be null; leave it out instead")
        self.model_fields_set.update(self.always_sent)
        return self
