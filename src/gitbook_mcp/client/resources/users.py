"""The user the token belongs to (live profile)."""

from __future__ import annotations

from gitbook_mcp.client.models.common import User
from gitbook_mcp.client.resources._resource import APIResource, operation

__all__ = ["Users"]


class Users(APIResource):
    @operation("getAuthenticatedUser")
    async def me(self) -> User:
        """The authenticated user: who the agent acts as."""
        return await self._get("/user", ids={}, cast_to=User)
