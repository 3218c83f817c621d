"""The route table: every operation of the API as one row (method, path, handler, operationId).

Paths are the contract's templates (relative to ``/v1``). Adding an operation means one handler
and one row here; the app registers each row as its own route (one route per operation).
"""

from __future__ import annotations

from gitbook_mcp.local.handlers.comments import comments
from gitbook_mcp.local.handlers.content import authoring, content, review
from gitbook_mcp.local.handlers.organizations import invites as org_invites
from gitbook_mcp.local.handlers.organizations import organizations, teams
from gitbook_mcp.local.handlers.organizations import settings as org_settings
from gitbook_mcp.local.handlers.sites import findings as site_findings
from gitbook_mcp.local.handlers.sites import links as site_links
from gitbook_mcp.local.handlers.sites import sections as site_sections
from gitbook_mcp.local.handlers.sites import sites
from gitbook_mcp.local.handlers.spaces import collections, permissions, spaces
from gitbook_mcp.local.http.route import RouteSpec

__all__ = ["ROUTES", "RouteSpec", "starlette_path"]

ORG = "/orgs/{organizationId}"
SITE = ORG + "/sites/{siteId}"
SPACE = "/spaces/{spaceId}"
CR = SPACE + "/change-requests/{changeRequestId}"
COLLECTION = "/collections/{collectionId}"


def starlette_path(path: str) -> str:
    """Page paths contain slashes, so ``{pagePath}`` matches the rest of the path."""
    return path.replace("{pagePath}", "{pagePath:path}")


