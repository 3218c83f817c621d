"""Wire models shared across resource groups: roles, users, members, teams, spaces."""

from __future__ import annotations

from typing import Literal

from gitbook_mcp.client.models._base import APIModel

__all__ = [
    "Member",
    "MemberRole",
    "Role",
    "Space",
    "SpacePermissions",
    "Team",
    "TeamPermissions",
    "User",
    "UserUrls",
]

Role = Literal["admin", "create", "review", "edit", "comment", "read"]
"""Roles from strongest to weakest; ``None`` where nullable means guest. Request bodies use this
literal; response models read roles and other enums as plain strings, so that a value the server
adds later (``defaultLevel`` is already ``inherit`` at times) never breaks parsing."""

MemberRole = Literal["owner", "member"]


class UserUrls(APIModel):
    location: str | None = None


class User(APIModel):
    object: str = "user"
    id: str
    displayName: str
    email: str | None = None
    photoURL: str | None = None
    urls: UserUrls | None = None


class Member(APIModel):
    object: str = "member"
    id: str
    role: str | None = None
    user: User
    disabled: bool | None = None
    joinedAt: str | None = None
    lastSeenAt: str | None = None
    sso: bool | None = None
    spaces: int | None = None
    teams: int | None = None


class TeamPermissions(APIModel):
    admin: bool = False
    view: bool = False


class Team(APIModel):
    object: str = "team"
    id: str
    title: str
    members: int | None = None
    spaces: int | None = None
    createdAt: str | None = None
    permissions: TeamPermissions | None = None


class SpacePermissions(APIModel):
    view: bool = False
    access: bool = False
    admin: bool = False
    viewInviteLinks: bool = False
    edit: bool = False
    triggerGitSync: bool = False
    comment: bool = False
    merge: bool = False
    review: bool = False
    installIntegration: bool = False


class Space(APIModel):
    object: str = "space"
    id: str
    title: str
    emoji: str | None = None
    visibility: str | None = None
    createdAt: str | None = None
    updatedAt: str | None = None
    deletedAt: str | None = None
    editMode: str | None = None
    urls: dict[str, str] | None = None
    organization: str | None = None
    parent: str | None = None
    language: str | None = None
    revision: str | None = None
    defaultLevel: str | None = None
    comments: int | None = None
    changeRequests: int | None = None
    changeRequestsOpen: int | None = None
    changeRequestsDraft: int | None = None
    permissions: SpacePermissions | None = None
