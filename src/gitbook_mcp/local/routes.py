"""The route table: every operation of the API as one row (operationId, handler); its method,
path and the profiles that have it are read from `gitbook_mcp.api`, where a route is spelled once.

Adding an operation means one row in `gitbook_mcp.api`, one handler and one row here; the app
registers each row as its own route (one route per operation).
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
from gitbook_mcp.local.http.shapes import search_results

__all__ = ["ROUTES", "RouteSpec", "starlette_path"]


def starlette_path(path: str) -> str:
    """Page paths contain slashes, so ``{pagePath}`` matches the rest of the path."""
    return path.replace("{pagePath}", "{pagePath:path}")


# One row per operation, kept on one line each so that the table reads as a table.
# fmt: off
ROUTES: list[RouteSpec] = [
    # -- organizations -------------------------------------------------------------------------
    RouteSpec("listOrganizationsForAuthenticatedUser", organizations.list_organizations),
    RouteSpec("getOrganizationById", organizations.get_organization),
    RouteSpec("updateOrganizationById", organizations.update_organization),
    RouteSpec("getOrganizationsForEmailDomain", organizations.organizations_for_email_domain),
    RouteSpec("listMembersInOrganizationById", organizations.list_members),
    RouteSpec("getMemberInOrganizationById", organizations.get_member),
    RouteSpec("updateMemberInOrganizationById", organizations.update_member),
    RouteSpec("removeMemberFromOrganizationById", organizations.remove_member),
    RouteSpec("updateOrganizationMemberLastSeenAt", organizations.ping),
    RouteSpec("setUserAsSSOMemberForOrganization", organizations.set_sso_member),
    RouteSpec("listSpacesForOrganizationMember", organizations.member_spaces),
    RouteSpec("listTeamsForOrganizationMember", organizations.member_teams),
    RouteSpec("inviteUsersToOrganization", org_invites.invite_users),
    RouteSpec("joinOrganizationWithInvite", org_invites.join_with_invite),
    RouteSpec("listOrganizationInviteLinks", org_invites.list_links),
    RouteSpec("createOrganizationInvite", org_invites.create_link),
    RouteSpec("getOrganizationInviteLink", org_invites.get_link),
    RouteSpec("updateOrganizationInviteById", org_invites.update_link),
    RouteSpec("deleteOrganizationInviteById", org_invites.delete_link),
    RouteSpec("listTeamsInOrganizationById", teams.list_teams),
    RouteSpec("createOrganizationTeam", teams.create_team),
    RouteSpec("getTeamInOrganizationById", teams.get_team),
    RouteSpec("updateTeamInOrganizationById", teams.update_team),
    RouteSpec("removeTeamFromOrganizationById", teams.delete_team),
    RouteSpec("listTeamMembersInOrganizationById", teams.list_team_members),
    RouteSpec("updateMembersInOrganizationTeam", teams.update_team_members),
    RouteSpec("addMemberToOrganizationTeamById", teams.add_team_member),
    RouteSpec("deleteMemberFromOrganizationTeamById", teams.remove_team_member),
    RouteSpec("listSAMLProvidersInOrganizationById", org_settings.list_saml),
    RouteSpec("createOrganizationSAMLProvider", org_settings.create_saml),
    RouteSpec("getOrganizationSAMLProviderById", org_settings.get_saml),
    RouteSpec("updateOrganizationSAMLProvider", org_settings.update_saml),
    RouteSpec("deleteOrganizationSAMLProvider", org_settings.delete_saml),
    RouteSpec("listSSOProviderLoginsInOrganization", org_settings.list_sso_logins),
    RouteSpec("listCustomFonts", org_settings.list_fonts),
    RouteSpec("createCustomFont", org_settings.create_font),
    RouteSpec("getCustomFont", org_settings.get_font),
    RouteSpec("updateCustomFont", org_settings.update_font),
    RouteSpec("deleteCustomFont", org_settings.delete_font),
    RouteSpec("listOpenAPISpecs", org_settings.list_specs),
    RouteSpec("createOpenAPISpec", org_settings.create_spec),
    RouteSpec("getOpenAPISpecBySlug", org_settings.get_spec),
    RouteSpec("createOrUpdateOpenAPISpecBySlug", org_settings.put_spec),
    RouteSpec("updateOpenAPISpecBySlug", org_settings.update_spec),
    RouteSpec("deleteOpenAPISpecBySlug", org_settings.delete_spec),
    # -- spaces --------------------------------------------------------------------------------
    RouteSpec("getSpaceById", spaces.get_space),
    RouteSpec("updateSpaceById", spaces.update_space),
    RouteSpec("deleteSpaceById", spaces.delete_space),
    RouteSpec("duplicateSpace", spaces.duplicate_space),
    RouteSpec("restoreSpace", spaces.restore_space),
    RouteSpec("moveSpace", spaces.move_space),
    RouteSpec("transferSpace", spaces.transfer_space),
    RouteSpec("listSpacesInOrganizationById", spaces.list_org_spaces),
    RouteSpec("listCollectionsInOrganizationById", collections.list_collections),
    RouteSpec("createCollection", collections.create_collection),
    RouteSpec("getCollectionById", collections.get_collection),
    RouteSpec("updateCollectionById", collections.update_collection),
    RouteSpec("deleteCollectionById", collections.delete_collection),
    RouteSpec("listSpacesInCollectionById", collections.list_collection_spaces),
    RouteSpec("moveCollection", collections.move_collection),
    RouteSpec("transferCollection", collections.transfer_collection),
    RouteSpec("inviteToSpace", permissions.SPACE_GRANTS["invite"]),
    RouteSpec("listUserPermissionsInSpace", permissions.SPACE_GRANTS["list"]),
    RouteSpec("removeUserFromSpace", permissions.SPACE_GRANTS["remove"]),
    RouteSpec("updateUserPermissionInSpace", permissions.SPACE_GRANTS["update"]),
    RouteSpec("listPermissionsAggregateInSpace", permissions.SPACE_GRANTS["aggregate"]),
    RouteSpec("inviteToCollection", permissions.COLLECTION_GRANTS["invite"]),
    RouteSpec("listUserPermissionsInCollection", permissions.COLLECTION_GRANTS["list"]),
    RouteSpec("removeUserFromCollection", permissions.COLLECTION_GRANTS["remove"]),
    RouteSpec("updateUserPermissionInCollection", permissions.COLLECTION_GRANTS["update"]),
    RouteSpec("listPermissionsAggregateInCollection", permissions.COLLECTION_GRANTS["aggregate"]),
    # -- content -------------------------------------------------------------------------------
    RouteSpec("getCurrentRevision", content.revision),
    RouteSpec("listPages", content.pages),
    RouteSpec("getPageById", content.page),
    RouteSpec("getPageByPath", content.page_by_path),
    RouteSpec("listChangeRequestsForSpace", content.list_change_requests),
    RouteSpec("getChangeRequestById", content.get_change_request),
    RouteSpec("getRevisionOfChangeRequestById", content.revision),
    RouteSpec("importContentInChangeRequest", content.cr_import),
    RouteSpec("listPagesInChangeRequest", content.pages),
    RouteSpec("listFilesInChangeRequestById", content.files),
    RouteSpec("getFileInChangeRequestById", content.file),
    RouteSpec("listChangeRequestFileBacklinks", content.backlinks),
    RouteSpec("getPageInChangeRequestById", content.page),
    RouteSpec("listPageLinksInChangeRequest", content.page_links),
    RouteSpec("listChangeRequestPageBacklinks", content.backlinks),
    RouteSpec("getPageInChangeRequestByPath", content.page_by_path),
    RouteSpec("listSpaceLinks", content.space_links),
    RouteSpec("searchOrganizationContent", content.search, live_shape=search_results),
    # live profile only (ADDED_IN_LIVE): change-request authoring
    RouteSpec("createChangeRequest", authoring.create_change_request),
    RouteSpec("updateChangeRequestById", authoring.update_change_request),
    RouteSpec("updateChangeRequestContent", authoring.update_content),
    RouteSpec("getChangeRequestChanges", authoring.change_request_changes),
    # -- change-request review, the caller, the main content's files (live profile only) -------
    RouteSpec("getAuthenticatedUser", review.authenticated_user),
    RouteSpec("listChangeRequestsForOrganization", review.list_org_change_requests),
    RouteSpec("mergeChangeRequest", review.merge),
    RouteSpec("updateChangeRequest", review.update),
    RouteSpec("getContributorsByChangeRequestId", review.contributors),
    RouteSpec("getReviewsByChangeRequestId", review.list_reviews),
    RouteSpec("submitChangeRequestReview", review.submit_review),
    RouteSpec("getChangeRequestReviewById", review.get_review),
    RouteSpec("getRequestedReviewersByChangeRequestId", review.list_requested_reviewers),
    RouteSpec("requestReviewersForChangeRequest", review.request_reviewers),
    RouteSpec("removeRequestedReviewerFromChangeRequest", review.remove_requested_reviewer),
    RouteSpec("listFiles", content.files),
    RouteSpec("getFileById", content.file),
    # -- comments ------------------------------------------------------------------------------
    RouteSpec("listCommentsInSpace", comments.list_comments),
    RouteSpec("postCommentInSpace", comments.post_comment),
    RouteSpec("getCommentInSpace", comments.get_comment),
    RouteSpec("updateCommentInSpace", comments.update_comment),
    RouteSpec("deleteCommentInSpace", comments.delete_comment),
    RouteSpec("postCommentReplyInSpace", comments.post_reply),
    RouteSpec("getCommentReplyInSpace", comments.get_reply),
    RouteSpec("listCommentsInChangeRequest", comments.list_comments),
    RouteSpec("postCommentInChangeRequest", comments.post_comment),
    RouteSpec("getCommentInChangeRequest", comments.get_comment),
    RouteSpec("updateCommentInChangeRequest", comments.update_comment),
    RouteSpec("deleteCommentInChangeRequest", comments.delete_comment),
    RouteSpec("listCommentRepliesInChangeRequest", comments.list_replies),
    RouteSpec("postCommentReplyInChangeRequest", comments.post_reply),
    RouteSpec("getCommentReplyInChangeRequest", comments.get_reply),
    RouteSpec("updateCommentReplyInChangeRequest", comments.update_reply),
    RouteSpec("deleteCommentReplyInChangeRequest", comments.delete_reply),
    RouteSpec("listCommentersInChangeRequest", comments.commenters),
    # -- sites ---------------------------------------------------------------------------------
    RouteSpec("listSites", sites.list_sites),
    RouteSpec("getSiteById", sites.get_site),
    RouteSpec("listSiteSpaces", sites.list_site_spaces),
    RouteSpec("addSpaceToSite", sites.add_site_space),
    RouteSpec("updateSiteSpaceById", sites.update_site_space),
    RouteSpec("deleteSiteSpaceById", sites.delete_site_space),
    RouteSpec("moveSiteSpace", sites.move_site_space),
    RouteSpec("listSiteSections", site_sections.list_sections),
    RouteSpec("addSectionToSite", site_sections.add_section),
    RouteSpec("updateSiteSectionById", site_sections.update_section),
    RouteSpec("deleteSiteSectionById", site_sections.delete_section),
    RouteSpec("moveSiteSection", site_sections.move_section),
    RouteSpec("listSiteSectionGroups", site_sections.list_groups),
    RouteSpec("addSectionGroupToSite", site_sections.add_group),
    RouteSpec("updateSiteSectionGroupById", site_sections.update_group),
    RouteSpec("deleteSiteSectionGroupById", site_sections.delete_group),
    RouteSpec("addSectionToGroup", site_sections.add_section_to_group),
    RouteSpec("removeSectionFromGroup", site_sections.remove_section_from_group),
    RouteSpec("moveSiteSectionGroup", site_sections.move_group),
    RouteSpec("listSiteRedirects", site_links.list_redirects),
    RouteSpec("createSiteRedirect", site_links.create_redirect),
    RouteSpec("updateSiteRedirectById", site_links.update_redirect),
    RouteSpec("deleteSiteRedirectById", site_links.delete_redirect),
    RouteSpec("bulkUpsertSiteRedirects", site_links.bulk_upsert_redirects),
    RouteSpec("getSiteRedirectBySource", site_links.get_redirect_by_source),
    RouteSpec("listSiteFindings", site_findings.list_findings),
    RouteSpec("getSiteFindingById", site_findings.get_finding),
    RouteSpec("updateSiteFindingById", site_findings.update_finding),
    RouteSpec("listSiteMcpServers", site_links.list_servers),
    RouteSpec("createSiteMcpServer", site_links.create_server),
    RouteSpec("getSiteMcpServerById", site_links.get_server),
    RouteSpec("updateSiteMcpServerById", site_links.update_server),
    RouteSpec("deleteSiteMcpServerById", site_links.delete_server),
]
# fmt: on
