"""The user the token belongs to (live profile)."""

from __future__ import annotations

from gitbook_mcp.client.models.common import User
from gitbook_mcp.client.resources._declared import ReadOp, read_op
from gitbook_mcp.client.resources._resource import APIResource

__all__ = ["Users"]


class Users(APIResource):
    me: ReadOp[User,] = read_op(
        "getAuthenticatedUser", "GET /user", User, "The authenticated user: who the agent acts as."
    )
