"""The two API profiles as data: which operations the seed (0.130.0) and live (0.202.0) APIs have.

``seed`` is the release this project was built against (``tests/contract/openapi.json``);
``live`` is what the real service answers today (``tests/contract/openapi-live.json``). Code that
must behave per profile asks `operations` rather than hard-coding lists of its own.
"""

from __future__ import annotations

from typing import Final, Literal, TypeAlias, get_args

__all__ = [
    "ADDED_IN_LIVE",
    "KEPT",
    "PROFILES",
    "REMOVED_IN_LIVE",
    "Profile",
    "operations",
]

Profile: TypeAlias = Literal["seed", "live"]
"""An API profile: ``seed`` (``@gitbook/api`` 0.130.0) or ``live`` (0.202.0, the real service)."""

PROFILES: Final[tuple[Profile, ...]] = get_args(Profile)
"""Every profile, in the order above."""

KEPT: Final[frozenset[str]] = frozenset(
    {
        "listOrganizationsForAuthenticatedUser",
        "getOrganizationById",
        "updateOrganizationById",
        "deleteOrganizationInviteById",
        "searchOrganizationContent",
        "getOrganizationsForEmailDomain",
        "listMembersInOrganizationById",
        "getMemberInOrganizationById",
        "removeMemberFromOrganizationById",
        "updateMemberInOrganizationById",
        "updateOrganizationMemberLastSeenAt",
        "setUserAsSSOMemberForOrganization",
        "listSpacesForOrganizationMember",
        "listTeamsForOrganizationMember",
        "inviteUsersToOrganization",
        "joinOrganizationWithInvite",
        "listOrganizationInviteLinks",
        "createOrganizationInvite",
        "getOrganizationInviteLink",
        "updateOrganizationInviteById",
        "listTeamsInOrganizationById",
        "createOrganizationTeam",
        "getTeamInOrganizationById",
        "removeTeamFromOrganizationById",
        "updateTeamInOrganizationById",
        "listTeamMembersInOrganizationById",
        "updateMembersInOrganizationTeam",
        "addMemberToOrganizationTeamById",
        "deleteMemberFromOrganizationTeamById",
        "listSAMLProvidersInOrganizationById",
        "createOrganizationSAMLProvider",
        "getOrganizationSAMLProviderById",
        "deleteOrganizationSAMLProvider",
        "updateOrganizationSAMLProvider",
        "listSSOProviderLoginsInOrganization",
        "listCollectionsInOrganizationById",
        "createCollection",
        "getCollectionById",
        "updateCollectionById",
        "deleteCollectionById",
        "listSpacesInCollectionById",
        "moveCollection",
        "transferCollection",
        "inviteToCollection",
        "inviteToSpace",
        "listUserPermissionsInCollection",
        "listUserPermissionsInSpace",
        "removeUserFromCollection",
        "removeUserFromSpace",
        "updateUserPermissionInCollection",
        "updateUserPermissionInSpace",
        "listPermissionsAggregateInCollection",
        "listPermissionsAggregateInSpace",
        "listCustomFonts",
        "createCustomFont",
        "getCustomFont",
        "updateCustomFont",
        "deleteCustomFont",
        "listOpenAPISpecs",
        "createOpenAPISpec",
        "getOpenAPISpecBySlug",
        "createOrUpdateOpenAPISpecBySlug",
        "deleteOpenAPISpecBySlug",
        "updateOpenAPISpecBySlug",
        "getSpaceById",
        "deleteSpaceById",
        "updateSpaceById",
        "duplicateSpace",
        "restoreSpace",
        "moveSpace",
        "listSpacesInOrganizationById",
        "listCommentsInSpace",
        "postCommentInSpace",
        "getCommentInSpace",
        "updateCommentInSpace",
        "deleteCommentInSpace",
        "postCommentReplyInSpace",
        "getCommentReplyInSpace",
        "listCommentsInChangeRequest",
        "postCommentInChangeRequest",
        "getCommentInChangeRequest",
        "updateCommentInChangeRequest",
        "deleteCommentInChangeRequest",
        "listCommentRepliesInChangeRequest",
        "postCommentReplyInChangeRequest",
        "getCommentReplyInChangeRequest",
        "updateCommentReplyInChangeRequest",
        "deleteCommentReplyInChangeRequest",
        "listCommentersInChangeRequest",
        "getRevisionOfChangeRequestById",
        "listPagesInChangeRequest",
        "listFilesInChangeRequestById",
        "getFileInChangeRequestById",
        "getPageInChangeRequestById",
        "listSiteSpaces",
        "addSpaceToSite",
        "deleteSiteSpaceById",
        "updateSiteSpaceById",
        "moveSiteSpace",
        "listSiteSections",
        "addSectionToSite",
        "deleteSiteSectionById",
        "updateSiteSectionById",
        "moveSiteSection",
        "listSiteSectionGroups",
        "addSectionGroupToSite",
        "deleteSiteSectionGroupById",
        "updateSiteSectionGroupById",
        "moveSiteSectionGroup",
        "listSiteRedirects",
        "createSiteRedirect",
        "deleteSiteRedirectById",
        "updateSiteRedirectById",
        "getSiteRedirectBySource",
        "listSiteMcpServers",
        "createSiteMcpServer",
        "getSiteMcpServerById",
        "deleteSiteMcpServerById",
        "updateSiteMcpServerById",
        "getCurrentRevision",
        "listPages",
        "getPageById",
        "getPageByPath",
        "listChangeRequestsForSpace",
        "getChangeRequestById",
        "getPageInChangeRequestByPath",
        "listSites",
        "getSiteById",
    }
)
"""The 128 seed operations the live service still has (same method and path)."""

REMOVED_IN_LIVE: Final[frozenset[str]] = frozenset(
    {
        "transferSpace",
        "listSpaceLinks",
        "importContentInChangeRequest",
        "listChangeRequestFileBacklinks",
        "listPageLinksInChangeRequest",
        "listChangeRequestPageBacklinks",
        "addSectionToGroup",
        "removeSectionFromGroup",
    }
)
"""The 8 seed operations the live service no longer has (it answers 404)."""

ADDED_IN_LIVE: Final[frozenset[str]] = frozenset(
    {
        "getAuthenticatedUser",
        "listChangeRequestsForOrganization",
        "createChangeRequest",
        "updateChangeRequestById",
        "updateChangeRequestContent",
        "getChangeRequestChanges",
        "mergeChangeRequest",
        "updateChangeRequest",
        "getContributorsByChangeRequestId",
        "getReviewsByChangeRequestId",
        "submitChangeRequestReview",
        "getChangeRequestReviewById",
        "getRequestedReviewersByChangeRequestId",
        "requestReviewersForChangeRequest",
        "removeRequestedReviewerFromChangeRequest",
        "listFiles",
        "getFileById",
        "listSiteFindings",
        "getSiteFindingById",
        "updateSiteFindingById",
        "bulkUpsertSiteRedirects",
    }
)
"""The 21 operations the live service added since the seed (authoring, review, findings)."""


_OPERATIONS: Final[dict[Profile, frozenset[str]]] = {
    "seed": KEPT | REMOVED_IN_LIVE,
    "live": KEPT | ADDED_IN_LIVE,
}


def operations(profile: Profile) -> frozenset[str]:
    """The operationIds a profile has: seed has 136, live 149 (seed - 8 removed + 21 added)."""
    try:
        return _OPERATIONS[profile]
    except KeyError:
        raise ValueError(f"unknown API profile {profile!r}; expected one of {PROFILES}") from None
