"""The Cloud Guide (``spc_cloud``): a space of real GitBook content, made of every block,
inline and mark type of the document model, with links inside every kind of container.

Its pages were moved here from an old wiki and keep the broken links people really leave. On
``troubleshooting``, each inside a different container:

- in a hint, an anchor renamed since (``overview.md#access-tokens``: the heading is now
  "Tokens");
- in a tab, a relative path that resolves to nothing (``../install-notes.md``);
- in a table cell, a link to a deleted page (Legacy CLI, by id, removed after it was written);
- in a stepper step, ``architecture.md`` and ``guides/deploy.md``: pages moved once (to
  ``concepts/architecture``) and twice (``guides/deploy``, then ``operations/deploy``, now
  ``concepts/deploying``);
- in an expandable, a missing image (``old-console.png``); in a card, a removed page
  (``guides/rollback.md``, also linked from ``concepts/deploying``);
- a file block whose file was deleted (``postmortem.pdf``), and a published URL
  (``https://acme.gitbook.io/docs/quickstart``) behind the docs site's redirects, which end on
  a deleted page (`gitbook_mcp.local.seed.sites`).

``api-reference`` includes a reusable content the space does not have (the local workspace has
none), and its OpenAPI blocks name the organization's specs. ``quickstart`` holds a hint, a
table, tabs and a titled code block, all of whose links work.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gitbook_mcp.local.seed import cloud_pages as md
from gitbook_mcp.local.seed.ids import SPACES

if TYPE_CHECKING:
    from gitbook_mcp.local.store import Store

__all__ = [
    "CLOUD_FILES",
    "FILE_CLOUD_POSTMORTEM",
    "PAGE_CLOUD_API",
    "PAGE_CLOUD_ARCHITECTURE",
    "PAGE_CLOUD_CONCEPTS",
    "PAGE_CLOUD_DEPLOYING",
    "PAGE_CLOUD_LEGACY_CLI",
    "PAGE_CLOUD_OVERVIEW",
    "PAGE_CLOUD_QUICKSTART",
    "PAGE_CLOUD_RELEASES",
    "PAGE_CLOUD_TROUBLESHOOTING",
    "seed",
]

PAGE_CLOUD_OVERVIEW = "pg_cloud_overview"
PAGE_CLOUD_QUICKSTART = "pg_cloud_quickstart"
PAGE_CLOUD_CONCEPTS = "pg_cloud_concepts"
PAGE_CLOUD_ARCHITECTURE = "pg_cloud_architecture"
PAGE_CLOUD_DEPLOYING = "pg_cloud_deploying"
PAGE_CLOUD_API = "pg_cloud_api"
PAGE_CLOUD_RELEASES = "pg_cloud_releases"
PAGE_CLOUD_TROUBLESHOOTING = "pg_cloud_troubleshooting"
PAGE_CLOUD_LEGACY_CLI = "pg_cloud_legacy_cli"
"""Deleted once the pages linking to it by id were written."""

FILE_CLOUD_POSTMORTEM = "fl_cloud_postmortem"
"""``postmortem.pdf``: deleted once ``troubleshooting`` linked to it."""

# page id -> (parent, title, slug, markdown), in tree order
_PAGES: dict[str, tuple[str | None, str, str, str]] = {
    PAGE_CLOUD_OVERVIEW: (None, "Overview", "overview", md.OVERVIEW),
    PAGE_CLOUD_QUICKSTART: (None, "Quickstart", "quickstart", md.QUICKSTART),
    PAGE_CLOUD_CONCEPTS: (None, "Concepts", "concepts", md.CONCEPTS),
    PAGE_CLOUD_ARCHITECTURE: (PAGE_CLOUD_CONCEPTS, "Architecture", "architecture", md.ARCHITECTURE),
    PAGE_CLOUD_DEPLOYING: (PAGE_CLOUD_CONCEPTS, "Deploying", "deploying", md.DEPLOYING),
    PAGE_CLOUD_API: (None, "API reference", "api-reference", md.API_REFERENCE),
    PAGE_CLOUD_RELEASES: (None, "Release notes", "release-notes", md.RELEASE_NOTES),
    PAGE_CLOUD_LEGACY_CLI: (None, "Legacy CLI", "legacy-cli", md.LEGACY_CLI),
    PAGE_CLOUD_TROUBLESHOOTING: (None, "Troubleshooting", "troubleshooting", md.TROUBLESHOOTING),
}

CLOUD_FILES: dict[str, tuple[str, str, int, tuple[int, int] | None]] = {
    "fl_cloud_logo": ("acme-logo.png", "image/png", 2048, (64, 64)),
    "fl_cloud_architecture": ("architecture.png", "image/png", 88210, (1600, 900)),
    "fl_cloud_architecture_dark": ("architecture-dark.png", "image/png", 90112, (1600, 900)),
    "fl_cloud_flow": ("flow.drawing.svg", "image/svg+xml", 5120, None),
    "fl_cloud_runbook": ("runbook.pdf", "application/pdf", 40960, None),
    FILE_CLOUD_POSTMORTEM: ("postmortem.pdf", "application/pdf", 30720, None),
}
"""File id -> (name, content type, size, (width, height) of an image)."""


def seed(store: Store) -> None:
    """The space's files and pages (markdown read against the pages and files already there, so
    the pages are added first and written after), then the Legacy CLI page removed."""
    revisions = store.content.revisions
    revision = store.change_requests.rows.publish_empty(SPACES["cloud"])
    for file_id, (name, content_type, size, box) in CLOUD_FILES.items():
        width, height = box or (None, None)
        revisions.add_file(
            revision,
            file_id=file_id,
            name=name,
            content_type=content_type,
            size=size,
            width=width,
            height=height,
        )
    for page_id, (parent, title, slug, _) in _PAGES.items():
        revisions.add_page(revision, page_id=page_id, parent_id=parent, title=title, slug=slug)
    for page_id, (*_, markdown) in _PAGES.items():
        revisions.set_markdown(revision, page_id, markdown)
    revisions.remove_page(revision, PAGE_CLOUD_LEGACY_CLI)
    revisions.remove_file(revision, FILE_CLOUD_POSTMORTEM)
