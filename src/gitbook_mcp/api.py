"""The API's operations as one table: operationId, HTTP method, path template and the profiles
that have it, as the vendored contracts state them (``tests/contract/openapi.json`` for ``seed``,
``openapi-live.json`` for ``live``; a test keeps the table equal to both).

This module imports nothing of ours: the client, the local workspace, the server and the
settings all read it, so each operationId and route is written here once. A path is relative to
``/v1``; ``{name}`` is a path id (``{pagePath}`` spans several segments).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final, Literal, NamedTuple, TypeAlias, get_args

__all__ = [
    "ADDED_IN_LIVE",
    "KEPT",
    "OPERATIONS",
    "PROFILES",
    "REMOVED_IN_LIVE",
    "Operation",
    "Profile",
    "operations",
]

Profile: TypeAlias = Literal["seed", "live"]
"""An API profile: ``seed`` (``@gitbook/api`` 0.130.0, the release this project was built
against) or ``live`` (0.202.0, what the real service answers today)."""

PROFILES: Final[tuple[Profile, ...]] = get_args(Profile)
"""Every profile, in the order above."""

BOTH: Final[frozenset[Profile]] = frozenset(PROFILES)
SEED: Final[frozenset[Profile]] = frozenset({"seed"})
"""Seed only: the live service removed it (it answers 404)."""
LIVE: Final[frozenset[Profile]] = frozenset({"live"})
"""Live only: added since the seed (authoring, review, findings)."""


class Operation(NamedTuple):
    """One operation of the API."""

    operation_id: str
    method: str
    path: str
    profiles: frozenset[Profile]


# One row per operation, sorted by path, kept on one line each so that it reads as a table.
# fmt: off
_ROWS: Final[tuple[Operation, ...]] = (
    Operation("getCollectionById", "GET", "/collections/{collectionId}", BOTH),
    Operation("updateCollectionById", "PATCH", "/collections/{collectionId}", BOTH),
    Operation("deleteCollectionById", "DELETE", "/collections/{collectionId}", BOTH),
    Operation("moveCollection", "POST", "/collections/{collectionId}/move", BOTH),
    Operation("inviteToCollection", "POST", "/collections/{collectionId}/permissions", BOTH),
    Operation("listPermissionsAggregateInCollection", "GET", "/collections/{collectionId}/permissions/aggregate", BOTH),
    Operation("listUserPermissionsInCollection", "GET", "/collections/{collectionId}/permissions/users", BOTH),
    Operation("updateUserPermissionInCollection", "PATCH", "/collections/{collectionId}/permissions/users/{userId}", BOTH),
    Operation("removeUserFromCollection", "DELETE", "/collections/{collectionId}/permissions/users/{userId}", BOTH),
    Operation("listSpacesInCollectionById", "GET", "/collections/{collectionId}/spaces", BOTH),
    Operation("transferCollection", "POST", "/collections/{collectionId}/transfer", BOTH),
    Operation("getOrganizationsForEmailDomain", "GET", "/email-domains/{emailDomain}/orgs", BOTH),
    Operation("listOrganizationsForAuthenticatedUser", "GET", "/orgs", BOTH),
    Operation("getOrganizationById", "GET", "/orgs/{organizationId}", BOTH),
    Operation("updateOrganizationById", "PATCH", "/orgs/{organizationId}", BOTH),
    Operation("listChangeRequestsForOrganization", "GET", "/orgs/{organizationId}/change-requests", LIVE),
    Operation("listCollectionsInOrganizationById", "GET", "/orgs/{organizationId}/collections", BOTH),
    Operation("createCollection", "POST", "/orgs/{organizationId}/collections", BOTH),
    Operation("listCustomFonts", "GET", "/orgs/{organizationId}/fonts", BOTH),
    Operation("createCustomFont", "PUT", "/orgs/{organizationId}/fonts", BOTH),
    Operation("getCustomFont", "GET", "/orgs/{organizationId}/fonts/{fontId}", BOTH),
    Operation("updateCustomFont", "POST", "/orgs/{organizationId}/fonts/{fontId}", BOTH),
    Operation("deleteCustomFont", "DELETE", "/orgs/{organizationId}/fonts/{fontId}", BOTH),
    Operation("inviteUsersToOrganization", "POST", "/orgs/{organizationId}/invites", BOTH),
    Operation("joinOrganizationWithInvite", "POST", "/orgs/{organizationId}/invites/{inviteId}", BOTH),
    Operation("listOrganizationInviteLinks", "GET", "/orgs/{organizationId}/link-invites", BOTH),
    Operation("createOrganizationInvite", "POST", "/orgs/{organizationId}/link-invites", BOTH),
    Operation("getOrganizationInviteLink", "GET", "/orgs/{organizationId}/link-invites/{inviteId}", BOTH),
    Operation("updateOrganizationInviteById", "PATCH", "/orgs/{organizationId}/link-invites/{inviteId}", BOTH),
    Operation("deleteOrganizationInviteById", "DELETE", "/orgs/{organizationId}/link-invites/{inviteId}", BOTH),
    Operation("listMembersInOrganizationById", "GET", "/orgs/{organizationId}/members", BOTH),
    Operation("getMemberInOrganizationById", "GET", "/orgs/{organizationId}/members/{userId}", BOTH),
    Operation("updateMemberInOrganizationById", "PATCH", "/orgs/{organizationId}/members/{userId}", BOTH),
    Operation("removeMemberFromOrganizationById", "DELETE", "/orgs/{organizationId}/members/{userId}", BOTH),
    Operation("listSpacesForOrganizationMember", "GET", "/orgs/{organizationId}/members/{userId}/spaces", BOTH),
    Operation("setUserAsSSOMemberForOrganization", "POST", "/orgs/{organizationId}/members/{userId}/sso", BOTH),
    Operation("listTeamsForOrganizationMember", "GET", "/orgs/{organizationId}/members/{userId}/teams", BOTH),
    Operation("listOpenAPISpecs", "GET", "/orgs/{organizationId}/openapi", BOTH),
    Operation("createOpenAPISpec", "POST", "/orgs/{organizationId}/openapi", BOTH),
    Operation("getOpenAPISpecBySlug", "GET", "/orgs/{organizationId}/openapi/{specSlug}", BOTH),
    Operation("createOrUpdateOpenAPISpecBySlug", "PUT", "/orgs/{organizationId}/openapi/{specSlug}", BOTH),
    Operation("updateOpenAPISpecBySlug", "PATCH", "/orgs/{organizationId}/openapi/{specSlug}", BOTH),
    Operation("deleteOpenAPISpecBySlug", "DELETE", "/orgs/{organizationId}/openapi/{specSlug}", BOTH),
    Operation("updateOrganizationMemberLastSeenAt", "POST", "/orgs/{organizationId}/ping", BOTH),
    Operation("listSAMLProvidersInOrganizationById", "GET", "/orgs/{organizationId}/saml", BOTH),
    Operation("createOrganizationSAMLProvider", "POST", "/orgs/{organizationId}/saml", BOTH),
    Operation("getOrganizationSAMLProviderById", "GET", "/orgs/{organizationId}/saml/{samlProviderId}", BOTH),
    Operation("updateOrganizationSAMLProvider", "PATCH", "/orgs/{organizationId}/saml/{samlProviderId}", BOTH),
    Operation("deleteOrganizationSAMLProvider", "DELETE", "/orgs/{organizationId}/saml/{samlProviderId}", BOTH),
    Operation("searchOrganizationContent", "GET", "/orgs/{organizationId}/search", BOTH),
    Operation("listSites", "GET", "/orgs/{organizationId}/sites", BOTH),
    Operation("getSiteById", "GET", "/orgs/{organizationId}/sites/{siteId}", BOTH),
    Operation("listSiteFindings", "GET", "/orgs/{organizationId}/sites/{siteId}/findings", LIVE),
    Operation("getSiteFindingById", "GET", "/orgs/{organizationId}/sites/{siteId}/findings/{siteFindingId}", LIVE),
    Operation("updateSiteFindingById", "PATCH", "/orgs/{organizationId}/sites/{siteId}/findings/{siteFindingId}", LIVE),
    Operation("listSiteMcpServers", "GET", "/orgs/{organizationId}/sites/{siteId}/mcp-servers", BOTH),
    Operation("createSiteMcpServer", "POST", "/orgs/{organizationId}/sites/{siteId}/mcp-servers", BOTH),
    Operation("getSiteMcpServerById", "GET", "/orgs/{organizationId}/sites/{siteId}/mcp-servers/{siteMcpServerId}", BOTH),
    Operation("updateSiteMcpServerById", "PATCH", "/orgs/{organizationId}/sites/{siteId}/mcp-servers/{siteMcpServerId}", BOTH),
    Operation("deleteSiteMcpServerById", "DELETE", "/orgs/{organizationId}/sites/{siteId}/mcp-servers/{siteMcpServerId}", BOTH),
    Operation("getSiteRedirectBySource", "GET", "/orgs/{organizationId}/sites/{siteId}/redirect", BOTH),
    Operation("listSiteRedirects", "GET", "/orgs/{organizationId}/sites/{siteId}/redirects", BOTH),
    Operation("createSiteRedirect", "POST", "/orgs/{organizationId}/sites/{siteId}/redirects", BOTH),
    Operation("bulkUpsertSiteRedirects", "PUT", "/orgs/{organizationId}/sites/{siteId}/redirects", LIVE),
    Operation("updateSiteRedirectById", "PATCH", "/orgs/{organizationId}/sites/{siteId}/redirects/{siteRedirectId}", BOTH),
    Operation("deleteSiteRedirectById", "DELETE", "/orgs/{organizationId}/sites/{siteId}/redirects/{siteRedirectId}", BOTH),
    Operation("listSiteSectionGroups", "GET", "/orgs/{organizationId}/sites/{siteId}/section-groups", BOTH),
    Operation("addSectionGroupToSite", "POST", "/orgs/{organizationId}/sites/{siteId}/section-groups", BOTH),
    Operation("updateSiteSectionGroupById", "PATCH", "/orgs/{organizationId}/sites/{siteId}/section-groups/{siteSectionGroupId}", BOTH),
    Operation("deleteSiteSectionGroupById", "DELETE", "/orgs/{organizationId}/sites/{siteId}/section-groups/{siteSectionGroupId}", BOTH),
    Operation("moveSiteSectionGroup", "POST", "/orgs/{organizationId}/sites/{siteId}/section-groups/{siteSectionGroupId}/move", BOTH),
    Operation("addSectionToGroup", "POST", "/orgs/{organizationId}/sites/{siteId}/section-groups/{siteSectionGroupId}/sections", SEED),
    Operation("removeSectionFromGroup", "DELETE", "/orgs/{organizationId}/sites/{siteId}/section-groups/{siteSectionGroupId}/sections/{siteSectionId}", SEED),
    Operation("listSiteSections", "GET", "/orgs/{organizationId}/sites/{siteId}/sections", BOTH),
    Operation("addSectionToSite", "POST", "/orgs/{organizationId}/sites/{siteId}/sections", BOTH),
    Operation("updateSiteSectionById", "PATCH", "/orgs/{organizationId}/sites/{siteId}/sections/{siteSectionId}", BOTH),
    Operation("deleteSiteSectionById", "DELETE", "/orgs/{organizationId}/sites/{siteId}/sections/{siteSectionId}", BOTH),
    Operation("moveSiteSection", "POST", "/orgs/{organizationId}/sites/{siteId}/sections/{siteSectionId}/move", BOTH),
    Operation("listSiteSpaces", "GET", "/orgs/{organizationId}/sites/{siteId}/site-spaces", BOTH),
    Operation("addSpaceToSite", "POST", "/orgs/{organizationId}/sites/{siteId}/site-spaces", BOTH),
    Operation("updateSiteSpaceById", "PATCH", "/orgs/{organizationId}/sites/{siteId}/site-spaces/{siteSpaceId}", BOTH),
    Operation("deleteSiteSpaceById", "DELETE", "/orgs/{organizationId}/sites/{siteId}/site-spaces/{siteSpaceId}", BOTH),
    Operation("moveSiteSpace", "POST", "/orgs/{organizationId}/sites/{siteId}/site-spaces/{siteSpaceId}/move", BOTH),
    Operation("listSpacesInOrganizationById", "GET", "/orgs/{organizationId}/spaces", BOTH),
    Operation("listSSOProviderLoginsInOrganization", "GET", "/orgs/{organizationId}/sso", BOTH),
    Operation("listTeamsInOrganizationById", "GET", "/orgs/{organizationId}/teams", BOTH),
    Operation("createOrganizationTeam", "PUT", "/orgs/{organizationId}/teams", BOTH),
    Operation("getTeamInOrganizationById", "GET", "/orgs/{organizationId}/teams/{teamId}", BOTH),
    Operation("updateTeamInOrganizationById", "PATCH", "/orgs/{organizationId}/teams/{teamId}", BOTH),
    Operation("removeTeamFromOrganizationById", "DELETE", "/orgs/{organizationId}/teams/{teamId}", BOTH),
    Operation("listTeamMembersInOrganizationById", "GET", "/orgs/{organizationId}/teams/{teamId}/members", BOTH),
    Operation("updateMembersInOrganizationTeam", "PUT", "/orgs/{organizationId}/teams/{teamId}/members", BOTH),
    Operation("addMemberToOrganizationTeamById", "PUT", "/orgs/{organizationId}/teams/{teamId}/members/{userId}", BOTH),
    Operation("deleteMemberFromOrganizationTeamById", "DELETE", "/orgs/{organizationId}/teams/{teamId}/members/{userId}", BOTH),
    Operation("getSpaceById", "GET", "/spaces/{spaceId}", BOTH),
    Operation("updateSpaceById", "PATCH", "/spaces/{spaceId}", BOTH),
    Operation("deleteSpaceById", "DELETE", "/spaces/{spaceId}", BOTH),
    Operation("listChangeRequestsForSpace", "GET", "/spaces/{spaceId}/change-requests", BOTH),
    Operation("createChangeRequest", "POST", "/spaces/{spaceId}/change-requests", LIVE),
    Operation("getChangeRequestById", "GET", "/spaces/{spaceId}/change-requests/{changeRequestId}", BOTH),
    Operation("updateChangeRequestById", "PATCH", "/spaces/{spaceId}/change-requests/{changeRequestId}", LIVE),
    Operation("getChangeRequestChanges", "GET", "/spaces/{spaceId}/change-requests/{changeRequestId}/changes", LIVE),
    Operation("listCommentersInChangeRequest", "GET", "/spaces/{spaceId}/change-requests/{changeRequestId}/commenters", BOTH),
    Operation("listCommentsInChangeRequest", "GET", "/spaces/{spaceId}/change-requests/{changeRequestId}/comments", BOTH),
    Operation("postCommentInChangeRequest", "POST", "/spaces/{spaceId}/change-requests/{changeRequestId}/comments", BOTH),
    Operation("getCommentInChangeRequest", "GET", "/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}", BOTH),
    Operation("updateCommentInChangeRequest", "PUT", "/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}", BOTH),
    Operation("deleteCommentInChangeRequest", "DELETE", "/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}", BOTH),
    Operation("listCommentRepliesInChangeRequest", "GET", "/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}/replies", BOTH),
    Operation("postCommentReplyInChangeRequest", "POST", "/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}/replies", BOTH),
    Operation("getCommentReplyInChangeRequest", "GET", "/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}/replies/{commentReplyId}", BOTH),
    Operation("updateCommentReplyInChangeRequest", "PUT", "/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}/replies/{commentReplyId}", BOTH),
    Operation("deleteCommentReplyInChangeRequest", "DELETE", "/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}/replies/{commentReplyId}", BOTH),
    Operation("getRevisionOfChangeRequestById", "GET", "/spaces/{spaceId}/change-requests/{changeRequestId}/content", BOTH),
    Operation("updateChangeRequestContent", "POST", "/spaces/{spaceId}/change-requests/{changeRequestId}/content", LIVE),
    Operation("listFilesInChangeRequestById", "GET", "/spaces/{spaceId}/change-requests/{changeRequestId}/content/files", BOTH),
    Operation("getFileInChangeRequestById", "GET", "/spaces/{spaceId}/change-requests/{changeRequestId}/content/files/{fileId}", BOTH),
    Operation("listChangeRequestFileBacklinks", "GET", "/spaces/{spaceId}/change-requests/{changeRequestId}/content/files/{fileId}/backlinks", SEED),
    Operation("importContentInChangeRequest", "POST", "/spaces/{spaceId}/change-requests/{changeRequestId}/content/import", SEED),
    Operation("getPageInChangeRequestById", "GET", "/spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}", BOTH),
    Operation("listChangeRequestPageBacklinks", "GET", "/spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}/backlinks", SEED),
    Operation("listPageLinksInChangeRequest", "GET", "/spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}/links", SEED),
    Operation("listPagesInChangeRequest", "GET", "/spaces/{spaceId}/change-requests/{changeRequestId}/content/pages", BOTH),
    Operation("getPageInChangeRequestByPath", "GET", "/spaces/{spaceId}/change-requests/{changeRequestId}/content/path/{pagePath}", BOTH),
    Operation("getContributorsByChangeRequestId", "GET", "/spaces/{spaceId}/change-requests/{changeRequestId}/contributors", LIVE),
    Operation("mergeChangeRequest", "POST", "/spaces/{spaceId}/change-requests/{changeRequestId}/merge", LIVE),
    Operation("getRequestedReviewersByChangeRequestId", "GET", "/spaces/{spaceId}/change-requests/{changeRequestId}/requested-reviewers", LIVE),
    Operation("requestReviewersForChangeRequest", "POST", "/spaces/{spaceId}/change-requests/{changeRequestId}/requested-reviewers", LIVE),
    Operation("removeRequestedReviewerFromChangeRequest", "DELETE", "/spaces/{spaceId}/change-requests/{changeRequestId}/requested-reviewers/{userId}", LIVE),
    Operation("getReviewsByChangeRequestId", "GET", "/spaces/{spaceId}/change-requests/{changeRequestId}/reviews", LIVE),
    Operation("submitChangeRequestReview", "POST", "/spaces/{spaceId}/change-requests/{changeRequestId}/reviews", LIVE),
    Operation("getChangeRequestReviewById", "GET", "/spaces/{spaceId}/change-requests/{changeRequestId}/reviews/{reviewId}", LIVE),
    Operation("updateChangeRequest", "POST", "/spaces/{spaceId}/change-requests/{changeRequestId}/update", LIVE),
    Operation("listCommentsInSpace", "GET", "/spaces/{spaceId}/comments", BOTH),
    Operation("postCommentInSpace", "POST", "/spaces/{spaceId}/comments", BOTH),
    Operation("getCommentInSpace", "GET", "/spaces/{spaceId}/comments/{commentId}", BOTH),
    Operation("updateCommentInSpace", "PUT", "/spaces/{spaceId}/comments/{commentId}", BOTH),
    Operation("deleteCommentInSpace", "DELETE", "/spaces/{spaceId}/comments/{commentId}", BOTH),
    Operation("postCommentReplyInSpace", "POST", "/spaces/{spaceId}/comments/{commentId}/replies", BOTH),
    Operation("getCommentReplyInSpace", "GET", "/spaces/{spaceId}/comments/{commentId}/replies/{commentReplyId}", BOTH),
    Operation("getCurrentRevision", "GET", "/spaces/{spaceId}/content", BOTH),
    Operation("listFiles", "GET", "/spaces/{spaceId}/content/files", LIVE),
    Operation("getFileById", "GET", "/spaces/{spaceId}/content/files/{fileId}", LIVE),
    Operation("getPageById", "GET", "/spaces/{spaceId}/content/page/{pageId}", BOTH),
    Operation("listPages", "GET", "/spaces/{spaceId}/content/pages", BOTH),
    Operation("getPageByPath", "GET", "/spaces/{spaceId}/content/path/{pagePath}", BOTH),
    Operation("duplicateSpace", "POST", "/spaces/{spaceId}/duplicate", BOTH),
    Operation("listSpaceLinks", "GET", "/spaces/{spaceId}/links", SEED),
    Operation("moveSpace", "POST", "/spaces/{spaceId}/move", BOTH),
    Operation("inviteToSpace", "POST", "/spaces/{spaceId}/permissions", BOTH),
    Operation("listPermissionsAggregateInSpace", "GET", "/spaces/{spaceId}/permissions/aggregate", BOTH),
    Operation("listUserPermissionsInSpace", "GET", "/spaces/{spaceId}/permissions/users", BOTH),
    Operation("updateUserPermissionInSpace", "PATCH", "/spaces/{spaceId}/permissions/users/{userId}", BOTH),
    Operation("removeUserFromSpace", "DELETE", "/spaces/{spaceId}/permissions/users/{userId}", BOTH),
    Operation("restoreSpace", "POST", "/spaces/{spaceId}/restore", BOTH),
    Operation("transferSpace", "POST", "/spaces/{spaceId}/transfer", SEED),
    Operation("getAuthenticatedUser", "GET", "/user", LIVE),
)
# fmt: on

OPERATIONS: Final[Mapping[str, Operation]] = MappingProxyType(
    {row.operation_id: row for row in _ROWS}
)
"""operationId -> its operation: 157 in all, 136 in seed and 149 in live."""

_BY_PROFILE: Final[dict[Profile, frozenset[str]]] = {
    profile: frozenset(op for op, row in OPERATIONS.items() if profile in row.profiles)
    for profile in PROFILES
}
KEPT: Final[frozenset[str]] = frozenset(
    op for op, row in OPERATIONS.items() if row.profiles == BOTH
)
"""The 128 seed operations the live service still has (same method and path)."""
REMOVED_IN_LIVE: Final[frozenset[str]] = _BY_PROFILE["seed"] - KEPT
"""The 8 seed operations the live service no longer has (it answers 404)."""
ADDED_IN_LIVE: Final[frozenset[str]] = _BY_PROFILE["live"] - KEPT
"""The 21 operations the live service added since the seed (authoring, review, findings)."""


def operations(profile: Profile) -> frozenset[str]:
    """The operationIds a profile has: seed has 136, live 149 (seed - 8 removed + 21 added)."""
    try:
        return _BY_PROFILE[profile]
    except KeyError:
        raise ValueError(f"unknown API profile {profile!r}; expected one of {PROFILES}") from None
