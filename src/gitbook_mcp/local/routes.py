"""The route table: every operation of the API as one row (method, path, handler); its
operationId, and the profiles that have it, are read from `gitbook_mcp.api` by the route.

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
from gitbook_mcp.local.http.shapes import search_results

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
    RouteSpec("GET", "/orgs", organizations.list_organizations),
    RouteSpec("GET", ORG, organizations.get_organization),
    RouteSpec("PATCH", ORG, organizations.update_organization),
    RouteSpec("GET", "/email-domains/{emailDomain}/orgs", organizations.organizations_for_email_domain),
    RouteSpec("GET", ORG + "/members", organizations.list_members),
    RouteSpec("GET", ORG + "/members/{userId}", organizations.get_member),
    RouteSpec("PATCH", ORG + "/members/{userId}", organizations.update_member),
    RouteSpec("DELETE", ORG + "/members/{userId}", organizations.remove_member),
    RouteSpec("POST", ORG + "/ping", organizations.ping),
    RouteSpec("POST", ORG + "/members/{userId}/sso", organizations.set_sso_member),
    RouteSpec("GET", ORG + "/members/{userId}/spaces", organizations.member_spaces),
    RouteSpec("GET", ORG + "/members/{userId}/teams", organizations.member_teams),
    RouteSpec("POST", ORG + "/invites", org_invites.invite_users),
    RouteSpec("POST", ORG + "/invites/{inviteId}", org_invites.join_with_invite),
    RouteSpec("GET", ORG + "/link-invites", org_invites.list_links),
    RouteSpec("POST", ORG + "/link-invites", org_invites.create_link),
    RouteSpec("GET", ORG + "/link-invites/{inviteId}", org_invites.get_link),
    RouteSpec("PATCH", ORG + "/link-invites/{inviteId}", org_invites.update_link),
    RouteSpec("DELETE", ORG + "/link-invites/{inviteId}", org_invites.delete_link),
    RouteSpec("GET", ORG + "/teams", teams.list_teams),
    RouteSpec("PUT", ORG + "/teams", teams.create_team),
    RouteSpec("GET", ORG + "/teams/{teamId}", teams.get_team),
    RouteSpec("PATCH", ORG + "/teams/{teamId}", teams.update_team),
    RouteSpec("DELETE", ORG + "/teams/{teamId}", teams.delete_team),
    RouteSpec("GET", ORG + "/teams/{teamId}/members", teams.list_team_members),
    RouteSpec("PUT", ORG + "/teams/{teamId}/members", teams.update_team_members),
    RouteSpec("PUT", ORG + "/teams/{teamId}/members/{userId}", teams.add_team_member),
    RouteSpec("DELETE", ORG + "/teams/{teamId}/members/{userId}", teams.remove_team_member),
    RouteSpec("GET", ORG + "/saml", org_settings.list_saml),
    RouteSpec("POST", ORG + "/saml", org_settings.create_saml),
    RouteSpec("GET", ORG + "/saml/{samlProviderId}", org_settings.get_saml),
    RouteSpec("PATCH", ORG + "/saml/{samlProviderId}", org_settings.update_saml),
    RouteSpec("DELETE", ORG + "/saml/{samlProviderId}", org_settings.delete_saml),
    RouteSpec("GET", ORG + "/sso", org_settings.list_sso_logins),
    RouteSpec("GET", ORG + "/fonts", org_settings.list_fonts),
    RouteSpec("PUT", ORG + "/fonts", org_settings.create_font),
    RouteSpec("GET", ORG + "/fonts/{fontId}", org_settings.get_font),
    RouteSpec("POST", ORG + "/fonts/{fontId}", org_settings.update_font),
    RouteSpec("DELETE", ORG + "/fonts/{fontId}", org_settings.delete_font),
    RouteSpec("GET", ORG + "/openapi", org_settings.list_specs),
    RouteSpec("POST", ORG + "/openapi", org_settings.create_spec),
    RouteSpec("GET", ORG + "/openapi/{specSlug}", org_settings.get_spec),
    RouteSpec("PUT", ORG + "/openapi/{specSlug}", org_settings.put_spec),
    RouteSpec("PATCH", ORG + "/openapi/{specSlug}", org_settings.update_spec),
    RouteSpec("DELETE", ORG + "/openapi/{specSlug}", org_settings.delete_spec),
    # -- spaces --------------------------------------------------------------------------------
    RouteSpec("GET", SPACE, spaces.get_space),
    RouteSpec("PATCH", SPACE, spaces.update_space),
    RouteSpec("DELETE", SPACE, spaces.delete_space),
    RouteSpec("POST", SPACE + "/duplicate", spaces.duplicate_space),
    RouteSpec("POST", SPACE + "/restore", spaces.restore_space),
    RouteSpec("POST", SPACE + "/move", spaces.move_space),
    RouteSpec("POST", SPACE + "/transfer", spaces.transfer_space),
    RouteSpec("GET", ORG + "/spaces", spaces.list_org_spaces),
    RouteSpec("GET", ORG + "/collections", collections.list_collections),
    RouteSpec("POST", ORG + "/collections", collections.create_collection),
    RouteSpec("GET", COLLECTION, collections.get_collection),
    RouteSpec("PATCH", COLLECTION, collections.update_collection),
    RouteSpec("DELETE", COLLECTION, collections.delete_collection),
    RouteSpec("GET", COLLECTION + "/spaces", collections.list_collection_spaces),
    RouteSpec("POST", COLLECTION + "/move", collections.move_collection),
    RouteSpec("POST", COLLECTION + "/transfer", collections.transfer_collection),
    RouteSpec("POST", SPACE + "/permissions", permissions.SPACE_GRANTS["invite"]),
    RouteSpec("GET", SPACE + "/permissions/users", permissions.SPACE_GRANTS["list"]),
    RouteSpec("DELETE", SPACE + "/permissions/users/{userId}", permissions.SPACE_GRANTS["remove"]),
    RouteSpec("PATCH", SPACE + "/permissions/users/{userId}", permissions.SPACE_GRANTS["update"]),
    RouteSpec("GET", SPACE + "/permissions/aggregate", permissions.SPACE_GRANTS["aggregate"]),
    RouteSpec("POST", COLLECTION + "/permissions", permissions.COLLECTION_GRANTS["invite"]),
    RouteSpec("GET", COLLECTION + "/permissions/users", permissions.COLLECTION_GRANTS["list"]),
    RouteSpec("DELETE", COLLECTION + "/permissions/users/{userId}", permissions.COLLECTION_GRANTS["remove"]),
    RouteSpec("PATCH", COLLECTION + "/permissions/users/{userId}", permissions.COLLECTION_GRANTS["update"]),
    RouteSpec("GET", COLLECTION + "/permissions/aggregate", permissions.COLLECTION_GRANTS["aggregate"]),
    # -- content -------------------------------------------------------------------------------
    RouteSpec("GET", SPACE + "/content", content.revision),
    RouteSpec("GET", SPACE + "/content/pages", content.pages),
    RouteSpec("GET", SPACE + "/content/page/{pageId}", content.page),
    RouteSpec("GET", SPACE + "/content/path/{pagePath}", content.page_by_path),
    RouteSpec("GET", SPACE + "/change-requests", content.list_change_requests),
    RouteSpec("GET", CR, content.get_change_request),
    RouteSpec("GET", CR + "/content", content.revision),
    RouteSpec("POST", CR + "/content/import", content.cr_import),
    RouteSpec("GET", CR + "/content/pages", content.pages),
    RouteSpec("GET", CR + "/content/files", content.files),
    RouteSpec("GET", CR + "/content/files/{fileId}", content.file),
    RouteSpec("GET", CR + "/content/files/{fileId}/backlinks", content.backlinks),
    RouteSpec("GET", CR + "/content/page/{pageId}", content.page),
    RouteSpec("GET", CR + "/content/page/{pageId}/links", content.page_links),
    RouteSpec("GET", CR + "/content/page/{pageId}/backlinks", content.backlinks),
    RouteSpec("GET", CR + "/content/path/{pagePath}", content.page_by_path),
    RouteSpec("GET", SPACE + "/links", content.space_links),
    RouteSpec("GET", ORG + "/search", content.search, live_shape=search_results),
    # live profile only (ADDED_IN_LIVE): change-request authoring
    RouteSpec("POST", SPACE + "/change-requests", authoring.create_change_request),
    RouteSpec("PATCH", CR, authoring.update_change_request),
    RouteSpec("POST", CR + "/content", authoring.update_content),
    RouteSpec("GET", CR + "/changes", authoring.change_request_changes),
    # -- change-request review, the caller, the main content's files (live profile only) -------
    RouteSpec("GET", "/user", review.authenticated_user),
    RouteSpec("GET", ORG + "/change-requests", review.list_org_change_requests),
    RouteSpec("POST", CR + "/merge", review.merge),
    RouteSpec("POST", CR + "/update", review.update),
    RouteSpec("GET", CR + "/contributors", review.contributors),
    RouteSpec("GET", CR + "/reviews", review.list_reviews),
    RouteSpec("POST", CR + "/reviews", review.submit_review),
    RouteSpec("GET", CR + "/reviews/{reviewId}", review.get_review),
    RouteSpec("GET", CR + "/requested-reviewers", review.list_requested_reviewers),
    RouteSpec("POST", CR + "/requested-reviewers", review.request_reviewers),
    RouteSpec("DELETE", CR + "/requested-reviewers/{userId}", review.remove_requested_reviewer),
    RouteSpec("GET", SPACE + "/content/files", content.files),
    RouteSpec("GET", SPACE + "/content/files/{fileId}", content.file),
    # -- comments ------------------------------------------------------------------------------
    RouteSpec("GET", SPACE + "/comments", comments.list_comments),
    RouteSpec("POST", SPACE + "/comments", comments.post_comment),
    RouteSpec("GET", SPACE + "/comments/{commentId}", comments.get_comment),
    RouteSpec("PUT", SPACE + "/comments/{commentId}", comments.update_comment),
    RouteSpec("DELETE", SPACE + "/comments/{commentId}", comments.delete_comment),
    RouteSpec("POST", SPACE + "/comments/{commentId}/replies", comments.post_reply),
    RouteSpec("GET", SPACE + "/comments/{commentId}/replies/{commentReplyId}", comments.get_reply),
    RouteSpec("GET", CR + "/comments", comments.list_comments),
    RouteSpec("POST", CR + "/comments", comments.post_comment),
    RouteSpec("GET", CR + "/comments/{commentId}", comments.get_comment),
    RouteSpec("PUT", CR + "/comments/{commentId}", comments.update_comment),
    RouteSpec("DELETE", CR + "/comments/{commentId}", comments.delete_comment),
    RouteSpec("GET", CR + "/comments/{commentId}/replies", comments.list_replies),
    RouteSpec("POST", CR + "/comments/{commentId}/replies", comments.post_reply),
    RouteSpec("GET", CR + "/comments/{commentId}/replies/{commentReplyId}", comments.get_reply),
    RouteSpec("PUT", CR + "/comments/{commentId}/replies/{commentReplyId}", comments.update_reply),
    RouteSpec("DELETE", CR + "/comments/{commentId}/replies/{commentReplyId}", comments.delete_reply),
    RouteSpec("GET", CR + "/commenters", comments.commenters),
    # -- sites ---------------------------------------------------------------------------------
    RouteSpec("GET", ORG + "/sites", sites.list_sites),
    RouteSpec("GET", SITE, sites.get_site),
    RouteSpec("GET", SITE + "/site-spaces", sites.list_site_spaces),
    RouteSpec("POST", SITE + "/site-spaces", sites.add_site_space),
    RouteSpec("PATCH", SITE + "/site-spaces/{siteSpaceId}", sites.update_site_space),
    RouteSpec("DELETE", SITE + "/site-spaces/{siteSpaceId}", sites.delete_site_space),
    RouteSpec("POST", SITE + "/site-spaces/{siteSpaceId}/move", sites.move_site_space),
    RouteSpec("GET", SITE + "/sections", site_sections.list_sections),
    RouteSpec("POST", SITE + "/sections", site_sections.add_section),
    RouteSpec("PATCH", SITE + "/sections/{siteSectionId}", site_sections.update_section),
    RouteSpec("DELETE", SITE + "/sections/{siteSectionId}", site_sections.delete_section),
    RouteSpec("POST", SITE + "/sections/{siteSectionId}/move", site_sections.move_section),
    RouteSpec("GET", SITE + "/section-groups", site_sections.list_groups),
    RouteSpec("POST", SITE + "/section-groups", site_sections.add_group),
    RouteSpec("PATCH", SITE + "/section-groups/{siteSectionGroupId}", site_sections.update_group),
    RouteSpec("DELETE", SITE + "/section-groups/{siteSectionGroupId}", site_sections.delete_group),
    RouteSpec("POST", SITE + "/section-groups/{siteSectionGroupId}/sections", site_sections.add_section_to_group),
    RouteSpec("DELETE", SITE + "/section-groups/{siteSectionGroupId}/sections/{siteSectionId}", site_sections.remove_section_from_group),
    RouteSpec("POST", SITE + "/section-groups/{siteSectionGroupId}/move", site_sections.move_group),
    RouteSpec("GET", SITE + "/redirects", site_links.list_redirects),
    RouteSpec("POST", SITE + "/redirects", site_links.create_redirect),
    RouteSpec("PATCH", SITE + "/redirects/{siteRedirectId}", site_links.update_redirect),
    RouteSpec("DELETE", SITE + "/redirects/{siteRedirectId}", site_links.delete_redirect),
    RouteSpec("PUT", SITE + "/redirects", site_links.bulk_upsert_redirects),
    RouteSpec("GET", SITE + "/redirect", site_links.get_redirect_by_source),
    RouteSpec("GET", SITE + "/findings", site_findings.list_findings),
    RouteSpec("GET", SITE + "/findings/{siteFindingId}", site_findings.get_finding),
    RouteSpec("PATCH", SITE + "/findings/{siteFindingId}", site_findings.update_finding),
    RouteSpec("GET", SITE + "/mcp-servers", site_links.list_servers),
    RouteSpec("POST", SITE + "/mcp-servers", site_links.create_server),
    RouteSpec("GET", SITE + "/mcp-servers/{siteMcpServerId}", site_links.get_server),
    RouteSpec("PATCH", SITE + "/mcp-servers/{siteMcpServerId}", site_links.update_server),
    RouteSpec("DELETE", SITE + "/mcp-servers/{siteMcpServerId}", site_links.delete_server),
]
# fmt: on