# One row per operation, kept on one line each so that the table reads as a table.
# fmt: off
ROUTES: list[RouteSpec] = [
    # -- organizations -------------------------------------------------------------------------
    RouteSpec("GET", "/orgs", organizations.list_organizations, "listOrganizationsForAuthenticatedUser"),
    RouteSpec("GET", ORG, organizations.get_organization, "getOrganizationById"),
    RouteSpec("PATCH", ORG, organizations.update_organization, "updateOrganizationById"),
    RouteSpec("GET", "/email-domains/{emailDomain}/orgs", organizations.organizations_for_email_domain, "getOrganizationsForEmailDomain"),
    RouteSpec("GET", ORG + "/members", organizations.list_members, "listMembersInOrganizationById"),
    RouteSpec("GET", ORG + "/members/{userId}", organizations.get_member, "getMemberInOrganizationById"),
    RouteSpec("PATCH", ORG + "/members/{userId}", organizations.update_member, "updateMemberInOrganizationById"),
    RouteSpec("DELETE", ORG + "/members/{userId}", organizations.remove_member, "removeMemberFromOrganizationById"),
    RouteSpec("POST", ORG + "/ping", organizations.ping, "updateOrganizationMemberLastSeenAt"),
    RouteSpec("POST", ORG + "/members/{userId}/sso", organizations.set_sso_member, "setUserAsSSOMemberForOrganization"),
    RouteSpec("GET", ORG + "/members/{userId}/spaces", organizations.member_spaces, "listSpacesForOrganizationMember"),
    RouteSpec("GET", ORG + "/members/{userId}/teams", organizations.member_teams, "listTeamsForOrganizationMember"),
    RouteSpec("POST", ORG + "/invites", org_invites.invite_users, "inviteUsersToOrganization"),
    RouteSpec("POST", ORG + "/invites/{inviteId}", org_invites.join_with_invite, "joinOrganizationWithInvite"),
    RouteSpec("GET", ORG + "/link-invites", org_invites.list_links, "listOrganizationInviteLinks"),
    RouteSpec("POST", ORG + "/link-invites", org_invites.create_link, "createOrganizationInvite"),
    RouteSpec("GET", ORG + "/link-invites/{inviteId}", org_invites.get_link, "getOrganizationInviteLink"),
    RouteSpec("PATCH", ORG + "/link-invites/{inviteId}", org_invites.update_link, "updateOrganizationInviteById"),
    RouteSpec("DELETE", ORG + "/link-invites/{inviteId}", org_invites.delete_link, "deleteOrganizationInviteById"),
    RouteSpec("GET", ORG + "/teams", teams.list_teams, "listTeamsInOrganizationById"),
    RouteSpec("PUT", ORG + "/teams", teams.create_team, "createOrganizationTeam"),
    RouteSpec("GET", ORG + "/teams/{teamId}", teams.get_team, "getTeamInOrganizationById"),
    RouteSpec("PATCH", ORG + "/teams/{teamId}", teams.update_team, "updateTeamInOrganizationById"),
    RouteSpec("DELETE", ORG + "/teams/{teamId}", teams.delete_team, "removeTeamFromOrganizationById"),
    RouteSpec("GET", ORG + "/teams/{teamId}/members", teams.list_team_members, "listTeamMembersInOrganizationById"),
    RouteSpec("PUT", ORG + "/teams/{teamId}/members", teams.update_team_members, "updateMembersInOrganizationTeam"),
    RouteSpec("PUT", ORG + "/teams/{teamId}/members/{userId}", teams.add_team_member, "addMemberToOrganizationTeamById"),
    RouteSpec("DELETE", ORG + "/teams/{teamId}/members/{userId}", teams.remove_team_member, "deleteMemberFromOrganizationTeamById"),
    RouteSpec("GET", ORG + "/saml", org_settings.list_saml, "listSAMLProvidersInOrganizationById"),
    RouteSpec("POST", ORG + "/saml", org_settings.create_saml, "createOrganizationSAMLProvider"),
    RouteSpec("GET", ORG + "/saml/{samlProviderId}", org_settings.get_saml, "getOrganizationSAMLProviderById"),
    RouteSpec("PATCH", ORG + "/saml/{samlProviderId}", org_settings.update_saml, "updateOrganizationSAMLProvider"),
    RouteSpec("DELETE", ORG + "/saml/{samlProviderId}", org_settings.delete_saml, "deleteOrganizationSAMLProvider"),
    RouteSpec("GET", ORG + "/sso", org_settings.list_sso_logins, "listSSOProviderLoginsInOrganization"),
    RouteSpec("GET", ORG + "/fonts", org_settings.list_fonts, "listCustomFonts"),
    RouteSpec("PUT", ORG + "/fonts", org_settings.create_font, "createCustomFont"),
    RouteSpec("GET", ORG + "/fonts/{fontId}", org_settings.get_font, "getCustomFont"),
    RouteSpec("POST", ORG + "/fonts/{fontId}", org_settings.update_font, "updateCustomFont"),
    RouteSpec("DELETE", ORG + "/fonts/{fontId}", org_settings.delete_font, "deleteCustomFont"),
    RouteSpec("GET", ORG + "/openapi", org_settings.list_specs, "listOpenAPISpecs"),
    RouteSpec("POST", ORG + "/openapi", org_settings.create_spec, "createOpenAPISpec"),
    RouteSpec("GET", ORG + "/openapi/{specSlug}", org_settings.get_spec, "getOpenAPISpecBySlug"),
    RouteSpec("PUT", ORG + "/openapi/{specSlug}", org_settings.put_spec, "createOrUpdateOpenAPISpecBySlug"),
    RouteSpec("PATCH", ORG + "/openapi/{specSlug}", org_settings.update_spec, "updateOpenAPISpecBySlug"),
    RouteSpec("DELETE", ORG + "/openapi/{specSlug}", org_settings.delete_spec, "deleteOpenAPISpecBySlug"),
    # -- spaces --------------------------------------------------------------------------------
    RouteSpec("GET", SPACE, spaces.get_space, "getSpaceById"),
    RouteSpec("PATCH", SPACE, spaces.update_space, "updateSpaceById"),
    RouteSpec("DELETE", SPACE, spaces.delete_space, "deleteSpaceById"),
    RouteSpec("POST", SPACE + "/duplicate", spaces.duplicate_space, "duplicateSpace"),
    RouteSpec("POST", SPACE + "/restore", spaces.restore_space, "restoreSpace"),
    RouteSpec("POST", SPACE + "/move", spaces.move_space, "moveSpace"),
    RouteSpec("POST", SPACE + "/transfer", spaces.transfer_space, "transferSpace"),
    RouteSpec("GET", ORG + "/spaces", spaces.list_org_spaces, "listSpacesInOrganizationById"),
    RouteSpec("GET", ORG + "/collections", collections.list_collections, "listCollectionsInOrganizationById"),
    RouteSpec("POST", ORG + "/collections", collections.create_collection, "createCollection"),
    RouteSpec("GET", COLLECTION, collections.get_collection, "getCollectionById"),
    RouteSpec("PATCH", COLLECTION, collections.update_collection, "updateCollectionById"),
    RouteSpec("DELETE", COLLECTION, collections.delete_collection, "deleteCollectionById"),
    RouteSpec("GET", COLLECTION + "/spaces", collections.list_collection_spaces, "listSpacesInCollectionById"),
    RouteSpec("POST", COLLECTION + "/move", collections.move_collection, "moveCollection"),
    RouteSpec("POST", COLLECTION + "/transfer", collections.transfer_collection, "transferCollection"),
    RouteSpec("POST", SPACE + "/permissions", permissions.SPACE_GRANTS["invite"], "inviteToSpace"),
    RouteSpec("GET", SPACE + "/permissions/users", permissions.SPACE_GRANTS["list"], "listUserPermissionsInSpace"),
    RouteSpec("DELETE", SPACE + "/permissions/users/{userId}", permissions.SPACE_GRANTS["remove"], "removeUserFromSpace"),
    RouteSpec("PATCH", SPACE + "/permissions/users/{userId}", permissions.SPACE_GRANTS["update"], "updateUserPermissionInSpace"),
    RouteSpec("GET", SPACE + "/permissions/aggregate", permissions.SPACE_GRANTS["aggregate"], "listPermissionsAggregateInSpace"),
    RouteSpec("POST", COLLECTION + "/permissions", permissions.COLLECTION_GRANTS["invite"], "inviteToCollection"),
    RouteSpec("GET", COLLECTION + "/permissions/users", permissions.COLLECTION_GRANTS["list"], "listUserPermissionsInCollection"),
    RouteSpec("DELETE", COLLECTION + "/permissions/users/{userId}", permissions.COLLECTION_GRANTS["remove"], "removeUserFromCollection"),
    RouteSpec("PATCH", COLLECTION + "/permissions/users/{userId}", permissions.COLLECTION_GRANTS["update"], "updateUserPermissionInCollection"),
    RouteSpec("GET", COLLECTION + "/permissions/aggregate", permissions.COLLECTION_GRANTS["aggregate"], "listPermissionsAggregateInCollection"),
    # -- content -------------------------------------------------------------------------------
    RouteSpec("GET", SPACE + "/content", content.revision, "getCurrentRevision"),
    RouteSpec("GET", SPACE + "/content/pages", content.pages, "listPages"),
    RouteSpec("GET", SPACE + "/content/page/{pageId}", content.page, "getPageById"),
    RouteSpec("GET", SPACE + "/content/path/{pagePath}", content.page_by_path, "getPageByPath"),
    RouteSpec("GET", SPACE + "/change-requests", content.list_change_requests, "listChangeRequestsForSpace"),
    RouteSpec("GET", CR, content.get_change_request, "getChangeRequestById"),
    RouteSpec("GET", CR + "/content", content.revision, "getRevisionOfChangeRequestById"),
    RouteSpec("POST", CR + "/content/import", content.cr_import, "importContentInChangeRequest"),
    RouteSpec("GET", CR + "/content/pages", content.pages, "listPagesInChangeRequest"),
    RouteSpec("GET", CR + "/content/files", content.files, "listFilesInChangeRequestById"),
    RouteSpec("GET", CR + "/content/files/{fileId}", content.file, "getFileInChangeRequestById"),
    RouteSpec("GET", CR + "/content/files/{fileId}/backlinks", content.backlinks, "listChangeRequestFileBacklinks"),
    RouteSpec("GET", CR + "/content/page/{pageId}", content.page, "getPageInChangeRequestById"),
    RouteSpec("GET", CR + "/content/page/{pageId}/links", content.page_links, "listPageLinksInChangeRequest"),
    RouteSpec("GET", CR + "/content/page/{pageId}/backlinks", content.backlinks, "listChangeRequestPageBacklinks"),
    RouteSpec("GET", CR + "/content/path/{pagePath}", content.page_by_path, "getPageInChangeRequestByPath"),
    RouteSpec("GET", SPACE + "/links", content.space_links, "listSpaceLinks"),
    RouteSpec("GET", ORG + "/search", content.search, "searchOrganizationContent"),
    # live profile only (ADDED_IN_LIVE): change-request authoring
    RouteSpec("POST", SPACE + "/change-requests", authoring.create_change_request, "createChangeRequest"),
    RouteSpec("PATCH", CR, authoring.update_change_request, "updateChangeRequestById"),
    RouteSpec("POST", CR + "/content", authoring.update_content, "updateChangeRequestContent"),
    RouteSpec("GET", CR + "/changes", authoring.change_request_changes, "getChangeRequestChanges"),
    # -- change-request review, the caller, the main content's files (live profile only) -------
    RouteSpec("GET", "/user", review.authenticated_user, "getAuthenticatedUser"),
    RouteSpec("GET", ORG + "/change-requests", review.list_org_change_requests, "listChangeRequestsForOrganization"),
    RouteSpec("POST", CR + "/merge", review.merge, "mergeChangeRequest"),
    RouteSpec("POST", CR + "/update", review.update, "updateChangeRequest"),
    RouteSpec("GET", CR + "/contributors", review.contributors, "getContributorsByChangeRequestId"),
    RouteSpec("GET", CR + "/reviews", review.list_reviews, "getReviewsByChangeRequestId"),
    RouteSpec("POST", CR + "/reviews", review.submit_review, "submitChangeRequestReview"),
    RouteSpec("GET", CR + "/reviews/{reviewId}", review.get_review, "getChangeRequestReviewById"),
    RouteSpec("GET", CR + "/requested-reviewers", review.list_requested_reviewers, "getRequestedReviewersByChangeRequestId"),
    RouteSpec("POST", CR + "/requested-reviewers", review.request_reviewers, "requestReviewersForChangeRequest"),
    RouteSpec("DELETE", CR + "/requested-reviewers/{userId}", review.remove_requested_reviewer, "removeRequestedReviewerFromChangeRequest"),
    RouteSpec("GET", SPACE + "/content/files", content.files, "listFiles"),
    RouteSpec("GET", SPACE + "/content/files/{fileId}", content.file, "getFileById"),
    # -- comments ------------------------------------------------------------------------------
    RouteSpec("GET", SPACE + "/comments", comments.list_comments, "listCommentsInSpace"),
    RouteSpec("POST", SPACE + "/comments", comments.post_comment, "postCommentInSpace"),
    RouteSpec("GET", SPACE + "/comments/{commentId}", comments.get_comment, "getCommentInSpace"),
    RouteSpec("PUT", SPACE + "/comments/{commentId}", comments.update_comment, "updateCommentInSpace"),
    RouteSpec("DELETE", SPACE + "/comments/{commentId}", comments.delete_comment, "deleteCommentInSpace"),
    RouteSpec("POST", SPACE + "/comments/{commentId}/replies", comments.post_reply, "postCommentReplyInSpace"),
    RouteSpec("GET", SPACE + "/comments/{commentId}/replies/{commentReplyId}", comments.get_reply, "getCommentReplyInSpace"),
    RouteSpec("GET", CR + "/comments", comments.list_comments, "listCommentsInChangeRequest"),
    RouteSpec("POST", CR + "/comments", comments.post_comment, "postCommentInChangeRequest"),
    RouteSpec("GET", CR + "/comments/{commentId}", comments.get_comment, "getCommentInChangeRequest"),
    RouteSpec("PUT", CR + "/comments/{commentId}", comments.update_comment, "updateCommentInChangeRequest"),
    RouteSpec("DELETE", CR + "/comments/{commentId}", comments.delete_comment, "deleteCommentInChangeRequest"),
    RouteSpec("GET", CR + "/comments/{commentId}/replies", comments.list_replies, "listCommentRepliesInChangeRequest"),
    RouteSpec("POST", CR + "/comments/{commentId}/replies", comments.post_reply, "postCommentReplyInChangeRequest"),
    RouteSpec("GET", CR + "/comments/{commentId}/replies/{commentReplyId}", comments.get_reply, "getCommentReplyInChangeRequest"),
    RouteSpec("PUT", CR + "/comments/{commentId}/replies/{commentReplyId}", comments.update_reply, "updateCommentReplyInChangeRequest"),
    RouteSpec("DELETE", CR + "/comments/{commentId}/replies/{commentReplyId}", comments.delete_reply, "deleteCommentReplyInChangeRequest"),
    RouteSpec("GET", CR + "/commenters", comments.commenters, "listCommentersInChangeRequest"),
    # -- sites ---------------------------------------------------------------------------------
    RouteSpec("GET", ORG + "/sites", sites.list_sites, "listSites"),
    RouteSpec("GET", SITE, sites.get_site, "getSiteById"),
    RouteSpec("GET", SITE + "/site-spaces", sites.list_site_spaces, "listSiteSpaces"),
    RouteSpec("POST", SITE + "/site-spaces", sites.add_site_space, "addSpaceToSite"),
    RouteSpec("PATCH", SITE + "/site-spaces/{siteSpaceId}", sites.update_site_space, "updateSiteSpaceById"),
    RouteSpec("DELETE", SITE + "/site-spaces/{siteSpaceId}", sites.delete_site_space, "deleteSiteSpaceById"),
    RouteSpec("POST", SITE + "/site-spaces/{siteSpaceId}/move", sites.move_site_space, "moveSiteSpace"),
    RouteSpec("GET", SITE + "/sections", site_sections.list_sections, "listSiteSections"),
    RouteSpec("POST", SITE + "/sections", site_sections.add_section, "addSectionToSite"),
    RouteSpec("PATCH", SITE + "/sections/{siteSectionId}", site_sections.update_section, "updateSiteSectionById"),
    RouteSpec("DELETE", SITE + "/sections/{siteSectionId}", site_sections.delete_section, "deleteSiteSectionById"),
    RouteSpec("POST", SITE + "/sections/{siteSectionId}/move", site_sections.move_section, "moveSiteSection"),
    RouteSpec("GET", SITE + "/section-groups", site_sections.list_groups, "listSiteSectionGroups"),
    RouteSpec("POST", SITE + "/section-groups", site_sections.add_group, "addSectionGroupToSite"),
    RouteSpec("PATCH", SITE + "/section-groups/{siteSectionGroupId}", site_sections.update_group, "updateSiteSectionGroupById"),
    RouteSpec("DELETE", SITE + "/section-groups/{siteSectionGroupId}", site_sections.delete_group, "deleteSiteSectionGroupById"),
    RouteSpec("POST", SITE + "/section-groups/{siteSectionGroupId}/sections", site_sections.add_section_to_group, "addSectionToGroup"),
    RouteSpec("DELETE", SITE + "/section-groups/{siteSectionGroupId}/sections/{siteSectionId}", site_sections.remove_section_from_group, "removeSectionFromGroup"),
    RouteSpec("POST", SITE + "/section-groups/{siteSectionGroupId}/move", site_sections.move_group, "moveSiteSectionGroup"),
    RouteSpec("GET", SITE + "/redirects", site_links.list_redirects, "listSiteRedirects"),
    RouteSpec("POST", SITE + "/redirects", site_links.create_redirect, "createSiteRedirect"),
    RouteSpec("PATCH", SITE + "/redirects/{siteRedirectId}", site_links.update_redirect, "updateSiteRedirectById"),
    RouteSpec("DELETE", SITE + "/redirects/{siteRedirectId}", site_links.delete_redirect, "deleteSiteRedirectById"),
    RouteSpec("PUT", SITE + "/redirects", site_links.bulk_upsert_redirects, "bulkUpsertSiteRedirects"),
    RouteSpec("GET", SITE + "/redirect", site_links.get_redirect_by_source, "getSiteRedirectBySource"),
    RouteSpec("GET", SITE + "/findings", site_findings.list_findings, "listSiteFindings"),
    RouteSpec("GET", SITE + "/findings/{siteFindingId}", site_findings.get_finding, "getSiteFindingById"),
    RouteSpec("PATCH", SITE + "/findings/{siteFindingId}", site_findings.update_finding, "updateSiteFindingById"),
    RouteSpec("GET", SITE + "/mcp-servers", site_links.list_servers, "listSiteMcpServers"),
    RouteSpec("POST", SITE + "/mcp-servers", site_links.create_server, "createSiteMcpServer"),
    RouteSpec("GET", SITE + "/mcp-servers/{siteMcpServerId}", site_links.get_server, "getSiteMcpServerById"),
    RouteSpec("PATCH", SITE + "/mcp-servers/{siteMcpServerId}", site_links.update_server, "updateSiteMcpServerById"),
    RouteSpec("DELETE", SITE + "/mcp-servers/{siteMcpServerId}", site_links.delete_server, "deleteSiteMcpServerById"),
]
# fmt: on
